"""An MXFP4 x MXFP4 (or MXFP8 B) GEMM for gfx950 with the B weights
preshuffled on the host (the Mojo PreshuffledBLoader reference, Mojo's PreshuffledBLoader):

    python examples/preshuffled_gemm.py

A (M x K e2m1 values, two per byte along K, row-major) goes through LDS:
STAGES buffers filled by asynchronous copies (`buffer_load ... lds`),
STAGES - 1 tiles in flight. B is `tlxamd.preshuffle.shuffle_b(b_bytes,
lane_bytes)` of the logical [N, K_BYTES] bytes (K_BYTES = K / 2 for e2m1,
K for e4m3): each lane's 16x16x128 fragment goes DRAM -> VGPRs with one
`buffer_load_dwordx4` per 16-byte plane, the lanes' offsets computed once
before the K loop and each K tile's offset in soffset; lanes past N *
K_BYTES read zero, so a ragged N needs no mask on B. The E8M0 scales are
`tlxamd.preshuffle.shuffle_scales(s, 16)` of the [M, K / 32] and [N, K /
32] bytes (rows padded to a multiple of 32) with SHUFFLED_SCALES (the
default): each lane loads its scales for two K steps of two tiles as one
dword and the kernel's reshape / permute undo the shuffle in registers, so
the scales never pass through LDS; without, the row-major scales are
loaded coalesced and exchanged through LDS each K step. Each K step is one
v_mfma_scale_f32_16x16x128_f8f6f4 per 16 x 16 tile. K is a multiple of
BK; M and N may be ragged. test/python/test_preshuffled_gemm.py runs it
in the AMD emulator against a numpy MX reference."""

from tlxamd import compiler
from tlxamd import language as tl


