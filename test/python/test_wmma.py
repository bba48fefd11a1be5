"""tl.dot on gfx1250: the 16 x 16 WMMA instructions of wave32 (f32, f16,
bf16, OCP fp8 / bf8 into f32, signed i8 into i32), chosen by layout
assignment like Triton's (transposed, the deepest K that divides the tile)
and exact in the emulator, whose WMMA lane maps are written from the ISA's
operand layout (emulator.wmma_lane_maps), not from the layout core."""

import numpy as np
import pytest

import tlxamd.language as tl
from tlxamd import compiler, emulator

torch = pytest.importorskip("torch")


# the 8-bit dot's kernel: operands loaded as bits, bitcast to DT
from test_dot_8bit import dot8 as dot_kernel  # noqa: E402

# (tl type, torch type, bits array dtype, the instruction per K step)
_TYPES = {
    "f32": (tl.float32, torch.float32, np.uint32, "v_wmma_f32_16x16x4_f32"),
    "f16": (tl.float16, torch.float16, np.uint16, "v_wmma_f32_16x16x32_f16"),
    "bf16": (tl.bfloat16, torch.bfloat16, np.uint16, "v_wmma_f32_16x16x32_bf16"),
    "e4m3": (tl.float8e4nv, torch.float8_e4m3fn, np.uint8, "v_wmma_f32_16x16x128_fp8_fp8"),
    "e5m2": (tl.float8e5, torch.float8_e5m2, np.uint8, "v_wmma_f32_16x16x128_bf8_bf8"),
}


def _bf16_bits(x):
    """f32 values that are exact in bf16 as their bf16 bit patterns."""
    return (x.view(np.uint32) >> 16).astype(np.uint16)


def _bits(t, dtype):
    return t.contiguous().view(getattr(torch, {np.uint32: "int32", np.uint16: "int16", np.uint8: "uint8"}[dtype])
                               ).numpy().view(dtype)


