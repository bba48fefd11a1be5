"""Warp-pipelined loops (TLX's `with tlx.warp_pipeline_stage(...)`) on
gfx950: examples/pingpong_gemm.py, eight waves in two ping-pong halves with
direct-to-LDS copies, exact in the emulator at ragged sizes in both of its
buffer configurations; its K loop in the machine code (two stage barriers,
s_setprio per stage, the MFMAs of the tile, no spills, the halves' extra
barriers around the loop); TLX's own warp-pipeline tutorial shape, whose
wait the shifted halves would overtake, gets that wait one stage earlier
(W12) and computes exactly."""

import os
import re
import sys

import numpy as np
import pytest

import tlxamd as triton
import tlxamd.language.extra.tlx as tlx
from tlxamd import language as tl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
import pingpong_gemm  # noqa: E402  (examples/pingpong_gemm.py)

CONFIGS = [dict(BLOCK_M=256, BLOCK_N=256, BLOCK_K=64, NUM_BUFFERS=2),
           dict(BLOCK_M=256, BLOCK_N=256, BLOCK_K=32, NUM_BUFFERS=3),
           dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=32, NUM_BUFFERS=3)]


@pytest.fixture
def gfx950():
    old = os.environ.get("TLXAMD_TARGET")
    os.environ["TLXAMD_TARGET"] = "gfx950"
    yield
    if old is None:
        del os.environ["TLXAMD_TARGET"]
    else:
        os.environ["TLXAMD_TARGET"] = old


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "x".join(str(v) for v in c.values()))
@pytest.mark.parametrize("shape", [(256, 256, 64), (300, 208, 208), (512, 272, 96)])
def test_pingpong_gemm_exact_in_emulator(gfx950, config, shape):
    M, N, K = shape
    rng = np.random.default_rng(M + N + K)
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    c = np.zeros((M, N), np.float16)
    grid = (triton.cdiv(M, config["BLOCK_M"]), triton.cdiv(N, config["BLOCK_N"]))
    pingpong_gemm.pingpong_gemm[grid](a, b, c, M, N, K, K, N, N, num_warps=pingpong_gemm.NUM_WARPS, **config)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(c.astype(np.float32), ref, rtol=1e-2, atol=2e-2)


def _loop(asm):
    """The K loop's instructions (the block ending in the backward branch)."""
    m = re.search(r"^(\.LBB0_\d+):[^\n]*Loop Header(.*?)s_cbranch_\w+ \1$", asm, re.S | re.M)
    assert m, "no K loop"
    return [ln.strip() for ln in m.group(2).splitlines() if ln.strip() and not ln.strip().startswith(";")]


@pytest.mark.parametrize("config", CONFIGS[:2], ids=lambda c: "x".join(str(v) for v in c.values()))
def test_pingpong_gemm_machine_code(config):
    k = pingpong_gemm.compile_gfx950(tl.float16, **config)
    asm = k.asm["amdgcn"] if isinstance(k.asm, dict) else k.asm
    loop = _loop(asm)
    mfma = sum(ln.startswith("v_mfma_f32_32x32x16_f16") for ln in loop)
    # A wave's 128 x 64 quarter of the block: 4 x 2 tiles of 32 x 32, BLOCK_K / 16 steps.
    assert mfma == 8 * config["BLOCK_K"] // 16
    assert sum(ln == "s_barrier" for ln in loop) == 2
    assert [ln for ln in loop if ln.startswith("s_setprio")] == ["s_setprio 1", "s_setprio 0"]
    # A and B tiles, 2 * 256 * BLOCK_K f16, in 16-byte copies by 8 x 64 lanes.
    copies = sum(ln.startswith("buffer_load_dwordx4") and ln.endswith("lds") for ln in loop)
    assert copies == 2 * 256 * config["BLOCK_K"] * 2 // (16 * 512)
    assert k.resources["vgpr_spill"] == 0 and k.resources["scratch"] == 0
    assert k.resources["lds"] == 2 * 256 * config["BLOCK_K"] * 2 * config["NUM_BUFFERS"]
    # The upper half's barrier before the loop, the lower half's after it.
    assert asm.count("s_barrier") >= 6


