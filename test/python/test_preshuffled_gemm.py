"""The preshuffled MXFP GEMM of examples/preshuffled_gemm.py (the Mojo PreshuffledBLoader reference:
A through LDS, B preshuffled on the host and loaded straight into the
scaled MFMA's registers) in the AMD emulator against a numpy MX reference:
exact for MXFP4 x MXFP4 (scales chosen so every partial sum is an f32),
including a ragged N whose last block's lanes read zero past N * K_BYTES
and a ragged M; MXFP8 B within the f32 rounding of each MFMA. The gfx950
ISA of its K loop: per K step one v_mfma_scale_f32_16x16x128_f8f6f4 per
tile, each B fragment one buffer_load_dwordx4 per 16-byte plane with the
K tile in an SGPR soffset that steps each iteration and loop-invariant
voffsets, no LDS traffic for B. The tile load's layout rule (P4) and its
misuse in Python are rejected."""

import os
import re
import sys

import numpy as np
import pytest

from tlxamd import compiler, emulator, preshuffle
from tlxamd import language as tl

_here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(_here, "..", "..", "examples"))
sys.path.insert(0, os.path.join(_here, "..", "..", "bench"))
sys.path.insert(0, _here)
from isa_report import loop_blocks, preshuffled_gemm_report  # noqa: E402  (bench/isa_report.py)
from preshuffled_gemm import build  # noqa: E402  (examples/preshuffled_gemm.py)
from test_dot_scaled import _operand  # noqa: E402


