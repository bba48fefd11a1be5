"""Loops feeding tl.dot software-pipelined through shared memory
(tlxamd-pipeline with the kernel's num_stages, Triton's launch option):
the textbook K loop of Triton's tutorial (carried pointer tensors, a
ragged K mask, M and N wrapped with %) exact in the emulator for every
num_stages on gfx950 (staged: direct-to-LDS copies) and gfx942 (not
staged: 4-byte copies only), and what each target's code holds."""

import os
import re
import sys

import numpy as np
import pytest

import tlxamd
import tlxamd.language as tl
from tlxamd import compiler


@tlxamd.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    tl.assume(stride_am > 0)
    tl.assume(stride_bk > 0)
    tl.assume(stride_cm > 0)
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, acc.to(tl.float16), mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


def _launch(a, b, c, stages, block=(32, 32, 32)):
    M, K = a.shape
    N = b.shape[1]
    bm, bn, bk = block
    matmul[(-(-M // bm), -(-N // bn))](a, b, c, M, N, K, a.strides[0] // 2, a.strides[1] // 2,
                                       b.strides[0] // 2, b.strides[1] // 2, c.strides[0] // 2,
                                       c.strides[1] // 2, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
                                       num_warps=4, num_stages=stages)


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
@pytest.mark.parametrize("stages", [1, 2, 3, 4])
@pytest.mark.parametrize("M,N,K", [(72, 40, 80), (33, 64, 32), (40, 24, 72), (16, 16, 0)])
def test_pipelined_matmul_is_exact(monkeypatch, target, stages, M, N, K):
    """Small integers: every product and sum exact in f32 and in f16."""
    monkeypatch.setenv("TLXAMD_TARGET", target)
    rng = np.random.default_rng(M * 1000 + N * 10 + K + stages)
    a = rng.integers(-3, 4, (M, K)).astype(np.float16)
    b = rng.integers(-3, 4, (K, N)).astype(np.float16)
    c = np.full((M, N), 7, np.float16)
    _launch(a, b, c, stages)
    np.testing.assert_array_equal(c, (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16))


@pytest.mark.parametrize("stages", [2, 3])
def test_gfx942_transposed_b_staging_is_exact(monkeypatch, stages):
    """A 32 x 128 B tile over 4 warps: each thread loads two rows and
    stores them K-contiguous (transposed in its registers); ragged M, N
    and K."""
    monkeypatch.setenv("TLXAMD_TARGET", "gfx942")
    M, N, K = 70, 150, 80
    rng = np.random.default_rng(stages)
    a = rng.integers(-3, 4, (M, K)).astype(np.float16)
    b = rng.integers(-3, 4, (K, N)).astype(np.float16)
    c = np.full((M, N), 7, np.float16)
    _launch(a, b, c, stages, block=(64, 128, 32))
    np.testing.assert_array_equal(c, (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16))


def _compiled(target, stages, k=64, b_k_major=False, a_m_major=False, dtype=tl.float16):
    sig = {"a_ptr": tl.pointer(dtype), "b_ptr": tl.pointer(dtype), "c_ptr": tl.pointer(tl.float16)}
    sig.update({n: tl.divisible_int(tl.int32) for n in ("M", "N", "K", "stride_cm")})
    # the unit stride of each operand (a constexpr, as the launcher makes it)
    unit = {"stride_cn": 1, "stride_am" if a_m_major else "stride_ak": 1,
            "stride_bk" if b_k_major else "stride_bn": 1}
    sig.update({n: tl.divisible_int(tl.int32) for n in ("stride_am", "stride_ak", "stride_bk", "stride_bn")
                if n not in unit})
    sig.update({n: tl.constexpr for n in unit})
    module = tl.kernel(matmul.fn, num_warps=4, num_stages=stages).build(
        target, signature=sig, **unit, BLOCK_M=128, BLOCK_N=128, BLOCK_K=k)
    return compiler.compile(module, target=target, binary=False, remarks=True)


def test_gfx950_stages_copy_straight_to_lds():
    """One stage: the tile of the iteration itself, copied and waited for
    (one buffer); three: two tiles ahead (three buffers)."""
    one, three = _compiled("gfx950", 1), _compiled("gfx950", 3)
    assert "rocdl.raw.ptr.buffer.load.lds" in one.mlir and "rocdl.raw.ptr.buffer.load.lds" in three.mlir
    assert one.resources["lds"] == 2 * 128 * 64 * 2
    assert any("pipelined 2 load(s) feeding dots through 1 shared-memory buffers each (asynchronous copies 0 "
               "iteration(s) ahead)" in r for r in one.remarks), one.remarks
    # three buffers of A (128 x 64) and B (64 x 128) f16: 96 KiB
    assert three.resources["lds"] == 3 * 2 * 128 * 64 * 2
    assert any("pipelined 2 load(s) feeding dots through 3 shared-memory buffers" in r for r in three.remarks)
    # B's tile is read back transposed (CDNA4's ds_read_b64_tr_b16)
    assert "ds_read_b64_tr_b16" in three.asm
    # Under the tiles' swizzle a lane copies another lane's element: the
    # offsets (loop-invariant) are fetched once before the loop, only the K
    # masks computed in it are fetched per step (at most one per copy)
    lines = three.asm.splitlines()
    start = next(i for i, line in enumerate(lines) if "Loop Header" in line)
    end = next(i for i in range(start, len(lines)) if "s_cbranch_scc1" in lines[i])
    body = "\n".join(lines[start:end])
    assert 0 < body.count("ds_bpermute_b32") <= body.count("offen lds") == 8, body
    assert "ds_bpermute_b32" in "\n".join(lines[:start])


def test_gfx942_stages_through_registers():
    """CDNA3 copies 4 bytes a lane straight to LDS: with num_stages S the
    tiles are loaded into registers S - 1 iterations ahead and stored into
    the S - 1 buffers after the dot (Triton's AMD stream pipeliner); one
    stage keeps the loads global. The kernel's LDS is the buffers' (the
    epilogue's conversion fits in them)."""
    one, two, three = (_compiled("gfx942", s, k=32) for s in (1, 2, 3))
    # 128 x 64 tiles in 3 stages: two buffers (64 KiB) would leave no room
    # for the layout conversions beside them: one, loads one step ahead
    wide = _compiled("gfx942", 3, k=64)
    for k in (one, two, three, wide):
        assert "buffer.load.lds" not in k.mlir
    assert any("gfx942 has no 16-byte global-to-shared copies" in r for r in one.remarks), one.remarks
    for k, buffers, bk in ((two, 1, 32), (three, 2, 32), (wide, 1, 64)):
        assert any(f"through {buffers} shared-memory buffers each, staged through registers (loads {buffers} "
                   "iteration(s) ahead, stored after the dot)" in r for r in k.remarks), k.remarks
        assert k.resources["lds"] == buffers * 2 * 128 * bk * 2, k.resources
        assert k.resources["vgpr_spill"] == 0
    # B (32 x 128) stored K-contiguous, two of its rows a thread: the MFMA
    # operand reads are 8 bytes a lane, no 2-byte gathers
    for k in (two, three):
        assert "ds_read_u16" not in k.asm and "ds_read_b64" in k.asm
    # the two tiles' stores share their barriers: one before both, one after
    # (Triton's two per K step)
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
    import amd_isa

    for k in (two, three):
        (body,) = amd_isa.loops(amd_isa.kernel_body(k.asm, "matmul")).values()
        assert sum(1 for line in body if line.strip() == "s_barrier") == 2, body


def test_gfx942_epilogue_stores_from_mfma_rather_than_enlarge_lds():
    """Tutorial 03's tile (BLOCK_K 32, 2 stages): converting the 128 x 128
    result to 16-byte stores would take 32 KiB of LDS, twice the staged
    tiles', and one program fewer per CU; the MFMA layout's 8-byte stores
    take none (Triton's AMD epilogue)."""
    k = _compiled("gfx942", 2, k=32)
    assert k.resources["lds"] == 2 * 128 * 32 * 2, k.resources
    assert "global_store_dwordx2" in k.asm and "global_store_dwordx4" not in k.asm


def test_gfx1250_epilogue_stores_from_wmma_rather_than_convert_through_lds():
    """gfx1250, one stage, BLOCK_K 32: the tiles take 2 x 8 KiB of LDS one
    after the other (8 KiB at once); converting the 128 x 128 result to
    coalesced stores would take 32 KiB; the transposed WMMA layout holds 8
    consecutive f16 results of a row a lane, already 16-byte stores
    (Triton's gfx1250 epilogue: 8 KiB of LDS)."""
    k = _compiled("gfx1250", 1, k=32)
    assert k.resources["lds"] == 128 * 32 * 2, k.resources
    assert set(re.findall(r"global_store_\w+", k.asm)) == {"global_store_b128"}, k.asm


def test_hopper_reads_row_major_tiles_with_wgmma():
    k = _compiled("sm_90a", 3)
    assert k.asm.count("cp.async.cg.shared.global") > 0 and "wgmma.mma_async" in k.asm
    assert "mma.sync" not in k.asm
    assert any("warpgroup MMA from shared memory" in r for r in k.remarks)


def test_hopper_splits_n_between_warpgroups_without_rows_for_them():
    """64 rows over 8 warps: the second warpgroup takes the other half of
    N (wgmma's version 3 layout, warps [4, 2]) instead of repeating the
    first one's product."""
    sig = {"a_ptr": tl.pointer(tl.float16), "b_ptr": tl.pointer(tl.float16), "c_ptr": tl.pointer(tl.float16)}
    sig.update({n: tl.divisible_int(tl.int32) for n in ("M", "N", "K", "stride_cm", "stride_am", "stride_bk")})
    unit = {"stride_cn": 1, "stride_ak": 1, "stride_bn": 1}
    sig.update({n: tl.constexpr for n in unit})
    module = tl.kernel(matmul.fn, num_warps=8, num_stages=3).build(
        "sm_90a", signature=sig, **unit, BLOCK_M=64, BLOCK_N=128, BLOCK_K=64)
    k = compiler.compile(module, target="sm_90a", binary=True)
    assert set(re.findall(r"wgmma\.mma_async\.sync\.aligned\.(m\d+n\d+k\d+)", k.asm)) == {"m64n64k16"}
    assert k.resources["spill_stores"] == 0


def test_hopper_k_major_b_is_a_transposed_wgmma_operand():
    """fp8 as the tutorial runs it (B K-major: wgmma takes fp8 only so)."""
    for dtype in (tl.float16, tl.float8e4nv):
        k = _compiled("sm_90a", 3, b_k_major=True, dtype=dtype)
        assert "cp.async.cg.shared.global" in k.asm and "mma.sync" not in k.asm
        assert ("wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3" if dtype is tl.float8e4nv
                else "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16") in k.asm


def test_hopper_m_major_a_takes_mma_sync_through_ldmatrix():
    k = _compiled("sm_90a", 3, a_m_major=True)
    assert "cp.async.cg.shared.global" in k.asm and "wgmma" not in k.asm
    assert "mma.sync" in k.asm and "ldmatrix" in k.asm


def _loop_body(asm: str) -> str:
    """The PTX of the kernel's loop: from its header to the branch back."""
    lines = asm.splitlines()
    start = next(i for i, line in enumerate(lines) if "Loop Header" in line)
    label = lines[start].split(":")[0].strip()
    end = next(i for i in range(start + 1, len(lines)) if f"bra.uni \t{label};" in lines[i]
               or re.search(rf"bra(\.uni)?\s+{re.escape(label)};", lines[i]))
    return "\n".join(lines[start:end + 1])


@pytest.mark.parametrize("bm,warps,pv_shape", [(128, 4, "m64n64k16"), (64, 8, "m64n32k16")])
def test_hopper_attention_step_is_tritons(bm, warps, pv_shape):
    """Per K/V step, as Triton 3.x compiles the same text: one barrier (the
    copy wait's, which hands the tiles to the async proxy; the P V MMA takes
    no fence or barrier of its own), Q read by wgmma from shared memory (no
    shared-memory stores in the loop: it is not converted to wgmma's
    fragment each step), one wgmma.wait_group per step (Q K^T's, which also
    retires the previous step's P V group: that group is left in flight,
    with no wait after it), Q K^T's first MMA not reading an accumulator; with 64 rows and 8 warps the P V
    product is split along D between the warpgroups (m64n32) where Q K^T
    keeps whole rows."""
    sig = {p: tl.pointer(tl.float16) for p in ("Q", "K", "V", "Out")}
    sig.update(sm_scale=tl.float32, N_CTX=tl.divisible_int(tl.int32))
    sig.update({p: tl.divisible_int(tl.int32) for p in ("stride_h", "stride_qm", "stride_kn", "stride_vn",
                                                        "stride_om")})
    module = tl.kernel(attention_fwd.fn, num_warps=warps, num_stages=3).build(
        "sm_90a", signature=sig, BLOCK_M=bm, BLOCK_N=64, D=64)
    k = compiler.compile(module, target="sm_90a", binary=True)
    body = _loop_body(k.asm)
    assert body.count("bar.sync") == 1, body
    assert "st.shared" not in body and "ld.shared" not in body
    assert body.count("wgmma.wait_group") == 1, body
    assert "wgmma.wait_group.sync.aligned 0;" in body
    assert "wgmma.wait_group" not in body[body.rindex("wgmma.commit_group"):]
    assert f"wgmma.mma_async.sync.aligned.{pv_shape}.f32.f16.f16" in body
    assert "setp.ne.b32 p, 0, 0;" in body  # Q K^T's first step: D = A B
    assert k.resources["spill_stores"] == 0, k.resources


def test_num_stages_is_checked():
    with pytest.raises(ValueError, match="num_stages must be an int between 1 and 16, got 0"):
        tl.kernel(matmul.fn, num_stages=0)


@tlxamd.jit
def attention_fwd(Q, K, V, Out, sm_scale, N_CTX, stride_h, stride_qm, stride_kn, stride_vn, stride_om,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, D: tl.constexpr):
    """A Triton-style flash-attention forward (online softmax; K read
    transposed through its pointers): two dots per K/V step, both B
    operands loaded in the loop; program_id(1) is the head."""
    tl.assume(stride_kn > 0)
    tl.assume(stride_vn > 0)
    head = tl.program_id(1) * stride_h
    Q += head
    K += head
    V += head
    Out += head
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    q = tl.load(Q + offs_m[:, None] * stride_qm + offs_d[None, :])
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, D], tl.float32)
    k_ptrs = K + offs_d[:, None] + offs_n[None, :] * stride_kn
    v_ptrs = V + offs_n[:, None] * stride_vn + offs_d[None, :]
    for start_n in range(0, N_CTX, BLOCK_N):
        k = tl.load(k_ptrs)
        qk = tl.dot(q, k) * sm_scale
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptrs)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_new
        k_ptrs += BLOCK_N * stride_kn
        v_ptrs += BLOCK_N * stride_vn
    acc = acc / l_i[:, None]
    tl.store(Out + offs_m[:, None] * stride_om + offs_d[None, :], acc.to(tl.float16))


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
def test_pipelined_attention_forward_matches_numpy(monkeypatch, target):
    """K and V staged on gfx950 (both dots' B operands), within f16
    rounding of numpy's attention."""
    monkeypatch.setenv("TLXAMD_TARGET", target)
    n, d, bm, bn = 96, 64, 32, 32
    rng = np.random.default_rng(7)
    q, k, v = (rng.standard_normal((n, d)).astype(np.float16) for _ in range(3))
    out = np.zeros((n, d), np.float16)
    scale = 1.0 / np.sqrt(d)
    attention_fwd[(n // bm, 1)](q, k, v, out, scale, n, n * d, d, d, d, d, BLOCK_M=bm, BLOCK_N=bn, D=d,
                                num_warps=4, num_stages=2)
    s = (q.astype(np.float32) @ k.astype(np.float32).T) * scale
    p = np.exp(s - s.max(1, keepdims=True))
    ref = (p / p.sum(1, keepdims=True)) @ v.astype(np.float32)
    np.testing.assert_allclose(out.astype(np.float32), ref, atol=2e-2, rtol=2e-2)


def test_gfx950_attention_barriers_leave_the_copies_in_flight():
    """The barriers of the step's conversions order LDS
    only (`s_waitcnt lgkmcnt(0); s_barrier`): the one vmcnt wait of the
    loop is the copy wait's, which leaves the next tiles' copies in flight
    (a workgroup fence before a barrier would wait for them all)."""
    sys_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench")
    sys.path.insert(0, sys_path)
    import amd_isa

    sig = {p: tl.pointer(tl.float16) for p in ("Q", "K", "V", "Out")}
    sig.update(sm_scale=tl.float32, N_CTX=tl.divisible_int(tl.int32))
    sig.update({p: tl.divisible_int(tl.int32) for p in ("stride_h", "stride_qm", "stride_kn", "stride_vn",
                                                        "stride_om")})
    module = tl.kernel(attention_fwd.fn, num_warps=4, num_stages=3).build(
        "gfx950", signature=sig, BLOCK_M=64, BLOCK_N=64, D=64)
    k = compiler.compile(module, target="gfx950", binary=False)
    (body,) = amd_isa.loops(amd_isa.kernel_body(k.asm, "attention_fwd")).values()
    waits = [ln.strip() for ln in body if "vmcnt" in ln]
    barriers = [ln for ln in body if ln.strip() == "s_barrier"]
    assert len(waits) == 1 and waits[0] != "s_waitcnt vmcnt(0)" and len(barriers) > 1, (waits, len(barriers))
    # the copy wait's and two for P's conversion to the second MFMA's
    # operand: each row of QK^T lies in one warp (warps along M, 16 x 16
    # MFMAs), so the row max and sum reduce without shared memory; Q is
    # converted once, before the loop
    assert len(barriers) == 3, len(barriers)
    assert sum(ln.strip().startswith("v_mfma_f32_16x16") for ln in body) == 16


def test_attention_forward_stages_k_and_v():
    sig = {p: tl.pointer(tl.float16) for p in ("Q", "K", "V", "Out")}
    sig.update(sm_scale=tl.float32, N_CTX=tl.divisible_int(tl.int32))
    sig.update({p: tl.divisible_int(tl.int32) for p in ("stride_h", "stride_qm", "stride_kn", "stride_vn",
                                                        "stride_om")})
    for target in ("gfx950", "sm_90a"):
        module = tl.kernel(attention_fwd.fn, num_warps=4, num_stages=3).build(
            target, signature=sig, BLOCK_M=64, BLOCK_N=64, D=64)
        k = compiler.compile(module, target=target, binary=False, remarks=True)
        assert any("pipelined 2 load(s) feeding dots through 3 shared-memory buffers" in r for r in k.remarks), \
            (target, k.remarks)
        if target == "sm_90a":  # both dots on wgmma, A (Q, then P) from registers
            assert "wgmma.mma_async" in k.asm and "mma.sync" not in k.asm



def _examples_gemm(target, divisible, warps=4, tile=(128, 128, 64), binary=False):
    """examples/gemm.py's `gemm` (row-major A and B, ragged M, N and K
    masked) with num_stages=3, built layout-free (the pipeline's remarks come
    with the compile); `divisible`: N and K specialized as divisible by 16,
    as Triton's launcher does for such values."""
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
    from gemm import gemm

    sig = {"a": tl.pointer(tl.bfloat16), "b": tl.pointer(tl.bfloat16), "c": tl.pointer(tl.float32), "M": tl.int32}
    sig.update({n: tl.divisible_int(tl.int32) if divisible else tl.int32 for n in ("N", "K")})
    module = tl.kernel(gemm.fn, num_warps=warps, num_stages=3).build(
        target, signature=sig, assign_layouts=False, **dict(zip(("BM", "BN", "BK"), tile)))
    return compiler.compile(module, target=target, binary=binary, remarks=True)


@pytest.mark.parametrize("warps,bn", [(4, 128), (8, 256)])
def test_examples_gemm_num_stages_3_is_staged(warps, bn):
    """The GPU suite's Triton-style GEMM (gemm_s3_bf16_*): with N and K
    divisible by 16 both operands are copied two steps ahead into shared
    memory and read by wgmma (one group in flight) on sm_90a, copied straight
    to LDS on gfx950; without the specialization the remark says why not
    (a row of A may start at any element: 2 bytes a lane)."""
    hopper = _examples_gemm("sm_90a", True, warps, (128, bn, 64))
    assert any("pipelined 2 load(s) feeding dots through" in r and "one group in flight" in r
               for r in hopper.remarks), hopper.remarks
    body = _loop_body(hopper.asm)
    assert "wgmma.mma_async" in body and "cp.async.cg.shared.global" in body and "mma.sync" not in body
    cdna = _examples_gemm("gfx950", True, warps, (128, bn, 64))
    assert "buffer.load.lds" in cdna.mlir, cdna.remarks
    plain = _examples_gemm("sm_90a", False, warps, (128, bn, 64))
    assert any("not pipelined through shared memory: each lane would copy 2 bytes" in r for r in plain.remarks), \
        plain.remarks


def test_examples_gemm_num_stages_3_exact_in_emulator():
    """The same kernel staged on gfx950 (direct-to-LDS copies, three
    buffers), exact in the emulator at ragged M and a ragged last K tile."""
    from tlxamd import emulator

    M, N, K = 100, 80, 80
    k = _examples_gemm("gfx950", True, 4, (64, 64, 32))
    assert "buffer.load.lds" in k.mlir, k.remarks
    rng = np.random.default_rng(3)
    a = (rng.integers(-16, 16, (M, K)) / 8).astype(np.float32)
    b = (rng.integers(-16, 16, (K, N)) / 8).astype(np.float32)
    bits = [(x.view(np.uint32) >> 16).astype(np.uint16) for x in (a, b)]
    out = np.full((M, N), np.nan, np.float32)
    emulator.run(k, (2, 2), bits[0], bits[1], out, M, N, K)
    np.testing.assert_array_equal(out, a @ b)
