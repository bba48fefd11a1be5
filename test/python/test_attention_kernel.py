"""tlxamd.kernels.attention (forward and backward, as torch's
scaled_dot_product_attention takes them) in the AMD emulator against
torch's math in f32: ragged sequence lengths, causal both ways, head
dimensions 16 to 128, f16 and bf16, gfx950 and gfx942. The forward's
warp-specialized sm_90a kernel runs on the H200 (bench/gpu/
attention_ws_h200.py; its PTX in test_tlx_hopper_attention.py).

Tolerances: the kernels round P to the operands' type before P V and the
outputs to it at the end; |error| <= 2e-3 (f16) / 2e-2 (bf16) on O and
dQ, dK, dV for unit-normal inputs."""

import pytest

torch = pytest.importorskip("torch")

from tlxamd.kernels import attention  # noqa: E402


def _reference(q, k, v, do, causal):
    qf, kf, vf = (x.detach().float().requires_grad_() for x in (q, k, v))
    n, d = q.shape[-2], q.shape[-1]
    s = qf @ kf.transpose(2, 3) * d ** -0.5
    if causal:
        s = s.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float("-inf"))
    o = torch.softmax(s, -1) @ vf
    o.backward(do.float())
    return o, qf.grad, kf.grad, vf.grad


@pytest.mark.parametrize("target,n,d,causal,dtype", [
    ("gfx950", 100, 32, False, torch.float16),
    ("gfx950", 130, 64, True, torch.float16),
    ("gfx950", 64, 16, True, torch.bfloat16),
    ("gfx942", 77, 32, True, torch.float16),
    ("gfx950", 70, 128, True, torch.float16),  # the backward at 8 warps
])
def test_forward_and_backward_match_torch(monkeypatch, target, n, d, causal, dtype):
    monkeypatch.setenv("TLXAMD_TARGET", target)
    torch.manual_seed(n)
    q, k, v = (torch.randn(1, 2, n, d, dtype=dtype).requires_grad_() for _ in range(3))
    o = attention(q, k, v, causal=causal)
    do = torch.randn_like(o)
    o.backward(do)
    ref, dq, dk, dv = _reference(q, k, v, do, causal)
    tol = 2e-3 if dtype is torch.float16 else 2e-2
    for name, got, want in (("O", o, ref), ("dQ", q.grad, dq), ("dK", k.grad, dk), ("dV", v.grad, dv)):
        err = (got.float() - want).abs().max().item()
        assert err <= tol, f"{name}: max |error| {err}"


def test_scale_is_applied():
    torch.manual_seed(1)
    q, k, v = (torch.randn(1, 1, 48, 16, dtype=torch.float16) for _ in range(3))
    o = attention(q, k, v, sm_scale=0.1)
    ref = torch.softmax(q.float() @ k.float().transpose(2, 3) * 0.1, -1) @ v.float()
    assert (o.float() - ref).abs().max().item() <= 2e-3


@pytest.mark.parametrize("args,kwargs,exc,match", [
    ((torch.zeros(1, 1, 8, 16), torch.zeros(1, 1, 8, 16), torch.zeros(1, 1, 8, 16)), {}, TypeError,
     "float16 or bfloat16"),
    ((torch.zeros(1, 8, 16, dtype=torch.float16),) * 3, {}, ValueError, r"\[Z, H, N, D\]"),
    ((torch.zeros(1, 1, 8, 24, dtype=torch.float16),) * 3, {}, ValueError, "power of two in \\[16, 256\\]"),
    ((torch.zeros(1, 1, 8, 16, dtype=torch.float16),) * 3, {"causal": 1}, TypeError, "causal must be a bool"),
    (([1.0], [1.0], [1.0]), {}, TypeError, "torch tensors"),
])
def test_misuse_raises(args, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        attention(*args, **kwargs)


@pytest.mark.parametrize("d,causal,warps,stages", [(64, False, 4, 3), (128, True, 8, 2), (128, True, 8, 3)])
def test_sm90a_backward_kernels_stage_every_operand_for_wgmma(d, causal, warps, stages):
    """On sm_90a each Q / dO / K tile the backward's loops load feeds one
    MMA (transposed tiles are loaded as such), so the pipeliner stages all
    of them through shared memory for wgmma: no mma.sync, no spills. With
    three stages at D 128 the four [64, 128] tiles would leave no room for
    a layout conversion's scratch: the pipeliner takes two (it used to
    overflow shared memory)."""
    import importlib

    from tlxamd import compiler
    from tlxamd import language as tl
    mod = importlib.import_module("tlxamd.kernels.attention")  # (the package exports the function)

    f16, f32 = tl.pointer(tl.float16), tl.pointer(tl.float32)
    common = dict(Q=f16, K=f16, V=f16, DO=f16, LSE=f32, Delta=f32, sm_scale=tl.float32, N_CTX=tl.int32)
    for fn, extra, loads in ((mod._attn_bwd_dkdv, dict(DK=f16, DV=f16), 4), (mod._attn_bwd_dq, dict(DQ=f16), 3)):
        k = tl.kernel(fn.fn, num_warps=warps, num_stages=stages)
        module = k.build("sm_90a", signature={**common, **extra}, HEAD_DIM=d, BLOCK_M=64, BLOCK_N=64, CAUSAL=causal)
        c = compiler.compile(module, target="sm_90a", remarks=True)
        assert "mma.sync" not in c.asm and "wgmma.mma_async" in c.asm
        assert c.resources["spill_stores"] == 0 and c.resources["shared"] <= 227 * 1024
        assert any(f"pipelined {loads} load(s) feeding dots" in r for r in c.remarks), c.remarks
