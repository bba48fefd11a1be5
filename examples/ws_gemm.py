"""A warp-specialized Hopper GEMM written with TLX's tasks (sm_90a):

    C[M, N] = A[M, K] @ B[K, N]      (bf16 or fp8 in, f32 accumulate, C bf16)

The default task (one warpgroup, 40 registers a thread) only moves data: it
fills a STAGES-deep ring of shared-memory tiles through the tensor memory
accelerator, each stage announced on a "full" mbarrier, after waiting on the
stage's "empty" mbarrier for the consumers to release it. Two consumer
tasks (one warpgroup each, 232 registers) take the two BM / 2-row halves of
the block: each waits for a stage, issues its wgmma (`async_dot`) straight
from shared memory, keeps one product in flight, and releases the stage the
previous product read. Tasks talk through the barriers only; each stage's
phase flips every STAGES steps.

The launch takes host tensor descriptors (`TensorDescriptor`; the kinds
`descriptors` gives): A's box is BM / 2 x BK, B's BK x BN, or, with
B_KMAJOR (fp8: its warpgroup MMA reads both operands K-major), B given
transposed with boxes of BN x BK.
"""

from tlxamd import language as tl


def c_descriptor(BM, BN):
    """The kind of C's descriptor with TMA_STORE (bf16, BM / 2 x BN boxes)."""
    return tl.tensor_descriptor(tl.bfloat16, [BM // 2, BN], tl.nvmma_shared_layout(128, 16))


def descriptors(BM, BN, BK, dtype=tl.bfloat16, b_kmajor=False):
    """The kernel's descriptor kinds for a BM x BN x BK block of `dtype`
    operands; with `b_kmajor`, B is given transposed (N x K, each column of
    B contiguous), as fp8 warpgroup MMAs need it."""
    def layout(inner):
        return tl.nvmma_shared_layout(min(128, inner * dtype.bits // 8), dtype.bits)

    b = tl.tensor_descriptor(dtype, [BN, BK], layout(BK)) if b_kmajor else \
        tl.tensor_descriptor(dtype, [BK, BN], layout(BN))
    return tl.tensor_descriptor(dtype, [BM // 2, BK], layout(BK)), b


@tl.jit
def _block(pid, M, N, BM: tl.constexpr, BN: tl.constexpr, GROUP_M: tl.constexpr):
    """(row, column) of block `pid`: GROUP_M block rows walked down a column
    of blocks before moving right (neighbours share tiles in L2)."""
    blocks_m = tl.cdiv(M, BM)
    per_group = GROUP_M * tl.cdiv(N, BN)
    first_m = pid // per_group * GROUP_M
    rows = tl.minimum(blocks_m - first_m, GROUP_M)
    return (first_m + pid % per_group % rows) * BM, (pid % per_group // rows) * BN


@tl.kernel(num_warps=4)
def gemm_ws(a_desc, b_desc, c, M: tl.int32, N: tl.int32, K: tl.int32,
            BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, STAGES: tl.constexpr, GROUP_M: tl.constexpr,
            PERSISTENT: tl.constexpr = False, B_KMAJOR: tl.constexpr = False, TMA_STORE: tl.constexpr = False):
    """With PERSISTENT, a grid of at most one program per SM walks the
    blocks (program i takes blocks i, i + programs, ...): the producer runs
    up to STAGES steps ahead into the next block while the consumers store
    the last one. The rings' positions then count steps over all blocks.
    `c` is a bf16 pointer, or with TMA_STORE a tensor descriptor of C whose
    box is BM / 2 x BN: each consumer writes its half through a shared tile
    and a TMA store (waited for before the tile is written again)."""
    HALF: tl.constexpr = BM // 2
    SIZE: tl.constexpr = a_desc.dtype.bits // 8
    a = tl.local_alloc([HALF, BK], a_desc.dtype, a_desc.layout, num=2 * STAGES)
    b = tl.local_alloc([BN, BK] if B_KMAJOR else [BK, BN], a_desc.dtype, b_desc.layout, num=STAGES)
    full_a = tl.alloc_barriers(2 * STAGES, arrive_count=1)
    empty_a = tl.alloc_barriers(2 * STAGES, arrive_count=1)
    full_b = tl.alloc_barriers(STAGES, arrive_count=1)
    empty_b = tl.alloc_barriers(STAGES, arrive_count=2)
    if TMA_STORE:
        c_tiles = tl.local_alloc([HALF, BN], tl.bfloat16, c.layout, num=2)
    steps = tl.cdiv(K, BK)
    blocks = tl.cdiv(M, BM) * tl.cdiv(N, BN)
    stride = tl.num_programs(0) if PERSISTENT else blocks
    with tl.async_tasks():
        with tl.async_task("default", registers=40):
            step = 0
            for blk in range(tl.program_id(0), blocks, stride):
                off_m, off_n = _block(blk, M, N, BM, BN, GROUP_M)
                for k in range(0, steps):
                    s = step % STAGES
                    # The consumers released this stage's previous contents
                    # (the first pass finds it free: phase 1 is complete).
                    phase = ((step // STAGES) & 1) ^ 1
                    tl.barrier_wait(empty_b[s], phase)
                    tl.barrier_expect_bytes(full_b[s], BK * BN * SIZE)
                    tl.async_descriptor_load(b_desc, b[s], [off_n, k * BK] if B_KMAJOR else [k * BK, off_n],
                                             full_b[s])
                    for h in tl.static_range(2):
                        tl.barrier_wait(empty_a[s + h * STAGES], phase)
                        tl.barrier_expect_bytes(full_a[s + h * STAGES], HALF * BK * SIZE)
                        tl.async_descriptor_load(a_desc, a[s + h * STAGES], [off_m + h * HALF, k * BK],
                                                 full_a[s + h * STAGES])
                    step += 1
        with tl.async_task(num_warps=4, registers=232, replicate=2):
            h = tl.async_task_replica_id()
            step = 0
            for blk in range(tl.program_id(0), blocks, stride):
                off_m, off_n = _block(blk, M, N, BM, BN, GROUP_M)
                acc = tl.zeros([HALF, BN], tl.float32)
                for k in range(0, steps):
                    s = step % STAGES
                    phase = (step // STAGES) & 1
                    tl.barrier_wait(full_a[s + h * STAGES], phase)
                    tl.barrier_wait(full_b[s], phase)
                    acc = tl.async_dot(a[s + h * STAGES], b[s].permute((1, 0)) if B_KMAJOR else b[s], acc)
                    # One product in flight: the previous one is done, so
                    # its stage goes back to the producer.
                    acc = tl.async_dot_wait(1, acc)
                    if k > 0:
                        p = (step - 1) % STAGES
                        tl.barrier_arrive(empty_a[p + h * STAGES])
                        tl.barrier_arrive(empty_b[p])
                    step += 1
                acc = tl.async_dot_wait(0, acc)
                # the block's last stage is free too
                p = (step - 1) % STAGES
                tl.barrier_arrive(empty_a[p + h * STAGES])
                tl.barrier_arrive(empty_b[p])
                if TMA_STORE:
                    tl.async_descriptor_store_wait(0)  # the last block's store read the tile
                    tl.local_store(c_tiles[h], acc.to(tl.bfloat16))
                    tl.async_descriptor_store(c, c_tiles[h], [off_m + h * HALF, off_n])
                else:
                    rm = off_m + h * HALF + tl.arange(0, HALF)
                    rn = off_n + tl.arange(0, BN)
                    tl.store(c + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16),
                             mask=(rm[:, None] < M) & (rn[None, :] < N))
            if TMA_STORE:
                tl.async_descriptor_store_wait(0)
