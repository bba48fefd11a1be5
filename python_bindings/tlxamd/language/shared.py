"""Shared memory as a value (Gluon's `allocate_shared_memory`, TLX's
`local_alloc`) and the asynchronous global-to-shared copies of document 001
(`buffer_load_to_shared`, `async_copy.commit_group` / `wait_group`).

A `shared_memory_descriptor` names a tile of `shape` elements laid out by a
shared layout (`swizzled_shared_layout`, `nvmma_shared_layout`,
`padded_shared_layout`); a leading dimension beyond the layout's rank is a
buffer count (`index(i)` selects one). The dialect verifies every use
(shapes, element types, mutability, L1-L7), and tlxamd-allocate-shared-memory
places every tile in the kernel's shared memory."""

from __future__ import annotations

from typing import Optional, Sequence

from .. import ir
from ..dialects import tlxamd as _ops
from ..layouts import Layout, SharedLayout
from .buffer import _check_cache, _check_mask, _check_offsets, _check_ptr
from .core import (
    _cast,
    _like_layout,
    _located,
    _splat,
    _tensor_type,
    _to_tensor,
    broadcast_to,
    dtype,
    expand_dims,
    int32,
    pointer_value,
    tensor,
)

__all__ = [
    "shared_memory_descriptor",
    "allocate_shared_memory",
    "allocate_shared",
    "local_alloc",
    "local_load",
    "local_store",
    "local_dealloc",
    "buffer_load_to_shared",
    "async_copy_global_to_shared",
    "async_commit_group",
    "async_wait",
    "commit_group",
    "wait_group",
]


def _shape(shape, what="shape") -> tuple:
    if not isinstance(shape, (list, tuple)) or not shape:
        raise TypeError(f"{what} must be a non-empty list of ints, got {shape!r}")
    out = []
    for d in shape:
        if isinstance(d, bool) or not isinstance(d, int) or d <= 0:
            raise ValueError(f"{what} must hold positive ints, got {shape!r}")
        out.append(int(d))
    return tuple(out)


def _memdesc_type(shape, element_ty: dtype, layout: SharedLayout, mutable: bool, alloc_shape=None) -> ir.Type:
    space = getattr(layout, "memory_space", "#tlxamd.shared_memory")
    text = f"!tlxamd.memdesc<{'x'.join(map(str, shape))}x{element_ty.to_ir()}, {layout}, {space}"
    if mutable:
        text += ", mutable"
    if alloc_shape is not None and tuple(alloc_shape) != tuple(shape):
        text += ", " + "x".join(map(str, alloc_shape))
    try:
        return ir.Type.parse(text + ">")
    except ir.MLIRError as e:
        msgs = "; ".join(d.message for d in e.error_diagnostics) or str(e)
        raise ValueError(f"cannot describe a {list(shape)} {element_ty.name} tile with {layout}: {msgs}") from None


class shared_memory_descriptor:
    """A shared-memory tile (or a view of one): `shape`, `dtype`, `layout`."""

    def __init__(self, handle: ir.Value, element_ty: dtype, layout: SharedLayout, shape, alloc_shape, mutable: bool):
        self.handle = handle
        self.dtype = element_ty
        self.layout = layout
        self.shape = tuple(shape)
        self._alloc_shape = tuple(alloc_shape)
        self.mutable = mutable

    def __repr__(self):
        return f"shared_memory_descriptor<{list(self.shape)}, {self.dtype.name}, {self.layout}>"

    @property
    def in_tensor_memory(self) -> bool:
        """Whether the buffer is in tensor memory (storage_kind.tmem)."""
        return getattr(self.layout, "memory_space", "") == "#tlxamd.tensor_memory"

    @property
    def _rank(self) -> int:
        return len(self.layout.order) if hasattr(self.layout, "order") else getattr(self.layout, "rank", 2)

    @property
    def num_buffers(self) -> int:
        """The leading buffer count of a multi-buffered tile, else 1."""
        return self.shape[0] if len(self.shape) > self._rank else 1

    def load(self, layout: Optional[Layout] = None) -> tensor:
        """`local_load`: the tile as a tensor (of `layout`, or one layout
        assignment chooses)."""
        return local_load(self, layout)

    def store(self, value) -> None:
        """`local_store`: `value` into the (mutable) tile."""
        local_store(self, value)

    def index(self, i) -> "shared_memory_descriptor":
        """Buffer `i` of a multi-buffered tile (`memdesc_index`)."""
        return _index(self, i)

    def __getitem__(self, i) -> "shared_memory_descriptor":
        """`buffers[i]`: buffer `i` (TLX's `local_view(buffers, i)`)."""
        return _index(self, i)

    def slice(self, start: int, length: int, dim: int = 0) -> "shared_memory_descriptor":
        """The static sub-tile [start, start + length) along `dim`
        (`memdesc_subslice`; `length` a power of two dividing `start`)."""
        return _slice(self, start, length, dim)

    def _keep_alive(self) -> None:
        """Gluon's end of an allocation's lifetime: `local_dealloc`."""
        local_dealloc(self)


