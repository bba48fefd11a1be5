"""Loads and stores through pointers, as Triton's `tl.load` / `tl.store`:
a scalar pointer or a tensor of pointers (`ptr + offsets`), an optional
mask and fill value. The axis analysis groups contiguous, aligned elements
into vector accesses; `base + i32 offsets` takes the buffer-op lowering
(tlxamd-convert-to-buffer-ops)."""

from __future__ import annotations

from typing import Optional

from ..dialects import tlxamd as _ops
from .core import (
    _builder,
    _cast,
    _like_layout,
    _located,
    _same_encoding,
    _splat,
    _to_tensor,
    int1,
    tensor,
)


def _check_pointer(pointer, what: str) -> tensor:
    if not isinstance(pointer, tensor) or not pointer.dtype.is_ptr:
        raise TypeError(f"{what} pointer must be a pointer or a tensor of pointers (ptr + offsets), got {pointer!r}")
    return pointer


def _cache(value, allowed, kind: str) -> Optional[str]:
    if value in (None, ""):
        return None
    if value not in allowed:
        raise ValueError(f"cache_modifier must be one of the {kind} modifiers {', '.join(allowed)}, got {value!r}")
    return value


def _unsupported(name: str, value, empty=("", None, (), [])) -> None:
    if value not in empty:
        raise ValueError(f"{name}={value!r} is not supported yet (block pointers and eviction hints have no "
                         f"lowering); leave it at its default")


def _mask(mask, like: tensor) -> Optional[tensor]:
    if mask is None:
        return None
    mask = _to_tensor(mask, ty=int1) if isinstance(mask, bool) else mask
    if not isinstance(mask, tensor) or mask.dtype is not int1:
        raise TypeError(f"mask must be a boolean tensor, got {mask!r}")
    if like.is_scalar:
        if not mask.is_scalar:
            raise ValueError(f"a scalar pointer takes a scalar mask, got shape {mask.shape}")
        return mask
    if mask.is_scalar:
        return _splat(mask, like.shape, like._encoding)
    if mask.shape != like.shape:
        raise ValueError(f"mask shape {mask.shape} differs from the pointers' shape {like.shape}")
    return _like_layout(mask, like, "mask", "the pointers")


def _value_like(value, like: tensor, elem, what: str) -> tensor:
    """`value` converted to `elem` and shaped (splat) and laid out like the
    pointers."""
    v = _to_tensor(value, ty=elem) if not isinstance(value, tensor) else value
    if v.dtype.is_ptr:
        raise TypeError(f"{what} must be numbers, got {v.dtype.name}")
    v = _cast(v, elem)
    if like.is_scalar:
        if not v.is_scalar:
            raise ValueError(f"a scalar pointer takes a scalar {what}, got shape {v.shape}")
        return v
    if v.is_scalar:
        return _splat(v, like.shape, like._encoding)
    if v.shape != like.shape:
        raise ValueError(f"{what} shape {v.shape} differs from the pointers' shape {like.shape}")
    return _like_layout(v, like, what, "the pointers")


def load(pointer, mask=None, other=None, boundary_check=(), padding_option="", cache_modifier="",
         eviction_policy="", volatile=False) -> tensor:
    """`tl.load`: the pointee(s) of a pointer or a tensor of pointers. Where
    `mask` is false nothing is read and the element is `other` (0)."""
    _builder()
    ptr = _check_pointer(pointer, "load")
    _unsupported("boundary_check", boundary_check)
    _unsupported("padding_option", padding_option)
    _unsupported("eviction_policy", eviction_policy)
    if volatile:
        raise ValueError("volatile=True is not supported yet")
    cache = _cache(cache_modifier, _ops.LOAD_CACHE_MODIFIERS, "load")
    m = _mask(mask, ptr)
    if other is not None and m is None:
        raise ValueError("other requires mask")
    o = _value_like(other, ptr, ptr.dtype.element_ty, "other").handle if other is not None else None
    return tensor(_ops.load(ptr.handle, mask=m.handle if m is not None else None, other=o, cache=cache))


def store(pointer, value, mask=None, boundary_check=(), cache_modifier="", eviction_policy="") -> None:
    """`tl.store`: write `value` (converted to the pointee type, splat over a
    tensor of pointers) where `mask` is true."""
    _builder()
    ptr = _check_pointer(pointer, "store")
    _unsupported("boundary_check", boundary_check)
    _unsupported("eviction_policy", eviction_policy)
    cache = _cache(cache_modifier, _ops.STORE_CACHE_MODIFIERS, "store")
    v = _value_like(value, ptr, ptr.dtype.element_ty, "value")
    m = _mask(mask, ptr)
    if not ptr.is_scalar and not _same_encoding(ptr, v):
        v = _like_layout(v, ptr, "value", "the pointers")
    _ops.store(v.handle, ptr.handle, mask=m.handle if m is not None else None, cache=cache)


load = _located(load)
store = _located(store)
