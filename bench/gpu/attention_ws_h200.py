"""examples/attention_ws.py (the warp-specialized Hopper attention forward)
on the H200: compiled here ahead of time, checked against torch's math in
f32 at ragged sequence lengths (causal both ways, D 64 and 128), then timed
beside torch SDPA's cuDNN and FlashAttention-2 backends in one process
(B 4, H 32, fp16).

    python bench/gpu/attention_ws_h200.py build DIR     # CPU machine
    python bench/gpu/attention_ws_h200.py run DIR       # GPU machine
"""

import json
import os
import sys

# (HEAD_DIM, CAUSAL, consumer warpgroups, their registers, BLOCK_N, K/V buffers)
CONFIGS = [(128, False, 2, 232, 128, 2), (128, True, 2, 232, 128, 2), (64, False, 2, 232, 128, 2),
           (64, True, 2, 232, 128, 2), (64, False, 3, 160, 64, 3), (64, True, 3, 160, 64, 3),
           (64, False, 3, 160, 64, 2), (128, False, 3, 160, 64, 2), (128, False, 2, 232, 64, 3)]
if os.environ.get("ATTN_WS_ONLY"):  # e.g. "64" (the D 64 rows only)
    CONFIGS = [c for c in CONFIGS if str(c[0]) == os.environ["ATTN_WS_ONLY"]]
B, H = 4, 32


def _name(d, causal, consumers=2, registers=232, block_n=128, buffers=2):
    tail = "" if (consumers, block_n, buffers) == (2, 128, 2) else f"_c{consumers}_n{block_n}_b{buffers}"
    return f"attn_ws_d{d}{'_causal' if causal else ''}{tail}"


def build(out):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
    from attention_ws import attention_fwd_ws, descriptor

    from tlxamd import compiler
    from tlxamd import language as tl
    os.makedirs(out, exist_ok=True)
    for cfg in CONFIGS:
        d, causal, consumers, registers, block_n, buffers = cfg
        sig = dict(q_desc=descriptor(tl.float16, 64, d), k_desc=descriptor(tl.float16, block_n, d),
                   v_desc=descriptor(tl.float16, block_n, d), o=tl.pointer(tl.float16), lse=tl.pointer(tl.float32),
                   sm_scale=tl.float32, N_CTX=tl.int32)
        k = compiler.compile(attention_fwd_ws.build("sm_90a", signature=sig, HEAD_DIM=d, BLOCK_N=block_n,
                                                    NUM_BUFFERS=buffers, CAUSAL=causal, CONSUMERS=consumers,
                                                    REGISTERS=registers), target="sm_90a")
        k.save(out, _name(*cfg))
        print(_name(*cfg), k.resources)


def run(out):
    import torch
    from torch.nn.attention import SDPBackend, sdpa_kernel

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from run_gpu import bench

    from tlxamd import runtime
    from tlxamd.runtime import TensorDescriptor

    bad, results = 0, []
    for cfg in CONFIGS:
        d, causal, consumers, _, block_n, _ = cfg

        def launch(kern, q, k, v, o, lse, scale):
            z, h, n, d = q.shape
            flat = [x.view(z * h * n, d) for x in (q, k, v)]
            qd = TensorDescriptor.from_tensor(flat[0], [64, d])
            kd = TensorDescriptor.from_tensor(flat[1], [block_n, d])
            vd = TensorDescriptor.from_tensor(flat[2], [block_n, d])
            grid = (-(-n // (64 * consumers)), z * h)
            return lambda: kern[grid](qd, kd, vd, o, lse, scale, n)

        name = _name(*cfg)
        kern = runtime.load(os.path.join(out, name + ".cubin"))["attention_fwd_ws"]
        # numerics: ragged lengths, against the math in f32
        for n in (128, 1000, 1537):
            torch.manual_seed(n)
            q, k, v = (torch.randn((2, 3, n, d), device="cuda", dtype=torch.float16) for _ in range(3))
            o = torch.full_like(q, float("nan"))
            lse = torch.full((2 * 3 * n,), float("nan"), device="cuda")
            scale = d ** -0.5
            launch(kern, q, k, v, o, lse, scale)()
            torch.cuda.synchronize()
            s = (q.float() @ k.float().transpose(2, 3)) * scale
            if causal:
                s = s.masked_fill(torch.ones(n, n, device="cuda", dtype=torch.bool).triu(1), float("-inf"))
            ref = torch.softmax(s, -1) @ v.float()
            ref_lse = torch.logsumexp(s, -1) / 0.6931471805599453
            err = (o.float() - ref).abs().max().item()
            err_lse = (lse.view(2, 3, n) - ref_lse).abs().max().item()
            ok = err <= 1e-2 and err_lse <= 1e-3
            bad += not ok
            print(f"{name} N {n}: max |O error| {err:.2e}, |LSE error| {err_lse:.2e} "
                  f"{'OK' if ok else 'BAD'}")
            results.append(dict(kernel=name, n=n, err=err, err_lse=err_lse, ok=ok))
        for n in (1024, 4096, 8192):
            q, k, v = (torch.randn((B, H, n, d), device="cuda", dtype=torch.float16) for _ in range(3))
            o = torch.empty_like(q)
            lse = torch.empty((B * H * n,), device="cuda")
            flops = 4.0 * B * H * n * n * d / (2 if causal else 1)
            rates = {"ours": flops / bench(launch(kern, q, k, v, o, lse, d ** -0.5)) / 1e12}
            for backend, key in ((SDPBackend.CUDNN_ATTENTION, "cudnn"), (SDPBackend.FLASH_ATTENTION, "flash2")):
                with sdpa_kernel(backend):
                    rates[key] = flops / bench(lambda: torch.nn.functional.scaled_dot_product_attention(
                        q, k, v, is_causal=causal)) / 1e12
            print(f"{name:32} N {n:5}: {rates['ours']:7.1f} TFLOP/s, cuDNN {rates['cudnn']:7.1f} "
                  f"({rates['ours'] / rates['cudnn']:.2f}x), flash2 {rates['flash2']:7.1f} "
                  f"({rates['ours'] / rates['flash2']:.2f}x)")
            results.append(dict(kernel=name, n=n, tflops=rates))
    if os.environ.get("OUT"):
        with open(os.path.join(os.environ["OUT"], "attention_ws.json"), "w") as f:
            json.dump(results, f, indent=1)
    return bad == 0


if __name__ == "__main__":
    mode, out = sys.argv[1], sys.argv[2]
    if mode == "build":
        build(out)
    else:
        sys.exit(0 if run(out) else 1)
