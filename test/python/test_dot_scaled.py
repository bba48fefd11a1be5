"""tl.dot_scaled / tlx.dot_scaled (microscaled OCP MX formats) on gfx950,
on gfx1250's scaled WMMA (with tiles_per_warp) and, decomposed (operands
upcast by value, then the plain dot), on gfx942, sm_90a, for fp6 on gfx1250
and for bf16 operands:
the Triton-style kernel of examples/dot_scaled.py (layouts inferred, a
runtime K loop) runs in the AMD emulator against a numpy MX reference
(values decoded from their bit patterns, times 2^(e - 127) per 32-value
block, f64 products) for every fp8 / fp6 / fp4 format pairing and both
scaled MFMA shapes; the ISA shows one v_mfma_scale_f32_*_f8f6f4 per tile
and K step; tiles_per_warp and misuse are rejected with the rule's
diagnostic (D3, D4)."""

import os
import sys

import numpy as np
import pytest

from tlxamd import compiler, emulator
from tlxamd import language as tl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
from dot_scaled import mx_matmul, mx_matmul_ragged  # noqa: E402  (examples/dot_scaled.py)


def _minifloat(code, ebits, mbits, bias):
    """The OCP value of sign/exponent/mantissa codes (no inf/NaN codes are
    generated below)."""
    code = np.asarray(code, np.int64)
    sign = np.where(code >> (ebits + mbits) & 1, -1.0, 1.0)
    e = code >> mbits & ((1 << ebits) - 1)
    m = (code & ((1 << mbits) - 1)) / float(1 << mbits)
    return sign * np.where(e == 0, m * 2.0 ** (1 - bias), (1 + m) * 2.0 ** (e - bias))


FORMATS = {  # name: (bits, decode, valid codes)
    "e2m1": (4, lambda c: np.array([0, .5, 1, 1.5, 2, 3, 4, 6, -0., -.5, -1, -1.5, -2, -3, -4, -6])[c],
             np.arange(16)),
    "e2m3": (6, lambda c: _minifloat(c, 2, 3, 1), np.arange(64)),
    "e3m2": (6, lambda c: _minifloat(c, 3, 2, 3), np.arange(64)),
    # e5m2 is the top byte of an IEEE half
    "e5m2": (8, lambda c: (np.asarray(c, np.uint16) << 8).view(np.float16).astype(np.float64),
             np.array([c for c in range(256) if (c >> 2) & 31 != 31])),
    "e4m3": (8, lambda c: _minifloat(c, 4, 3, 7), np.array([c for c in range(256) if c & 0x7F != 0x7F])),
}


def _operand(rng, fmt, rows, cols, pack_axis):
    """(int8 storage, values): random codes, fp4 packed two per byte along
    `pack_axis` (K), the first value in the low nibble."""
    bits, decode, valid = FORMATS[fmt]
    codes = rng.choice(valid, (rows, cols))
    values = decode(codes)
    if bits == 4:
        lo, hi = (codes[0::2, :], codes[1::2, :]) if pack_axis == 0 else (codes[:, 0::2], codes[:, 1::2])
        codes = lo | hi << 4
    return codes.astype(np.uint8).view(np.int8), values


