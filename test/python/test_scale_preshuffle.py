"""Preshuffled E8M0 scales on CDNA4 (Triton's CDNA4 block-scaled layout,
tlxamd.preshuffle.shuffle_scales): a kernel written the way Triton's
block-scaled tutorial writes it (scales loaded as [BM / 32, BK] bytes,
un-shuffled by reshape / permute, `acc += tl.dot_scaled(...)`, launched
with `matrix_instr_nonkdim`) runs in the AMD emulator exactly against a
numpy MX reference, and its gfx950 K loop loads each lane's scales as
dwords and hands them to the scaled MFMA with no LDS traffic, no byte
extraction (opsel picks the byte) and the accumulator chained through the
instruction. The host shuffle round-trips and rejects bad shapes."""

import os
import sys

import numpy as np
import pytest

import tlxamd
import tlxamd.language as tl
from tlxamd import preshuffle

_here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(_here, "..", "..", "bench"))
sys.path.insert(0, _here)
import amd_isa  # noqa: E402  (bench/amd_isa.py)
from test_dot_scaled import _operand  # noqa: E402


@tlxamd.jit
def mx_gemm(a_ptr, b_ptr, c_ptr, a_scales, b_scales, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
            BLOCK_K: tl.constexpr, NONKDIM: tl.constexpr):
    """C = A @ B^T for e2m1 A [M, K / 2] and B [N, K / 2] bytes (two values
    per byte along K) with preshuffled scales [M / 32, K] and [N / 32, K]."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K // 2)
    a_ptrs = a_ptr + offs_m[:, None] * (K // 2) + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] + offs_n[None, :] * (K // 2)
    offs_s = tl.arange(0, BLOCK_K)
    as_ptrs = a_scales + (pid_m * (BLOCK_M // 32) + tl.arange(0, BLOCK_M // 32))[:, None] * K + offs_s[None, :]
    bs_ptrs = b_scales + (pid_n * (BLOCK_N // 32) + tl.arange(0, BLOCK_N // 32))[:, None] * K + offs_s[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(0, K // BLOCK_K):
        if NONKDIM == 16:
            sa = tl.load(as_ptrs).reshape(BLOCK_M // 32, BLOCK_K // 256, 4, 16, 2, 2, 1)
            sa = sa.permute(0, 5, 3, 1, 4, 2, 6).reshape(BLOCK_M, BLOCK_K // 32)
            sb = tl.load(bs_ptrs).reshape(BLOCK_N // 32, BLOCK_K // 256, 4, 16, 2, 2, 1)
            sb = sb.permute(0, 5, 3, 1, 4, 2, 6).reshape(BLOCK_N, BLOCK_K // 32)
        else:
            sa = tl.load(as_ptrs).reshape(BLOCK_M // 32, BLOCK_K // 256, 2, 32, 4, 1)
            sa = sa.permute(0, 3, 1, 4, 2, 5).reshape(BLOCK_M, BLOCK_K // 32)
            sb = tl.load(bs_ptrs).reshape(BLOCK_N // 32, BLOCK_K // 256, 2, 32, 4, 1)
            sb = sb.permute(0, 3, 1, 4, 2, 5).reshape(BLOCK_N, BLOCK_K // 32)
        acc += tl.dot_scaled(tl.load(a_ptrs), sa, "e2m1", tl.load(b_ptrs), sb, "e2m1")
        a_ptrs += BLOCK_K // 2
        b_ptrs += BLOCK_K // 2
        as_ptrs += BLOCK_K
        bs_ptrs += BLOCK_K
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc)


def _problem(M, N, K, nonkdim, seed):
    rng = np.random.default_rng(seed)
    a, av = _operand(rng, "e2m1", M, K, 1)
    b, bv = _operand(rng, "e2m1", N, K, 1)
    ea = rng.integers(126, 129, (M, K // 32)).astype(np.uint8)
    eb = rng.integers(126, 129, (N, K // 32)).astype(np.uint8)
    ref = (av * np.repeat(2.0 ** (ea - 127.0), 32, axis=1)) @ (bv * np.repeat(2.0 ** (eb - 127.0), 32, axis=1)).T
    args = (a, b, np.full((M, N), np.nan, np.float32), preshuffle.shuffle_scales(ea, nonkdim).view(np.int8),
            preshuffle.shuffle_scales(eb, nonkdim).view(np.int8))
    return args, ref


@pytest.mark.parametrize("nonkdim", [16, 32])
def test_preshuffled_scales_exact_in_emulator(nonkdim, monkeypatch):
    monkeypatch.setenv("TLXAMD_TARGET", "gfx950")
    M, N, K = 128, 64, 512
    args, ref = _problem(M, N, K, nonkdim, seed=nonkdim)
    mx_gemm[(M // 64, N // 64)](*args, M, N, K, BLOCK_M=64, BLOCK_N=64, BLOCK_K=256, NONKDIM=nonkdim,
                                num_warps=4, matrix_instr_nonkdim=nonkdim)
    np.testing.assert_array_equal(args[2], ref.astype(np.float32))


def _k_loop(nonkdim):
    sig = {p: tl.pointer(tl.uint8) for p in ("a_ptr", "b_ptr", "a_scales", "b_scales")}
    sig.update(c_ptr=tl.pointer(tl.float32), M=tl.int32, N=tl.int32, K=tl.divisible_int(tl.int32))
    # (Triton's default num_stages 3: the loop's carried pointer tensors
    # become scalar bases, its loads are not held ahead in registers)
    module = tl.kernel(mx_gemm, num_warps=8, num_stages=3, matrix_instr_nonkdim=nonkdim).build(
        "gfx950", signature=sig, BLOCK_M=128, BLOCK_N=128, BLOCK_K=256, NONKDIM=nonkdim)
    asm = tlxamd.compiler.compile(module, target="gfx950", cache=False, binary=False).asm
    return asm, amd_isa.main_loop(asm, "mx_gemm")


@pytest.mark.parametrize("nonkdim,mfmas", [(16, 16), (32, 8)])
def test_k_loop_scales_in_registers(nonkdim, mfmas):
    asm, body = _k_loop(nonkdim)
    p = amd_isa.profile(body)
    mnemonics = [m for m, _ in body]
    shape = "16x16x128" if nonkdim == 16 else "32x32x64"
    # 128 x 128 x 256 over 8 warps: 16 (32) instructions of 16 x 16 x 128
    # (32 x 32 x 64) per K step and wave, chained through the accumulator
    assert mnemonics.count(f"v_mfma_scale_f32_{shape}_f8f6f4") == mfmas, sorted(p.items())
    assert not any(m.startswith(("v_add_f32", "v_pk_add_f32")) for m in mnemonics), sorted(p.items())
    # scales: one dword per lane per 4 bytes (A 2, B 1 per wave), never in LDS
    assert p["vmem_load_32"] == 3 and not any(k.startswith(("vmem_load_8", "vmem_load_16")) for k in p), \
        sorted(p.items())
    assert not any(k in p for k in ("lds_read_8", "lds_write_8", "lds_read_32", "lds_write_32", "ds_xlane")), \
        sorted(p.items())
    # the bytes are selected by the instruction, not extracted
    assert not any(m.startswith(("v_bfe_u32", "v_lshrrev_b32", "v_and_b32")) for m in mnemonics), sorted(p.items())
    # no pointer tensor converted round the loop (through LDS), no guarded
    # loads one step ahead: A and B staged through LDS once each
    writes = sum(c for k, c in p.items() if k.startswith("lds_write"))
    assert p.get("branch", 0) <= 1 and writes == 4 and p["total"] <= 80, sorted(p.items())


def test_row_major_scales_stay_coalesced_on_gfx1250():
    """gfx1250's scaled WMMA wants each scale's four K blocks in every lane
    of its rows: row-major scales loaded that way would be 16 byte loads a
    lane; they load coalesced (4) and move through LDS."""
    sys.path.insert(0, os.path.join(_here, "..", "..", "examples"))
    from dot_scaled import mx_matmul

    module = mx_matmul.build(target="gfx1250", BM=64, BN=64, BK=128, A_FORMAT="e2m1", B_FORMAT="e4m3", A_PACK=2,
                             B_PACK=1)
    asm = tlxamd.compiler.compile(module, target="gfx1250", cache=False, binary=False).asm
    p = amd_isa.profile(amd_isa.main_loop(asm, "mx_matmul"))
    assert p["vmem_load_8"] == 4 and p.get("branch", 0) <= 1, sorted(p.items())


def test_matrix_instr_nonkdim_rejected():
    with pytest.raises(ValueError, match="matrix_instr_nonkdim must be 0, 16 or 32"):
        tl.kernel(mx_gemm, matrix_instr_nonkdim=64)


@pytest.mark.parametrize("nonkdim", [16, 32])
def test_shuffle_scales_round_trip(nonkdim):
    s = np.random.default_rng(1).integers(0, 256, (64, 16)).astype(np.uint8)
    t = preshuffle.shuffle_scales(s, nonkdim)
    assert t.shape == (2, 512)
    np.testing.assert_array_equal(preshuffle.unshuffle_scales(t, nonkdim), s)
    # a lane's 4 bytes: 16: two K steps (K blocks j and j + 4) of rows r and
    # r + 16; 32: four K steps (blocks j, j + 2, j + 4, j + 6) of row r
    lane = t[0, :4]
    want = [s[0, 0], s[16, 0], s[0, 4], s[16, 4]] if nonkdim == 16 else [s[0, 0], s[0, 2], s[0, 4], s[0, 6]]
    np.testing.assert_array_equal(lane, want)


@pytest.mark.parametrize("call,exc,match", [
    (lambda: preshuffle.shuffle_scales(np.zeros((48, 8), np.uint8)), ValueError, "multiple of 32"),
    (lambda: preshuffle.shuffle_scales(np.zeros((32, 4), np.uint8)), ValueError, "multiple of 32 and K / 32 of 8"),
    (lambda: preshuffle.shuffle_scales(np.zeros((32, 8), np.uint8), 64), ValueError, "16 or 32"),
    (lambda: preshuffle.shuffle_scales(np.zeros((32, 8), np.float32)), TypeError, "8-bit"),
    (lambda: preshuffle.unshuffle_scales(np.zeros((1, 100), np.uint8)), ValueError, "multiple of 256"),
])
def test_shuffle_scales_misuse(call, exc, match):
    with pytest.raises(exc, match=match):
        call()