def _check_desc(desc, what="dest") -> shared_memory_descriptor:
    if not isinstance(desc, shared_memory_descriptor):
        raise TypeError(f"{what} must be a shared_memory_descriptor (allocate_shared_memory), got {desc!r}")
    return desc


def _check_shared_layout(layout) -> SharedLayout:
    if not isinstance(layout, SharedLayout):
        raise TypeError("layout must be a shared layout (swizzled_shared_layout, nvmma_shared_layout, "
                        f"padded_shared_layout), got {layout!r}")
    return layout


def allocate_shared_memory(element_ty: dtype, shape: Sequence[int], layout: SharedLayout,
                           value=None) -> shared_memory_descriptor:
    """Gluon's `allocate_shared_memory(element_ty, shape, layout, value=None)`:
    a fresh tile, holding `value` (then immutable) or uninitialized (mutable)."""
    if not isinstance(element_ty, dtype) or element_ty.is_ptr:
        raise TypeError(f"element_ty must be a scalar dtype, got {element_ty!r}")
    shape = _shape(shape)
    layout = _check_shared_layout(layout)
    src = None
    if value is not None:
        src = _to_tensor(value, ty=element_ty)
        if src.is_scalar:
            raise TypeError("value must be a tensor of the tile's shape, got a scalar")
        if src.shape != shape:
            raise ValueError(f"value shape {src.shape} differs from the tile shape {shape}")
        src = _cast(src, element_ty)
    mutable = value is None
    rt = _memdesc_type(shape, element_ty, layout, mutable)
    h = _ops.local_alloc(rt, src=src.handle if src is not None else None)
    return shared_memory_descriptor(h, element_ty, layout, shape, shape, mutable)


allocate_shared = allocate_shared_memory


def local_alloc(shape: Sequence[int], dtype: dtype, layout=None, num=1, value=None,
                storage=None) -> shared_memory_descriptor:
    """TLX's `local_alloc`: `num` buffers of `shape` (a leading buffer
    dimension when `num > 1`) in shared memory with `layout`, or, with
    `storage=tlx.storage_kind.tmem`, in Blackwell's tensor memory (always
    with the leading buffer dimension; `local_view(buffers, i)` selects
    one). TLX's positional form `local_alloc(shape, dtype, num, storage)`
    is accepted too."""
    if isinstance(layout, int) and not isinstance(layout, bool):  # (shape, dtype, num, storage)
        layout, num, storage = None, layout, (num if isinstance(num, str) else storage)
    if storage is not None and storage not in ("smem", "tmem"):
        raise ValueError(f"storage must be tlx.storage_kind.smem or .tmem, got {storage!r}")
    if storage == "tmem":
        from .tmem import _tmem_alloc

        if layout is not None or value is not None:
            raise ValueError("a tensor-memory allocation takes no layout (the standard one) and no value")
        return _tmem_alloc(shape, dtype, num)
    if layout is None:
        raise TypeError("a shared-memory allocation needs a shared layout")
    if isinstance(num, bool) or not isinstance(num, int) or num < 1:
        raise ValueError(f"num must be a positive int, got {num!r}")
    shape = _shape(shape)
    if num > 1:
        if value is not None:
            raise ValueError("value initializes a single buffer (num = 1)")
        shape = (num,) + shape
    return allocate_shared_memory(dtype, shape, layout, value)


