"""The TLX tensor-core reference's NVIDIA tensor-core examples as kernels for sm_100a
(Blackwell): MXFP8 (e4m3) GEMMs on tcgen05.mma with block scaling, the
accumulator and the E8M0 scales in tensor memory, the tiles brought in by
TMA:

    python examples/blackwell_scaled_gemm.py

- `mxfp8_gemm`: the TLX tensor-core reference's "TMEM-backed scaled GEMM". One CTA per
  128 x 128 tile of C; per K step of 128 the TMA loads A, B and both
  scale blocks, `tmem_copy` moves the scales into tensor memory
  (tcgen05.cp), `async_dot_scaled` issues four tcgen05.mma (K = 32 each)
  and commits them to an mbarrier (mBarriers), which every thread waits on
  before the next step; the epilogue reads the accumulator (tcgen05.ld).
- `mxfp8_gemm_2cta`: the TLX tensor-core reference's "2-CTA scaled MMA". A cluster of two
  CTAs computes a 256 x 256 tile: each CTA loads its 128 rows of A and
  half of B's columns (N / 2) but all of B's scales (T1), the CTAs meet
  with "arrive remote, wait local" (the second CTA arrives on the first's
  barrier), and the lead CTA issues tcgen05.mma.cta_group::2 for the pair.
  `COMMIT` picks the completion: mBarriers=[...] on the MMA, or
  tcgen05_commit(bar, two_ctas=True) after it (both multicast the commit to
  the pair).

The scales are E8M0 bytes in the standard scale-factor order (as TMA loads
them from a preshuffled [rows / 128, K / 128, 32, 16] global tensor; see
`preshuffle_scales`). Tensor memory exists on sm_100a only: the H200 cannot
run these kernels, so the tests compile them through ptxas
(test/python/test_tcgen05.py) and bench/tcgen05_report.py records ptxas's
resource usage."""

import numpy as np

from tlxamd import compiler
from tlxamd import language as tl

BM, BN, BK = 128, 128, 128
BN_PAIR = 256  # the N of a two-CTA tile; each CTA holds BN_PAIR // 2 of B's columns

_A_LAYOUT = tl.nvmma_shared_layout(128, 8)  # K-major A: 128-byte rows of K
_B_LAYOUT = tl.nvmma_shared_layout(128, 8)  # MN-major B: 128-byte rows of N
_SCALE_LAYOUT = tl.nvmma_shared_layout(0, 8, rank=4)  # the blocks as they lie

