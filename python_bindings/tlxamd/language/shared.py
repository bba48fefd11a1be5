"""Shared memory as a value (Gluon's `allocate_shared_memory`, TLX's
`local_alloc`) and the asynchronous global-to-shared copies of the Gluon async-copy reference
(`buffer_load_to_shared`, `async_copy.commit_group` / `wait_group`).

A `shared_memory_descriptor` names a tile of `shape` elements laid out by a
shared layout (`swizzled_shared_layout`, `nvmma_shared_layout`,
`padded_shared_layout`); a leading dimension beyond the layout's rank is a
buffer count (`index(i)` selects one). The dialect verifies every use
(shapes, element types, mutability, L1-L7), and tlxamd-allocate-shared-memory
places every tile in the kernel's shared memory."""

from __future__ import annotations

from typing import Sequence

from .. import ir
from ..dialects import tlxamd as _ops
from ..layouts import SharedLayout
from .buffer import _check_cache, _check_mask, _check_offsets, _check_ptr
from .core import (
    _cast,
    _like_layout,
    _located,
    _splat,
    _to_tensor,
    broadcast_to,
    dtype,
    expand_dims,
    int32,
    pointer_value,
    tensor,
)
from .descriptors import (  # noqa: F401  (re-exported)
    _check_desc,
    _index,
    _memdesc_type,
    _shape,
    _slice,
    local_dealloc,
    local_load,
    local_store,
    local_trans,
    shared_memory_descriptor,
)

__all__ = [
    "shared_memory_descriptor",
    "allocate_shared_memory",
    "allocate_shared",
    "local_load",
    "local_store",
    "local_dealloc",
    "local_trans",
    "buffer_load_to_shared",
    "async_copy_global_to_shared",
    "async_commit_group",
    "async_wait",
    "commit_group",
    "wait_group",
    "async_load",
    "async_load_commit_group",
    "async_load_wait_group",
    "async_token",
]


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


def buffer_load_to_shared(dest, ptr, offsets, mask=None, other=None, cache_modifier="") -> None:
    """The Gluon async-copy reference: asynchronously copy `ptr[offsets]` into the tile `dest`
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
    if isinstance(num_outstanding, bool) or not isinstance(num_outstanding, int) \
            or not 0 <= num_outstanding < 1 << 31:
        raise ValueError(f"num_outstanding must be an int in [0, 2^31), got {num_outstanding!r}")
    _ops.async_wait(ir.IntegerAttr.get(ir.IntegerType.get_signless(32), num_outstanding))


class async_token:
    """TLX's token of asynchronous copies (`async_load`,
    `async_load_commit_group`): the hardware groups every copy issued since
    the previous commit, so a token carries nothing; there is one, which a
    loop may rebind from one iteration to the next."""

    def __repr__(self):
        return "async_token"


_TOKEN = async_token()


def async_load(src, result, mask=None, other=None, cache_modifier="", eviction_policy="", is_volatile=False):
    """TLX's `async_load(src, result, mask=None, other=None)`: the tensor of
    pointers `src` (a scalar base plus int32 offsets) into the shared
    buffer `result` without registers (cp.async on NVIDIA, buffer_load ...
    lds on CDNA); masked-off elements are zero. Returns a token."""
    if other is not None and not (isinstance(other, (int, float)) and other == 0):
        raise ValueError("async_load: masked-off elements are zero-filled (other= must be None or 0)")
    if eviction_policy or is_volatile:
        raise ValueError("async_load: eviction_policy / is_volatile are not supported by the copy")
    async_copy_global_to_shared(result, src, mask=mask, cache_modifier=cache_modifier)
    return _TOKEN


def _tokens(tokens, what):
    for t in tokens or ():
        if not isinstance(t, async_token):
            raise TypeError(f"{what} takes the tokens of async_load / async_load_commit_group, got {t!r}")


def async_load_commit_group(tokens=None):
    """TLX's commit: close the copies issued since the last commit into one
    group; returns its token."""
    _tokens(tokens, "async_load_commit_group")
    async_commit_group()
    return _TOKEN


def async_load_wait_group(pendings, tokens=None) -> None:
    """TLX's wait: until at most `pendings` committed groups are in flight."""
    _tokens(tokens, "async_load_wait_group")
    async_wait(getattr(pendings, "value", pendings))


# Gluon's async_copy names.
commit_group = async_commit_group
wait_group = async_wait

for _name in ("allocate_shared_memory", "buffer_load_to_shared", "async_copy_global_to_shared",
              "async_commit_group", "async_wait", "async_load", "async_load_commit_group", "async_load_wait_group"):
    globals()[_name] = _located(globals()[_name])
allocate_shared = allocate_shared_memory
commit_group = async_commit_group
wait_group = async_wait