def test_tlx_tutorial_shape_gets_its_wait_one_stage_earlier(gfx950):
    """TLX's warp-pipeline GEMM tutorial shape ("mfma" stage, then the wait,
    then a "mem" stage that prefetches and reads the next tile) waits for
    the tile it reads at the boundary right before the reading stage: the
    other half, one stage behind, would not have passed its own wait yet.
    No commit stands in the "mfma" stage, so tlxamd-warp-pipeline moves the
    wait to the loop's top boundary (same count, same groups) and the
    kernel is safe (W12); exact in the emulator at a ragged-free size with
    the tutorial's epilogue."""

    @triton.jit
    def tutorial_shape(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                       NB: tl.constexpr):
        offs_m = tl.arange(0, BM)
        offs_n = tl.arange(0, BN)
        offs_k = tl.arange(0, BK)
        K_ITERS = K // BK
        sa = tlx.local_alloc((BM, BK), tlx.dtype_of(a_ptr), NB)
        sb = tlx.local_alloc((BK, BN), tlx.dtype_of(b_ptr), NB)
        for i in tl.static_range(NB):
            ta = tlx.async_load(a_ptr + offs_m[:, None] * K + (i * BK + offs_k[None, :]), tlx.local_view(sa, i))
            tlx.async_load_commit_group([ta])
            tb = tlx.async_load(b_ptr + (i * BK + offs_k[:, None]) * BN + offs_n[None, :], tlx.local_view(sb, i))
            tlx.async_load_commit_group([tb])
        tlx.async_load_wait_group((NB - 1) * 2)
        a_tile = tlx.local_load(tlx.local_view(sa, 0))
        b_tile = tlx.local_load(tlx.local_view(sb, 0))
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for t in tl.range(0, K_ITERS - NB):
            k0 = (t + NB) * BK
            with tlx.warp_pipeline_stage("mfma", priority=0):
                acc = tl.dot(a_tile, b_tile, acc)
            tlx.async_load_wait_group((NB - 2) * 2)
            with tlx.warp_pipeline_stage("mem", priority=1):
                ta = tlx.async_load(a_ptr + offs_m[:, None] * K + (k0 + offs_k[None, :]), tlx.local_view(sa, t % NB))
                tlx.async_load_commit_group([ta])
                tb = tlx.async_load(b_ptr + (k0 + offs_k[:, None]) * BN + offs_n[None, :],
                                    tlx.local_view(sb, t % NB))
                tlx.async_load_commit_group([tb])
                a_tile = tlx.local_load(tlx.local_view(sa, (t + 1) % NB))
                b_tile = tlx.local_load(tlx.local_view(sb, (t + 1) % NB))
        acc = tl.dot(a_tile, b_tile, acc)
        tlx.async_load_wait_group(0)
        for i in tl.static_range(NB - 1):
            buf = (K_ITERS - (NB - 1) + i) % NB
            acc = tl.dot(tlx.local_load(tlx.local_view(sa, buf)), tlx.local_load(tlx.local_view(sb, buf)), acc)
        tl.store(c_ptr + offs_m[:, None] * BN + offs_n[None, :], acc)

    rng = np.random.default_rng(4)
    K = 256
    a = rng.standard_normal((128, K)).astype(np.float16)
    b = rng.standard_normal((K, 128)).astype(np.float16)
    c = np.zeros((128, 128), np.float32)
    tutorial_shape[(1,)](a, b, c, K, BM=128, BN=128, BK=32, NB=3, num_warps=8)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-2, atol=1e-2)
    k = tutorial_shape.warmup(a, b, c, K, BM=128, BN=128, BK=32, NB=3, num_warps=8, grid=(1,))
    loop = _loop(k.asm["amdgcn"])
    # the wait moved to the loop's top: a vmcnt wait before the first barrier
    first_barrier = next(i for i, ln in enumerate(loop) if ln == "s_barrier")
    assert any(ln.startswith("s_waitcnt vmcnt") for ln in loop[:first_barrier])
    assert sum(ln == "s_barrier" for ln in loop) == 2
