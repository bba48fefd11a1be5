"""A warp-specialized flash-attention forward for Hopper (sm_90a), written
with TLX's tasks:

    O = softmax(Q K^T * sm_scale) V,   LSE = log2 of each row's sum (base-2
    units, max included), for backward

Q, K, V, O are [Z * H * N_CTX, HEAD_DIM] row-major f16 / bf16 (the heads
stacked); each program takes a 128-row block of one head's queries. The
default task (one warpgroup, registers left over by the consumers) loads
the two 64-row halves of Q once and fills a NUM_BUFFERS-deep ring of K and
V tiles through the tensor memory accelerator; two consumer warpgroups
(232 registers) each own a 64-row half. A consumer issues S_j = Q K_j^T
(wgmma from shared memory) before P_{j-1} V_{j-1} (P from registers), so
the tensor cores run one product while the other's softmax runs; the two
consumers take turns issuing through a pair of named barriers (ping-pong:
one's softmax overlaps the other's products). The exponentials are exp2
with the scale folded in. The blocks wholly inside the sequence (and, with
CAUSAL, below the diagonal) run in a loop without masks; a second loop
masks the rest (columns past N_CTX, above the diagonal). Rows past N_CTX
are not stored. bench/gpu/attention_ws_h200.py checks it against torch on
the H200 and times it beside cuDNN.
"""

from tlxamd import language as tl
from tlxamd.language.extra import tlx
from tlxamd.language.extra.tlx.warp_spec import get_bufidx_phase

BLOCK_M = 128


def descriptor(dtype, rows, head_dim):
    """The kind of a Q / K / V descriptor: boxes of `rows` x HEAD_DIM."""
    return tl.tensor_descriptor(dtype, [rows, head_dim], tl.nvmma_shared_layout(min(128, head_dim * 2), 16))


@tl.jit
def _softmax_step(qk, m_i, l_i, qk_scale, cols, limit, rows, MASK: tl.constexpr, CAUSAL: tl.constexpr):
    """One block's online-softmax update: (P, alpha, new max, new sum)."""
    if MASK:
        keep = cols[None, :] < limit
        if CAUSAL:
            keep = keep & (cols[None, :] <= rows[:, None])
        qk = tl.where(keep, qk, float("-inf"))
    m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
    p = tl.math.exp2(qk * qk_scale - m_ij[:, None])
    alpha = tl.math.exp2(m_i - m_ij)
    return p, alpha, m_ij, l_i * alpha + tl.sum(p, 1)


@tl.jit
def _step(q, k, v, k_full, k_empty, v_full, v_empty, p, alpha, m_i, l_i, acc, j, qk_scale, cols, hi, rows,
          g: tl.constexpr, dtype: tl.constexpr, NUM_BUFFERS: tl.constexpr, BLOCK_N: tl.constexpr,
          MASK: tl.constexpr, CAUSAL: tl.constexpr):
    """Block j of a consumer: S_j = Q K_j^T issued in turn with the other
    consumer, P_{j-1} V_{j-1} issued behind it, S_j's softmax while the
    product runs."""
    buf, phase = get_bufidx_phase(j, NUM_BUFFERS)
    tlx.barrier_wait(k_full[buf], phase)
    if g == 0:
        tlx.named_barrier_wait(9, 256)
    else:
        tlx.named_barrier_wait(10, 256)
    qk = tlx.async_dot(q[g], tlx.local_trans(k[buf]))
    if g == 0:
        tlx.named_barrier_arrive(10, 256)
    else:
        tlx.named_barrier_arrive(9, 256)
    pbuf, pphase = get_bufidx_phase(j - 1, NUM_BUFFERS)
    tlx.barrier_wait(v_full[pbuf], pphase)
    acc = tlx.async_dot(p.to(dtype), v[pbuf], acc * alpha[:, None])
    qk = tlx.async_dot_wait(1, qk)
    tlx.barrier_arrive(k_empty[buf], 1)
    p, alpha, m_i, l_i = _softmax_step(qk, m_i, l_i, qk_scale, j * BLOCK_N + cols, hi, rows, MASK, CAUSAL)
    acc = tlx.async_dot_wait(0, acc)
    tlx.barrier_arrive(v_empty[pbuf], 1)
    return p, alpha, m_i, l_i, acc


