"""Memory descriptors: the one module every memory family (shared memory,
asynchronous copies, TMA, mbarriers, clusters, tensor memory) imports for
the descriptor value, its type and the ops every descriptor has (load,
store, index, slice, dealloc). It imports none of those families."""

from __future__ import annotations

from typing import Optional

from .. import ir
from ..dialects import tlxamd as _ops
from ..layouts import Layout, SharedLayout
from .core import _cast, _located, _tensor_type, _to_tensor, dtype, int32, tensor


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

    def permute(self, order) -> "shared_memory_descriptor":
        """Gluon's `smem.permute(order)`: (1, 0) is the transposed view of a
        rank-2 tile (`memdesc_trans`: the same bytes, the layout's
        dimensions exchanged), (0, 1) the tile itself."""
        return _permute(self, order)

    def trans(self) -> "shared_memory_descriptor":
        return _permute(self, (1, 0))

    @property
    def type(self):
        """Gluon's `smem.type`: `layout`, `shape`, `element_ty`."""
        import types as _types

        return _types.SimpleNamespace(layout=self.layout, shape=list(self.shape), element_ty=self.dtype)

    def _keep_alive(self) -> None:
        """Gluon's end of an allocation's lifetime: `local_dealloc`."""
        local_dealloc(self)


def _check_desc(desc, what="dest") -> shared_memory_descriptor:
    if not isinstance(desc, shared_memory_descriptor):
        raise TypeError(f"{what} must be a shared_memory_descriptor (allocate_shared_memory), got {desc!r}")
    return desc


def local_load(src: shared_memory_descriptor, layout: Optional[Layout] = None) -> tensor:
    """The tile `src` as a distributed tensor."""
    src = _check_desc(src, "src")
    load = _ops.tmem_load if src.in_tensor_memory else _ops.local_load
    return tensor(load(_tensor_type(src.shape, src.dtype, layout), src.handle))


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


def _transposed_layout(layout):
    from ..layouts import NVMMASharedLayout, SwizzledSharedLayout

    if isinstance(layout, NVMMASharedLayout):
        return NVMMASharedLayout(layout.swizzle_byte_width, layout.element_bitwidth, layout.rank,
                                 not layout.transposed)
    if isinstance(layout, SwizzledSharedLayout) and len(layout.order) == 2:
        return SwizzledSharedLayout(layout.vec, layout.per_phase, layout.max_phase, tuple(reversed(layout.order)))
    raise ValueError(f"a transposed view needs an nvmma_shared or rank-2 swizzled_shared tile, got {layout}")


def _permute(desc: shared_memory_descriptor, order) -> shared_memory_descriptor:
    order = tuple(getattr(order, "value", order))
    if order == (0, 1) and len(desc.shape) == 2:
        return desc
    if order != (1, 0) or len(desc.shape) != 2:
        raise ValueError(f"permute of a shared tile takes (1, 0) (a rank-2 transpose), got {order} for shape "
                         f"{list(desc.shape)}")
    if desc._alloc_shape != desc.shape:
        raise ValueError("permute transposes a whole tile, not a view of part of one")
    layout = _transposed_layout(desc.layout)
    shape = (desc.shape[1], desc.shape[0])
    h = _ops.memdesc_trans(_memdesc_type(shape, desc.dtype, layout, desc.mutable), desc.handle)
    return shared_memory_descriptor(h, desc.dtype, layout, shape, shape, desc.mutable)


def local_trans(input: shared_memory_descriptor, dims=(1, 0)) -> shared_memory_descriptor:
    """TLX's `tlx.local_trans(buf, dims=(1, 0))`: the transposed view of a
    rank-2 shared tile (the same bytes; `smem.permute(dims)`)."""
    if not isinstance(input, shared_memory_descriptor):
        raise TypeError(f"local_trans takes a shared-memory buffer, got {type(input).__name__}")
    return _permute(input, dims)


for _name in ("local_load", "local_store", "local_dealloc", "local_trans", "_index", "_slice", "_permute"):
    globals()[_name] = _located(globals()[_name])
