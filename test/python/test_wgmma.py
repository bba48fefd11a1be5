"""Hopper's warpgroup MMA in TLX's names (the TLX tensor-core reference's async_dot /
async_dot_wait, T13): examples/gemm.py's pipelined GEMM with WGMMA=True
builds for sm_90a, and its PTX has one wgmma.mma_async per 64 rows of a
warpgroup and 16 of K with the operand descriptors of the nvmma tiles,
fenced before and committed after, and a wait_group that the accumulator
passes through; ptxas accepts it. (The H200 runs it against torch:
bench/gpu, case gemm_wgmma_bf16_*.) Misuse is rejected: an accumulator read
before its wait (T13), wgmma on a target without it, bad arguments."""

import os
import re
import sys

import pytest

from tlxamd import compiler
from tlxamd import language as tl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
from gemm import gemm_pipelined  # noqa: E402  (examples/gemm.py)


def _desc(lbo, sbo, swizzle_mode):
    """wgmma's descriptor fields but the address (no fixed bits 46-48)."""
    return ((lbo >> 4) << 16) | ((sbo >> 4) << 32) | (swizzle_mode << 62)


@pytest.mark.parametrize("warps", [4, 8])
def test_pipelined_gemm_ptx(warps):
    kern = tl.kernel(num_warps=warps, name=f"wg{warps}")(gemm_pipelined.fn)
    k = compiler.compile(kern.build(target="sm_90a", BM=128, BN=128, BK=64, STAGES=3, GROUP_M=8, WGMMA=True),
                         target="sm_90a")
    ptx = k.asm
    mmas = re.findall(r"wgmma\.mma_async\.sync\.aligned\.m64n128k16\.f32\.bf16\.bf16", ptx)
    # per K step of 64: 4 instructions per 64-row block; 128 rows are two
    # blocks of one warpgroup (4 warps) or one block of each of two (8);
    # the steady loop and the drain loop each have one step
    per_step = 4 * (2 if warps == 4 else 1)
    assert len(mmas) == 2 * per_step, len(mmas)
    assert ptx.count("wgmma.fence.sync.aligned") == 2
    assert ptx.count("wgmma.commit_group.sync.aligned") == 2
    assert ptx.count("wgmma.wait_group.sync.aligned 0") == 2
    # A [128, 64] bf16 K-major and B [64, 128] MN-major (N contiguous, 64-column
    # atoms 8 KiB apart): 128-byte swizzle, 8-row groups 1024 bytes apart
    ir = k.llvm_ir
    assert f", {_desc(16, 1024, 1)}\n" in ir
    assert f", {_desc(64 * 128, 1024, 1)}\n" in ir
    assert "mma.sync" not in ptx and "ldmatrix" not in ptx
    assert k.binary


def test_accumulator_read_before_wait():
    layout = tl.nvmma_shared_layout(128, 16)

    @tl.kernel(num_warps=4)
    def k(c: tl.pointer(tl.float32)):
        a = tl.local_alloc((64, 64), tl.bfloat16, layout, num=1)
        acc = tl.async_dot(a, a)
        offs = tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :]
        tl.store(c + offs, acc)

    with pytest.raises(Exception, match=r"T13: reads the accumulator of an async_dot \(warpgroup MMA\) that may "
                                        r"still be in flight"):
        compiler.compile(k.build(target="sm_90a"), target="sm_90a")


def test_wgmma_is_hoppers():
    layout = tl.nvmma_shared_layout(128, 16)

    @tl.kernel(num_warps=4)
    def k(c: tl.pointer(tl.float32)):
        a = tl.local_alloc((64, 64), tl.bfloat16, layout, num=1)
        acc = tl.async_dot_wait(0, tl.async_dot(a, a))
        offs = tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :]
        tl.store(c + offs, acc)

    with pytest.raises(Exception, match=r"needs the warpgroup MMA \(wgmma\) of Hopper, which sm_100a"):
        compiler.compile(k.build(target="sm_100a"), target="sm_100a")


def test_api_arguments():
    layout = tl.nvmma_shared_layout(128, 16)

    @tl.kernel(num_warps=4)
    def pend(c: tl.pointer(tl.float32)):
        a = tl.local_alloc((64, 64), tl.bfloat16, layout, num=1)
        tl.async_dot_wait(-1, tl.async_dot(a, a))

    with pytest.raises(ValueError, match="pendings must be a non-negative int"):
        pend.build(target="sm_90a")

    @tl.kernel(num_warps=4)
    def bars(c: tl.pointer(tl.float32)):
        a = tl.local_alloc((64, 64), tl.bfloat16, layout, num=1)
        bar = tl.alloc_barriers(1)[0]
        tl.async_dot(a, a, mBarriers=[bar])

    with pytest.raises(ValueError, match="two_ctas and mBarriers are tcgen05's"):
        bars.build(target="sm_90a")

    @tl.kernel(num_warps=4)
    def acc_shape(c: tl.pointer(tl.float32)):
        a = tl.local_alloc((64, 64), tl.bfloat16, layout, num=1)
        tl.async_dot(a, a, tl.zeros([64, 32], tl.float32))

    with pytest.raises(TypeError, match=r"acc must be a float32 tensor of shape \[64, 64\]"):
        acc_shape.build(target="sm_90a")