@tl.kernel(num_warps=4)
def attention_fwd_ws(q_desc, k_desc, v_desc, o, lse: tl.pointer(tl.float32), sm_scale: tl.float32,
                     N_CTX: tl.int32, HEAD_DIM: tl.constexpr, BLOCK_N: tl.constexpr, NUM_BUFFERS: tl.constexpr,
                     CAUSAL: tl.constexpr):
    HALF: tl.constexpr = BLOCK_M // 2
    dtype = tlx.dtype_of(q_desc)
    q = tlx.local_alloc((HALF, HEAD_DIM), dtype, 2)
    k = tlx.local_alloc((BLOCK_N, HEAD_DIM), dtype, NUM_BUFFERS)
    v = tlx.local_alloc((BLOCK_N, HEAD_DIM), dtype, NUM_BUFFERS)
    q_full = tlx.alloc_barriers(num_barriers=2, arrive_count=1)
    k_full = tlx.alloc_barriers(num_barriers=NUM_BUFFERS, arrive_count=1)
    v_full = tlx.alloc_barriers(num_barriers=NUM_BUFFERS, arrive_count=1)
    k_empty = tlx.alloc_barriers(num_barriers=NUM_BUFFERS, arrive_count=2)
    v_empty = tlx.alloc_barriers(num_barriers=NUM_BUFFERS, arrive_count=2)
    start_m = tl.program_id(0) * BLOCK_M
    head = tl.program_id(1)
    row0 = head * N_CTX
    hi = N_CTX
    if CAUSAL:
        hi = tl.minimum(N_CTX, start_m + BLOCK_M)
    TILE: tl.constexpr = BLOCK_N * HEAD_DIM * tlx.size_of(dtype)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            for g in tl.static_range(2):
                tlx.barrier_expect_bytes(q_full[g], HALF * HEAD_DIM * tlx.size_of(dtype))
                tlx.async_descriptor_load(q_desc, q[g], [row0 + start_m + g * HALF, 0], q_full[g])
            cnt = 0
            for off in tl.range(0, hi, BLOCK_N):
                buf, phase = get_bufidx_phase(cnt, NUM_BUFFERS)
                tlx.barrier_wait(k_empty[buf], phase ^ 1)
                tlx.barrier_expect_bytes(k_full[buf], TILE)
                tlx.async_descriptor_load(k_desc, k[buf], [row0 + off, 0], k_full[buf])
                tlx.barrier_wait(v_empty[buf], phase ^ 1)
                tlx.barrier_expect_bytes(v_full[buf], TILE)
                tlx.async_descriptor_load(v_desc, v[buf], [row0 + off, 0], v_full[buf])
                cnt += 1
        with tlx.async_task(num_warps=4, registers=232, replicate=2):
            g: tl.constexpr = tlx.async_task_replica_id()
            rows = start_m + g * HALF + tl.arange(0, HALF)
            cols = tl.arange(0, BLOCK_N)
            qk_scale = sm_scale * 1.44269504
            m_i = tl.zeros([HALF], tl.float32) - float("inf")
            l_i = tl.zeros([HALF], tl.float32)
            acc = tl.zeros([HALF, HEAD_DIM], tl.float32)
            # blocks before `full` need no mask: all their columns are inside
            # the sequence (and below the diagonal)
            blocks = tl.cdiv(hi, BLOCK_N)
            full = hi // BLOCK_N
            if CAUSAL:
                full = tl.minimum(full, start_m // BLOCK_N)
            tlx.barrier_wait(q_full[g], 0)
            # block 0
            tlx.barrier_wait(k_full[0], 0)
            if g == 0:
                tlx.named_barrier_wait(9, 256)
            else:
                tlx.named_barrier_arrive(9, 256)
                tlx.named_barrier_wait(10, 256)
            qk = tlx.async_dot(q[g], tlx.local_trans(k[0]))
            if g == 0:
                tlx.named_barrier_arrive(10, 256)
            else:
                tlx.named_barrier_arrive(9, 256)
            qk = tlx.async_dot_wait(0, qk)
            tlx.barrier_arrive(k_empty[0], 1)
            if full > 0:
                p, alpha, m_i, l_i = _softmax_step(qk, m_i, l_i, qk_scale, cols, hi, rows, False, CAUSAL)
            else:
                p, alpha, m_i, l_i = _softmax_step(qk, m_i, l_i, qk_scale, cols, hi, rows, True, CAUSAL)
            # the unmasked blocks, then the masked ones (ragged end, diagonal)
            for j in tl.range(1, full):
                p, alpha, m_i, l_i, acc = _step(q, k, v, k_full, k_empty, v_full, v_empty, p, alpha, m_i, l_i, acc,
                                                j, qk_scale, cols, hi, rows, g, dtype, NUM_BUFFERS, BLOCK_N,
                                                False, CAUSAL)
            for j in tl.range(tl.maximum(full, 1), blocks):
                p, alpha, m_i, l_i, acc = _step(q, k, v, k_full, k_empty, v_full, v_empty, p, alpha, m_i, l_i, acc,
                                                j, qk_scale, cols, hi, rows, g, dtype, NUM_BUFFERS, BLOCK_N,
                                                True, CAUSAL)
            pbuf, pphase = get_bufidx_phase(blocks - 1, NUM_BUFFERS)
            tlx.barrier_wait(v_full[pbuf], pphase)
            acc = tlx.async_dot(p.to(dtype), v[pbuf], acc * alpha[:, None])
            acc = tlx.async_dot_wait(0, acc)
            tlx.barrier_arrive(v_empty[pbuf], 1)
            inside = rows < N_CTX
            tl.store(lse + head * N_CTX + rows, m_i + tl.math.log2(l_i), mask=inside)
            d = tl.arange(0, HEAD_DIM)
            tl.store(o + (row0 + rows)[:, None] * HEAD_DIM + d[None, :], (acc / l_i[:, None]).to(dtype),
                     mask=inside[:, None])
