"""The GPU suite's Triton-style kernels (bench/gpu/suite.py: layout-free, so
the same source serves every target) built for gfx950 and gfx942 and run in
the AMD emulator at reduced sizes, ragged where the H200 run is, against
numpy: outputs poisoned first, masked lanes and `other` values checked,
atomics' old values too. (The explicit-layout kernels of the suite are
written for 32-lane warps.)"""

import os
import sys

import numpy as np
import pytest

from tlxamd import compiler, emulator

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench", "gpu"))

import suite as gpu_suite  # noqa: E402

TARGETS = ["gfx950", "gfx942"]
RNG = np.random.default_rng(11)


def _bf16_bits(x):
    u = np.asarray(x, np.float32).view(np.uint32)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def _bf16_value(b):
    return (b.astype(np.uint32) << 16).view(np.float32)


def _array(values, dt):
    """Device-format data: bf16 as its bits."""
    if dt == "bf16":
        return _bf16_bits(values)
    return np.asarray(values, {"f16": np.float16, "f32": np.float32, "i32": np.int32}[dt])


def _value(a, dt):
    return _bf16_value(a) if dt == "bf16" else a.astype(np.float64)


def _poison(n, dt):
    return _array(np.full(n, np.nan, np.float32), dt) if dt != "i32" else np.full(n, -99, np.int32)


@pytest.fixture(scope="module")
def kernels():
    return gpu_suite._triton_style_kernels()


