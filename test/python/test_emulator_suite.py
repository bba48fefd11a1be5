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
def test_rowsum_and_reductions(kernels, built, target):
    rows, cols = 20, 600
    x = RNG.standard_normal((rows, cols)).astype(np.float32)
    y = np.full(rows + 8, np.nan, np.float32)
    emulator.run(built(kernels["rowsum_f32"][0], target, BLOCK_M=8, BLOCK_N=256), (3,), x, y, rows, cols)
    np.testing.assert_allclose(y[:rows], x.astype(np.float64).sum(1), rtol=1e-5, atol=1e-4)
    assert np.isnan(y[rows:]).all()
    tiles = x[:0]
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
