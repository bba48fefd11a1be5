"""tl.dot on MFMA and mma.sync: a Triton-style GEMM (layouts inferred,
runtime K loop, ragged sizes masked) and kernels written with explicit
Gluon-style layouts (the accumulator's amd_mfma_layout and its
dot_operand_layouts) run in the AMD emulator against numpy on gfx950 and
gfx942, transposed layouts and several warp arrangements included; the
ISA / PTX shows the instructions per K step (the sm_90a GEMM runs on the
H200 in bench/gpu); misuse raises."""

import os
import re
import sys

import numpy as np
import pytest

from tlxamd import compiler, emulator
from tlxamd import language as tl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
from gemm import gemm, gemm_pipelined  # noqa: E402  (examples/gemm.py)


@pytest.mark.parametrize("target,instr", [("gfx950", "v_mfma_f32_32x32x16_bf16"), ("gfx942", "v_mfma_f32_32x32x8_bf16")])
@pytest.mark.parametrize("M,N,K", [(64, 64, 64), (100, 72, 80)])
def test_triton_style_gemm(target, instr, M, N, K):
    consts = dict(BM=64, BN=64, BK=32)
    k = compiler.compile(gemm.build(target=target, **consts), target=target)
    # 2 x 2 warps of one 32 x 32 tile; BK / instruction K steps per iteration
    assert k.asm.count(instr) == (2 if target == "gfx950" else 4)
    assert k.resources["scratch"] == 0
    rng = np.random.default_rng(M + N + K)
    A = (rng.integers(-16, 16, (M, K)) / 8).astype(np.float32)
    B = (rng.integers(-16, 16, (K, N)) / 8).astype(np.float32)
    out = np.full((M, N), np.nan, np.float32)
    emulator.run(compiler.compile(gemm.build(target=target, **consts), target=target, binary=False),
                 (-(-M // 64), -(-N // 64)), _bf16_bits(A), _bf16_bits(B), out, M, N, K)
    np.testing.assert_array_equal(out, A @ B)


def _gemm(version, instr, k_width, warps, M, N, K, transposed):
    mfma = tl.amd_mfma_layout(version, instr, transposed, warps)
    la = tl.dot_operand_layout(0, mfma, k_width)
    lb = tl.dot_operand_layout(1, mfma, k_width)

    @tl.kernel(num_warps=warps[0] * warps[1], name="gemm_tile")
    def gemm(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32)):
        rm = tl.arange(0, M)
        rk = tl.arange(0, K)
        rn = tl.arange(0, N)
        x = tl.buffer_load(a, tl.convert_layout(rm[:, None] * K + rk[None, :], la), contiguity=k_width)
        y = tl.convert_layout(tl.load(b + rk[:, None] * N + rn[None, :]), lb)
        co = tl.convert_layout(rm[:, None] * N + rn[None, :], mfma)
        d = tl.dot(x, y, tl.buffer_load(c, co))
        tl.buffer_store(d, c, co)

    return gemm


# (target, MFMA version, instr_shape, k_width, warps, M, N, K, transposed, MFMAs per warp)
CASES = [
    ("gfx950", 4, [32, 32, 16], 8, [2, 2], 64, 64, 32, False, 2),
    ("gfx950", 4, [16, 16, 32], 8, [2, 2], 64, 64, 64, True, 8),
    ("gfx950", 4, [32, 32, 16], 8, [1, 4], 32, 128, 64, True, 4),
    ("gfx950", 4, [16, 16, 32], 8, [4, 1], 128, 32, 32, False, 4),
    ("gfx942", 3, [32, 32, 8], 4, [2, 2], 64, 64, 32, False, 4),
    ("gfx942", 3, [16, 16, 16], 4, [2, 2], 64, 64, 32, True, 8),
]


def _bf16_bits(x):
    return (x.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


@pytest.mark.parametrize("target,version,instr,k_width,warps,M,N,K,transposed,per_warp", CASES)
def test_matches_numpy(target, version, instr, k_width, warps, M, N, K, transposed, per_warp):
    kern = _gemm(version, instr, k_width, warps, M, N, K, transposed)
    module = kern.build(target=target)
    rng = np.random.default_rng(M * N + K)
    # bf16-exact operands; f32 sums of them are exact too
    A = (rng.integers(-16, 16, (M, K)) / 8).astype(np.float32)
    B = (rng.integers(-16, 16, (K, N)) / 8).astype(np.float32)
    C = (rng.integers(-16, 16, (M, N)) / 4).astype(np.float32)
    out = C.copy()
    emulator.run(compiler.compile(module, target=target, binary=False), (1,), _bf16_bits(A), _bf16_bits(B), out)
    np.testing.assert_array_equal(out, A @ B + C)
    asm = compiler.compile(kern.build(target=target), target=target).asm
    name = {("gfx950", 32): "v_mfma_f32_32x32x16_bf16", ("gfx950", 16): "v_mfma_f32_16x16x32_bf16",
            ("gfx942", 32): "v_mfma_f32_32x32x8_bf16", ("gfx942", 16): "v_mfma_f32_16x16x16_bf16"}[target, instr[0]]
    assert asm.count(name) == per_warp
    assert "scratch_" not in asm


def test_accumulator_defaults_to_zero():
    mfma = tl.amd_mfma_layout(4, [32, 32, 16], False, [1, 1])
    la, lb = tl.dot_operand_layout(0, mfma, 8), tl.dot_operand_layout(1, mfma, 8)

    @tl.kernel(num_warps=1)
    def k(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32)):
        r = tl.arange(0, 32)
        x = tl.convert_layout(tl.load(a + r[:, None] * 32 + r[None, :]), la)
        y = tl.convert_layout(tl.load(b + r[:, None] * 32 + r[None, :]), lb)
        d = tl.dot(x, y)
        tl.store(tl.convert_layout(c + r[:, None] * 32 + r[None, :], mfma), d)

    rng = np.random.default_rng(7)
    A = (rng.integers(-8, 8, (32, 32)) / 4).astype(np.float32)
    B = (rng.integers(-8, 8, (32, 32)) / 4).astype(np.float32)
    out = np.full((32, 32), np.nan, np.float32)
    emulator.run(compiler.compile(k.build(target="gfx950"), target="gfx950", binary=False), (1,),
                 _bf16_bits(A), _bf16_bits(B), out)
    np.testing.assert_array_equal(out, A @ B)


def test_bad_arguments():
    mfma = tl.amd_mfma_layout(4, [32, 32, 16], False, [1, 1])

    @tl.kernel(num_warps=1)
    def k_mismatch(a: tl.pointer(tl.bfloat16)):
        x = tl.load(a + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :])
        tl.dot(x, x)

    with pytest.raises(ValueError, match="K differs"):
        k_mismatch.build(target="gfx950", assign_layouts=False)

    @tl.kernel(num_warps=1)
    def k_dtype(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.float16)):
        r = tl.arange(0, 32)
        tl.dot(tl.load(a + r[:, None] * 32 + r[None, :]), tl.load(b + r[:, None] * 32 + r[None, :]))

    with pytest.raises(TypeError, match="different dtypes"):
        k_dtype.build(target="gfx950", assign_layouts=False)

    @tl.kernel(num_warps=1)
    def k_out(a: tl.pointer(tl.bfloat16)):
        r = tl.arange(0, 32)
        x = tl.load(a + r[:, None] * 32 + r[None, :])
        tl.dot(x, x, out_dtype=tl.float16)

    with pytest.raises(TypeError, match="accumulates in float32"):
        k_out.build(target="gfx950", assign_layouts=False)

    @tl.kernel(num_warps=1)
    def k_nvidia(a: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32)):
        r = tl.arange(0, 32)
        la, lb = tl.dot_operand_layout(0, mfma, 8), tl.dot_operand_layout(1, mfma, 8)
        x = tl.load(a + r[:, None] * 32 + r[None, :])
        d = tl.dot(tl.convert_layout(x, la), tl.convert_layout(x, lb))
        tl.store(tl.convert_layout(c + r[:, None] * 32 + r[None, :], mfma), d)

    with pytest.raises((ValueError, compiler.CompilationError), match="MFMA generation 4; sm_90a"):
        compiler.compile(k_nvidia.build(target="sm_90a"), target="sm_90a")