def local_load(src: shared_memory_descriptor, layout: Optional[Layout] = None) -> tensor:
    """The tile `src` as a distributed tensor."""
    src = _check_desc(src, "src")
    if src.in_tensor_memory:
        from .tmem import _tmem_load

        return _tmem_load(src, layout)
    return tensor(_ops.local_load(_tensor_type(src.shape, src.dtype, layout), src.handle))


def local_store(dest: shared_memory_descriptor, value) -> None:
    """Store `value` (a tensor of the tile's shape) into the mutable `dest`."""
    dest = _check_desc(dest)
    v = _to_tensor(value, ty=dest.dtype)
    if v.is_scalar:
        raise TypeError("value must be a tensor of the tile's shape, got a scalar")
    if v.shape != dest.shape:
        raise ValueError(f"value shape {v.shape} differs from the tile shape {dest.shape}")
    if dest.in_tensor_memory:
        _ops.tmem_store(_cast(v, dest.dtype).handle, dest.handle)
        return
    _ops.local_store(_cast(v, dest.dtype).handle, dest.handle)


def local_dealloc(desc: shared_memory_descriptor) -> None:
    """End the lifetime of an allocation (its memory may be reused after)."""
    _ops.local_dealloc(_check_desc(desc, "desc").handle)


def _index(desc: shared_memory_descriptor, i) -> shared_memory_descriptor:
    if desc.num_buffers == 1 and len(desc.shape) == desc._rank:
        raise ValueError(f"index() needs a multi-buffered descriptor, got shape {list(desc.shape)}")
    idx = _cast(_to_tensor(i, ty=int32), int32)
    if not idx.is_scalar:
        raise TypeError(f"the buffer index must be a scalar, got {i!r}")
    shape = desc.shape[1:]
    rt = _memdesc_type(shape, desc.dtype, desc.layout, desc.mutable, desc._alloc_shape[1:])
    h = _ops.memdesc_index(rt, desc.handle, idx.handle)
    return shared_memory_descriptor(h, desc.dtype, desc.layout, shape, desc._alloc_shape[1:], desc.mutable)


def _slice(desc: shared_memory_descriptor, start, length, dim) -> shared_memory_descriptor:
    for name, v in (("start", start), ("length", length), ("dim", dim)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"{name} must be a constexpr int, got {v!r}")
    if not 0 <= dim < len(desc.shape):
        raise ValueError(f"dim {dim} is outside a rank-{len(desc.shape)} descriptor")
    offsets = [0] * len(desc.shape)
    offsets[dim] = start
    shape = list(desc.shape)
    shape[dim] = length
    rt = _memdesc_type(shape, desc.dtype, desc.layout, desc.mutable, desc._alloc_shape)
    h = _ops.memdesc_subslice(rt, desc.handle, offsets)
    return shared_memory_descriptor(h, desc.dtype, desc.layout, shape, desc._alloc_shape, desc.mutable)


def buffer_load_to_shared(dest, ptr, offsets, mask=None, other=None, cache_modifier="") -> None:
    """Document 001: asynchronously copy `ptr[offsets]` into the tile `dest`
    (no registers); read `dest` only after `async_wait`."""
    dest = _check_desc(dest)
    ptr = _check_ptr(ptr)
    offsets = _check_offsets(offsets)
    if ptr.dtype.element_ty != dest.dtype:
        raise TypeError(f"ptr points to {ptr.dtype.element_ty.name} but dest holds {dest.dtype.name}")
    if offsets.shape != dest.shape:
        raise ValueError(f"offsets shape {offsets.shape} differs from the tile shape {dest.shape}")
    mask = _check_mask(mask, offsets)
    cache = _check_cache(cache_modifier, _ops.LOAD_CACHE_MODIFIERS, "load")
    other_v = None
    if other is not None:
        o = _cast(_to_tensor(other, ty=dest.dtype), dest.dtype)
        o = _splat(o, offsets.shape, offsets._encoding) if o.is_scalar else _like_layout(o, offsets, "other",
                                                                                          "the offsets")
        other_v = o.handle
    _ops.buffer_load_to_shared(dest.handle, ptr.handle, offsets.handle,
                               mask=mask.handle if mask is not None else None, other=other_v, cache=cache)


