"""TLX's Hopper warp-specialized flash-attention forward tutorials
(third_party/tlx/tutorials/hopper_fa_ws*.py of facebookexperimental/triton,
fetched into bench/tutorials/cache as tlx-<name>.py, never kept) with their
import lines changed, on the H200: each tutorial's `attention(q, k, v,
sm_scale)` checked against torch (fp16, the tutorials' own tolerance: the
fp16 reference's softmax in f32, atol 1e-2), then timed beside torch SDPA's
cuDNN and FlashAttention-2 backends in the same process (non-causal, D 128,
B 4, H 32, as the tutorials' benchmark).

    python bench/gpu/tlx_fa_check.py bench/tutorials/cache [--record]

With --record (TLXAMD_JIT_MANIFEST set) the launches are dry runs that
record the specializations to compile ahead of time; nothing is checked.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tutorials"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as tutorial  # noqa: E402  (bench/tutorials/run.py)

TUTORIALS = ["hopper_fa_ws", "hopper_fa_ws_pipelined", "hopper_fa_ws_pipelined_pingpong",
             "hopper_fa_ws_pipelined_pingpong_persistent"]
B, H, D = 4, 32, 128
SIZES = [1024, 2048, 4096, 8192]


def _load(cache, name):
    return tutorial.load_ported(os.path.join(cache, f"tlx-{name}.py"), name)


def main(cache, record):
    import torch
    from run_gpu import bench
    from torch.nn.attention import SDPBackend, sdpa_kernel

    mods = {n: _load(cache, n) for n in TUTORIALS if os.path.exists(os.path.join(cache, f"tlx-{n}.py"))}
    results, bad = [], 0
    sm_scale = 0.5
    # correctness at N 1024 (the tutorials' test), then every size timed
    torch.manual_seed(20)
    q, k, v = (torch.empty((B, H, 1024, D), dtype=torch.float16, device="cuda").normal_(0.0, 0.5)
               for _ in range(3))
    p = torch.softmax((torch.matmul(q, k.transpose(2, 3)) * sm_scale).float(), dim=-1).half()
    ref = torch.matmul(p, v)
    for name, mod in mods.items():
        try:
            out = mod.attention(q, k, v, sm_scale)
            torch.cuda.synchronize()
        except Exception as e:  # noqa: BLE001 - report and go on
            print(f"{name}: {type(e).__name__}: {str(e)[:400]}")
            bad += 1
            continue
        if record:
            continue
        err = (out.float() - ref.float()).abs().max().item()
        ok = err <= 1e-2
        bad += not ok
        print(f"{name}: max |error| {err:.3g} vs torch (atol 1e-2) {'OK' if ok else 'BAD'}")
        results.append(dict(tutorial=name, n=1024, err=err, ok=ok))
    print(f"{'N':>6} " + " ".join(f"{n[9:] or 'ws':>22}" for n in mods) + f" {'cudnn':>8} {'flash2':>8}")
    for n in SIZES:
        q, k, v = (torch.randn((B, H, n, D), dtype=torch.float16, device="cuda") for _ in range(3))
        flops = 4.0 * B * H * n * n * D
        rates = {}
        for name, mod in mods.items():
            try:
                mod.attention(q, k, v, 1.3)
                rates[name] = None if record else flops / bench(lambda: mod.attention(q, k, v, 1.3)) / 1e12
            except Exception as e:  # noqa: BLE001
                print(f"{name} at N {n}: {type(e).__name__}: {str(e)[:200]}")
                rates[name] = None
        if record:
            continue
        for backend, key in ((SDPBackend.CUDNN_ATTENTION, "cudnn"), (SDPBackend.FLASH_ATTENTION, "flash2")):
            with sdpa_kernel(backend):
                rates[key] = flops / bench(lambda: torch.nn.functional.scaled_dot_product_attention(
                    q, k, v, scale=1.3)) / 1e12
        print(f"{n:>6} " + " ".join(f"{(rates[m] or 0):8.1f} ({(rates[m] or 0) / rates['cudnn']:4.2f}x cuDNN)"
                                    for m in mods) + f" {rates['cudnn']:8.1f} {rates['flash2']:8.1f}")
        results.append(dict(n=n, tflops=rates))
    if os.environ.get("OUT") and not record:
        with open(os.path.join(os.environ["OUT"], "tlx_fa.json"), "w") as f:
            json.dump(results, f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], "--record" in sys.argv))
