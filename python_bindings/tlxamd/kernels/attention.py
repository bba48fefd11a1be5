"""Flash attention as a library call:

    from tlxamd.kernels import attention
    o = attention(q, k, v, causal=False, sm_scale=None)   # q, k, v [Z, H, N, D]

as `torch.nn.functional.scaled_dot_product_attention` takes them (one
head dimension for Q, K and V; f16 / bf16), differentiable (an autograd
Function with the flash-attention backward). On an sm_90a GPU the forward
is the warp-specialized kernel (`attention_fwd_ws`: a TMA producer, two
ping-pong consumer warpgroups with wgmma, softmax in exp2 with the scale
folded in); elsewhere, and for the backward, Triton-style kernels with
inferred layouts (`_attn_fwd`, `_attn_bwd_preprocess`, `_attn_bwd_dkdv`,
`_attn_bwd_dq`: the tutorial's two-kernel structure). CPU tensors run in
the AMD emulator for `TLXAMD_TARGET` (gfx950 by default).

The forward saves LSE, each row's log2-sum-exp2 of the scaled scores (the
max included), so that the backward recomputes P = exp2(S * scale * log2 e
- LSE) without a second reduction.
"""

from __future__ import annotations

from .. import language as tl
from ..language.extra import tlx
from ..language.extra.tlx.warp_spec import get_bufidx_phase
from ..language.frontend import jit

__all__ = ["attention", "attention_fwd_ws"]

@tl.jit
def _rows_tile(X, base, idx, N_CTX, HEAD_DIM: tl.constexpr, TRANSPOSED: tl.constexpr):
    """Rows `idx` of one head's [N_CTX, HEAD_DIM] matrix X (zero past
    N_CTX), as [len(idx), HEAD_DIM] or, TRANSPOSED, [HEAD_DIM, len(idx)]:
    read in the form the MMA takes it, so that each loop load feeds one MMA
    and the pipeliner stages it (a tile used both ways is read twice, the
    second time from L2)."""
    d = tl.arange(0, HEAD_DIM)
    if TRANSPOSED:
        return tl.load(X + base + idx[None, :] * HEAD_DIM + d[:, None], mask=idx[None, :] < N_CTX, other=0.0)
    return tl.load(X + base + idx[:, None] * HEAD_DIM + d[None, :], mask=idx[:, None] < N_CTX, other=0.0)


