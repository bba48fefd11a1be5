"""The TLX tensor-core reference's tensor-core examples in TLX's names (examples/
blackwell_scaled_gemm.py): the TMEM-backed MXFP8 GEMM and the two-CTA
scaled MMA (with mBarriers and with tcgen05_commit) build, verify and go
through ptxas for sm_100a. The checks follow the PTX ISA: one
tcgen05.mma.kind::mxf8f6f4.block_scale per 32 elements of K with the
instruction descriptor of the formats, majorness, shape and scale byte;
shared-memory matrix descriptors with the swizzle's strides; one
tcgen05.cp 32x128b.warpx4 per 512-byte scale block; the two-CTA kernel's
cta_group::2 on every tcgen05 instruction, its commit multicast to the
pair and its "arrive remote, wait local" (mapa + remote arrive). Misuse is
rejected with the verifiers' messages (T1, T3, T5, cta_group)."""

import os
import re
import sys

import numpy as np
import pytest

from tlxamd import compiler
from tlxamd import language as tl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
import blackwell_scaled_gemm as ex  # noqa: E402  (examples/blackwell_scaled_gemm.py)


def _idesc(a_type, b_type, a_mn, b_mn, m, n, sf):
    """The kind::mxf8f6f4 instruction descriptor, field by field from the
    PTX ISA's table (independent of the compiler's encoder)."""
    return (sf << 4) | (a_type << 7) | (b_type << 10) | (a_mn << 15) | (b_mn << 16) | ((n >> 3) << 17) | \
        (1 << 23) | ((m >> 4) << 24) | (sf << 29)


def _smem_desc(lbo, sbo, swizzle_mode):
    """The descriptor's fields but the address, as LLVM IR prints the i64
    (signed)."""
    v = ((lbo >> 4) << 16) | ((sbo >> 4) << 32) | (1 << 46) | (swizzle_mode << 61)
    return v - (1 << 64) if v >= 1 << 63 else v


@pytest.fixture(scope="module")
def kernels():
    return [compiler.compile(m, target="sm_100a") for m in ex.build()]


def test_one_cta_gemm(kernels):
    k = kernels[0]
    ptx = k.asm
    # K = 128 per step: four MMAs of K = 32, each scale byte 0..3 of the
    # scales' four columns; e4m3 (0) x e4m3 (0), A K-major, B MN-major.
    mmas = re.findall(r"tcgen05\.mma\.cta_group::1\.kind::mxf8f6f4\.block_scale[^;]*;", ptx)
    assert len(mmas) == 4, mmas
    for sf in range(4):
        assert f"i32 {_idesc(0, 0, 0, 1, 128, 128, sf)}," in k.llvm_ir, sf
    # two scale blocks of 512 bytes, one tcgen05.cp each
    assert ptx.count("tcgen05.cp.cta_group::1.32x128b.warpx4") == 2
    # A: K-major, 128-byte swizzle, 8-row groups 1024 bytes apart; B:
    # MN-major, 8 K rows 1024 bytes apart; the scale blocks unswizzled
    ir = k.llvm_ir
    assert f", {_smem_desc(16, 1024, 2)}\n" in ir
    assert f", {_smem_desc(16, 128, 0)}\n" in ir
    # the MMAs commit to the barrier every thread then waits on
    # (the loop's waits sit in its header, before the copies in the text)
    pos = 0
    for s in ("tcgen05.alloc", "mbarrier.try_wait", "tcgen05.cp", "tcgen05.mma", "tcgen05.commit", "tcgen05.ld",
              "tcgen05.dealloc"):
        pos = ptx.index(s, pos)  # each after the one before
    assert "tcgen05.alloc.cta_group::1" in ptx and "cta_group::2" not in ptx
    assert k.binary and k.resources  # ptxas -arch=sm_100a -v


