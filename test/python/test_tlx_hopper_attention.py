"""The TLX pieces Hopper warp-specialized attention kernels use (TLX's
hopper_fa_ws* tutorials' shape, written here as the project's own kernel):
`tlx.local_trans` of a K tile, `async_dot` with P in registers (wgmma with
A from registers), a descriptor parameter's `desc.store` / `desc.load`
(TMA through a shared tile), `tlx.size_of`, `tlx.warp_spec.
get_bufidx_phase`, and a producer without a register budget taking what
the consumers leave. The kernel runs on the H200 through TLX's own
tutorials (bench/gpu/tlx_fa_check.py); here its PTX and ptxas."""

import re

import numpy as np
import pytest

import tlxamd.language.extra.tlx as tlx
from tlxamd import compiler, emulator
from tlxamd import language as tl
from tlxamd.language.extra.tlx.warp_spec import get_bufidx_phase

LAYOUT = tl.nvmma_shared_layout(128, 16)
QDESC = tl.tensor_descriptor(tl.float16, [64, 128], LAYOUT)
KDESC = tl.tensor_descriptor(tl.float16, [128, 128], LAYOUT)


@tl.kernel(num_warps=4)
def attn_ws(q_desc: QDESC, k_desc: KDESC, v_desc: KDESC, o_desc: QDESC, N_CTX: tl.int32,
            BLOCK_N: tl.constexpr, NUM_BUFFERS: tl.constexpr):
    """One 128-row block of Q (two consumer warpgroups of 64 rows), K / V
    in a ring of NUM_BUFFERS tiles filled by the producer."""
    HALF: tl.constexpr = 64
    BYTES: tl.constexpr = tlx.size_of(tlx.dtype_of(k_desc))
    q = tlx.local_alloc((HALF, 128), tlx.dtype_of(q_desc), 2)
    k = tlx.local_alloc((BLOCK_N, 128), tlx.dtype_of(k_desc), NUM_BUFFERS)
    v = tlx.local_alloc((BLOCK_N, 128), tlx.dtype_of(v_desc), NUM_BUFFERS)
    q_full = tlx.alloc_barriers(num_barriers=2, arrive_count=1)
    kv_full = tlx.alloc_barriers(num_barriers=NUM_BUFFERS, arrive_count=1)
    kv_empty = tlx.alloc_barriers(num_barriers=NUM_BUFFERS, arrive_count=2)
    row = tl.program_id(0) * 128
    with tlx.async_tasks():
        with tlx.async_task("default"):
            for g in tl.static_range(2):
                tlx.barrier_expect_bytes(q_full[g], BYTES * HALF * 128)
                tlx.async_descriptor_load(q_desc, q[g], [row + g * HALF, 0], q_full[g])
            cnt = 0
            for off in tl.range(0, N_CTX, BLOCK_N):
                buf, phase = get_bufidx_phase(cnt, NUM_BUFFERS)
                tlx.barrier_wait(kv_empty[buf], phase ^ 1)
                tlx.barrier_expect_bytes(kv_full[buf], 2 * BYTES * BLOCK_N * 128)
                tlx.async_descriptor_load(k_desc, k[buf], [off, 0], kv_full[buf])
                tlx.async_descriptor_load(v_desc, v[buf], [off, 0], kv_full[buf])
                cnt += 1
        with tlx.async_task(num_warps=4, registers=232, replicate=2):
            g: tl.constexpr = tlx.async_task_replica_id()
            m_i = tl.zeros([HALF], tl.float32) - float("inf")
            l_i = tl.zeros([HALF], tl.float32)
            acc = tl.zeros([HALF, 128], tl.float32)
            tlx.barrier_wait(q_full[g], 0)
            cnt = 0
            for _ in tl.range(0, N_CTX, BLOCK_N):
                buf, phase = get_bufidx_phase(cnt, NUM_BUFFERS)
                tlx.barrier_wait(kv_full[buf], phase)
                qk = tlx.async_dot(q[g], tlx.local_trans(k[buf]))
                qk = tlx.async_dot_wait(0, qk)
                m_ij = tl.maximum(m_i, tl.max(qk, 1))
                p = tl.math.exp2(qk - m_ij[:, None])
                alpha = tl.math.exp2(m_i - m_ij)
                l_i = l_i * alpha + tl.sum(p, 1)
                acc = tlx.async_dot(p.to(tl.float16), v[buf], acc * alpha[:, None])
                acc = tlx.async_dot_wait(0, acc)
                tlx.barrier_arrive(kv_empty[buf], 1)
                m_i = m_ij
                cnt += 1
            o_desc.store([row + g * HALF, 0], (acc / l_i[:, None]).to(tl.float16))