def _run(fa, fb, M, N, K, BM, BN, BK, seed=0, target="gfx950", kernel=None):
    rng = np.random.default_rng(seed)
    a, av = _operand(rng, fa, M, K, 1)
    b, bv = _operand(rng, fb, K, N, 0)
    ea = rng.integers(121, 134, (M, K // 32))
    eb = rng.integers(121, 134, (N, K // 32))
    x = av * np.repeat(2.0 ** (ea - 127), 32, axis=1)
    y = bv * np.repeat(2.0 ** (eb - 127), 32, axis=1).T
    ref, mag = x @ y, np.abs(x) @ np.abs(y)
    out = np.full((M, N), np.nan, np.float32)
    consts = dict(BM=BM, BN=BN, BK=BK, A_FORMAT=fa, B_FORMAT=fb, A_PACK=2 if fa == "e2m1" else 1,
                  B_PACK=2 if fb == "e2m1" else 1)
    k = compiler.compile((kernel or mx_matmul).build(target=target, **consts), target=target, binary=False)
    emulator.run(k, (-(-M // BM), -(-N // BN)), a, ea.astype(np.uint8).view(np.int8), b,
                 eb.astype(np.uint8).view(np.int8), out, M, N, K)
    return out, ref, mag


def _check(out, ref, mag):
    """Products are exact and each MFMA rounds its f32 sum: the error is
    within a few f32 ulps of the sum of the products' magnitudes."""
    assert np.all(np.abs(out - ref) <= 4 * 2.0 ** -24 * (mag + np.abs(ref)) * 4), np.max(np.abs(out - ref) / mag)


@pytest.mark.parametrize("fa,fb", [("e2m1", "e2m1"), ("e4m3", "e4m3"), ("e5m2", "e2m1"), ("e2m3", "e3m2"),
                                   ("e4m3", "e2m3")])
def test_mx_matmul_matches_numpy(fa, fb):  # 32x32x64 scaled MFMA, two K iterations
    _check(*_run(fa, fb, 64, 64, 256, 64, 64, 128, seed=len(fa + fb)))


@pytest.mark.parametrize("target,fa,fb", [("gfx950", "e2m1", "e4m3"), ("gfx950", "e4m3", "e4m3"),
                                          ("gfx942", "e2m1", "e4m3"), ("gfx942", "e4m3", "e4m3")])
def test_mx_matmul_ragged(target, fa, fb):
    """M, N off the tile and K a multiple of 32 but not of BK: the masked
    rows, columns and K tail (codes 0, scales 1.0) leave the products of
    the rest exact, natively (gfx950) and decomposed (gfx942)."""
    _check(*_run(fa, fb, 70, 50, 96, 64, 64, 64, seed=11, target=target, kernel=mx_matmul_ragged))


@pytest.mark.parametrize("fa", ["e4m3", "e2m1"])
def test_mx_matmul_ragged_sm90a_no_spills(fa):
    """The ragged kernel on sm_90a: its loads have no proven alignment (N
    is any int), so each byte is loaded alone and fills a register of its
    own; the loads issued an iteration ahead are counted so, within the
    loop's budget (counted as packed bytes, the e4m3 kernel spilled)."""
    k = compiler.compile(mx_matmul_ragged.build(target="sm_90a", BM=64, BN=64, BK=64, A_FORMAT=fa, B_FORMAT="e4m3",
                                                A_PACK=2 if fa == "e2m1" else 1, B_PACK=1),
                         target="sm_90a", remarks=True)
    assert "wgmma.mma_async" in k.asm
    assert k.resources["spill_stores"] == 0 and k.resources["stack"] == 0, k.resources
    assert any("not pipelined" in r and "registers per thread exceed" in r for r in k.remarks), k.remarks


def test_mx_matmul_16x16x128():
    # a 16 x 64 tile: 16 x 16 instructions of K 128, one per warp
    _check(*_run("e2m1", "e4m3", 32, 64, 256, 16, 64, 128, seed=7))
    k = compiler.compile(mx_matmul.build(target="gfx950", BM=16, BN=64, BK=128, A_FORMAT="e2m1",
                                         B_FORMAT="e4m3", A_PACK=2, B_PACK=1), target="gfx950")
    assert k.asm.count("v_mfma_scale_f32_16x16x128_f8f6f4") == 1


def test_mx_matmul_isa():
    k = compiler.compile(mx_matmul.build(target="gfx950", BM=64, BN=64, BK=128, A_FORMAT="e2m1",
                                         B_FORMAT="e4m3", A_PACK=2, B_PACK=1), target="gfx950")
    # one 32 x 32 tile per warp, K 128 = two 32x32x64 steps
    assert k.asm.count("v_mfma_scale_f32_32x32x64_f8f6f4") == 2
    assert k.resources["scratch"] == 0 and k.resources["vgpr_spill"] == 0


@tl.kernel(num_warps=4)
def _scaled_tile(a: tl.pointer(tl.int8), b: tl.pointer(tl.int8), c: tl.pointer(tl.float32),
                 FMT: tl.constexpr, TPW: tl.constexpr, which: tl.constexpr):
    r = tl.arange(0, 64)
    rk = tl.arange(0, 128)
    x = tl.load(a + r[:, None] * 128 + rk[None, :])
    y = tl.load(b + rk[:, None] * 64 + r[None, :])
    if which == 0:
        d = tl.dot_scaled(x, None, FMT, y, None, "e4m3", tiles_per_warp=TPW)
    elif which == 1:
        d = tl.dot_scaled(x, None, "e4m3", y, None, "e4m3", fast_math=1)
    elif which == 2:
        d = tl.dot_scaled(x, x, "e4m3", y, None, "e4m3")
    elif which == 3:
        d = tl.dot_scaled(x, None, "e4m3", y, None, "e4m3", out_dtype=tl.float16)
    elif which == 4:
        d = tl.dot_scaled(x, 1.0, "e4m3", y, None, "e4m3")
    else:
        d = tl.dot_scaled(tl.cast(x, tl.bfloat16), None, "bf16", y, None, "e4m3")
    tl.store(c + r[:, None] * 64 + r[None, :], d)


def test_unscaled_operands_match_numpy():
    """No scales: every 32-value block scaled by 1 (scale register 127)."""
    rng = np.random.default_rng(3)
    a, av = _operand(rng, "e4m3", 64, 128, 1)
    b, bv = _operand(rng, "e4m3", 128, 64, 0)
    out = np.zeros((64, 64), np.float32)
    k = compiler.compile(_scaled_tile.build(target="gfx950", FMT="e4m3", TPW=None, which=0), target="gfx950",
                         binary=False)
    emulator.run(k, (1,), a, b, out)
    _check(out, av @ bv, np.abs(av) @ np.abs(bv))


def test_unscaled_operands_on_gfx1250_match_numpy():
    """gfx1250's scaled WMMA without scales: each operand's scale register
    holds four 127s (2^0 for every K block)."""
    rng = np.random.default_rng(4)
    a, av = _operand(rng, "e4m3", 64, 128, 1)
    b, bv = _operand(rng, "e4m3", 128, 64, 0)
    out = np.zeros((64, 64), np.float32)
    k = compiler.compile(_scaled_tile.build(target="gfx1250", FMT="e4m3", TPW=None, which=0), target="gfx1250")
    assert k.asm.count("v_wmma_scale_f32_16x16x128_f8f6f4") == 4
    emulator.run(k, (1,), a, b, out)
    _check(out, av @ bv, np.abs(av) @ np.abs(bv))


def test_tiles_per_warp_only_on_gfx1250():
    # D4: gfx950's scaled MFMA would ignore the hint
    with pytest.raises(Exception, match="D4: tiles_per_warp is read only by the scaled-WMMA lowering"):
        compiler.compile(_scaled_tile.build(target="gfx950", FMT="e4m3", TPW=[1, 1], which=0), target="gfx950",
                         binary=False)


@pytest.mark.parametrize("fa,fb", [("e4m3", "e4m3"), ("e2m1", "e4m3"), ("e5m2", "e2m1"), ("e2m1", "e2m1"),
                                   ("e4m3", "e5m2")])
def test_gfx1250_scaled_wmma_matches_numpy(fa, fb):
    """gfx1250's v_wmma_scale_f32_16x16x128_f8f6f4: fp8 and fp4 (packed
    along K) with their E8M0 scales, 2 x 2 waves of 2 x 2 instructions a K
    step; the emulator's scaled-WMMA lane map (16-byte K groups, a row's
    four scales in one register) against the numpy reference."""
    _check(*_run(fa, fb, 64, 64, 256, 64, 64, 128, seed=len(fa) * 7 + len(fb), target="gfx1250"))
    k = compiler.compile(mx_matmul.build(target="gfx1250", BM=64, BN=64, BK=128, A_FORMAT=fa, B_FORMAT=fb,
                                         A_PACK=2 if fa == "e2m1" else 1, B_PACK=2 if fb == "e2m1" else 1),
                         target="gfx1250")
    assert k.asm.count("v_wmma_scale_f32_16x16x128_f8f6f4") == 4
    assert k.resources["vgpr_spill"] == 0
    # the row-major B (K x N bytes) reaches the WMMA through ds_load_tr8_b64
    # (two runs of 4 lanes feed each 8-lane group), never a byte at a time
    assert "ds_load_tr8_b64" in k.asm and "ds_load_u8" not in k.asm


def test_gfx1250_fp6_is_decomposed_to_the_bf16_wmma():
    """fp6 fragments of the scaled WMMA are not lowered: written without
    layouts, the dot is upcast to bf16 and runs on the plain WMMA."""
    _check(*_run("e2m3", "e4m3", 64, 64, 128, 64, 64, 128, seed=5, target="gfx1250"))
    k = compiler.compile(mx_matmul.build(target="gfx1250", BM=64, BN=64, BK=128, A_FORMAT="e2m3", B_FORMAT="e4m3",
                                         A_PACK=1, B_PACK=1), target="gfx1250")
    assert "v_wmma_f32_16x16x32_bf16" in k.asm and "v_wmma_scale" not in k.asm


@tl.kernel(num_warps=4)
def _mx_tiles(a: tl.pointer(tl.int8), a_scale: tl.pointer(tl.int8), b: tl.pointer(tl.int8),
              b_scale: tl.pointer(tl.int8), c: tl.pointer(tl.float32), M: tl.constexpr, N: tl.constexpr,
              K: tl.constexpr, TPW: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    ra = tl.arange(0, K // 2)
    rb = tl.arange(0, K)
    rs = tl.arange(0, K // 32)
    x = tl.load(a + rm[:, None] * (K // 2) + ra[None, :])
    y = tl.load(b + rb[:, None] * N + rn[None, :])
    xs = tl.load(a_scale + rm[:, None] * (K // 32) + rs[None, :])
    ys = tl.load(b_scale + rn[:, None] * (K // 32) + rs[None, :])
    tl.store(c + rm[:, None] * N + rn[None, :], tl.dot_scaled(x, xs, "e2m1", y, ys, "e4m3", tiles_per_warp=TPW))


@pytest.mark.parametrize("tpw", [[1, 1], [2, 1], [1, 2], [2, 2]])
@pytest.mark.parametrize("shape", [(64, 64, 256), (128, 64, 128)])
def test_gfx1250_tiles_per_warp_matches_numpy(tpw, shape):
    """D1-D4 on gfx1250: tlx.dot_scaled's tiles_per_warp gives each warp a
    tiles_per_warp block of scaled WMMAs (the period instr x warps x tiles
    repeated over the result); fp4 x fp8 with scales, exact in the
    emulator, one instruction per 16 x 16 tile and K step of a warp."""
    M, N, K = shape
    rng = np.random.default_rng(sum(tpw) + M)
    a, av = _operand(rng, "e2m1", M, K, 1)
    b, bv = _operand(rng, "e4m3", K, N, 0)
    ea = rng.integers(121, 134, (M, K // 32))
    eb = rng.integers(121, 134, (N, K // 32))
    x = av * np.repeat(2.0 ** (ea - 127), 32, axis=1)
    y = bv * np.repeat(2.0 ** (eb - 127), 32, axis=1).T
    out = np.full((M, N), np.nan, np.float32)
    k = compiler.compile(_mx_tiles.build(target="gfx1250", M=M, N=N, K=K, TPW=tpw), target="gfx1250")
    emulator.run(k, (1,), a, ea.astype(np.uint8).view(np.int8), b, eb.astype(np.uint8).view(np.int8), out)
    _check(out, x @ y, np.abs(x) @ np.abs(y))
    assert k.asm.count("v_wmma_scale_f32_16x16x128_f8f6f4") == (M // 16) * (N // 16) * (K // 128) // 4
    assert k.resources["vgpr_spill"] == 0


def test_gfx1250_tiles_per_warp_period_must_fit():
    """D3: [4, 4] tiles of 16 x 16 per warp over 4 warps do not fit a 64 x 64
    result."""
    with pytest.raises(Exception, match=r"D3: with tiles_per_warp \[4, 4\] no placement of the 4 warps fits"):
        compiler.compile(_mx_tiles.build(target="gfx1250", M=64, N=64, K=128, TPW=[4, 4]), target="gfx1250")


@pytest.mark.parametrize("fa,fb", [("e2m1", "e2m1"), ("e4m3", "e4m3"), ("e5m2", "e2m1"), ("e2m3", "e3m2"),
                                   ("e4m3", "e2m3")])
def test_gfx942_decomposes_and_matches_numpy(fa, fb):
    """No scaled MFMA on CDNA3: tlxamd-decompose-dot-scaled upcasts both
    operands by value (times their scales) to bf16 and runs the bf16 MFMA;
    the same numpy reference holds."""
    _check(*_run(fa, fb, 64, 64, 256, 64, 64, 128, seed=len(fa + fb), target="gfx942"))
    k = compiler.compile(mx_matmul.build(target="gfx942", BM=64, BN=64, BK=128, A_FORMAT=fa, B_FORMAT=fb,
                                         A_PACK=2 if fa == "e2m1" else 1, B_PACK=2 if fb == "e2m1" else 1),
                         target="gfx942", binary=False)
    assert "v_mfma_f32_32x32x8_bf16" in k.asm or "v_mfma_f32_16x16x16_bf16" in k.asm
    assert "mfma_scale" not in k.asm and k.resources["vgpr_spill"] == 0


@pytest.mark.parametrize("bm,bn,warps", [(64, 64, 4), (128, 128, 8), (128, 64, 8)])
def test_sm90a_decomposes_to_warpgroup_mma(bm, bn, warps):
    """Hopper has no scaled MMA: the upcast operands feed the bf16
    warpgroup MMA (both through shared memory in the nvmma swizzle;
    one wgmma per 16 of K per warpgroup), waited for in the step; the
    operands' loads go one iteration ahead; through ptxas, no spills."""
    kern = tl.kernel(mx_matmul.fn, num_warps=warps) if warps != 4 else mx_matmul
    k = compiler.compile(kern.build(target="sm_90a", BM=bm, BN=bn, BK=64, A_FORMAT="e2m1", B_FORMAT="e4m3",
                                    A_PACK=2, B_PACK=1), target="sm_90a", remarks=True)
    n = bn if warps == 4 or bm // 64 >= warps // 4 else bn // 2
    assert f"wgmma.mma_async.sync.aligned.m64n{n}k16.f32.bf16.bf16" in k.asm
    assert "mma.sync" not in k.asm and k.asm.count("wgmma.wait_group.sync.aligned 0") >= 1
    # the e4m3 operand's pairs go to cvt.rn.f16x2.e4m3x2 as 16-bit words of
    # the loaded vector (they were unpacked to bytes and packed again)
    assert "cvt.rn.f16x2.e4m3x2" in k.asm and "shl.b16" not in k.asm and "or.b16" not in k.asm
    assert any("pipelined 4 load(s) one iteration ahead" in r for r in k.remarks) or bm * bn > 64 * 64
    assert k.binary and k.resources["spill_stores"] == 0


def test_bf16_operand_decomposes_on_gfx950():
    """gfx950's scaled MFMA takes no bf16 operand: bf16 x e4m3 is upcast
    and runs on the bf16 MFMA, exact in the emulator."""
    rng = np.random.default_rng(5)
    a = rng.integers(-128, 128, (64, 128)).astype(np.int8)  # cast to bf16 by value in the kernel
    b, bv = _operand(rng, "e4m3", 128, 64, 0)
    out = np.zeros((64, 64), np.float32)
    k = compiler.compile(_scaled_tile.build(target="gfx950", FMT="bf16", TPW=None, which=5), target="gfx950",
                         binary=False)
    assert "mfma_scale" not in k.asm and "bf16" in k.asm
    emulator.run(k, (1,), a, b, out)
    av = a.astype(np.float64)
    _check(out, av @ bv, np.abs(av) @ np.abs(bv))


@pytest.mark.parametrize("consts,exc,match", [
    (dict(FMT="e3m4", TPW=None, which=0), ValueError, "lhs_format must be one of"),
    (dict(FMT="e4m3", TPW=[2], which=0), ValueError, "one positive entry per result dimension"),
    (dict(FMT="e4m3", TPW=[0, 1], which=0), ValueError, "one positive entry per result dimension"),
    (dict(FMT="e4m3", TPW="2x2", which=0), TypeError, "tiles_per_warp must be a list of ints"),
    (dict(FMT="e4m3", TPW=None, which=1), TypeError, "fast_math must be a bool"),
    (dict(FMT="e4m3", TPW=None, which=2), Exception, "lhs scale holds one E8M0 exponent"),
    (dict(FMT="e4m3", TPW=None, which=3), TypeError, "accumulates in float32"),
    (dict(FMT="e4m3", TPW=None, which=4), TypeError, "lhs_scale must be a tensor or None"),
])
def test_misuse_raises(consts, exc, match):
    with pytest.raises(exc, match=match):
        _scaled_tile.build(target="gfx950", **consts)


@tl.kernel(num_warps=4)
def _mn_packed(a: tl.pointer(tl.int8), b: tl.pointer(tl.int8), c: tl.pointer(tl.float32)):
    # fp4 packed along M (lhs, 32 bytes x 64 = 64 x 64 values) and along N
    # (rhs, 64 x 32 bytes = 64 x 64 values)
    r32 = tl.arange(0, 32)
    r64 = tl.arange(0, 64)
    x = tl.load(a + r32[:, None] * 64 + r64[None, :])
    y = tl.load(b + r64[:, None] * 32 + r32[None, :])
    d = tl.dot_scaled(x, None, "e2m1", y, None, "e2m1", lhs_k_pack=False, rhs_k_pack=False)
    tl.store(c + r64[:, None] * 64 + r64[None, :], d)


def test_fp4_packed_along_m_and_n_decomposes_on_gfx942():
    rng = np.random.default_rng(11)
    _, decode, valid = FORMATS["e2m1"]
    ca = rng.choice(valid, (64, 64))
    cb = rng.choice(valid, (64, 64))
    a = (ca[0::2, :] | ca[1::2, :] << 4).astype(np.uint8).view(np.int8)  # along M
    b = (cb[:, 0::2] | cb[:, 1::2] << 4).astype(np.uint8).view(np.int8)  # along N
    out = np.zeros((64, 64), np.float32)
    k = compiler.compile(_mn_packed.build(target="gfx942"), target="gfx942", binary=False)
    emulator.run(k, (1,), np.ascontiguousarray(a), np.ascontiguousarray(b), out)
    av, bv = decode(ca), decode(cb)
    _check(out, av @ bv, np.abs(av) @ np.abs(bv))
