"""Elementwise math: `tl.maximum`, `tl.minimum`, `tl.clamp`, `tl.abs`,
`tl.fma`, `tl.cdiv` and the transcendental functions, on tensors and
scalars (arith and math dialect ops, lowered by LLVM)."""

from __future__ import annotations

from .. import ir
from ..dialects import arith
from ..dialects import math as _math
from .core import _binary, _broadcast_pair, _builder, _located, _promote, _to_tensor, float32, int1, tensor


def _pair(x, y):
    a = _to_tensor(x, like=y if isinstance(y, tensor) else None)
    b = _to_tensor(y, like=a)
    a, b = _promote(a, b)
    return _broadcast_pair(a, b)


def _check_numeric(x: tensor, what: str) -> None:
    if x.dtype.is_ptr or x.dtype is int1:
        raise TypeError(f"{what} needs numbers, got {x.dtype.name}")


def maximum(x, y, propagate_nan=None) -> tensor:
    """Elementwise maximum (floats: NaN propagates, as `tl.maximum` with
    PropagateNan.ALL; integers: signed)."""
    _builder()
    a, b = _pair(x, y)
    _check_numeric(a, "maximum")
    op = arith.maximumf if a.dtype.is_float else arith.maxsi
    return tensor(op(a.handle, b.handle))


def minimum(x, y, propagate_nan=None) -> tensor:
    """Elementwise minimum (floats: NaN propagates; integers: signed)."""
    _builder()
    a, b = _pair(x, y)
    _check_numeric(a, "minimum")
    op = arith.minimumf if a.dtype.is_float else arith.minsi
    return tensor(op(a.handle, b.handle))


def clamp(x, min, max, propagate_nan=None) -> tensor:  # noqa: A002 (Triton's keywords)
    """`minimum(maximum(x, min), max)`."""
    return minimum(maximum(x, min), max)


def abs(x) -> tensor:  # noqa: A001
    _builder()
    x = _to_tensor(x)
    _check_numeric(x, "abs")
    if x.dtype.is_float:
        return tensor(_math.absf(x.handle))
    return tensor(_math.absi(x.handle))


def fma(x, y, z) -> tensor:
    """x * y + z with one rounding (floats)."""
    _builder()
    a, b = _pair(x, y)
    a, c = _pair(a, z)
    a, b = _pair(a, b)
    if not a.dtype.is_float:
        raise TypeError(f"fma needs floating-point operands, got {a.dtype.name}")
    return tensor(_math.fma(a.handle, b.handle, c.handle))


def umulhi(x, y) -> tensor:
    """The high 32 bits of the 64-bit product of two unsigned 32-bit
    integers (Triton's tl.umulhi: Philox's building block)."""
    _builder()
    a, b = _pair(x, y)
    if a.dtype.is_float or a.dtype.is_ptr or a.dtype.bits != 32:
        raise TypeError(f"umulhi needs 32-bit integers, got {a.dtype.name}")
    return tensor(arith.MulUIExtendedOp(a.handle, b.handle).results[1], a.dtype)


def cdiv(x, div):
    """Ceiling division: Python integers at compile time, tensors at run time."""
    if isinstance(x, int) and isinstance(div, int):
        return -(-x // div)
    return _binary(_binary(x, div, "add") - 1, div, "floordiv")


def _unary(name: str, op, fastmath: str = ""):
    def fn(x) -> tensor:
        _builder()
        x = _to_tensor(x)
        if x.dtype.is_ptr or not x.dtype.is_float:
            if x.dtype.is_ptr or x.dtype is int1:
                raise TypeError(f"{name} needs a floating-point tensor, got {x.dtype.name}")
            x = x.to(float32)
        if fastmath:
            return tensor(op(x.handle, fastmath=ir.Attribute.parse(f"#arith.fastmath<{fastmath}>")))
        return tensor(op(x.handle))

    fn.__name__ = name
    fn.__doc__ = f"Elementwise {name} (floating point; integers are converted to float32)."
    return fn


exp = _unary("exp", _math.exp)
exp2 = _unary("exp2", _math.exp2)
log = _unary("log", _math.log)
log2 = _unary("log2", _math.log2)
# tl.sqrt is the hardware's approximate square root (sqrt.approx.f32,
# v_sqrt_f32), as Triton's; tl.sqrt_rn is correctly rounded (f64 is always).
sqrt = _unary("sqrt", _math.sqrt, fastmath="afn")
sqrt_rn = _unary("sqrt_rn", _math.sqrt)
rsqrt = _unary("rsqrt", _math.rsqrt)
sin = _unary("sin", _math.sin)
cos = _unary("cos", _math.cos)

for _name in ("umulhi", "maximum", "minimum", "clamp", "abs", "fma", "exp", "exp2", "log", "log2", "sqrt", "sqrt_rn", "rsqrt",
              "sin", "cos"):
    globals()[_name] = _located(globals()[_name])
del _name