@pytest.mark.parametrize("name", list(_TYPES))
@pytest.mark.parametrize("shape", [(64, 64, 128, 4), (32, 64, 256, 2), (128, 32, 128, 8), (16, 16, 128, 1)])
def test_float_dot_matches_the_exact_product(monkeypatch, name, shape):
    monkeypatch.setenv("TLXAMD_TARGET", "gfx1250")
    m, n, k, warps = shape
    dt, tdt, bits, mnemonic = _TYPES[name]
    rng = np.random.default_rng(m * n + k)
    a = torch.tensor(rng.standard_normal((m, k)) * 2, dtype=torch.float32).to(tdt)
    b = torch.tensor(rng.standard_normal((k, n)) * 2, dtype=torch.float32).to(tdt)
    c = np.zeros((m, n), np.float32)
    args = (_bits(a, bits), _bits(b, bits), c)
    dot_kernel[(1,)](*args, M=m, N=n, K=k, DT=dt, OUT=tl.float32, num_warps=warps)
    ref = (a.double() @ b.double()).numpy()
    np.testing.assert_allclose(c, ref, rtol=1e-5, atol=1e-3)
    asm = dot_kernel.warmup(*args, M=m, N=n, K=k, DT=dt, OUT=tl.float32, num_warps=warps, grid=(1,)).compiled.asm
    # one instruction per 16 x 16 tile and K step of the warp's share
    instr_k = int(mnemonic.split("x")[2].split("_")[0])
    assert asm.count(mnemonic) == (m // 16) * (n // 16) * (k // instr_k) // warps
    assert "scratch_" not in asm and "v_mfma" not in asm


def test_i8_dot_is_exact_and_signed(monkeypatch):
    monkeypatch.setenv("TLXAMD_TARGET", "gfx1250")
    rng = np.random.default_rng(5)
    a = rng.integers(-128, 128, (32, 128)).astype(np.int8)
    b = rng.integers(-128, 128, (128, 64)).astype(np.int8)
    c = np.zeros((32, 64), np.int32)
    dot_kernel[(1,)](a, b, c, M=32, N=64, K=128, DT=tl.int8, OUT=tl.int32, num_warps=4)
    assert (c == a.astype(np.int32) @ b.astype(np.int32)).all()
    asm = dot_kernel.warmup(a, b, c, M=32, N=64, K=128, DT=tl.int8, OUT=tl.int32, num_warps=4, grid=(1,)).compiled.asm
    assert asm.count("v_wmma_i32_16x16x64_iu8") == 4
    # both operands signed: the neg_lo modifier of iu8 WMMA
    assert "neg_lo:[1,1,0]" in asm


def test_wmma_lane_maps_cover_each_element_once():
    for k, group in ((4, 2), (32, 8), (64, 8), (128, 8)):
        a, b, d = emulator.wmma_lane_maps(k, group)
        assert len(set(a.values())) == 16 * k and len(set(b.values())) == 16 * k
        assert {lane for lane, _ in a.values()} == set(range(32))
        assert {e for _, e in a.values()} == set(range(k // 2))
        assert sorted(d.values()) == sorted((lane, v) for lane in range(32) for v in range(8))
    a, _, d = emulator.wmma_lane_maps(32, 8)
    # lane 16 holds row 0's K 8-15 and 24-31; D row 9 is element 1 of lanes 16-31
    assert [a[(0, kk)] for kk in (8, 15, 24, 31)] == [(16, 0), (16, 7), (16, 8), (16, 15)]
    assert d[(9, 3)] == (19, 1)


def test_dot_layout_on_gfx1250_is_a_transposed_wmma():
    """Layout assignment gives a 64 x 64 x 64 f16 dot on gfx1250 the
    transposed 16x16x32 WMMA layout over 2 x 2 warps, operands in K groups
    of 8 (Triton 3.9's choice for the same kernel)."""
    @tl.kernel(num_warps=4)
    def dot64(a: tl.pointer(tl.float16), c: tl.pointer(tl.float32)):
        r = tl.arange(0, 64)
        x = tl.load(a + r[:, None] * 64 + r[None, :])
        tl.store(c + r[:, None] * 64 + r[None, :], tl.dot(x, x))

    text = str(dot64.build(target="gfx1250"))
    wmma = "#tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>"
    assert f"-> tensor<64x64xf32, {wmma}>" in text
    assert f"#tlxamd.dot_operand<{{op_idx = 0, parent = {wmma}, k_width = 8}}>" in text


@pytest.mark.parametrize("transposed", [False, True])
@pytest.mark.parametrize("warps,tiles,shape", [([2, 2], [2, 2], (64, 64, 64)), ([1, 4], [2, 1], (64, 128, 32)),
                                               ([4, 1], [1, 2], (128, 64, 32))])
def test_explicit_wmma_layout_with_tiles_per_warp(transposed, warps, tiles, shape):
    """A Gluon-style kernel with an explicit amd_wmma layout: each warp's
    tiles_per_warp block of 16 x 16 tiles (D2), the operands' dot-operand
    layouts holding the same rows and columns; C read and written through
    the accumulator layout."""
    M, N, K = shape
    wmma = tl.amd_wmma_layout(3, [16, 16, 32], transposed, warps, tiles_per_warp=tiles)
    la, lb = tl.dot_operand_layout(0, wmma, 8), tl.dot_operand_layout(1, wmma, 8)

    @tl.kernel(num_warps=warps[0] * warps[1])
    def tile(a: tl.pointer(tl.float16), b: tl.pointer(tl.float16), c: tl.pointer(tl.float32)):
        rm = tl.arange(0, M)
        rk = tl.arange(0, K)
        rn = tl.arange(0, N)
        x = tl.convert_layout(tl.load(a + rm[:, None] * K + rk[None, :]), la)
        y = tl.convert_layout(tl.load(b + rk[:, None] * N + rn[None, :]), lb)
        co = tl.convert_layout(c + rm[:, None] * N + rn[None, :], wmma)
        tl.store(co, tl.dot(x, y, tl.load(co)))

    rng = np.random.default_rng(M + N + K)
    A = (rng.integers(-16, 16, (M, K)) / 8).astype(np.float16)
    B = (rng.integers(-16, 16, (K, N)) / 8).astype(np.float16)
    C = (rng.integers(-16, 16, (M, N)) / 4).astype(np.float32)
    out = C.copy()
    k = compiler.compile(tile.build("gfx1250"), target="gfx1250")
    emulator.run(k, (1,), A, B, out)
    np.testing.assert_array_equal(out, A.astype(np.float32) @ B.astype(np.float32) + C)
    assert k.asm.count("v_wmma_f32_16x16x32_f16") == (M // 16) * (N // 16) * (K // 32) // (warps[0] * warps[1])


@pytest.mark.parametrize("warps,shape,b_order,a_order", [([2, 2], (64, 64, 64), [1, 0], [1, 0]),
                                                         ([1, 4], (32, 128, 32), [1, 0], [0, 1]),
                                                         ([4, 1], (128, 32, 64), [0, 1], [0, 1])])
def test_transposed_lds_reads_on_gfx1250(warps, shape, b_order, a_order):
    """gfx1250 reads an operand whose contiguous shared dimension is not K
    with ds_load_tr16_b128 (each group of 8 lanes: lane 8g + j addresses 8
    consecutive elements, lane 8g + i receives element i of that read as
    its register j); K-contiguous operands keep 16-byte reads. The emulator
    models the instruction from that definition; the product is exact."""
    M, N, K = shape
    wmma = tl.amd_wmma_layout(3, [16, 16, 32], True, warps)
    la, lb = tl.dot_operand_layout(0, wmma, 8), tl.dot_operand_layout(1, wmma, 8)
    sa = tl.swizzled_shared_layout(8, 1, 8, a_order)
    sb = tl.swizzled_shared_layout(8, 1, 8, b_order)

    @tl.kernel(num_warps=warps[0] * warps[1])
    def shared_dot(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32)):
        rm, rk, rn = tl.arange(0, M), tl.arange(0, K), tl.arange(0, N)
        ta = tl.local_alloc([M, K], tl.bfloat16, sa, value=tl.load(a + rm[:, None] * K + rk[None, :]))
        tb = tl.local_alloc([K, N], tl.bfloat16, sb, value=tl.load(b + rk[:, None] * N + rn[None, :]))
        d = tl.dot(ta.load(la), tb.load(lb))
        tl.store(tl.convert_layout(c + rm[:, None] * N + rn[None, :], wmma), d)

    k = compiler.compile(shared_dot.build(target="gfx1250"), target="gfx1250")
    # 8 elements per lane and instruction, each warp reading its rows of A
    # and its columns of B
    per_warp = (M * K // warps[0] * (a_order == [0, 1]) + K * N // warps[1] * (b_order == [1, 0])) // (32 * 8)
    assert per_warp and k.asm.count("ds_load_tr16_b128") == per_warp
    assert "ds_load_u16" not in k.asm
    rng = np.random.default_rng(M + 3 * N + K)
    A = (rng.integers(-16, 16, (M, K)) / 8).astype(np.float32)
    B = (rng.integers(-16, 16, (K, N)) / 8).astype(np.float32)
    out = np.full((M, N), np.nan, np.float32)
    emulator.run(k, (1,), _bf16_bits(A), _bf16_bits(B), out)
    np.testing.assert_array_equal(out, A @ B)


@pytest.mark.parametrize("stages", [1, 2])
@pytest.mark.parametrize("M,N,K,aligned", [(128, 128, 64, True), (100, 72, 80, False)])
def test_triton_style_gemm_on_gfx1250(stages, M, N, K, aligned):
    """examples/gemm.py's Triton-style GEMM on gfx1250. With N and K
    multiples of 16 (as Triton's launcher specializes them) the row-major B
    reaches the WMMA through ds_load_tr16_b128 (the layout conversion
    through shared memory at num_stages=1, the pipeliner's staged tiles,
    stored as loaded, at 2), never 2-byte LDS reads; ragged sizes exact."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
    from gemm import gemm

    kern = tl.kernel(gemm.fn, num_warps=4, num_stages=stages)
    sig = None
    if aligned:
        sig = {"a": tl.pointer(tl.bfloat16), "b": tl.pointer(tl.bfloat16), "c": tl.pointer(tl.float32),
               "M": tl.int32, "N": tl.divisible_int(tl.int32), "K": tl.divisible_int(tl.int32)}
    k = compiler.compile(kern.build(target="gfx1250", signature=sig, BM=64, BN=64, BK=32), target="gfx1250")
    if aligned:
        assert "ds_load_tr16_b128" in k.asm and "ds_load_u16" not in k.asm
    assert k.resources["vgpr_spill"] == 0
    rng = np.random.default_rng(M + N + K + stages)
    A = (rng.integers(-16, 16, (M, K)) / 8).astype(np.float32)
    B = (rng.integers(-16, 16, (K, N)) / 8).astype(np.float32)
    out = np.full((M, N), np.nan, np.float32)
    emulator.run(k, (-(-M // 64), -(-N // 64)), _bf16_bits(A), _bf16_bits(B), out, M, N, K)
    np.testing.assert_array_equal(out, A @ B)