@pytest.fixture(scope="module")
def built():
    cache = {}

    def get(kern, target, **consts):
        key = (kern.name, target, tuple(sorted(consts.items())))
        if key not in cache:
            cache[key] = compiler.compile(kern.build(target=target, **consts), target=target)
        return cache[key]
    return get


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("dt", ["bf16", "f16", "f32"])
def test_copies(kernels, built, target, dt):
    n, block = 3 * 1024, 1024
    x = _array(RNG.standard_normal(n), dt)
    y = _poison(n, dt)
    emulator.run(built(kernels[f"free_copy_{dt}"][0], target, BLOCK=block), (n // block,), x, y)
    assert np.array_equal(y, x)
    n = 2 * 1024 + 7
    x = _array(RNG.standard_normal(n + 1017), dt)
    y = _poison(n + 1017, dt)
    emulator.run(built(kernels[f"free_masked_{dt}"][0], target, BLOCK=block), (3,), x, y, n)
    assert np.array_equal(y[:n], x[:n])
    assert np.isnan(_value(y[n:], dt)).all()  # masked lanes are not written


@pytest.mark.parametrize("target", TARGETS)
def test_runtime_loop_and_branches(kernels, built, target):
    rows, cols, block = 64, 1000, 512
    x = RNG.standard_normal((rows, cols)).astype(np.float32)
    y = np.full(cols, np.nan, np.float32)
    emulator.run(built(kernels["colsum_f32"][0], target, BLOCK=block), (2,), x, y, rows, cols)
    np.testing.assert_allclose(y, x.astype(np.float64).sum(0), rtol=1e-5, atol=1e-4)
    n = 1029
    x = RNG.standard_normal(n).astype(np.float32)
    for mode, ref in ((5, x * 2 + 2), (0, x + 1), (-3, x + 1), (64, x * 2 + 6)):
        y = np.full(n, np.nan, np.float32)
        emulator.run(built(kernels["branches_f32"][0], target, BLOCK=1024), (2,), x, y, n, mode)
        assert np.array_equal(y, ref.astype(np.float32)), mode


MATH = {"exp": np.exp, "exp2": np.exp2, "log": np.log, "log2": np.log2, "sin": np.sin, "cos": np.cos,
        "sqrt": np.sqrt, "rsqrt": lambda v: 1 / np.sqrt(v), "abs": np.abs, "fma": lambda v: v * v + v,
        "maximum": lambda v: np.maximum(v, 0.5), "minimum": lambda v: np.minimum(v, 0.5),
        "clamp": lambda v: np.clip(v, -0.5, 0.5), "where": lambda v: np.where(v > 0.25, v, -v)}


@pytest.mark.parametrize("fn", sorted(MATH) + ["cdiv"])
def test_math(kernels, built, fn):
    n = 1029
    x = (RNG.standard_normal(n) * 3).astype(np.float32)
    if fn in ("log", "log2", "sqrt", "rsqrt"):
        x = np.abs(x) + 1e-3
    y = np.full(n, np.nan, np.float32)
    emulator.run(built(kernels[f"math_{fn}_f32"][0], "gfx950", BLOCK=1024), (2,), x, y, n)
    ref = ((np.arange(n) + 2) // 3 % 7).astype(np.float64) if fn == "cdiv" else MATH[fn](x.astype(np.float64))
    # the emulator computes exactly what the instructions approximate
    np.testing.assert_allclose(y, ref, rtol=2e-6, atol=1e-6)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("dt,cols", [("f32", 1000), ("bf16", 1000), ("f32", 4096)])
def test_softmax(kernels, built, target, dt, cols):
    rows = 3
    block = 1 << (cols - 1).bit_length()
    kern = kernels[f"softmax_{dt}_{cols}_w8"][0]
    x = _array(RNG.standard_normal((rows, cols)), dt)
    y = _poison(rows * cols, dt).reshape(rows, cols)
    emulator.run(built(kern, target, BLOCK=block), (rows,), y, x, cols, cols, rows, cols)
    v = _value(x, dt)
    e = np.exp(v - v.max(1, keepdims=True))
    ref = e / e.sum(1, keepdims=True)
    np.testing.assert_allclose(_value(y, dt), ref, rtol=1e-2 if dt == "bf16" else 1e-5, atol=1e-7)


@pytest.mark.parametrize("target", TARGETS)
def test_persistent_softmax_reads_the_grid(kernels, built, target):
    # tl.num_programs on AMD reads the dispatch packet's grid and workgroup sizes
    rows, cols = 7, 4096
    x = RNG.standard_normal((rows, cols)).astype(np.float32)
    y = np.full_like(x, np.nan)
    kern = kernels["softmax_f32_4096_w8_persistent"][0]
    emulator.run(built(kern, target, BLOCK=4096), (3,), y, x, cols, cols, rows, cols)
    e = np.exp(x.astype(np.float64) - x.max(1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(1, keepdims=True), rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("target", TARGETS)
def test_rowsum_and_reductions(kernels, built, target):
    rows, cols = 20, 600
    x = RNG.standard_normal((rows, cols)).astype(np.float32)
    y = np.full(rows + 8, np.nan, np.float32)
    emulator.run(built(kernels["rowsum_f32"][0], target, BLOCK_M=8, BLOCK_N=256), (3,), x, y, rows, cols)
    np.testing.assert_allclose(y[:rows], x.astype(np.float64).sum(1), rtol=1e-5, atol=1e-4)
    assert np.isnan(y[rows:]).all()
    tiles = RNG.standard_normal((2 * 64, 128)).astype(np.float32)
    t = tiles.reshape(2, 64, 128)
    for fn, axis, ref in (("sum", 1, t.astype(np.float64).sum(2)), ("max", 0, t.max(1)),
                          ("argmin", 1, t.argmin(2)), ("absmax", 0, np.abs(t).max(1))):
        out_dt = np.int32 if fn.startswith("arg") else np.float32
        out = np.full(ref.size, -1, out_dt)
        kern = kernels[f"reduce_{fn}_axis{axis}_f32"][0]
        emulator.run(built(kern, target, M=64, N=128), (2,), tiles, out)
        np.testing.assert_allclose(out, ref.reshape(-1), rtol=1e-5, atol=1e-5, err_msg=fn)


def test_atomics(kernels, built):
    n = 1000
    x = RNG.integers(-100, 100, n).astype(np.int32)
    bins, old = np.zeros(16, np.int32), np.full(n, -99, np.int32)
    emulator.run(built(kernels["atomic_hist_i32"][0], "gfx950"), (4,), x, bins, old, n)
    assert np.array_equal(bins, np.bincount(x & 15, minlength=16))
    assert all(sorted(old[(x & 15) == b]) == list(range(bins[b])) for b in range(16))


@pytest.mark.parametrize("target", TARGETS)
def test_shape_ops(kernels, built, target):
    n = 2 * 64 * 128
    x = RNG.standard_normal(n).astype(np.float32)
    y = np.full(n, np.nan, np.float32)
    emulator.run(built(kernels["shape_trans_f32"][0], target), (2,), x, y, n // 128)
    assert np.array_equal(y, x.reshape(-1, 128).T.reshape(-1))
    y = np.full(n, np.nan, np.float32)
    emulator.run(built(kernels["shape_permute_f32"][0], target), (n // 1024,), x, y)
    assert np.array_equal(y, x.reshape(-1, 4, 8, 32).transpose(0, 3, 1, 2).reshape(-1))
    y = np.full(2 * n, np.nan, np.float32)
    emulator.run(built(kernels["shape_cat_f32"][0], target), (n // 1024,), x, y)
    t = x.reshape(-1, 1024)
    assert np.array_equal(y, np.concatenate([t, t * 2 + 1], 1).reshape(-1))


# Every code of a format decoded from its definition (sign, exponent field,
# mantissa; subnormals; the format's infinities and NaNs): the reference
# encodes by picking the nearest representable value (ties to the even code)
# or the one toward zero, independently of the bit arithmetic under test.
FORMATS = {"e4m3fn": (8, 4, 3, 7, "fn"), "e5m2": (8, 5, 2, 15, "ieee"), "e4m3fnuz": (8, 4, 3, 8, "fnuz"),
           "e5m2fnuz": (8, 5, 2, 16, "fnuz"), "f16": (16, 5, 10, 15, "ieee"), "bf16": (16, 8, 7, 127, "ieee")}


def _decode(code, fmt):
    bits, e_bits, m_bits, bias, kind = FORMATS[fmt]
    sign = -1.0 if code >> (bits - 1) else 1.0
    e, m = (code >> m_bits) & ((1 << e_bits) - 1), code & ((1 << m_bits) - 1)
    if kind == "fnuz" and code == 1 << (bits - 1):
        return np.nan
    if kind == "fn" and e == (1 << e_bits) - 1 and m == (1 << m_bits) - 1:
        return np.nan
    if kind == "ieee" and e == (1 << e_bits) - 1:
        return sign * np.inf if m == 0 else np.nan
    if e == 0:
        return sign * m * 2.0 ** (1 - bias - m_bits)
    return sign * (1 + m / 2 ** m_bits) * 2.0 ** (e - bias)


def _encode_reference(x, fmt, rnd):
    bits, _, _, _, kind = FORMATS[fmt]
    half = 1 << (bits - 1)
    mags = np.array([_decode(c, fmt) for c in range(half)])
    finite = np.isfinite(mags)
    codes, vals = np.arange(half)[finite], mags[finite]
    big = vals.max()
    out = np.zeros(len(x), np.int64)
    for i, v in enumerate(x.astype(np.float64)):
        if np.isnan(v):
            out[i] = -1
            continue
        a = abs(v)
        if bits == 8 or (rnd == "rtz" and np.isfinite(a)):
            a = min(a, big)  # fp8 saturates; rtz never rounds up to infinity
        if np.isinf(a):
            c = int(np.nonzero(np.isinf(mags))[0][0])
        else:
            j = np.searchsorted(vals, a, side="right") - 1  # the largest value <= a
            c = int(codes[j])
            if rnd == "rtne" and vals[j] != a and j + 1 < len(vals):
                lo, hi = vals[j], vals[j + 1]
                if a - lo > hi - a or (a - lo == hi - a and codes[j] & 1):
                    c = int(codes[j + 1])
            if rnd == "rtne" and kind == "ieee" and bits == 16 and a >= big + (big - vals[-2]) / 2:
                c = int(np.nonzero(np.isinf(mags))[0][0])  # IEEE overflow to infinity
        neg = np.signbit(v) and not (kind == "fnuz" and c == 0)
        out[i] = c | (half if neg else 0)
    return out


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("rnd", ["rtne", "rtz"])
def test_casts(kernels, built, target, fmt, rnd):
    n = 1024 + 3
    rng = np.random.default_rng(12)
    x = (rng.standard_normal(n) * np.exp2(rng.integers(-24, 20, n))).astype(np.float32)
    special = [np.inf, -np.inf, np.nan, 0.0, -0.0, 448, 464, 480, -500, 240, 248, 57344, 61440, 65504, 65520,
               1e30, 2.0 ** -9, 2.0 ** -10, 3 * 2.0 ** -11, 2.0 ** -17, -(2.0 ** -18), 1.0625, 1.1875, -1.0625,
               2.0 ** -126, 2.0 ** -140]
    x[:len(special)] = special
    bits = FORMATS[fmt][0]
    y = np.zeros(n, np.uint8 if bits == 8 else np.uint16)
    z = np.full(n, np.nan, np.float32)
    emulator.run(built(kernels[f"cast_{fmt}_{rnd}"][0], target), (2,), x, y, z, n)
    ref = _encode_reference(x, fmt, rnd)
    got = y.astype(np.int64)
    nan = ref < 0
    assert all(np.isnan(_decode(int(c), fmt)) for c in got[nan])
    bad = np.nonzero(got[~nan] != ref[~nan])[0]
    assert not len(bad), [(float(x[~nan][i]), hex(got[~nan][i]), hex(ref[~nan][i])) for i in bad[:4]]
    back = np.array([_decode(int(c), fmt) for c in got])
    assert np.array_equal(z.astype(np.float64), back, equal_nan=True)  # decoding is exact