def _pad_shuffle(s):
    """Scales [rows, K / 32] as the kernel reads them: rows padded to a
    multiple of 32 (scale 1), preshuffle.shuffle_scales(..., 16)."""
    rows = -(-s.shape[0] // 32) * 32
    padded = np.full((rows, s.shape[1]), 127, np.uint8)
    padded[:s.shape[0]] = s
    return preshuffle.shuffle_scales(padded, 16)


def _run(fb, M, N, K, exps=(121, 134), seed=0, shuffled=True, **consts):
    """(out, ref, mag): A e2m1 [M, K], B `fb` as the logical [N, K_BYTES]
    bytes, preshuffled for the kernel, the scales too (`shuffled`)."""
    rng = np.random.default_rng(seed)
    a, av = _operand(rng, "e2m1", M, K, 1)
    b, bv = _operand(rng, fb, N, K, 1)  # [N, K_BYTES]: B^T, packed along K
    ea = rng.integers(*exps, (M, K // 32))
    eb = rng.integers(*exps, (N, K // 32))
    x = av * np.repeat(2.0 ** (ea - 127), 32, axis=1)
    y = (bv * np.repeat(2.0 ** (eb - 127), 32, axis=1)).T
    ref, mag = x @ y, np.abs(x) @ np.abs(y)
    lane_bytes = 16 if fb == "e2m1" else 32
    bs = preshuffle.shuffle_b(b.view(np.uint8), lane_bytes).view(np.int8)
    cfg = dict(BM=64, BN=64, BK=256, STAGES=3)
    cfg.update(consts)
    k = compiler.compile(build(fb, SHUFFLED_SCALES=shuffled, **cfg), target="gfx950", binary=False)
    out = np.full((M, N), np.nan, np.float32)
    grid = (-(-M // cfg["BM"]), -(-N // cfg["BN"]))
    sa, sb = ea.astype(np.uint8), eb.astype(np.uint8)
    if shuffled:
        sa, sb = _pad_shuffle(sa), _pad_shuffle(sb)
    emulator.run(k, grid, a, sa.view(np.int8), bs, sb.view(np.int8), out, M, N, K)
    return out, ref, mag


@pytest.mark.parametrize("shuffled", [True, False])
def test_mxfp4_exact(shuffled):
    # 128 x 128 x 512: two K steps of 256 per block, 2 x 2 blocks; scales
    # 2^-1 .. 2^1 keep every partial sum a multiple of 2^-4 below 2^17.
    out, ref, _ = _run("e2m1", 128, 128, 512, exps=(126, 129), shuffled=shuffled)
    np.testing.assert_array_equal(out, ref.astype(np.float32))


@pytest.mark.parametrize("shuffled", [True, False])
def test_mxfp4_ragged_n_and_m_exact(shuffled):
    # N = 80: the second column block's rows 80..127 lie past N * K_BYTES
    # and read zero through the resource bound (P2); M = 100 masks A's rows.
    out, ref, _ = _run("e2m1", 100, 80, 512, exps=(126, 129), seed=3, shuffled=shuffled)
    np.testing.assert_array_equal(out, ref.astype(np.float32))


def test_mxfp4_more_stages_than_steps():
    # K = 256 is one step with three stages: the refills past the end are
    # masked off and the prologue's second copy too.
    out, ref, _ = _run("e2m1", 64, 64, 256, exps=(126, 129), seed=5)
    np.testing.assert_array_equal(out, ref.astype(np.float32))


def test_mxfp8_b_matches_numpy():
    out, ref, mag = _run("e4m3", 128, 96, 512, seed=9, BN=32)
    assert np.all(np.abs(out - ref) <= 2.0 ** -20 * (mag + np.abs(ref))), np.max(np.abs(out - ref) / mag)


def test_mxfp4_wide_scales_match_numpy():
    out, ref, mag = _run("e2m1", 64, 64, 512, seed=11)
    assert np.all(np.abs(out - ref) <= 2.0 ** -20 * (mag + np.abs(ref))), np.max(np.abs(out - ref) / mag)


@pytest.mark.parametrize("fb,planes", [("e2m1", 1), ("e4m3", 2)])
def test_k_loop_isa(fb, planes):
    k = compiler.compile(build(fb), target="gfx950")
    loop = loop_blocks(k.asm)
    # BM = BN = 64 over 4 warps: 2 x 2 tiles of 16 x 16 per warp, BK = 256
    # = 2 instructions of K 128 each: 8 MFMAs per K step.
    assert loop.count("v_mfma_scale_f32_16x16x128_f8f6f4") == 8
    # B: 2 N tiles x 2 K tiles fragments per warp, one dwordx4 per plane,
    # voffset VGPRs set before the loop, the K tile in an SGPR soffset.
    b_loads = re.findall(r"buffer_load_dwordx4 v\[\d+:\d+\], (v\d+), s\[\d+:\d+\], (s\d+) offen(?! lds)", loop)
    assert len(b_loads) == 4 * planes, loop
    # The definition a B load's voffset has in the loop, if any, is LLVM
    # rematerializing it as another voffset plus a constant K tile distance
    # (one v_or / v_add): the lane arithmetic is done before the loop.
    lines = loop.splitlines()
    for i, ln in enumerate(lines):
        m = re.search(r"buffer_load_dwordx4 v\[\d+:\d+\], (v\d+), s\[\d+:\d+\], s\d+ offen(?! lds)", ln)
        if not m:
            continue
        defs = [d for d in lines[:i] if re.match(rf"\s+v_\w+ {m.group(1)},", d)]
        if defs:
            assert re.match(rf"\s+v_(or_b32|add_u32)_e32 {m.group(1)}, 0x[0-9a-f]+, v\d+$", defs[-1]), defs[-1]
    soffs = {s for _, s in b_loads}
    assert all(re.search(rf"^\s+s_\w+ {s},", loop, re.M) for s in soffs), "the K tile offset does not step"
    # A: asynchronous copies to LDS, read back with ds_read; B never in LDS.
    assert "lds" in loop and "ds_read" in loop
    assert k.resources["scratch"] == 0 and k.resources["vgpr_spill"] == 0


def test_isa_report():
    rows = preshuffled_gemm_report(configs=((128, 128, 256, 2),))
    assert [(r["b_format"], r["shuffled_scales"]) for r in rows] == \
        [("e2m1", False), ("e2m1", True), ("e4m3", False), ("e4m3", True)]
    for row, planes in zip(rows, (1, 1, 2, 2)):
        # 128 x 128 over 4 warps: 4 x 4 tiles per warp, 2 K instructions
        assert row["mfma_per_k_step"] == 32
        mem = row["memory_per_k_step"]
        # B: 4 N tiles x 2 K tiles per warp, one load per plane; A: 128 x
        # 128 bytes in 16-byte copies over 256 threads
        assert mem["buffer_load_dwordx4"] == 8 * planes and mem["buffer_load_dwordx4 lds"] == 4
        # preshuffled scales: 2 dwords per operand, no LDS exchange
        assert (mem["buffer_load_dword"], "ds_read_u8" in mem) == ((4, False) if row["shuffled_scales"] else
                                                                   (2, True)), mem
        assert row["vgpr"] > 0 and row["sgpr"] > 0 and row["spills"] == 0


@pytest.mark.parametrize("call,exc,match", [
    (lambda ld: ld.load_tile(0, 0, 48, 64), ValueError, "BLOCK_K_BYTES must be a positive multiple of 64"),
    (lambda ld: ld.load_tile(0, 0, 64, 24), ValueError, "BLOCK_N must be a positive multiple of 16"),
    (lambda ld: ld.load_tile(0.5, 0, 64, 64), TypeError, "n0 must be a wave-uniform int32 scalar"),
])
def test_load_tile_misuse(call, exc, match):
    @tl.kernel(num_warps=1)
    def kern(b: tl.pointer(tl.int8)):
        call(tl.PreshuffledBLoader(b, 64, 256))

    with pytest.raises(exc, match=match):
        kern.build(target="gfx950")


def test_load_tile_rejects_fp6():
    @tl.kernel(num_warps=1)
    def kern(b: tl.pointer(tl.int8)):
        tl.PreshuffledBLoader(b, 64, 384, lane_bytes=24).load_tile(0, 0, 96, 16)

    with pytest.raises(ValueError, match="24-byte .FP6. fragment is no power-of-two run"):
        kern.build(target="gfx950")
