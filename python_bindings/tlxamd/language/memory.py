"""Loads and stores through pointers, as Triton's `tl.load` / `tl.store`:
a scalar pointer or a tensor of pointers (`ptr + offsets`), an optional
mask and fill value. The axis analysis groups contiguous, aligned elements
into vector accesses; `base + i32 offsets` takes the buffer-op lowering
(tlxamd-convert-to-buffer-ops)."""

from __future__ import annotations

from typing import Optional

from ..dialects import tlxamd as _ops
from .core import (
    _broadcast_like,
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
    return _broadcast_like(mask, like, "mask", "the pointers")


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
    return _broadcast_like(v, like, what, "the pointers")


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


def _atomic_word(value, allowed, what: str, default: str) -> str:
    if value in (None, ""):
        return default
    if str(value) not in allowed:
        raise ValueError(f"{what} must be one of {', '.join(allowed)}, got {value!r}")
    return str(value)


def _atomic_pointer(pointer, what: str) -> tensor:
    ptr = _check_pointer(pointer, what)
    elem = ptr.dtype.element_ty
    if elem.bits not in (32, 64) or elem is int1:
        raise TypeError(f"{what} takes pointers to 32- or 64-bit integers or floats, got {elem.name}"
                        + (" (16-bit floats: tlx.buffer_atomic_add adds them in pairs)" if elem.is_float else ""))
    if ptr.dtype.address_space != 1:
        raise ValueError(f"{what} acts on global memory, got a pointer in address space {ptr.dtype.address_space}")
    return ptr


def _atomic_rmw(kind: str, pointer, val, mask, sem, scope) -> tensor:
    what = f"atomic_{kind}"
    ptr = _atomic_pointer(pointer, what)
    elem = ptr.dtype.element_ty
    if kind in ("and", "or", "xor") and elem.is_float:
        raise TypeError(f"{what} needs integers, got {elem.name}")
    v = _value_like(val, ptr, elem, "val")
    m = _mask(mask, ptr)
    sem = _atomic_word(sem, _ops.MEM_SEMANTICS, "sem", "acq_rel")
    scope = _atomic_word(scope, _ops.MEM_SCOPES, "scope", "gpu")
    return tensor(_ops.atomic_rmw(kind, ptr.handle, v.handle, mask=m.handle if m is not None else None,
                                  sem=sem, scope=scope))


def atomic_add(pointer, val, mask=None, sem=None, scope=None) -> tensor:
    """`tl.atomic_add`: add `val` at each pointer (where `mask` is true),
    atomically; returns the values found before (zero where masked). `sem`
    acq_rel and `scope` gpu by default; each element is updated once."""
    _builder()
    return _atomic_rmw("add", pointer, val, mask, sem, scope)


def atomic_max(pointer, val, mask=None, sem=None, scope=None) -> tensor:
    """`tl.atomic_max` (signed integers; floats ignore NaN)."""
    _builder()
    return _atomic_rmw("max", pointer, val, mask, sem, scope)


def atomic_min(pointer, val, mask=None, sem=None, scope=None) -> tensor:
    """`tl.atomic_min` (signed integers; floats ignore NaN)."""
    _builder()
    return _atomic_rmw("min", pointer, val, mask, sem, scope)


def atomic_xchg(pointer, val, mask=None, sem=None, scope=None) -> tensor:
    """`tl.atomic_xchg`: store `val`, returning the value found before."""
    _builder()
    return _atomic_rmw("xchg", pointer, val, mask, sem, scope)


def atomic_and(pointer, val, mask=None, sem=None, scope=None) -> tensor:
    _builder()
    return _atomic_rmw("and", pointer, val, mask, sem, scope)


def atomic_or(pointer, val, mask=None, sem=None, scope=None) -> tensor:
    _builder()
    return _atomic_rmw("or", pointer, val, mask, sem, scope)


def atomic_xor(pointer, val, mask=None, sem=None, scope=None) -> tensor:
    _builder()
    return _atomic_rmw("xor", pointer, val, mask, sem, scope)


def atomic_cas(pointer, cmp, val, sem=None, scope=None) -> tensor:
    """`tl.atomic_cas`: where the memory equals `cmp`, replace it by `val`;
    returns the value found before."""
    _builder()
    ptr = _atomic_pointer(pointer, "atomic_cas")
    c = _value_like(cmp, ptr, ptr.dtype.element_ty, "cmp")
    v = _value_like(val, ptr, ptr.dtype.element_ty, "val")
    sem = _atomic_word(sem, _ops.MEM_SEMANTICS, "sem", "acq_rel")
    scope = _atomic_word(scope, _ops.MEM_SCOPES, "scope", "gpu")
    return tensor(_ops.atomic_cas(ptr.handle, c.handle, v.handle, sem=sem, scope=scope))


load = _located(load)
store = _located(store)
for _name in ("atomic_add", "atomic_max", "atomic_min", "atomic_xchg", "atomic_and", "atomic_or", "atomic_xor",
              "atomic_cas"):
    globals()[_name] = _located(globals()[_name])
del _name
