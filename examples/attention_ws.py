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
from tlxamd.kernels.attention import attention_fwd_ws as _jit_kernel

# The kernel lives in the package (tlxamd.kernels.attention, which
# `tlxamd.kernels.attention(q, k, v)` launches on sm_90a); this is it for
# ahead-of-time builds: attention_fwd_ws.build("sm_90a", signature=...).
attention_fwd_ws = tl.kernel(_jit_kernel.fn, num_warps=4, name="attention_fwd_ws")


def descriptor(dtype, rows, head_dim):
    """The kind of a Q / K / V descriptor: boxes of `rows` x HEAD_DIM."""
    return tl.tensor_descriptor(dtype, [rows, head_dim], tl.nvmma_shared_layout(min(128, head_dim * 2), 16))