def _base_and_offsets(value: ir.Value):
    """A tensor of pointers as (scalar base pointer, i32 element offsets of
    its shape, None for all zero) when it is built from one base by
    splat / broadcast / expand_dims and `+ offsets`, else None."""
    owner = value.owner
    op = getattr(owner, "operation", owner) if not isinstance(owner, ir.Block) else None
    name = op.name if op is not None else None
    if name == "tlxamd.splat" and isinstance(op.operands[0].type, _ops.PtrType):
        return op.operands[0], None
    if name not in ("tlxamd.addptr", "tlxamd.broadcast", "tlxamd.expand_dims"):
        return None
    inner = _base_and_offsets(op.operands[0])
    if inner is None:
        return None
    base, offs = inner
    if name == "tlxamd.addptr":
        o = tensor(op.operands[1])
        if o.dtype is not int32:
            return None
        return base, o if offs is None else offs + o
    if offs is None:
        return base, None
    if name == "tlxamd.broadcast":
        return base, broadcast_to(offs, tuple(ir.RankedTensorType(value.type).shape))
    return base, expand_dims(offs, ir.IntegerAttr(op.attributes["axis"]).value)


def async_copy_global_to_shared(smem, pointer, mask=None, cache_modifier="") -> None:
    """Gluon's `async_copy.async_copy_global_to_shared(smem, pointer,
    mask=None, cache_modifier="")` (cp.async on NVIDIA, buffer_load ... lds
    on CDNA): `pointer` is a tensor of `base + offsets` (a scalar base and
    int32 element offsets), copied like buffer_load_to_shared(smem, base,
    offsets, mask)."""
    smem = _check_desc(smem, "smem")
    if not isinstance(pointer, tensor) or not pointer.dtype.is_ptr or pointer.is_scalar:
        raise TypeError(f"pointer must be a tensor of pointers, got {pointer!r}")
    parts = _base_and_offsets(pointer.handle)
    if parts is None or parts[1] is None:
        raise ValueError("async_copy_global_to_shared needs pointers built as base + offsets (a scalar pointer "
                         "plus int32 offsets): the copy addresses global memory from one base")
    base, offsets = parts
    if isinstance(mask, tensor) and not mask.is_scalar and mask.shape != offsets.shape:
        mask = broadcast_to(mask, offsets.shape)  # as tl.load broadcasts it
    buffer_load_to_shared(smem, pointer_value(base), offsets, mask=mask,
                          cache_modifier=cache_modifier)


def async_commit_group() -> None:
    """Close the current group of asynchronous copies."""
    _ops.async_commit_group()


def async_wait(num_outstanding: int = 0) -> None:
    """Wait until at most `num_outstanding` committed groups are in flight;
    then every thread sees the copied tiles."""
    if isinstance(num_outstanding, bool) or not isinstance(num_outstanding, int) or num_outstanding < 0:
        raise ValueError(f"num_outstanding must be a non-negative int, got {num_outstanding!r}")
    _ops.async_wait(ir.IntegerAttr.get(ir.IntegerType.get_signless(32), num_outstanding))


# Gluon's async_copy names.
commit_group = async_commit_group
wait_group = async_wait

for _name in ("allocate_shared_memory", "local_alloc", "local_load", "local_store", "local_dealloc",
              "buffer_load_to_shared", "async_copy_global_to_shared", "async_commit_group", "async_wait", "_index", "_slice"):
    globals()[_name] = _located(globals()[_name])
allocate_shared = allocate_shared_memory
commit_group = async_commit_group
wait_group = async_wait
