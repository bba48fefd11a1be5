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
    # atoms 8 KiB apart): 128-byte swizzle, 8-row groups 1024 bytes apart;
    # K-major A's leading offset is ignored by wgmma and left 0
    ir = k.llvm_ir
    assert f", {_desc(0, 1024, 1)}\n" in ir
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


def test_gluon_warpgroup_mma_register_a_and_warpgroups_along_n():
    """Gluon's warpgroup_mma (tutorial 05's kernels, written here): a
    version-3 NVMMADistributedLayout with warps [4, 2], A from shared
    memory or from registers (DotOperandLayout k_width 2), B transposed by
    `permute((1, 0))`, the K loop bounded by the descriptor's runtime
    `shape`; compiled for sm_90a through ptxas."""
    import re

    from tlxamd import compiler
    from tlxamd.experimental.gluon import language as gl
    from tlxamd.experimental.gluon.language.nvidia.hopper import (
        fence_async_shared,
        mbarrier,
        tma,
        warpgroup_mma,
        warpgroup_mma_init,
        warpgroup_mma_wait,
    )

    a_layout = gl.NVMMASharedLayout.get_default_for([64, 64], gl.float16)
    bt_layout = gl.NVMMASharedLayout.get_default_for([128, 64], gl.float16)
    c_layout = gl.NVMMASharedLayout.get_default_for([64, 128], gl.float16)
    mma = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 2], instr_shape=[16, 64, 16])
    A_DESC = tl.tensor_descriptor(tl.float16, [64, 64], a_layout, with_shape=True)
    BT_DESC = tl.tensor_descriptor(tl.float16, [128, 64], bt_layout, with_shape=True)
    C_DESC = tl.tensor_descriptor(tl.float16, [64, 128], c_layout, with_shape=True)

    def make(lhs_in_reg):
        @tl.kernel(num_warps=8)
        def k(a_desc: A_DESC, b_desc: BT_DESC, c_desc: C_DESC):
            a_smem = gl.allocate_shared_memory(a_desc.dtype, a_desc.block_type.shape, a_desc.layout)
            b_smem = gl.allocate_shared_memory(b_desc.dtype, b_desc.block_type.shape, b_desc.layout)
            gl.static_assert(isinstance(a_smem.type.layout, gl.NVMMASharedLayout))
            bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
            mbarrier.init(bar, count=1)
            acc = warpgroup_mma_init(gl.zeros((64, 128), dtype=gl.float32, layout=mma))
            phase = 0
            for k0 in range(0, a_desc.shape[1], 64):
                mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes)
                tma.async_load(a_desc, [0, k0], bar, a_smem)
                tma.async_load(b_desc, [0, k0], bar, b_smem)
                mbarrier.wait(bar, phase=phase)
                phase ^= 1
                if lhs_in_reg:
                    a = a_smem.load(gl.DotOperandLayout(operand_index=0, parent=mma, k_width=2))
                else:
                    a = a_smem
                acc = warpgroup_mma(a, b_smem.permute((1, 0)), acc, is_async=True)
                acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc, ))
            mbarrier.invalidate(bar)
            c_smem = gl.allocate_shared_memory(gl.float16, [64, 128], c_desc.layout)
            c_smem.store(acc.to(gl.float16))
            fence_async_shared()
            tma.async_copy_shared_to_global(c_desc, [0, 0], c_smem)
            tma.store_wait(pendings=0)

        return k

    for lhs_in_reg in (False, True):
        out = compiler.compile(make(lhs_in_reg).build(target="sm_90a"), target="sm_90a")
        ptx = out.asm
        mmas = re.findall(r"wgmma\.mma_async\.sync\.aligned\.m64n64k16\.f32\.f16\.f16 [^;]*;", ptx)
        assert len(mmas) == 4, mmas  # 4 K steps of 16 per 64-wide K tile, one block per warpgroup
        if lhs_in_reg:
            assert all(re.search(r"\}, \{%r\d+, %r\d+, %r\d+, %r\d+\}, %rd\d+, p, 1, 1, 0;", m) for m in mmas)
        else:
            assert all(re.search(r"%rd\d+, %rd\d+, p, 1,\s+1, 0,\s+0;", m) for m in mmas)
        # the tensor maps, then each descriptor's two sizes
        assert out.kernels["k"]["args"] == ["tensor_map", "i32", "i32"] * 3
