"""tlxamd.kernels.attention on the H200, launched the way users call it:
forward and backward checked against torch's math in f32, then timed beside
torch SDPA's cuDNN and FlashAttention-2 backends in one process (fp16, B 4,
H 32, D 64 / 128, causal both ways; forward, and forward + backward).

    python bench/gpu/attention_entry.py [--record]

The GPU machine has no compiler: with --record (TLXAMD_JIT_MANIFEST set)
the launches are dry runs recording the specializations for `python -m
tlxamd.precompile`; the real run reads them from TLXAMD_PREBUILT.
"""

import json
import os
import sys


def main(record):
    import torch
    from torch.nn.attention import SDPBackend, sdpa_kernel

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from run_gpu import bench

    from tlxamd.kernels import attention

    bad, results = 0, []
    for d in (64, 128):
        for causal in (False, True):
            torch.manual_seed(d)
            n = 1000
            q, k, v = (torch.randn((2, 3, n, d), device="cuda", dtype=torch.float16).requires_grad_()
                       for _ in range(3))
            o = attention(q, k, v, causal=causal)
            do = torch.randn_like(o)
            o.backward(do)
            torch.cuda.synchronize()
            if not record:
                qf, kf, vf = (x.detach().float().requires_grad_() for x in (q, k, v))
                ref = torch.nn.functional.scaled_dot_product_attention(qf, kf, vf, is_causal=causal)
                ref.backward(do.float())
                errs = {name: (got.float() - want).abs().max().item()
                        for name, got, want in (("O", o, ref), ("dQ", q.grad, qf.grad), ("dK", k.grad, kf.grad),
                                                ("dV", v.grad, vf.grad))}
                ok = all(e <= 2e-2 for e in errs.values())
                bad += not ok
                print(f"D {d} causal {causal} N {n}: " + ", ".join(f"{k_} {e:.2e}" for k_, e in errs.items()) +
                      f" {'OK' if ok else 'BAD'}")
                results.append(dict(d=d, causal=causal, n=n, errors=errs, ok=ok))
            for n in (4096,):
                q, k, v = (torch.randn((4, 32, n, d), device="cuda", dtype=torch.float16).requires_grad_()
                           for _ in range(3))
                do = torch.randn_like(q)
                flops = 4.0 * 4 * 32 * n * n * d / (2 if causal else 1)

                def fwd_bwd(fn):
                    def run():
                        out = fn()
                        out.backward(do)
                    return run

                ours = lambda: attention(q, k, v, causal=causal)  # noqa: E731
                if record:
                    fwd_bwd(ours)()
                    continue
                rates = {"ours": flops / bench(ours) / 1e12,
                         "ours_fb": 3.5 * flops / bench(fwd_bwd(ours)) / 1e12}
                for backend, key in ((SDPBackend.CUDNN_ATTENTION, "cudnn"), (SDPBackend.FLASH_ATTENTION, "flash2")):
                    with sdpa_kernel(backend):
                        peer = lambda: torch.nn.functional.scaled_dot_product_attention(  # noqa: E731
                            q, k, v, is_causal=causal)
                        rates[key] = flops / bench(peer) / 1e12
                        rates[key + "_fb"] = 3.5 * flops / bench(fwd_bwd(peer)) / 1e12
                print(f"D {d} causal {causal} N {n}: forward {rates['ours']:.1f} TFLOP/s (cuDNN {rates['cudnn']:.1f}, "
                      f"flash2 {rates['flash2']:.1f}); forward + backward {rates['ours_fb']:.1f} (cuDNN "
                      f"{rates['cudnn_fb']:.1f}, flash2 {rates['flash2_fb']:.1f})")
                results.append(dict(d=d, causal=causal, n=n, tflops=rates))
    if os.environ.get("OUT") and not record:
        with open(os.path.join(os.environ["OUT"], "attention_entry.json"), "w") as f:
            json.dump(results, f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main("--record" in sys.argv))