@jit
def _attn_fwd(Q, K, V, O, LSE, sm_scale, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
              BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    """Online-softmax forward of one BLOCK_M-row block of one head (Q, K,
    V, O contiguous [heads, N_CTX, HEAD_DIM])."""
    start_m = tl.program_id(0) * BLOCK_M
    base = tl.program_id(1) * N_CTX * HEAD_DIM
    rows = start_m + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    d = tl.arange(0, HEAD_DIM)
    q = _rows_tile(Q, base, rows, N_CTX, HEAD_DIM, False)
    qk_scale = sm_scale * 1.4426950408889634
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    hi = N_CTX
    if CAUSAL:
        hi = tl.minimum(N_CTX, start_m + BLOCK_M)
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        kt = _rows_tile(K, base, cols, N_CTX, HEAD_DIM, True)
        keep = cols[None, :] < N_CTX
        if CAUSAL:
            keep = keep & (cols[None, :] <= rows[:, None])
        qk = tl.where(keep, tl.dot(q, kt) * qk_scale, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = _rows_tile(V, base, cols, N_CTX, HEAD_DIM, False)
        acc = tl.dot(p.to(v.dtype), v, acc * alpha[:, None])
        m_i = m_ij
    inside = rows < N_CTX
    tl.store(LSE + tl.program_id(1) * N_CTX + rows, m_i + tl.math.log2(l_i), mask=inside)
    tl.store(O + base + rows[:, None] * HEAD_DIM + d[None, :], (acc / l_i[:, None]).to(O.dtype.element_ty),
             mask=inside[:, None])


@jit
def _attn_bwd_preprocess(O, DO, Delta, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr):
    """Delta = rowsum(O * dO), the softmax backward's per-row term."""
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    base = tl.program_id(1) * N_CTX * HEAD_DIM
    o = _rows_tile(O, base, rows, N_CTX, HEAD_DIM, False).to(tl.float32)
    do = _rows_tile(DO, base, rows, N_CTX, HEAD_DIM, False).to(tl.float32)
    tl.store(Delta + tl.program_id(1) * N_CTX + rows, tl.sum(o * do, 1), mask=rows < N_CTX)


@tl.jit
def _query_rows(Q, DO, LSE, Delta, rows, base, row_base, N_CTX, HEAD_DIM: tl.constexpr):
    """Q, dO, LSE and Delta of query `rows` (zero past N_CTX)."""
    inside = rows < N_CTX
    return (_rows_tile(Q, base, rows, N_CTX, HEAD_DIM, False), _rows_tile(DO, base, rows, N_CTX, HEAD_DIM, False),
            tl.load(LSE + row_base + rows, mask=inside, other=0.0),
            tl.load(Delta + row_base + rows, mask=inside, other=0.0))


@jit
def _attn_bwd_dkdv(Q, K, V, DO, LSE, Delta, DK, DV, sm_scale, N_CTX, HEAD_DIM: tl.constexpr,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    """dK, dV of one BLOCK_N-row block of K / V: the query blocks that see
    it, P^T recomputed from LSE."""
    start_n = tl.program_id(0) * BLOCK_N
    head = tl.program_id(1)
    base = head * N_CTX * HEAD_DIM
    cols = start_n + tl.arange(0, BLOCK_N)
    d = tl.arange(0, HEAD_DIM)
    kv_at = base + cols[:, None] * HEAD_DIM + d[None, :]
    k = _rows_tile(K, base, cols, N_CTX, HEAD_DIM, False)
    v = _rows_tile(V, base, cols, N_CTX, HEAD_DIM, False)
    dk = tl.zeros([BLOCK_N, HEAD_DIM], tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    lo = 0
    if CAUSAL:
        lo = start_n // BLOCK_M * BLOCK_M  # earlier query rows see none of these keys
    for start_m in range(lo, N_CTX, BLOCK_M):
        rows = start_m + tl.arange(0, BLOCK_M)
        q, do, lse, delta = _query_rows(Q, DO, LSE, Delta, rows, base, head * N_CTX, N_CTX, HEAD_DIM)
        qt = _rows_tile(Q, base, rows, N_CTX, HEAD_DIM, True)
        dot_ = _rows_tile(DO, base, rows, N_CTX, HEAD_DIM, True)
        keep = rows[None, :] < N_CTX
        if CAUSAL:
            keep = keep & (cols[:, None] <= rows[None, :])
        pt = tl.where(keep, tl.math.exp2(tl.dot(k, qt) * qk_scale - lse[None, :]), 0.0)
        dv = tl.dot(pt.to(do.dtype), do, dv)
        dpt = tl.dot(v, dot_)
        dst = pt * (dpt - delta[None, :])
        dk = tl.dot(dst.to(q.dtype), q, dk)
    inside = cols[:, None] < N_CTX
    tl.store(DK + kv_at, (dk * sm_scale).to(DK.dtype.element_ty), mask=inside)
    tl.store(DV + kv_at, dv.to(DV.dtype.element_ty), mask=inside)


@jit
def _attn_bwd_dq(Q, K, V, DO, LSE, Delta, DQ, sm_scale, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                 BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    """dQ of one BLOCK_M-row block of queries over the keys it sees."""
    start_m = tl.program_id(0) * BLOCK_M
    head = tl.program_id(1)
    base = head * N_CTX * HEAD_DIM
    rows = start_m + tl.arange(0, BLOCK_M)
    d = tl.arange(0, HEAD_DIM)
    q_at = base + rows[:, None] * HEAD_DIM + d[None, :]
    q, do, lse, delta = _query_rows(Q, DO, LSE, Delta, rows, base, head * N_CTX, N_CTX, HEAD_DIM)
    dq = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    hi = N_CTX
    if CAUSAL:
        hi = tl.minimum(N_CTX, start_m + BLOCK_M)
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + tl.arange(0, BLOCK_N)
        kt = _rows_tile(K, base, cols, N_CTX, HEAD_DIM, True)
        vt = _rows_tile(V, base, cols, N_CTX, HEAD_DIM, True)
        k = _rows_tile(K, base, cols, N_CTX, HEAD_DIM, False)
        keep = cols[None, :] < N_CTX
        if CAUSAL:
            keep = keep & (cols[None, :] <= rows[:, None])
        p = tl.where(keep, tl.math.exp2(tl.dot(q, kt) * qk_scale - lse[:, None]), 0.0)
        ds = p * (tl.dot(do, vt) - delta[:, None])
        dq = tl.dot(ds.to(q.dtype), k, dq)
    tl.store(DQ + q_at, (dq * sm_scale).to(DQ.dtype.element_ty), mask=rows[:, None] < N_CTX)


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
          MASK: tl.constexpr, CAUSAL: tl.constexpr, CONSUMERS: tl.constexpr):
    """Block j of a consumer: S_j = Q K_j^T issued in turn with the other
    consumers, P_{j-1} V_{j-1} issued behind it, S_j's softmax while the
    product runs."""
    buf, phase = get_bufidx_phase(j, NUM_BUFFERS)
    tlx.barrier_wait(k_full[buf], phase)
    # consumer g issues after g - 1 (named barrier 9 + g), then lets g + 1 go
    tlx.named_barrier_wait(9 + g, 256)
    qk = tlx.async_dot(q[g], tlx.local_trans(k[buf]))
    tlx.named_barrier_arrive(9 + (g + 1) % CONSUMERS, 256)
    pbuf, pphase = get_bufidx_phase(j - 1, NUM_BUFFERS)
    tlx.barrier_wait(v_full[pbuf], pphase)
    acc = tlx.async_dot(p.to(dtype), v[pbuf], acc * alpha[:, None])
    qk = tlx.async_dot_wait(1, qk)
    tlx.barrier_arrive(k_empty[buf], 1)
    p, alpha, m_i, l_i = _softmax_step(qk, m_i, l_i, qk_scale, j * BLOCK_N + cols, hi, rows, MASK, CAUSAL)
    acc = tlx.async_dot_wait(0, acc)
    tlx.barrier_arrive(v_empty[pbuf], 1)
    return p, alpha, m_i, l_i, acc


@jit
def attention_fwd_ws(q_desc, k_desc, v_desc, o, lse, sm_scale, N_CTX, HEAD_DIM: tl.constexpr,
                     BLOCK_N: tl.constexpr, NUM_BUFFERS: tl.constexpr, CAUSAL: tl.constexpr,
                     CONSUMERS: tl.constexpr = 2, REGISTERS: tl.constexpr = 232):
    """The warp-specialized Hopper forward (4 warps launched: the producer
    task; the CONSUMERS consumer warpgroups, REGISTERS registers a thread,
    are added by the tasks). Q, K, V are tensor descriptors over
    [heads * N_CTX, HEAD_DIM] with boxes of 64 (Q) and BLOCK_N (K, V) rows;
    each program takes 64 x CONSUMERS query rows of head program_id(1)."""
    HALF: tl.constexpr = 64
    dtype = tlx.dtype_of(q_desc)
    q = tlx.local_alloc((HALF, HEAD_DIM), dtype, CONSUMERS)
    k = tlx.local_alloc((BLOCK_N, HEAD_DIM), dtype, NUM_BUFFERS)
    v = tlx.local_alloc((BLOCK_N, HEAD_DIM), dtype, NUM_BUFFERS)
    q_full = tlx.alloc_barriers(num_barriers=CONSUMERS, arrive_count=1)
    k_full = tlx.alloc_barriers(num_barriers=NUM_BUFFERS, arrive_count=1)
    v_full = tlx.alloc_barriers(num_barriers=NUM_BUFFERS, arrive_count=1)
    k_empty = tlx.alloc_barriers(num_barriers=NUM_BUFFERS, arrive_count=CONSUMERS)
    v_empty = tlx.alloc_barriers(num_barriers=NUM_BUFFERS, arrive_count=CONSUMERS)
    start_m = tl.program_id(0) * (CONSUMERS * HALF)
    head = tl.program_id(1)
    row0 = head * N_CTX
    hi = N_CTX
    if CAUSAL:
        hi = tl.minimum(N_CTX, start_m + CONSUMERS * HALF)
    TILE: tl.constexpr = BLOCK_N * HEAD_DIM * tlx.size_of(dtype)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            for g in tl.static_range(CONSUMERS):
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
        with tlx.async_task(num_warps=4, registers=REGISTERS, replicate=CONSUMERS):
            g: tl.constexpr = tlx.async_task_replica_id()
            rows = start_m + g * HALF + tl.arange(0, HALF)
            cols = tl.arange(0, BLOCK_N)
            qk_scale = sm_scale * 1.4426950408889634
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
            tlx.barrier_wait(k_full[0], 0)
            # the last consumer lets the first go: they issue in turn
            if g == CONSUMERS - 1:
                tlx.named_barrier_arrive(9, 256)
            tlx.named_barrier_wait(9 + g, 256)
            qk = tlx.async_dot(q[g], tlx.local_trans(k[0]))
            tlx.named_barrier_arrive(9 + (g + 1) % CONSUMERS, 256)
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
                                                False, CAUSAL, CONSUMERS)
            for j in tl.range(tl.maximum(full, 1), blocks):
                p, alpha, m_i, l_i, acc = _step(q, k, v, k_full, k_empty, v_full, v_empty, p, alpha, m_i, l_i, acc,
                                                j, qk_scale, cols, hi, rows, g, dtype, NUM_BUFFERS, BLOCK_N,
                                                True, CAUSAL, CONSUMERS)
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


def _use_ws(q) -> bool:
    """The warp-specialized forward: an sm_90a GPU, f16 / bf16, D 64 / 128."""
    import torch

    from .._jit import cuda_target

    return (q.is_cuda and cuda_target(q.device) == "sm_90a" and q.shape[-1] in (64, 128)
            and q.dtype in (torch.float16, torch.bfloat16))


def _forward(q, k, v, causal, sm_scale):
    import torch

    from ..runtime import TensorDescriptor

    z, h, n, d = q.shape
    o = torch.empty_like(q)
    lse = torch.empty((z * h * n,), device=q.device, dtype=torch.float32)
    if _use_ws(q):
        flat = [x.reshape(z * h * n, d) for x in (q, k, v)]
        descs = (TensorDescriptor.from_tensor(flat[0], [64, d]), TensorDescriptor.from_tensor(flat[1], [128, d]),
                 TensorDescriptor.from_tensor(flat[2], [128, d]))
        attention_fwd_ws[(-(-n // 128), z * h)](*descs, o, lse, sm_scale, n, HEAD_DIM=d, BLOCK_N=128,
                                                 NUM_BUFFERS=2, CAUSAL=causal, num_warps=4)
    else:
        _attn_fwd[(-(-n // 64), z * h)](q, k, v, o, lse, sm_scale, n, HEAD_DIM=d, BLOCK_M=64, BLOCK_N=64,
                                        CAUSAL=causal, num_warps=4)
    return o, lse


def _backward(q, k, v, o, lse, do, causal, sm_scale):
    import torch

    z, h, n, d = q.shape
    delta = torch.empty_like(lse)
    _attn_bwd_preprocess[(-(-n // 64), z * h)](o, do, delta, n, HEAD_DIM=d, BLOCK_M=64, num_warps=4)
    dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
    # 8 warps at D >= 128: two 64 x D f32 accumulators and their operands
    # overflow 4 warps' registers (sm_90a: dQ 255 registers + spills at 4
    # warps, none at 8)
    warps = 8 if d >= 128 else 4
    # (at D 128 the four staged [64, 128] tiles take 64 KiB a stage: two
    # stages leave K and V resident in shared memory beside them)
    stages = 2 if d >= 128 else 3
    _attn_bwd_dkdv[(-(-n // 64), z * h)](q, k, v, do, lse, delta, dk, dv, sm_scale, n, HEAD_DIM=d, BLOCK_M=64,
                                        BLOCK_N=64, CAUSAL=causal, num_warps=warps, num_stages=stages)
    _attn_bwd_dq[(-(-n // 64), z * h)](q, k, v, do, lse, delta, dq, sm_scale, n, HEAD_DIM=d, BLOCK_M=64,
                                      BLOCK_N=64, CAUSAL=causal, num_warps=warps)
    return dq, dk, dv


def _function():
    import torch

    class _Attention(torch.autograd.Function):
        @staticmethod
        def forward(ctx, q, k, v, causal, sm_scale):
            o, lse = _forward(q, k, v, causal, sm_scale)
            ctx.save_for_backward(q, k, v, o, lse)
            ctx.causal, ctx.sm_scale = causal, sm_scale
            return o

        @staticmethod
        def backward(ctx, do):
            q, k, v, o, lse = ctx.saved_tensors
            dq, dk, dv = _backward(q, k, v, o, lse, do.contiguous(), ctx.causal, ctx.sm_scale)
            return dq, dk, dv, None, None

    return _Attention


_ATTENTION = None


def attention(q, k, v, causal: bool = False, sm_scale=None):
    """softmax(Q K^T * sm_scale (+ causal mask)) V for torch tensors
    [Z, H, N, D] (f16 / bf16, D a power of two in [16, 256]); sm_scale
    defaults to D ** -0.5. Differentiable."""
    import torch

    global _ATTENTION
    for name, x in (("q", q), ("k", k), ("v", v)):
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"attention takes torch tensors, got {name} of type {type(x).__name__}")
        if x.dim() != 4 or x.shape != q.shape:
            raise ValueError(f"q, k and v are [Z, H, N, D] tensors of one shape, got {name} of shape "
                             f"{list(x.shape)} (q {list(q.shape)})")
        if x.dtype not in (torch.float16, torch.bfloat16) or x.dtype != q.dtype:
            raise TypeError(f"q, k and v are float16 or bfloat16 tensors of one dtype, got {name} {x.dtype}")
    d = q.shape[-1]
    if d < 16 or d > 256 or d & (d - 1):
        raise ValueError(f"the head dimension is a power of two in [16, 256], got {d}")
    if not isinstance(causal, bool):
        raise TypeError(f"causal must be a bool, got {causal!r}")
    sm_scale = d ** -0.5 if sm_scale is None else float(sm_scale)
    if _ATTENTION is None:
        _ATTENTION = _function()
    return _ATTENTION.apply(q.contiguous(), k.contiguous(), v.contiguous(), causal, sm_scale)