A_DESC = tl.tensor_descriptor(tl.float8e4nv, [BM, BK], _A_LAYOUT)
B_DESC = tl.tensor_descriptor(tl.float8e4nv, [BK, BN], _B_LAYOUT)
B_HALF_DESC = tl.tensor_descriptor(tl.float8e4nv, [BK, BN_PAIR // 2], _B_LAYOUT)
A_SCALE_DESC = tl.tensor_descriptor(tl.int8, [BM // 128, BK // 128, 32, 16], _SCALE_LAYOUT)
B_SCALE_DESC = tl.tensor_descriptor(tl.int8, [BN // 128, BK // 128, 32, 16], _SCALE_LAYOUT)
B_PAIR_SCALE_DESC = tl.tensor_descriptor(tl.int8, [BN_PAIR // 128, BK // 128, 32, 16], _SCALE_LAYOUT)


def _store_tile(c, acc_buffer, rows, cols, N: tl.int32, width):
    """The accumulator (tcgen05.ld) into C at rows x cols."""
    acc = tl.local_load(acc_buffer)
    rm = rows + tl.arange(0, 128)
    rn = cols + tl.arange(0, width)
    tl.store(c + rm[:, None] * N + rn[None, :], acc)


@tl.kernel(num_warps=4)
def mxfp8_gemm(a_desc: A_DESC, b_desc: B_DESC, a_scale_desc: A_SCALE_DESC, b_scale_desc: B_SCALE_DESC,
               c: tl.pointer(tl.float32), N: tl.int32, K: tl.int32):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    # Allocate TMEM for the accumulator and the scales.
    acc = tl.local_alloc((BM, BN), tl.float32, tl.constexpr(1), tl.storage_kind.tmem)
    a_scale_tmem = tl.local_alloc((BM, BK // 32), tl.uint8, tl.constexpr(1), tl.storage_kind.tmem)
    b_scale_tmem = tl.local_alloc((BN, BK // 32), tl.uint8, tl.constexpr(1), tl.storage_kind.tmem)
    a_smem = tl.local_alloc((BM, BK), tl.float8e4nv, _A_LAYOUT, num=1)
    b_smem = tl.local_alloc((BK, BN), tl.float8e4nv, _B_LAYOUT, num=1)
    a_scale_smem = tl.local_alloc((BM // 128, BK // 128, 32, 16), tl.int8, _SCALE_LAYOUT, num=1)
    b_scale_smem = tl.local_alloc((BN // 128, BK // 128, 32, 16), tl.int8, _SCALE_LAYOUT, num=1)
    bar = tl.alloc_barriers(tl.constexpr(1))[0]
    mma_bar = tl.alloc_barriers(tl.constexpr(1))[0]
    step_bytes = BM * BK + BK * BN + (BM + BN) * (BK // 32)
    for k in tl.range(0, K, BK):
        phase = (k // BK) & 1
        # Load the tiles and the scales from global memory to SMEM.
        tl.barrier_expect_bytes(bar, step_bytes)
        tl.async_descriptor_load(a_desc, a_smem, [pid_m * BM, k], bar)
        tl.async_descriptor_load(b_desc, b_smem, [k, pid_n * BN], bar)
        tl.async_descriptor_load(a_scale_desc, a_scale_smem, [pid_m, k // BK, 0, 0], bar)
        tl.async_descriptor_load(b_scale_desc, b_scale_smem, [pid_n, k // BK, 0, 0], bar)
        tl.barrier_wait(bar, phase)
        # Copy the scales from SMEM to TMEM.
        tl.tmem_copy(a_scale_smem, a_scale_tmem[0])
        tl.tmem_copy(b_scale_smem, b_scale_tmem[0])
        # The scaled MMA with TMEM scales, committed to mma_bar.
        tl.async_dot_scaled(a_smem, b_smem, acc[0], A_scale=a_scale_tmem[0], A_format="e4m3",
                            B_scale=b_scale_tmem[0], B_format="e4m3", use_acc=k > 0, mBarriers=[mma_bar])
        tl.barrier_wait(mma_bar, phase)
    _store_tile(c, acc[0], pid_m * BM, pid_n * BN, N, BN)


@tl.kernel(num_warps=8, num_ctas=2)
def mxfp8_gemm_2cta(a_desc: A_DESC, b_desc: B_HALF_DESC, a_scale_desc: A_SCALE_DESC,
                    b_scale_desc: B_PAIR_SCALE_DESC, c: tl.pointer(tl.float32), N: tl.int32, K: tl.int32,
                    COMMIT: tl.constexpr):
    cluster_cta_rank = tl.cluster_cta_rank()
    pid_m = tl.program_id(0) // 2  # a 256-row tile per cluster
    pid_n = tl.program_id(1)
    rows = pid_m * 256 + cluster_cta_rank * 128
    pred_cta0 = cluster_cta_rank == 0
    c_tile = tl.local_alloc((BM, BN_PAIR), tl.float32, tl.constexpr(1), tl.storage_kind.tmem)
    a_tile = tl.local_alloc((BM, BK), tl.float8e4nv, _A_LAYOUT, num=1)
    b_tile = tl.local_alloc((BK, BN_PAIR // 2), tl.float8e4nv, _B_LAYOUT, num=1)
    a_scale_tile = tl.local_alloc((1, BK // 128, 32, 16), tl.int8, _SCALE_LAYOUT, num=1)
    b_scale_tile = tl.local_alloc((BN_PAIR // 128, BK // 128, 32, 16), tl.int8, _SCALE_LAYOUT, num=1)
    bar = tl.alloc_barriers(tl.constexpr(1))[0]
    cta_bars = tl.alloc_barriers(tl.constexpr(1), arrive_count=2)  # both CTAs arrive on the first's
    mma_done_bar = tl.alloc_barriers(tl.constexpr(1))[0]
    step_bytes = BM * BK + BK * (BN_PAIR // 2) + (BM + BN_PAIR) * (BK // 32)
    for k in tl.range(0, K, BK):
        phase = (k // BK) & 1
        tl.barrier_expect_bytes(bar, step_bytes)
        tl.async_descriptor_load(a_desc, a_tile, [rows, k], bar)
        # B data split across CTAs, but B scale is full
        tl.async_descriptor_load(b_desc, b_tile, [k, pid_n * BN_PAIR + cluster_cta_rank * (BN_PAIR // 2)], bar)
        tl.async_descriptor_load(a_scale_desc, a_scale_tile, [rows // 128, k // BK, 0, 0], bar)
        tl.async_descriptor_load(b_scale_desc, b_scale_tile, [pid_n * (BN_PAIR // 128), k // BK, 0, 0], bar)
        tl.barrier_wait(bar, phase)
        # CTA sync: "Arrive Remote, Wait Local"
        tl.barrier_arrive(cta_bars[0], 1, remote_cta_rank=0)
        tl.barrier_wait(cta_bars[0], phase=phase, pred=pred_cta0)
        if COMMIT:
            # Issue MMA without mBarriers; tcgen05_commit tracks all prior MMA ops
            tl.async_dot_scaled(a_tile, b_tile, c_tile[0], a_scale_tile, "e4m3", b_scale_tile, "e4m3",
                                use_acc=k > 0, two_ctas=True)
            tl.tcgen05_commit(mma_done_bar, two_ctas=True)
        else:
            # 2-CTA scaled MMA with mBarriers for completion tracking
            tl.async_dot_scaled(a_tile, b_tile, c_tile[0], a_scale_tile, "e4m3", b_scale_tile, "e4m3",
                                use_acc=k > 0, two_ctas=True, mBarriers=[mma_done_bar])
        tl.barrier_wait(mma_done_bar, phase)
    _store_tile(c, c_tile[0], rows, pid_n * BN_PAIR, N, BN_PAIR)


def preshuffle_scales(scales: np.ndarray) -> np.ndarray:
    """[rows, K / 32] E8M0 bytes -> the [rows / 128, K / 128, 32, 16]
    scale-factor order TMA loads and tcgen05.cp copies: byte
    (r % 32) * 16 + (r // 32 % 4) * 4 + j % 4 of block (r // 128, j // 4)."""
    rows, ks = scales.shape
    s = scales.reshape(rows // 128, 4, 32, ks // 4, 4)  # (rb, r32, r%32, kb, j%4)
    return np.ascontiguousarray(s.transpose(0, 3, 2, 1, 4).reshape(rows // 128, ks // 4, 32, 16))


def build(target: str = "sm_100a"):
    """The three kernels' modules: (1-CTA, 2-CTA with mBarriers, 2-CTA with
    tcgen05_commit)."""
    return (mxfp8_gemm.build(target=target),
            mxfp8_gemm_2cta.build(target=target, COMMIT=False),
            mxfp8_gemm_2cta.build(target=target, COMMIT=True))


if __name__ == "__main__":
    for name, module in zip(("1-CTA", "2-CTA mBarriers", "2-CTA tcgen05_commit"), build()):
        k = compiler.compile(module, target="sm_100a")
        print(f"{name}: {k.asm.count('tcgen05.mma')} tcgen05.mma, {k.asm.count('tcgen05.cp')} tcgen05.cp, "
              f"resources {k.resources}")
