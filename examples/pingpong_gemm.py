"""A ping-pong GEMM for CDNA4 (gfx950), written with TLX's warp-pipeline
stages:

    C[M, N] = A[M, K] @ B[K, N]      (bf16 / f16 in, f32 accumulate)

    python examples/pingpong_gemm.py

Eight waves share one BLOCK_M x BLOCK_N block (the MFMA layout spreads
them 2 x 4 over it); waves 0-3 and 4-7 are the two halves. The K loop is
two stages: "mem" (read this K tile's operands from LDS into registers, and
issue the direct-to-LDS copies, `buffer_load ... lds`, of the tile
NUM_BUFFERS - 1 steps ahead into a free buffer) and "mfma" (the tile's
MFMAs). tlxamd runs such a
loop as a ping-pong of the two halves of the waves: the upper half starts
one stage late, so while one half issues MFMAs the other moves data, each
stage at its priority (`s_setprio 1` for "mem"). The wait for the next tile
stands between the stages; it retires the copy one stage before any wave
reads it, which is what makes the shift safe (tlxamd-warp-pipeline checks
it: W12 in docs/contracts.md). Ragged K is masked (the copies of
out-of-range columns write zeros); rows and columns beyond M and N wrap on
load and are masked on store.
"""

import tlxamd as triton
import tlxamd.language as tl
import tlxamd.language.extra.tlx as tlx

CONFIG = dict(BLOCK_M=256, BLOCK_N=256, BLOCK_K=32, NUM_BUFFERS=3)
NUM_WARPS = 8


@triton.jit
def pingpong_gemm(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BLOCK_M: tl.constexpr,
                  BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, NUM_BUFFERS: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_n = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_rows = a_ptr + offs_m[:, None] * stride_am
    b_cols = b_ptr + offs_n[None, :]
    smem_a = tlx.local_alloc((BLOCK_M, BLOCK_K), tlx.dtype_of(a_ptr), NUM_BUFFERS)
    smem_b = tlx.local_alloc((BLOCK_K, BLOCK_N), tlx.dtype_of(b_ptr), NUM_BUFFERS)

    # Prologue: the first NUM_BUFFERS - 1 tiles in flight, the first landed.
    for i in tl.static_range(NUM_BUFFERS - 1):
        k0 = i * BLOCK_K
        ta = tlx.async_load(a_rows + (k0 + offs_k[None, :]), tlx.local_view(smem_a, i),
                            mask=offs_k[None, :] < K - k0)
        tb = tlx.async_load(b_cols + (k0 + offs_k[:, None]) * stride_bk, tlx.local_view(smem_b, i),
                            mask=offs_k[:, None] < K - k0)
        tlx.async_load_commit_group([ta, tb])
    tlx.async_load_wait_group(NUM_BUFFERS - 2)

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for t in range(0, tl.cdiv(K, BLOCK_K)):
        with tlx.warp_pipeline_stage("mem", priority=1):
            a = tlx.local_load(tlx.local_view(smem_a, t % NUM_BUFFERS))
            b = tlx.local_load(tlx.local_view(smem_b, t % NUM_BUFFERS))
            k0 = (t + NUM_BUFFERS - 1) * BLOCK_K
            ahead = (t + NUM_BUFFERS - 1) % NUM_BUFFERS
            ta = tlx.async_load(a_rows + (k0 + offs_k[None, :]), tlx.local_view(smem_a, ahead),
                                mask=offs_k[None, :] < K - k0)
            tb = tlx.async_load(b_cols + (k0 + offs_k[:, None]) * stride_bk, tlx.local_view(smem_b, ahead),
                                mask=offs_k[:, None] < K - k0)
            tlx.async_load_commit_group([ta, tb])
        # Tile t + 1 landed (for this half) one stage before it is read.
        tlx.async_load_wait_group(NUM_BUFFERS - 2)
        with tlx.warp_pipeline_stage("mfma", priority=0):
            acc = tl.dot(a, b, acc)
    tlx.async_load_wait_group(0)

    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c = acc.to(tlx.dtype_of(c_ptr))
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], c, mask=(rows[:, None] < M) & (cols[None, :] < N))


def compile_gfx950(dtype=tl.bfloat16, **config):
    """The kernel compiled for gfx950 (strides specialized as Triton's
    launcher does: divisible by 16)."""
    from tlxamd import compiler

    cfg = dict(CONFIG, **config)
    sig = {"a_ptr": tl.pointer(dtype), "b_ptr": tl.pointer(dtype), "c_ptr": tl.pointer(dtype)}
    sig.update({p: tl.divisible_int(tl.int32) for p in ("M", "N", "K", "stride_am", "stride_bk", "stride_cm")})
    module = tl.kernel(pingpong_gemm.fn, num_warps=NUM_WARPS, name="pingpong_gemm").build(
        "gfx950", signature=sig, **cfg)
    return compiler.compile(module, target="gfx950", cache=False)


if __name__ == "__main__":
    k = compile_gfx950()
    isa = k.asm["amdgcn"] if isinstance(k.asm, dict) else k.asm
    print(f"gfx950: {isa.count('s_setprio')} s_setprio, {isa.count('v_mfma')} MFMAs, "
          f"resources {k.resources}")
