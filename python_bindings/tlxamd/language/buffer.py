"""TLX buffer operations (the TLX buffer-op reference): `buffer_load`, `buffer_store` and
`buffer_atomic_add` through a scalar base pointer and i32 offsets, with
`contiguity` as a contract (B1-B20; the dialect verifies them)."""

from __future__ import annotations

from typing import Optional

from ..dialects import tlxamd as _ops
from .core import (
    MAX_TENSOR_ELEMENTS,
    _broadcast_like,
    _cast,
    _like_layout,
    _located,
    _splat,
    _tensor_type,
    _to_tensor,
    int1,
    int32,
    pointer_value,
    tensor,
)


def _check_ptr(ptr, name="ptr") -> pointer_value:
    if not isinstance(ptr, pointer_value):
        raise TypeError(f"{name} must be a scalar pointer kernel argument, got {ptr!r}")
    return ptr


def _check_offsets(offsets) -> tensor:
    if not isinstance(offsets, tensor) or offsets.is_scalar:
        raise TypeError(f"offsets must be an int32 tensor, got {offsets!r}")
    if offsets.dtype is not int32:
        raise TypeError(f"offsets must be an int32 tensor, got {offsets.dtype.name} (use .to(int32))")
    return offsets


def _check_contiguity(contiguity) -> int:
    if isinstance(contiguity, bool) or not isinstance(contiguity, int):
        raise TypeError(f"contiguity must be a constexpr int, got {contiguity!r}")
    if contiguity <= 0 or contiguity & (contiguity - 1):
        raise ValueError(f"contiguity must be a positive power of two, got {contiguity}")
    if contiguity > MAX_TENSOR_ELEMENTS:
        raise ValueError(f"contiguity {contiguity} exceeds the {MAX_TENSOR_ELEMENTS} elements a tensor may have")
    return contiguity


def _check_mask(mask, like: tensor) -> Optional[tensor]:
    if mask is None:
        return None
    if not isinstance(mask, tensor) or mask.dtype is not int1:
        raise TypeError(f"mask must be a boolean tensor, got {mask!r}")
    if mask.is_scalar:
        return _splat(mask, like.shape, like._encoding)
    return _broadcast_like(mask, like, "mask", "the offsets")


def _check_cache(cache, allowed, kind) -> Optional[str]:
    if cache is None or cache == "":
        return None
    cache = str(cache) if isinstance(cache, _ops.CacheModifier) else cache
    if cache not in allowed:
        raise ValueError(f"cache must be one of the {kind} modifiers {', '.join(allowed)}, got {cache!r}")
    return cache


def _check_word(value, allowed, what) -> Optional[str]:
    """A documented spelling (or its enum) from the dialect's vocabulary."""
    if value is None:
        return None
    s = str(value) if not isinstance(value, str) else value
    if s not in allowed:
        raise ValueError(f"{what} must be one of {', '.join(allowed)}, got {value!r}")
    return s


def buffer_load(ptr, offsets, mask=None, other=None, cache=None, contiguity=1, offset_unit="elements") -> tensor:
    """tlx.buffer_load: a tensor shaped like `offsets`, element type of the pointee."""
    ptr = _check_ptr(ptr)
    offsets = _check_offsets(offsets)
    contiguity = _check_contiguity(contiguity)
    offset_unit = _check_word(offset_unit, _ops.OFFSET_UNITS, "offset_unit")
    mask = _check_mask(mask, offsets)
    cache = _check_cache(cache, _ops.LOAD_CACHE_MODIFIERS, "load")
    if other is not None and mask is None:
        raise ValueError("other requires mask")
    rt = _tensor_type(offsets.shape, ptr.dtype.element_ty, offsets.layout)
    other_v = None
    if other is not None:
        o = _to_tensor(other, ty=ptr.dtype.element_ty) if not isinstance(other, tensor) else _cast(other, ptr.dtype.element_ty)
        if o.is_scalar:
            o = _splat(o, offsets.shape, offsets._encoding)
        else:
            o = _like_layout(o, offsets, "other", "the offsets")
        other_v = o.handle
    return tensor(_ops.buffer_load(rt, ptr.handle, offsets.handle, mask=mask.handle if mask is not None else None,
                                   other=other_v, cache=cache, contiguity=contiguity,
                                   offset_unit=offset_unit))


def buffer_store(stored_value, ptr, offsets, mask=None, cache=None, contiguity=1, offset_unit="elements") -> None:
    """tlx.buffer_store. Offsets and mask are converted to the value's layout."""
    ptr = _check_ptr(ptr)
    offsets = _check_offsets(offsets)
    contiguity = _check_contiguity(contiguity)
    offset_unit = _check_word(offset_unit, _ops.OFFSET_UNITS, "offset_unit")
    cache = _check_cache(cache, _ops.STORE_CACHE_MODIFIERS, "store")
    value = _to_tensor(stored_value, ty=ptr.dtype.element_ty)
    if value.is_scalar:
        value = _splat(_cast(value, ptr.dtype.element_ty), offsets.shape, offsets._encoding)
    if value.shape != offsets.shape:
        raise ValueError(f"stored_value shape {value.shape} differs from offsets shape {offsets.shape}")
    if value.dtype != ptr.dtype.element_ty:
        raise TypeError(f"stored_value has dtype {value.dtype.name} but ptr points to {ptr.dtype.element_ty.name}")
    # B11: offsets and mask carry the value's encoding.
    offsets = _like_layout(offsets, value, "offsets", "the stored value")
    mask = _check_mask(mask, value)
    _ops.buffer_store(value.handle, ptr.handle, offsets.handle, mask=mask.handle if mask is not None else None,
                      cache=cache, contiguity=contiguity, offset_unit=offset_unit)


def buffer_atomic_add(ptr, offsets, value, mask=None, sem=None, scope=None, contiguity=1,
                      offset_unit="elements") -> tensor:
    """tlx.buffer_atomic_add: returns the values observed before the additions."""
    ptr = _check_ptr(ptr)
    offsets = _check_offsets(offsets)
    contiguity = _check_contiguity(contiguity)
    offset_unit = _check_word(offset_unit, _ops.OFFSET_UNITS, "offset_unit")
    sem = _check_word(sem, _ops.MEM_SEMANTICS, "sem")
    scope = _check_word(scope, _ops.MEM_SCOPES, "scope")
    v = _to_tensor(value, ty=ptr.dtype.element_ty)
    v = _cast(v, ptr.dtype.element_ty)
    if v.is_scalar:
        v = _splat(v, offsets.shape, offsets._encoding)
    else:
        v = _like_layout(v, offsets, "value", "the offsets")
    mask = _check_mask(mask, offsets)
    return tensor(_ops.buffer_atomic_add(ptr.handle, offsets.handle, v.handle, mask=mask.handle if mask is not None else None,
                                         sem=sem, scope=scope, contiguity=contiguity, offset_unit=offset_unit))



buffer_load = _located(buffer_load)
buffer_store = _located(buffer_store)
buffer_atomic_add = _located(buffer_atomic_add)
