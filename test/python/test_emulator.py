"""The AMD emulator (tlxamd.emulator) runs kernels compiled for gfx950 and
gfx942, as lowered (LLVM dialect + ROCDL), against numpy: masked buffer
accesses, the reductions' DPP / ds_swizzle / ds_bpermute butterflies and
LDS partials, layout changes through LDS, shape ops. A mutated lowering
must fail, and ops it does not model stop with an error naming them."""

import numpy as np
import pytest

from tlxamd import compiler, emulator
from tlxamd import language as tl

TARGETS = ["gfx950", "gfx942"]


@tl.kernel(num_warps=4)
def masked_scale(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32), n: tl.int32):
    offs = tl.program_id(0) * 1024 + tl.arange(0, 1024)
    m = offs < n
    v = tl.load(x + offs, mask=m, other=-1.0)
    tl.store(y + offs, v * 2.0 + 1.0, mask=m)


@tl.kernel(num_warps=4)
def softmax(out: tl.pointer(tl.float32), x: tl.pointer(tl.float32), stride: tl.int32, n_cols: tl.int32,
            BLOCK: tl.constexpr):
    stride = tl.multiple_of(stride, 8)
    n_cols = tl.multiple_of(n_cols, 8)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    row = tl.program_id(0)
    v = tl.load(x + row * stride + offs, mask=mask, other=-float("inf"))
    v = v - tl.max(v, axis=0)
    num = tl.exp(v)
    tl.store(out + row * stride + offs, num / tl.sum(num, axis=0), mask=mask)


@tl.kernel(num_warps=4)
def trans_tile(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32), R: tl.int32):
    R = tl.multiple_of(R, 64)
    rows = tl.program_id(0) * 64 + tl.arange(0, 64)
    cols = tl.arange(0, 128)
    v = tl.load(x + rows[:, None] * 128 + cols[None, :])
    tl.store(y + cols[:, None] * R + rows[None, :], tl.trans(v))


@tl.kernel(num_warps=4)
def pairs(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32), z: tl.pointer(tl.float32)):
    pid = tl.program_id(0)
    offs = pid * 2048 + tl.arange(0, 2048)
    re, im = tl.split(tl.load(x + offs).reshape(1024, 2))
    tl.store(y + offs, tl.join(im, re * re + im * im).reshape(2048))
    v = tl.load(x + pid * 2048 + tl.arange(0, 1024))
    tl.store(z + pid * 4096 + tl.arange(0, 2048), tl.cat(v, v * 3.0))
    tl.store(z + pid * 4096 + 2048 + tl.arange(0, 2048), tl.interleave(v, -v))


@tl.kernel(num_warps=4)
def tile_reductions(x: tl.pointer(tl.float32), s: tl.pointer(tl.float32), a: tl.pointer(tl.int32)):
    rows = tl.program_id(0) * 64 + tl.arange(0, 64)
    cols = tl.arange(0, 128)
    v = tl.load(x + rows[:, None] * 128 + cols[None, :])
    tl.store(s + rows, tl.sum(v, axis=1))
    tl.store(a + tl.program_id(0) * 128 + cols, tl.argmax(v, axis=0))


def _compile(kernel, target, **consts):
    return compiler.compile(kernel.build(target=target, **consts), target=target)


@pytest.mark.parametrize("target", TARGETS)
def test_masked_ragged(target):
    n = 3000
    x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
    y = np.full(n + 1100, np.nan, np.float32)
    emulator.run(_compile(masked_scale, target), (3,), x, y, n)
    assert np.array_equal(y[:n], x * 2 + 1)
    assert np.isnan(y[n:]).all()  # masked lanes write nothing