@pytest.mark.parametrize("which", [1, 2])
def test_two_cta_gemm(kernels, which):
    k = kernels[which]
    ptx = k.asm
    assert ptx.count("tcgen05.mma.cta_group::2.kind::mxf8f6f4.block_scale") == 4
    # M = 256 over the pair (the instruction descriptor's M), N = 256
    for sf in range(4):
        assert f"i32 {_idesc(0, 0, 0, 1, 256, 256, sf)}," in k.llvm_ir
    # the scales in shared memory, copied in by the lead CTA: A's one
    # block, B's two (all of N = 256)
    assert ptx.count("tcgen05.cp.cta_group::2.32x128b.warpx4") == 3
    assert "tcgen05.alloc.cta_group::2" in ptx
    assert "cta_group::1" not in ptx
    # the commit reaches the barrier of both CTAs of the pair
    assert re.search(r"tcgen05\.commit\.cta_group::2\.mbarrier::arrive::one\.shared::cluster\.multicast::cluster"
                     r"\.b64", ptx)
    # "arrive remote, wait local"
    assert "mapa.shared::cluster" in ptx
    assert "mbarrier.arrive.release.cluster.shared::cluster" in ptx
    assert ".reqnctapercluster 2, 1, 1" in ptx
    assert k.binary


def test_preshuffle_scales_order():
    s = np.arange(256 * 8, dtype=np.int64).reshape(256, 8)
    p = ex.preshuffle_scales(s)
    assert p.shape == (2, 2, 32, 16)
    for r in (0, 31, 32, 100, 255):
        for j in (0, 3, 4, 7):
            blk = p[r // 128, j // 4].reshape(-1)
            assert blk[(r % 32) * 16 + (r % 128 // 32) * 4 + j % 4] == s[r, j]


def _tiles():
    a = tl.local_alloc((128, 128), tl.float8e4nv, tl.nvmma_shared_layout(128, 8), num=1)
    b = tl.local_alloc((128, 128), tl.float8e4nv, tl.nvmma_shared_layout(128, 8), num=1)
    acc = tl.local_alloc((128, 128), tl.float32, 1, tl.storage_kind.tmem)[0]
    s = tl.local_alloc((128, 4), tl.uint8, 1, tl.storage_kind.tmem)[0]
    return a, b, acc, s


def test_format_must_be_mx():
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        a, b, acc, s = _tiles()
        tl.async_dot_scaled(a, b, acc, s, "bf16", s, "e4m3")

    with pytest.raises(Exception, match=r"T3: A_format is one of the FP8 / FP6 / FP4 kinds"):
        compiler.compile(k.build(target="sm_100a"), target="sm_100a")


def test_two_ctas_needs_a_pair():
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        a = tl.local_alloc((128, 128), tl.float8e4nv, tl.nvmma_shared_layout(128, 8), num=1)
        b = tl.local_alloc((128, 64), tl.float8e4nv, tl.nvmma_shared_layout(64, 8), num=1)
        acc = tl.local_alloc((128, 128), tl.float32, 1, tl.storage_kind.tmem)[0]
        s = tl.local_alloc((128, 4), tl.uint8, 1, tl.storage_kind.tmem)[0]
        tl.async_dot_scaled(a, b, acc, s, "e4m3", s, "e4m3", two_ctas=True)

    with pytest.raises(Exception, match=r"T1: a two-CTA MMA runs across the two CTAs of a cluster: the kernel "
                                        r"needs num_ctas = 2, got 1"):
        compiler.compile(k.build(target="sm_100a"), target="sm_100a")


def test_commit_must_match_the_mma():
    @tl.kernel(num_warps=4, num_ctas=2)
    def k(x: tl.pointer(tl.float32)):
        a = tl.local_alloc((128, 128), tl.float8e4nv, tl.nvmma_shared_layout(128, 8), num=1)
        b = tl.local_alloc((128, 64), tl.float8e4nv, tl.nvmma_shared_layout(64, 8), num=1)
        acc = tl.local_alloc((128, 128), tl.float32, 1, tl.storage_kind.tmem)[0]
        s = tl.local_alloc((128, 4), tl.uint8, 1, tl.storage_kind.tmem)[0]
        bar = tl.alloc_barriers(1)[0]
        tl.async_dot_scaled(a, b, acc, s, "e4m3", s, "e4m3", two_ctas=True)
        tl.tcgen05_commit(bar)  # the TLX issue: a one-CTA commit of two-CTA MMAs

    with pytest.raises(Exception, match=r"uses cta_group::1 in a kernel whose tcgen05 operations use cta_group::2"):
        compiler.compile(k.build(target="sm_100a"), target="sm_100a")


def test_unused_scale_buffer_is_an_error():
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        tl.local_alloc((128, 4), tl.uint8, 1, tl.storage_kind.tmem)

    with pytest.raises(Exception, match=r"T5: the placeholder layout of this uint8 tensor-memory buffer resolves"):
        compiler.compile(k.build(target="sm_100a"), target="sm_100a")


def test_documents_scale_shape_is_rejected():
    # The TLX tensor-core reference's GEMM allocates (BLOCK_M // 128, BLOCK_K // 32): one
    # row cannot hold BLOCK_M rows of scales.
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        tl.local_alloc((128 // 128, 128 // 32), tl.uint8, 1, tl.storage_kind.tmem)

    with pytest.raises(ValueError, match=r"rows x \(K / 32\) in whole blocks of 128 rows x 4 scales"):
        k.build(target="sm_100a")


def test_api_arguments():
    @tl.kernel(num_warps=4)
    def fmt(x: tl.pointer(tl.float32)):
        a, b, acc, s = _tiles()
        tl.async_dot_scaled(a, b, acc, s, 8, s, "e4m3")

    with pytest.raises(TypeError, match="A_format must be a format name"):
        fmt.build(target="sm_100a")

    @tl.kernel(num_warps=4)
    def bars(x: tl.pointer(tl.float32)):
        a, b, acc, s = _tiles()
        tl.async_dot_scaled(a, b, acc, s, "e4m3", s, "e4m3", mBarriers=3)

    with pytest.raises(TypeError, match="mBarriers must be a list of barriers"):
        bars.build(target="sm_100a")

    @tl.kernel(num_warps=4)
    def acc_in_smem(x: tl.pointer(tl.float32)):
        a, b, acc, s = _tiles()
        tl.async_dot_scaled(a, b, a, s, "e4m3", s, "e4m3")

    with pytest.raises(TypeError, match="acc must be a tensor-memory buffer"):
        acc_in_smem.build(target="sm_100a")

    @tl.kernel(num_warps=4)
    def copy_from_tmem(x: tl.pointer(tl.float32)):
        a, b, acc, s = _tiles()
        tl.tmem_copy(s, s)

    with pytest.raises(TypeError, match="src must be a shared-memory buffer"):
        copy_from_tmem.build(target="sm_100a")


def test_async_dot_f16():
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        a = tl.local_alloc((128, 64), tl.bfloat16, tl.nvmma_shared_layout(128, 16), num=1)
        b = tl.local_alloc((64, 128), tl.bfloat16, tl.nvmma_shared_layout(128, 16), num=1)
        acc = tl.local_alloc((128, 128), tl.float32, 1, tl.storage_kind.tmem)[0]
        bar = tl.alloc_barriers(1)[0]
        tl.async_dot(a, b, acc, use_acc=False, mBarriers=[bar])
        tl.barrier_wait(bar, 0)
        offs = tl.arange(0, 128)[:, None] * 128 + tl.arange(0, 128)[None, :]
        tl.store(x + offs, tl.local_load(acc))

    c = compiler.compile(k.build(target="sm_100a"), target="sm_100a")
    # K = 64: four kind::f16 MMAs of K = 16; bf16 (1) inputs, f32 D
    assert c.asm.count("tcgen05.mma.cta_group::1.kind::f16") == 4
    idesc = (1 << 4) | (1 << 7) | (1 << 10) | (1 << 16) | ((128 >> 3) << 17) | ((128 >> 4) << 24)
    assert f"i32 {idesc}," in c.llvm_ir
    assert c.binary