def test_triton_style_gemm_sm90a():
    # 2 x 2 warps, each a 32 x 32 block of m16n8 tiles: 8 tiles x 2 K steps
    k = compiler.compile(gemm.build(target="sm_90a", BM=64, BN=64, BK=32), target="sm_90a")
    assert k.asm.count("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32") == 16
    res = k.kernels["gemm"]["resources"]
    assert res["spill_stores"] == 0 and res["stack"] == 0


@pytest.mark.parametrize("target,instr,per_step", [("gfx950", "v_mfma_f32_32x32x16_bf16", 4),
                                                    ("gfx942", "v_mfma_f32_32x32x8_bf16", 8),
                                                    ("sm_90a", "mma.sync.aligned.m16n8k16", 32)])
def test_pipelined_gemm_compiles(target, instr, per_step):
    """Operands staged through three shared buffers by asynchronous copies
    (16-byte buffer_load ... lds on gfx950, 4-byte on gfx942, cp.async on
    sm_90a), then tl.dot: 128 x 128 x 32 tiles over 8 warps; one K step in
    the steady loop and one in the drain of the last tiles in flight."""
    k = compiler.compile(gemm_pipelined.build(target=target, BM=128, BN=128, BK=32, STAGES=3, GROUP_M=8), target=target)
    asm = k.asm
    assert asm.count(instr) == 2 * per_step
    if target == "sm_90a":
        # masked rows zero-filled by the copy itself (src-size), no branches
        assert re.search(r"cp\.async\.cg\.shared\.global \[%rd\d+\], \[%rd\d+\], 16, %r\d+;", asm)
        assert "cp.async.wait_group" in asm and "st.shared.b16" not in asm
        # operands read with 8 x 8 matrix loads (A plain, B transposed)
        assert "ldmatrix.sync.aligned.m8n8.x4.shared.b16" in asm
        assert "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16" in asm
        assert k.resources["spill_stores"] == 0
    else:
        copy = "buffer_load_dwordx4" if target == "gfx950" else "buffer_load_dword "
        assert copy in asm and " lds" in asm
        assert k.resources["scratch"] == 0


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
@pytest.mark.parametrize("M,N,K", [(128, 128, 64), (136, 200, 104), (128, 128, 160)])
def test_pipelined_gemm_matches_numpy(target, M, N, K):
    rng = np.random.default_rng(M + N + K)
    A = (rng.integers(-16, 16, (M, K)) / 8).astype(np.float32)
    B = (rng.integers(-16, 16, (K, N)) / 8).astype(np.float32)
    out = np.full((M, N), np.nan, np.float32)
    k = compiler.compile(gemm_pipelined.build(target=target, BM=128, BN=128, BK=32, STAGES=3, GROUP_M=8), target=target,
                         binary=False)
    emulator.run(k, (-(-M // 128), -(-N // 128)), _bf16_bits(A), _bf16_bits(B), out, M, N, K)
    np.testing.assert_array_equal(out, A @ B)


def _shared_operand_gemm(instr, warps, M, N, K, transposed, a_order, b_order, vec, per_phase, max_phase):
    """acc = A @ B with both operands staged in swizzled shared tiles
    (`a_order` / `b_order`: [1, 0] row-major, [0, 1] column-major) and read
    into the MFMA operand layouts with local_load."""
    mfma = tl.amd_mfma_layout(4, instr, transposed, warps)
    la, lb = tl.dot_operand_layout(0, mfma, 8), tl.dot_operand_layout(1, mfma, 8)
    sa = tl.swizzled_shared_layout(vec, per_phase, max_phase, a_order)
    sb = tl.swizzled_shared_layout(vec, per_phase, max_phase, b_order)

    @tl.kernel(num_warps=warps[0] * warps[1], name="shared_gemm")
    def kern(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32)):
        rm, rk, rn = tl.arange(0, M), tl.arange(0, K), tl.arange(0, N)
        ta = tl.local_alloc([M, K], tl.bfloat16, sa, value=tl.load(a + rm[:, None] * K + rk[None, :]))
        tb = tl.local_alloc([K, N], tl.bfloat16, sb, value=tl.load(b + rk[:, None] * N + rn[None, :]))
        d = tl.dot(ta.load(la), tb.load(lb))
        tl.store(tl.convert_layout(c + rm[:, None] * N + rn[None, :], mfma), d)

    return kern


# (instr, warps, M, N, K, transposed, A order, B order, swizzle vec / per_phase / max_phase)
SHARED_CASES = [
    ([32, 32, 16], [2, 2], 64, 64, 32, False, [1, 0], [1, 0], 8, 1, 8),
    ([32, 32, 16], [1, 4], 32, 128, 64, True, [1, 0], [1, 0], 8, 2, 4),
    ([16, 16, 32], [2, 2], 64, 64, 64, False, [1, 0], [1, 0], 4, 1, 8),
    ([16, 16, 32], [4, 1], 128, 32, 32, True, [0, 1], [1, 0], 8, 1, 4),
    ([32, 32, 16], [2, 2], 64, 64, 32, False, [0, 1], [0, 1], 1, 1, 1),
]


@pytest.mark.parametrize("instr,warps,M,N,K,transposed,a_order,b_order,vec,per_phase,max_phase", SHARED_CASES)
def test_transposed_lds_reads_match_numpy(instr, warps, M, N, K, transposed, a_order, b_order, vec, per_phase,
                                          max_phase):
    """gfx950 reads an operand whose contiguous shared dimension is not K
    (B row-major K x N, A column-major) with ds_read_b64_tr_b16 (each lane
    of a 16-lane group addresses 4 consecutive elements and receives a
    column of the 4 x 16 block); K-contiguous operands keep ds_read_b128.
    The emulator models the instruction; the product is exact."""
    kern = _shared_operand_gemm(instr, warps, M, N, K, transposed, a_order, b_order, vec, per_phase, max_phase)
    k = compiler.compile(kern.build(target="gfx950"), target="gfx950")
    # 4 elements per lane and instruction, each warp reading its rows of
    # A (M / warps[0]) and columns of B (N / warps[1])
    per_warp = (M * K // warps[0] * (a_order == [0, 1]) + K * N // warps[1] * (b_order == [1, 0])) // (64 * 4)
    assert per_warp and k.asm.count("ds_read_b64_tr_b16") == per_warp
    assert "ds_read_u16" not in k.asm and "ds_read_u8" not in k.asm
    rng = np.random.default_rng(M + 3 * N + K)
    A = (rng.integers(-16, 16, (M, K)) / 8).astype(np.float32)
    B = (rng.integers(-16, 16, (K, N)) / 8).astype(np.float32)
    out = np.full((M, N), np.nan, np.float32)
    emulator.run(compiler.compile(kern.build(target="gfx950"), target="gfx950", binary=False), (1,),
                 _bf16_bits(A), _bf16_bits(B), out)
    np.testing.assert_array_equal(out, A @ B)


def test_transposed_lds_reads_need_cdna4():
    """gfx942 has no transposing LDS read: the same B operand is gathered
    element by element there, and computes the same product."""
    mfma3 = tl.amd_mfma_layout(3, [32, 32, 8], False, [2, 2])
    lb = tl.dot_operand_layout(1, mfma3, 4)
    sb = tl.swizzled_shared_layout(8, 1, 8, [1, 0])

    @tl.kernel(num_warps=4)
    def load_b(b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.bfloat16)):
        rk, rn = tl.arange(0, 32), tl.arange(0, 64)
        tb = tl.local_alloc([32, 64], tl.bfloat16, sb, value=tl.load(b + rk[:, None] * 64 + rn[None, :]))
        tl.store(tl.convert_layout(c + rk[:, None] * 64 + rn[None, :], lb), tb.load(lb))

    k = compiler.compile(load_b.build(target="gfx942"), target="gfx942")
    assert "ds_read_b64_tr_b16" not in k.asm and "ds_read_u16" in k.asm
    B = np.arange(32 * 64, dtype=np.uint16).reshape(32, 64)
    out = np.zeros_like(B)
    emulator.run(compiler.compile(load_b.build(target="gfx942"), target="gfx942", binary=False), (1,), B, out)
    np.testing.assert_array_equal(out, B)


@pytest.mark.parametrize("target", ["gfx942", "gfx950"])
@pytest.mark.parametrize("bk,warps,stages", [(32, 4, 2), (32, 8, 3), (64, 4, 3)])
def test_staged_gemm_matches_numpy(target, bk, warps, stages):
    """The register-staged pipelined GEMM (examples/gemm.py's gemm_staged,
    the CDNA3 form): STAGES - 1 shared buffers, B transposed in registers
    into a K-contiguous tile where a thread holds 2+ of its rows (4 warps),
    stored as it came otherwise (8 warps, BK 32); ragged M, N and K."""
    from gemm import gemm_staged

    M, N, K = 136, 200, 104
    rng = np.random.default_rng(bk + warps + stages)
    A = (rng.integers(-16, 16, (M, K)) / 8).astype(np.float32)
    B = (rng.integers(-16, 16, (K, N)) / 8).astype(np.float32)
    out = np.full((M, N), np.nan, np.float32)
    old = gemm_staged.num_warps
    gemm_staged.num_warps = warps
    try:
        module = gemm_staged.build(target=target, BM=128, BN=128, BK=bk, STAGES=stages, GROUP_M=8)
    finally:
        gemm_staged.num_warps = old
    k = compiler.compile(module, target=target, binary=False)
    emulator.run(k, (-(-M // 128), -(-N // 128)), _bf16_bits(A), _bf16_bits(B), out, M, N, K)
    np.testing.assert_array_equal(out, A @ B)