@pytest.mark.parametrize("target", TARGETS)
def test_softmax(target):
    rows, cols = 6, 1000
    x = np.random.default_rng(1).standard_normal((rows, cols)).astype(np.float32)
    y = np.full_like(x, np.nan)
    emulator.run(_compile(softmax, target, BLOCK=1024), (rows,), y, x, cols, cols)
    e = np.exp(x.astype(np.float64) - x.max(1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(1, keepdims=True), rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("target", TARGETS)
def test_transpose_through_lds(target):
    R = 128
    x = np.random.default_rng(2).standard_normal((R, 128)).astype(np.float32)
    y = np.full((128, R), np.nan, np.float32)
    emulator.run(_compile(trans_tile, target), (R // 64,), x, y, R)
    assert np.array_equal(y, x.T)


@pytest.mark.parametrize("target", TARGETS)
def test_shape_ops(target):
    tiles = 2
    x = np.random.default_rng(3).standard_normal(tiles * 2048).astype(np.float32)
    y = np.full_like(x, np.nan)
    z = np.full(tiles * 4096, np.nan, np.float32)
    emulator.run(_compile(pairs, target), (tiles,), x, y, z)
    p = x.reshape(-1, 2)
    assert np.array_equal(y, np.stack([p[:, 1], p[:, 0] * p[:, 0] + p[:, 1] * p[:, 1]], -1).reshape(-1))
    for t in range(tiles):
        v = x[t * 2048:t * 2048 + 1024]
        assert np.array_equal(z[t * 4096:t * 4096 + 2048], np.concatenate([v, v * 3]))
        assert np.array_equal(z[t * 4096 + 2048:(t + 1) * 4096], np.stack([v, -v], -1).reshape(-1))


@pytest.mark.parametrize("target", TARGETS)
def test_reductions(target):
    tiles = 2
    x = np.random.default_rng(4).standard_normal((tiles * 64, 128)).astype(np.float32)
    s = np.full(tiles * 64, np.nan, np.float32)
    a = np.full(tiles * 128, -1, np.int32)
    emulator.run(_compile(tile_reductions, target), (tiles,), x, s, a)
    np.testing.assert_allclose(s, x.astype(np.float64).sum(1), rtol=1e-5, atol=1e-5)
    assert np.array_equal(a, x.reshape(tiles, 64, 128).argmax(1).reshape(-1))


def test_a_mutated_lowering_fails():
    """The first DPP butterfly step (quad_perm [1,0,3,2] = 177) made the
    identity (quad_perm [0,1,2,3] = 228): the row maximum and sum miss
    lanes, and the emulator's result no longer matches."""
    k = _compile(softmax, "gfx950", BLOCK=1024)
    assert "with 177," in k.mlir
    rows, cols = 2, 1000
    x = np.random.default_rng(5).standard_normal((rows, cols)).astype(np.float32)
    e = np.exp(x.astype(np.float64) - x.max(1, keepdims=True))
    ref = e / e.sum(1, keepdims=True)
    good = np.full_like(x, np.nan)
    emulator.run(k, (rows,), good, x, cols, cols)
    np.testing.assert_allclose(good, ref, rtol=1e-5, atol=1e-7)

    from tlxamd import ir
    from tlxamd.language.core import _default_context

    with _default_context():
        mutated = ir.Module.parse(k.mlir.replace("with 177,", "with 228,"))
        bad = np.full_like(x, np.nan)
        emulator.run(mutated, (rows,), bad, x, cols, cols)
    assert not np.allclose(bad, ref, rtol=1e-3)


def test_unmodelled_ops_are_named():
    @tl.kernel(num_warps=4)
    def hist(x: tl.pointer(tl.int32), bins: tl.pointer(tl.int32)):
        v = tl.load(x + tl.arange(0, 256))
        tl.atomic_add(bins + (v & 15), 1)

    k = _compile(hist, "gfx950")
    with pytest.raises(emulator.EmulatorError, match="llvm.atomicrmw is not emulated"):
        emulator.run(k, (1,), np.zeros(256, np.int32), np.zeros(16, np.int32))


def test_arguments_are_checked():
    k = _compile(masked_scale, "gfx950")
    with pytest.raises(TypeError, match="takes 3 arguments, got 2"):
        emulator.run(k, (1,), np.zeros(4, np.float32), 4)
    nv = _compile(masked_scale, "sm_90a")
    with pytest.raises(emulator.EmulatorError, match="kernels compiled for AMD targets"):
        emulator.run(nv, (1,), np.zeros(4, np.float32), np.zeros(4, np.float32), 4)
