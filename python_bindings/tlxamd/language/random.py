"""Triton's random numbers (`tl.rand`, `tl.randn`, `tl.randint`, their 4x
forms and `tl.philox`): the counter-based Philox 4x32 generator with 10
rounds by default, so that the same (seed, offset) gives the bits Triton's
does. Written in the kernel language: inlined into the caller, 32-bit
integer arithmetic wrapping as the generator needs, `umulhi` for the high
halves (v_mul_hi_u32 / mul.hi.u32).
"""

from __future__ import annotations

from .core import _to_tensor, constexpr, float32, int32, tensor, uint32, where
from .frontend import jit, static_range
from .math import cos, log, maximum, sin, sqrt, umulhi

# Philox's multipliers and key increments (0xD2511F53, 0xCD9E8D57,
# 0x9E3779B9, 0xBB67AE85) as the int32 values of the same bits.
PHILOX_ROUND_A = 0xD2511F53 - (1 << 32)
PHILOX_ROUND_B = 0xCD9E8D57 - (1 << 32)
PHILOX_KEY_A = 0x9E3779B9 - (1 << 32)
PHILOX_KEY_B = 0xBB67AE85 - (1 << 32)
N_ROUNDS_DEFAULT = 10


def _signed32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >= (1 << 31) else v


def _seed_words(seed):
    """(low, high) 32-bit words of the seed as uint64 (a Python int or an
    integer scalar; a 32-bit one sign-extends, as Triton's cast does)."""
    if isinstance(seed, constexpr):
        seed = seed.value
    if isinstance(seed, int) and not isinstance(seed, bool):
        return _to_tensor(_signed32(seed), int32), _to_tensor(_signed32(seed >> 32), int32)
    seed = _to_tensor(seed)
    if seed.dtype.is_float or seed.dtype.is_ptr:
        raise TypeError(f"a random seed is an integer, got {seed.dtype.name}")
    if seed.dtype.bits == 64:
        return (seed & 0xFFFFFFFF).to(int32), (seed >> 32).to(int32)
    seed = seed.to(int32)
    return seed, where(seed < 0, -1, 0)


def _counter(c):
    """A 32-bit counter operand as int32 bits."""
    c = _to_tensor(c)
    if c.dtype.is_float or c.dtype.is_ptr or c.dtype.bits != 32:
        raise TypeError(f"Philox counters here are 32-bit integers, got {c.dtype.name}")
    return c.to(int32, bitcast=True) if c.dtype is not int32 else c


@jit
def philox_impl(c0, c1, c2, c3, k0, k1, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """n_rounds rounds of Philox 4x32 on counters c0..c3 with key (k0, k1)."""
    for _ in static_range(n_rounds):
        _c0 = c0
        _c2 = c2
        c0 = umulhi(PHILOX_ROUND_B, _c2) ^ c1 ^ k0
        c2 = umulhi(PHILOX_ROUND_A, _c0) ^ c3 ^ k1
        c1 = _c2 * PHILOX_ROUND_B
        c3 = _c0 * PHILOX_ROUND_A
        k0 = k0 + PHILOX_KEY_A
        k1 = k1 + PHILOX_KEY_B
    return c0, c1, c2, c3


@jit
def philox(seed, c0, c1, c2, c3, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    k0, k1 = _seed_words(seed)
    return philox_impl(_counter(c0), _counter(c1), _counter(c2), _counter(c3), k0, k1, n_rounds)


@jit
def randint4x(seed, offset, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """Four blocks of random uint32 for each offset."""
    c0 = _counter(offset)
    zero = c0 * 0
    a, b, c, d = philox(seed, c0, zero, zero, zero, n_rounds)
    return a.to(uint32, bitcast=True), b.to(uint32, bitcast=True), c.to(uint32, bitcast=True), \
        d.to(uint32, bitcast=True)


@jit
def randint(seed, offset, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """A random uint32 for each offset (the first of randint4x's)."""
    a, _b, _c, _d = randint4x(seed, offset, n_rounds)
    return a


@jit
def uint_to_uniform_float(x):
    """uint32 bits to a float32 in [0, 1), as Triton's."""
    x = x.to(int32, bitcast=True)
    x = where(x < 0, -x - 1, x)
    return x.to(float32) * 4.6566127342e-10


@jit
def rand(seed, offset, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """A uniform float32 in [0, 1) for each offset."""
    return uint_to_uniform_float(randint(seed, offset, n_rounds))


@jit
def rand4x(seed, offsets, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    i1, i2, i3, i4 = randint4x(seed, offsets, n_rounds)
    return uint_to_uniform_float(i1), uint_to_uniform_float(i2), uint_to_uniform_float(i3), \
        uint_to_uniform_float(i4)


@jit
def pair_uniform_to_normal(u1, u2):
    """Box-Muller: two uniforms to two standard normals."""
    u1 = maximum(1.0e-7, u1)
    th = 6.283185307179586 * u2
    r = sqrt(-2.0 * log(u1))
    return r * cos(th), r * sin(th)


@jit
def randn(seed, offset, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    """A standard normal float32 for each offset."""
    i1, i2, _, _ = randint4x(seed, offset, n_rounds)
    n1, _ = pair_uniform_to_normal(uint_to_uniform_float(i1), uint_to_uniform_float(i2))
    return n1


@jit
def randn4x(seed, offset, n_rounds: constexpr = N_ROUNDS_DEFAULT):
    u1, u2, u3, u4 = rand4x(seed, offset, n_rounds)
    n1, n2 = pair_uniform_to_normal(u1, u2)
    n3, n4 = pair_uniform_to_normal(u3, u4)
    return n1, n2, n3, n4


__all__ = ["philox", "philox_impl", "randint", "randint4x", "rand", "rand4x", "randn", "randn4x",
           "uint_to_uniform_float", "pair_uniform_to_normal", "tensor"]
