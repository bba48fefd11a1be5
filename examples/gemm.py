"""A Triton-style bf16 GEMM with tl.dot (layouts inferred; a runtime K
loop; ragged sizes masked), compiled for gfx950, gfx942 and sm_90a, and its
shared-memory pipelined form, on sm_90a also with Hopper's warpgroup MMA
(TLX's async_dot / async_dot_wait):

    python examples/gemm.py

On CDNA it lowers to rocdl.mfma (v_mfma_f32_32x32x16_bf16 on gfx950), on
NVIDIA to mma.sync.aligned.m16n8k16; the tests run it in the AMD emulator
against numpy (test/python/test_dot.py) and on the H200 against torch
(bench/gpu)."""

from tlxamd import compiler
from tlxamd import language as tl


@tl.kernel(num_warps=4)
def gemm(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32),
         M: tl.int32, N: tl.int32, K: tl.int32, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    tl.assume(N > 0)  # (as tutorial 03: offsets proven non-negative, which
    tl.assume(K > 0)  # buffer copies need)
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in tl.range(0, K, BK):
        ka = k + rk
        x = tl.load(a + rm[:, None] * K + ka[None, :], mask=(rm[:, None] < M) & (ka[None, :] < K), other=0.0)
        y = tl.load(b + ka[:, None] * N + rn[None, :], mask=(ka[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


def _row_swizzle(row_elements):
    """The bf16 tile's shared layout: 16-byte chunks XOR-swizzled so that
    any 8 consecutive rows (one 8 x 8 matrix load or mma operand read) hit
    8 different 16-byte bank groups: rows of fewer than 128 bytes share a
    phase (Triton's mma swizzle)."""
    per_phase = max(1, 64 // row_elements)
    return tl.swizzled_shared_layout(8, per_phase, 8 // per_phase, [1, 0])


def _nvmma_swizzle(row_elements):
    """The widest wgmma swizzle a bf16 row of the tile fills (bytes)."""
    return min(128, row_elements * 2)


def _step(a_tile, b_tile, acc, wgmma):
    """acc += a_tile @ b_tile: registers and mma.sync, or wgmma from shared
    memory, waited on before the tiles are refilled."""
    if wgmma:
        return tl.async_dot_wait(0, tl.async_dot(a_tile, b_tile, acc))
    return tl.dot(a_tile.load(), b_tile.load(), acc)


@tl.kernel(num_warps=8)
def gemm_pipelined(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32),
                   M: tl.int32, N: tl.int32, K: tl.int32, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr, STAGES: tl.constexpr, GROUP_M: tl.constexpr, WGMMA: tl.constexpr = False):
    """The same GEMM with its operands staged through shared memory:
    STAGES buffers per operand filled by asynchronous copies
    (buffer_load_to_shared: `buffer_load ... lds` on CDNA, `cp.async` on
    NVIDIA), STAGES - 1 tiles in flight while one is multiplied. With
    `WGMMA` (Hopper), the tiles are nvmma_shared and each step is TLX's
    `async_dot` (wgmma.mma_async straight from shared memory, one per 64
    rows of a warpgroup and 16 of K) and `async_dot_wait`."""
    K = tl.multiple_of(K, 8)  # rows of whole 16-byte copies
    N = tl.multiple_of(N, 8)
    # Programs in launch order walk GROUP_M row blocks down a column of
    # blocks before moving right, so neighbours share A and B tiles in L2.
    pid = tl.program_id(0) + tl.program_id(1) * tl.num_programs(0)
    blocks_m = tl.cdiv(M, BM)
    per_group = GROUP_M * tl.cdiv(N, BN)
    first_m = pid // per_group * GROUP_M
    rows = tl.minimum(blocks_m - first_m, GROUP_M)
    rm = (first_m + pid % per_group % rows) * BM + tl.arange(0, BM)
    rn = (pid % per_group // rows) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    if WGMMA:
        a_bufs = tl.local_alloc([BM, BK], tl.bfloat16, tl.nvmma_shared_layout(_nvmma_swizzle(BK), 16), num=STAGES)
        b_bufs = tl.local_alloc([BK, BN], tl.bfloat16, tl.nvmma_shared_layout(_nvmma_swizzle(BN), 16), num=STAGES)
    else:
        a_bufs = tl.local_alloc([BM, BK], tl.bfloat16, _row_swizzle(BK), num=STAGES)
        b_bufs = tl.local_alloc([BK, BN], tl.bfloat16, _row_swizzle(BN), num=STAGES)
    # The ragged K tile goes first: tile i covers K from k0 + i * BK with
    # k0 = K - steps * BK <= 0, so only the prologue's copies need K masks
    # and the loop's refills are whole tiles (masked by rows alone).
    steps = tl.cdiv(K, BK)
    k0 = K - steps * BK
    a_offs = rm[:, None] * K + rk[None, :]
    b_offs = rk[:, None] * N + rn[None, :]
    row_in = rm[:, None] < M
    col_in = rn[None, :] < N
    for s in tl.static_range(STAGES - 1):
        ka = k0 + s * BK + rk
        tl.buffer_load_to_shared(a_bufs.index(s), a, a_offs + (k0 + s * BK),
                                 mask=row_in & (ka[None, :] >= 0) & (ka[None, :] < K), other=0.0)
        tl.buffer_load_to_shared(b_bufs.index(s), b, b_offs + (k0 + s * BK) * N,
                                 mask=(ka[:, None] >= 0) & (ka[:, None] < K) & col_in, other=0.0)
        tl.async_commit_group()
    a_rows = row_in & (rk[None, :] < BK)  # the refills' masks, whole tiles
    b_cols = (rk[:, None] < BK) & col_in
    acc = tl.zeros([BM, BN], tl.float32)
    for i in tl.range(0, steps - (STAGES - 1)):
        # Tile i has landed once at most STAGES - 2 newer groups are in
        # flight; past the wait's barrier every warp is done with the
        # buffer tile i - 1 used, which the next copy refills.
        tl.async_wait(STAGES - 2)
        nxt = i + STAGES - 1
        # the K step advances the base pointers (whole tiles: k >= 0); the
        # lanes' offsets stay
        k = k0 + nxt * BK
        tl.buffer_load_to_shared(a_bufs.index(nxt % STAGES), a + k, a_offs, mask=a_rows, other=0.0)
        tl.buffer_load_to_shared(b_bufs.index(nxt % STAGES), b + k * N, b_offs, mask=b_cols, other=0.0)
        tl.async_commit_group()
        acc = _step(a_bufs.index(i % STAGES), b_bufs.index(i % STAGES), acc, WGMMA)
    # The last STAGES - 1 tiles are in flight already.
    for i in tl.range(tl.maximum(steps - (STAGES - 1), 0), steps):
        tl.async_wait(0)
        acc = _step(a_bufs.index(i % STAGES), b_bufs.index(i % STAGES), acc, WGMMA)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


def _col_swizzle(col_elements):
    """A K x N tile stored K-contiguous (order [0, 1]): the same 16-byte
    chunk swizzle over its columns."""
    per_phase = max(1, 64 // col_elements)
    return tl.swizzled_shared_layout(8, per_phase, 8 // per_phase, [0, 1])


def _staging(rows, cols, warps):
    """How B's rows x cols tile (row-major K x N in global memory) goes
    through registers: each thread reads a block of rows of 8 N elements
    (16 bytes a read); with at least 2 rows a thread, the tile is stored
    K-contiguous (the block transposed in the thread's registers: K runs
    of 2-4 elements per shared write) so that the MFMA operand reads 8
    bytes a lane, else N-contiguous as it came (one row a thread; the
    operand then gathers, as Triton's does there). (layout, K-contiguous)."""
    share = rows * cols // (64 * warps)
    k = max(1, min(4, share // 8))
    tn = cols // 8
    tk = 64 // tn
    wk = max(1, min(warps, rows // (k * tk)))
    return tl.blocked_layout([k, 8], [tk, tn], [wk, warps // wk], [1, 0]), k > 1


def _buffer(bufs, i, count):
    """Buffer i of `count` (a tile allocated with one buffer is that buffer)."""
    return bufs if count == 1 else bufs.index(i)


@tl.kernel(num_warps=4)
def gemm_staged(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32),
                M: tl.int32, N: tl.int32, K: tl.int32, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr, STAGES: tl.constexpr, GROUP_M: tl.constexpr):
    """The pipelined GEMM staged through registers, the CDNA3 form (its
    direct-to-LDS copies move 4 bytes a lane where a register load moves
    16): each iteration loads tile i + STAGES - 1 into registers while tile
    i is multiplied from shared memory, then stores it into the buffer tile
    i used, so STAGES - 1 shared buffers per operand hold the tiles in
    flight (128 x 128 x 64 in 3 stages fits CDNA3's 64 KiB). Where a
    thread holds two or more of B's rows, B is stored K-contiguous,
    transposed in registers on the way in, so that both operands are read
    8 bytes a lane (kWidth 4); see _staging."""
    K = tl.multiple_of(K, 8)
    N = tl.multiple_of(N, 8)
    pid = tl.program_id(0) + tl.program_id(1) * tl.num_programs(0)
    blocks_m = tl.cdiv(M, BM)
    per_group = GROUP_M * tl.cdiv(N, BN)
    first_m = pid // per_group * GROUP_M
    rows = tl.minimum(blocks_m - first_m, GROUP_M)
    m0 = (first_m + pid % per_group % rows) * BM
    n0 = (pid % per_group // rows) * BN
    rm = m0 + tl.arange(0, BM)
    rk = tl.arange(0, BK)
    lb, k_major = _staging(BK, BN, tl.num_warps())
    rkb = tl.arange(0, BK, layout=tl.slice_layout(1, lb))
    rnb = n0 + tl.arange(0, BN, layout=tl.slice_layout(0, lb))
    a_bufs = tl.local_alloc([BM, BK], tl.bfloat16, _row_swizzle(BK), num=STAGES - 1)
    b_bufs = tl.local_alloc([BK, BN], tl.bfloat16, _col_swizzle(BK) if k_major else _row_swizzle(BN),
                            num=STAGES - 1)
    # The ragged K tile first (k0 <= 0): only the prologue masks K.
    steps = tl.cdiv(K, BK)
    k0 = K - steps * BK
    a_offs = rm[:, None] * K + rk[None, :]
    b_offs = rkb[:, None] * N + rnb[None, :]
    row_in = rm[:, None] < M
    col_in = rnb[None, :] < N
    for s in tl.static_range(STAGES - 1):
        ka = k0 + s * BK + rk
        kb = k0 + s * BK + rkb
        _buffer(a_bufs, s, STAGES - 1).store(
            tl.buffer_load(a, a_offs + (k0 + s * BK), mask=row_in & (ka[None, :] >= 0) & (ka[None, :] < K),
                           other=0.0, contiguity=8))
        _buffer(b_bufs, s, STAGES - 1).store(
            tl.buffer_load(b, b_offs + (k0 + s * BK) * N, mask=(kb[:, None] >= 0) & (kb[:, None] < K) & col_in,
                           other=0.0, contiguity=8))
    a_rows = tl.broadcast_to(row_in, [BM, BK])  # the loop's masks, whole tiles
    b_cols = tl.broadcast_to(col_in, [BK, BN])
    acc = tl.zeros([BM, BN], tl.float32)
    for i in tl.range(0, steps - (STAGES - 1)):
        k = k0 + (i + STAGES - 1) * BK  # whole tiles: k >= 0
        # the K step advances the base pointers; 8 consecutive elements per
        # access (K-contiguous rows of A, each thread's rows of B's block)
        x = tl.buffer_load(a + k, a_offs, mask=a_rows, other=0.0, contiguity=8)
        y = tl.buffer_load(b + k * N, b_offs, mask=b_cols, other=0.0, contiguity=8)
        at = _buffer(a_bufs, i % (STAGES - 1), STAGES - 1)
        bt = _buffer(b_bufs, i % (STAGES - 1), STAGES - 1)
        acc = tl.dot(at.load(), bt.load(), acc)
        at.store(x)
        bt.store(y)
    for i in tl.range(tl.maximum(steps - (STAGES - 1), 0), steps):
        at = _buffer(a_bufs, i % (STAGES - 1), STAGES - 1)
        bt = _buffer(b_bufs, i % (STAGES - 1), STAGES - 1)
        acc = tl.dot(at.load(), bt.load(), acc)
    rn = n0 + tl.arange(0, BN)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


if __name__ == "__main__":
    for target, instr in (("gfx950", "v_mfma"), ("gfx942", "v_mfma"), ("sm_90a", "mma.sync")):
        k = compiler.compile(gemm.build(target=target, BM=64, BN=64, BK=32), target=target)
        print(f"{target}: {k.asm.count(instr)} {instr} per K step, resources {k.resources}")
    k = compiler.compile(gemm_pipelined.build(target="sm_90a", BM=128, BN=128, BK=64, STAGES=3, GROUP_M=8,
                                              WGMMA=True), target="sm_90a")
    print(f"sm_90a wgmma: {k.asm.count('wgmma.mma_async')} wgmma.mma_async, resources {k.resources}")
