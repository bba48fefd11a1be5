"""Triton's `tl.extra.libdevice` (`from tlxamd.language.extra import
libdevice`): the device-library functions kernels call by name, computed by
tlxamd itself on every target (no vendor library is linked, so a launch's
`extern_libs` names nothing tlxamd reads). The transcendental functions
tlxamd.language has are these names for them; `asin` / `acos` are Cephes'
single-precision minimax forms (relative error about 3e-7), in f32.
"""

from __future__ import annotations

from ..core import float32, where
from ..frontend import jit
from ..math import abs, cos, exp, exp2, fma, log, log2, rsqrt, sin, sqrt, sqrt_rn  # noqa: F401,A004

fabs = abs

_HALF_PI = 1.5707963267948966


@jit
def asin(x):
    """arcsin in f32: |x| <= 1/2 by a polynomial in x^2, beyond through
    asin(x) = pi/2 - 2 asin(sqrt((1 - |x|) / 2)); NaN outside [-1, 1]."""
    xf = x.to(float32)
    a = abs(xf)
    big = a > 0.5
    z = where(big, 0.5 * (1.0 - a), xf * xf)
    s = where(big, sqrt_rn(z), a)
    p = ((((4.2163199048e-2 * z + 2.4181311049e-2) * z + 4.5470025998e-2) * z + 7.4953002686e-2) * z
         + 1.6666752422e-1) * z * s + s
    r = where(big, _HALF_PI - 2.0 * p, p)
    r = where(a > 1.0, float("nan"), r)
    return where(xf < 0, -r, r)


@jit
def acos(x):
    """arccos in f32: pi/2 - asin(x)."""
    return _HALF_PI - asin(x)