@pytest.fixture(scope="module")
def ptx():
    return compiler.compile(attn_ws.build("sm_90a", BLOCK_N=128, NUM_BUFFERS=2), target="sm_90a")


def test_attention_ws_ptx(ptx):
    asm = ptx.asm
    # Q K^T from shared memory (two descriptors), P V with A in registers
    assert re.search(r"wgmma\.mma_async\.sync\.aligned\.m64n128k16\.f32\.f16\.f16 \{[^}]*\}, %rd\d+, %rd\d+", asm)
    assert re.search(r"wgmma\.mma_async\.sync\.aligned\.m64n128k16\.f32\.f16\.f16 \{[^}]*\}, \{%r\d+, %r\d+, "
                     r"%r\d+, %r\d+\}, %rd\d+", asm)
    # the producer has no budget: it takes (384 x 168 - 256 x 232) / 128 = 40
    assert len(re.findall(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40;", asm)) == 1
    assert len(re.findall(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+232;", asm)) == 2
    # o_desc.store: through a shared tile, one TMA store per consumer (two
    # boxes of 64 columns: the 128-byte swizzle's width), waited for
    assert asm.count("cp.async.bulk.tensor.2d.global.shared::cta") == 4
    assert re.search(r"cp\.async\.bulk\.wait_group\.read\s+0;", asm)
    assert ptx.binary and ptx.resources["spill_stores"] == 0


@tl.kernel(num_warps=4)
def desc_roundtrip(src: QDESC, dst: QDESC):
    x = src.load([tl.program_id(0) * 64, 0])
    dst.store([tl.program_id(0) * 64, 0], x * 2.0)


def test_descriptor_parameter_load_and_store_ptx():
    k = compiler.compile(desc_roundtrip.build("sm_90a"), target="sm_90a")
    assert "cp.async.bulk.tensor.2d.shared::cluster.global" in k.asm  # load
    assert "mbarrier.try_wait.parity" in k.asm
    assert "cp.async.bulk.tensor.2d.global.shared::cta" in k.asm  # store
    assert k.binary


def test_descriptor_store_checks_the_block():
    @tl.kernel(num_warps=4)
    def bad(dst: QDESC):
        dst.store([0, 0], tl.zeros([64, 64], tl.float16))

    with pytest.raises(tl.CompilationError, match=r"store takes a float16 tensor of shape \[64, 128\]"):
        bad.build("sm_90a")


def test_local_trans_views_the_tile_transposed():
    @tl.kernel(num_warps=4)
    def trans(out: tl.pointer(tl.float16)):
        t = tlx.local_alloc((64, 128), tl.float16, 1, layout=LAYOUT)
        tlx.local_store(t[0], tl.zeros([64, 128], tl.float16))
        view = tlx.local_trans(t[0])
        tl.static_assert(view.shape[0] == 128 and view.shape[1] == 64)

    assert "tlxamd.memdesc_trans" in str(trans.build("sm_90a"))

    @tl.kernel(num_warps=4)
    def not_a_tile(out: tl.pointer(tl.float16)):
        tlx.local_trans(tl.zeros([64, 64], tl.float16))

    with pytest.raises(tl.CompilationError, match="local_trans takes a shared-memory buffer"):
        not_a_tile.build("sm_90a")


def test_register_a_must_match_b():
    @tl.kernel(num_warps=4)
    def mismatch(out: tl.pointer(tl.float16)):
        b = tlx.local_alloc((64, 64), tl.float16, 1, layout=tl.nvmma_shared_layout(128, 16))
        tlx.async_dot(tl.zeros([64, 32], tl.float16), b[0])

    with pytest.raises(tl.CompilationError, match="whose columns are b's rows"):
        mismatch.build("sm_90a")


@tl.kernel(num_warps=4)
def ring(out: tl.pointer(tl.int32), n: tl.int32, NUM: tl.constexpr):
    for i in tl.range(0, n):
        buf, phase = get_bufidx_phase(i, NUM)
        tl.store(out + 2 * i, buf)
        tl.store(out + 2 * i + 1, phase)
    tl.store(out + 2 * n, tlx.size_of(tl.bfloat16) * 10 + tlx.size_of(tl.float8e4nv))


def test_bufidx_phase_and_size_of_in_the_emulator():
    n = 11
    out = np.full(2 * n + 1, -1, np.int32)
    k = compiler.compile(ring.build("gfx950", NUM=3), target="gfx950", binary=False)
    emulator.run(k, (1,), out, n)
    i = np.arange(n)
    assert out[:-1].reshape(n, 2).tolist() == np.stack([i % 3, (i // 3) & 1], 1).tolist()
    assert out[-1] == 21
    with pytest.raises(TypeError, match="size_of takes a scalar dtype"):
        tlx.size_of(tl.pointer(tl.float16))


@pytest.mark.parametrize("head_dim,causal", [(128, False), (64, True)])
def test_examples_attention_ws_ptx(head_dim, causal):
    """examples/attention_ws.py (run on the H200 by bench/gpu/
    attention_ws_h200.py): through ptxas without spills; the consumers
    take turns issuing on named barriers 9 / 10; the producer keeps the
    registers the consumers leave."""
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
    from attention_ws import attention_fwd_ws, descriptor

    sig = dict(q_desc=descriptor(tl.float16, 64, head_dim), k_desc=descriptor(tl.float16, 128, head_dim),
               v_desc=descriptor(tl.float16, 128, head_dim), o=tl.pointer(tl.float16), lse=tl.pointer(tl.float32),
               sm_scale=tl.float32, N_CTX=tl.int32)
    k = compiler.compile(attention_fwd_ws.build("sm_90a", signature=sig, HEAD_DIM=head_dim, BLOCK_N=128,
                                                NUM_BUFFERS=2, CAUSAL=causal), target="sm_90a")
    asm = k.asm
    assert k.binary and k.resources["spill_stores"] == 0 and k.resources["stack"] == 0
    assert len(re.findall(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40;", asm)) == 1
    assert re.search(rf"wgmma\.mma_async\.sync\.aligned\.m64n{head_dim}k16\.f32\.f16\.f16 \{{[^}}]*\}}, "
                     r"\{%r\d+, %r\d+, %r\d+, %r\d+\}, %rd\d+", asm)  # P V, P in registers
    assert re.search(r"wgmma\.mma_async\.sync\.aligned\.m64n128k16\.f32\.f16\.f16 \{[^}]*\}, %rd\d+, %rd\d+", asm)
    assert re.search(r"bar\.sync\s+9, 256;", asm) and re.search(r"bar\.arrive\s+10, 256;", asm)
    # the unmasked and the masked loop each wait for one product in flight
    assert len(re.findall(r"wgmma\.wait_group\.sync\.aligned\s+1;", asm)) == 4  # 2 loops x 2 consumers


@pytest.mark.parametrize("causal", [False, True])
def test_attention_ws_three_consumers_ptx(causal):
    """The forward with three consumer warpgroups (D 64, BLOCK_N 64, 160
    registers each: 192 query rows a program): they issue in turn on named
    barriers 9 -> 10 -> 11 -> 9, the last one letting the first go; the
    producer keeps the 32 registers they leave; through ptxas, no spills."""
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
    from attention_ws import attention_fwd_ws, descriptor

    sig = dict(q_desc=descriptor(tl.float16, 64, 64), k_desc=descriptor(tl.float16, 64, 64),
               v_desc=descriptor(tl.float16, 64, 64), o=tl.pointer(tl.float16), lse=tl.pointer(tl.float32),
               sm_scale=tl.float32, N_CTX=tl.int32)
    k = compiler.compile(attention_fwd_ws.build("sm_90a", signature=sig, HEAD_DIM=64, BLOCK_N=64, NUM_BUFFERS=3,
                                                CAUSAL=causal, CONSUMERS=3, REGISTERS=160), target="sm_90a")
    asm = k.asm
    assert k.binary and k.resources["spill_stores"] == 0 and k.resources["stack"] == 0
    assert len(re.findall(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+32;", asm)) == 1
    assert len(re.findall(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+160;", asm)) == 3
    for b in (9, 10, 11):
        assert re.search(rf"bar\.sync\s+{b}, 256;", asm) and re.search(rf"bar\.arrive\s+{b}, 256;", asm)