@tl.jit
def _unshuffle(s, ROWS: tl.constexpr, BK: tl.constexpr):
    """A K step's scales of ROWS rows from their shuffled [ROWS / 32, BK]
    bytes (preshuffle.shuffle_scales(..., 16)): [ROWS, BK / 32]."""
    s = s.reshape(ROWS // 32, BK // 256, 4, 16, 2, 2, 1).permute(0, 5, 3, 1, 4, 2, 6)
    return s.reshape(ROWS, BK // 32)


def _a_layout(row_bytes):
    """A's shared layout: 16-byte chunks XOR-swizzled so the 16 rows one
    fragment read touches fall in different bank groups."""
    per_phase = max(1, 128 // row_bytes)
    return tl.swizzled_shared_layout(16, per_phase, 8 // per_phase, [1, 0])


@tl.kernel(num_warps=4)
def mxfp4_gemm(a: tl.pointer(tl.int8), a_scale: tl.pointer(tl.int8), b: tl.pointer(tl.int8),
               b_scale: tl.pointer(tl.int8), c: tl.pointer(tl.float32), M: tl.int32, N: tl.int32,
               K: tl.int32, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
               B_FORMAT: tl.constexpr, B_PACK: tl.constexpr, STAGES: tl.constexpr,
               SHUFFLED_SCALES: tl.constexpr):
    K = tl.multiple_of(K, BK)
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    n0 = tl.program_id(1) * BN
    rn = n0 + tl.arange(0, BN)
    ra = tl.arange(0, BK // 2)
    rs = tl.arange(0, BK // 32)
    row_in = rm[:, None] < M
    col_in = rn[:, None] < N
    a_scale_in = row_in & (rs[None, :] < BK // 32)  # the scales' masks, by rows
    b_scale_in = col_in & (rs[None, :] < BK // 32)
    as_offs = rm[:, None] * (K // 32) + rs[None, :]  # the K step advances the base pointers
    bs_offs = rn[:, None] * (K // 32) + rs[None, :]
    steps = K // BK
    # Shuffled scales: [rows / 32, K] bytes, a block's BK bytes of each of
    # its 32-row groups per K step.
    rg = tl.arange(0, BK)
    as_groups = (tl.program_id(0) * (BM // 32) + tl.arange(0, BM // 32))[:, None] * K + rg[None, :]
    bs_groups = (tl.program_id(1) * (BN // 32) + tl.arange(0, BN // 32))[:, None] * K + rg[None, :]
    a_groups_in = ((tl.program_id(0) * BM + 32 * tl.arange(0, BM // 32)) < M)[:, None] & (rg[None, :] < BK)
    b_groups_in = ((n0 + 32 * tl.arange(0, BN // 32)) < N)[:, None] & (rg[None, :] < BK)
    # A row's BK // 32 scale bytes are consecutive (K is a multiple of BK):
    # each thread reads its share of the scales as one run of up to 4
    # bytes (B12: consecutive, one mask, aligned).
    SC_A = max(1, min(4, BM * (BK // 32) // (64 * tl.num_warps())))
    SC_B = max(1, min(4, BN * (BK // 32) // (64 * tl.num_warps())))
    # A: row-major bytes through LDS, STAGES - 1 tiles in flight.
    a_bufs = tl.local_alloc([BM, BK // 2], tl.int8, _a_layout(BK // 2), num=STAGES)
    a_offs = rm[:, None] * (K // 2) + ra[None, :]
    a_rows = row_in & (ra[None, :] < BK // 2)  # the copies' masks, whole tiles
    for s in tl.static_range(STAGES - 1):
        tl.buffer_load_to_shared(a_bufs.index(s), a, a_offs + s * (BK // 2), mask=a_rows & (s < steps), other=0)
        tl.async_commit_group()
    # B: preshuffled fragments straight into the MFMA's registers.
    loader = tl.PreshuffledBLoader(b, N, K // B_PACK, lane_bytes=32 // B_PACK)
    acc = tl.zeros([BM, BN], tl.float32)
    for i in tl.range(0, steps):
        # Tile i has landed once at most STAGES - 2 newer groups are in
        # flight (past the end the refills are masked off, still one group
        # each); past the wait's barrier every warp is done with the buffer
        # the next copy refills.
        tl.async_wait(STAGES - 2)
        nxt = i + STAGES - 1
        nxt_in = nxt < steps
        tl.buffer_load_to_shared(a_bufs.index(nxt % STAGES), a + nxt * (BK // 2), a_offs,
                                 mask=a_rows & nxt_in, other=0)
        tl.async_commit_group()
        x = a_bufs.index(i % STAGES).load()
        y = loader.load_tile(n0, i * (BK // B_PACK), BK // B_PACK, BN)
        if SHUFFLED_SCALES:
            # (a lane's 4 scale bytes are consecutive and 4-aligned: B5)
            xs = _unshuffle(tl.buffer_load(a_scale + i * BK, as_groups, mask=a_groups_in, other=0, contiguity=4),
                            BM, BK)
            ys = _unshuffle(tl.buffer_load(b_scale + i * BK, bs_groups, mask=b_groups_in, other=0, contiguity=4),
                            BN, BK)
        else:
            xs = tl.buffer_load(a_scale + i * (BK // 32), as_offs, mask=a_scale_in, other=0, contiguity=SC_A)
            ys = tl.buffer_load(b_scale + i * (BK // 32), bs_offs, mask=b_scale_in, other=0, contiguity=SC_B)
        acc = tl.dot_scaled(x, xs, "e2m1", y, ys, B_FORMAT, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=row_in & (rn[None, :] < N))


def build(B_FORMAT="e2m1", BM=64, BN=64, BK=256, STAGES=3, target="gfx950", SHUFFLED_SCALES=True):
    return mxfp4_gemm.build(target=target, BM=BM, BN=BN, BK=BK, B_FORMAT=B_FORMAT,
                            B_PACK=2 if B_FORMAT == "e2m1" else 1, STAGES=STAGES, SHUFFLED_SCALES=SHUFFLED_SCALES)


if __name__ == "__main__":
    for fmt in ("e2m1", "e4m3"):
        k = compiler.compile(build(fmt), target="gfx950")
        print(f"gfx950 e2m1 x {fmt}: {k.asm.count('v_mfma_scale_f32_16x16x128_f8f6f4')} "
              f"v_mfma_scale_f32_16x16x128_f8f6f4, {k.asm.count('buffer_load_dwordx4')} buffer_load_dwordx4, "
              f"resources {k.resources}")
