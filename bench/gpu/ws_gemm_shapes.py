"""examples/ws_gemm.py's persistent warp-specialized GEMM (the GPU suite's
compiled `gemm_ws_bf16_128x256x64_s3_p`, `_s3_pt` storing C through TMA, and
`gemm_ws_fp8_128x256x128_s3_p`) at
non-square shapes, beside torch (torch.matmul in bf16, torch._scaled_mm in
fp8) and, for bf16, Triton's tutorial matmul, in one process; each output
checked against torch first (bf16: exact for operands k / 8; fp8 within 1%
of the largest output).

    python bench/gpu/ws_gemm_shapes.py bench/gpu/suite
"""

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_gpu import bench, triton_matmul  # noqa: E402

from tlxamd import runtime  # noqa: E402
from tlxamd.runtime import TensorDescriptor  # noqa: E402

SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (1024, 8192, 8192), (16384, 1024, 1024)]


def main(suite):
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    tmatmul = triton_matmul()
    bad = 0
    print(f"{'kernel':30} {'M x N x K':>20} {'TFLOP/s':>8} {'torch':>8} {'triton':>8} {'/torch':>7} {'/triton':>8}")
    for name, fp8, tma_store in (("gemm_ws_bf16_128x256x64_s3_p", False, False),
                                 ("gemm_ws_bf16_128x256x64_s3_pt", False, True),
                                 ("gemm_ws_fp8_128x256x128_s3_p", True, False)):
        k = runtime.load(os.path.join(suite, name + ".cubin"))[name]
        bk = 128 if fp8 else 64
        for m, n, kk in SHAPES:
            a = (torch.randint(-16, 16, (m, kk), device="cuda") / 8).to(torch.bfloat16)
            b = (torch.randint(-16, 16, (kk, n), device="cuda") / 8).to(torch.bfloat16)
            ref = (a.float() @ b.float()).to(torch.bfloat16)
            c = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
            if fp8:
                a8, bt8 = a.to(torch.float8_e4m3fn), b.t().contiguous().to(torch.float8_e4m3fn)
                ad, bd = TensorDescriptor.from_tensor(a8, [64, bk]), TensorDescriptor.from_tensor(bt8, [256, bk])
                one = torch.ones((), device="cuda")

                def peer():
                    return torch._scaled_mm(a8, bt8.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
            else:
                ad, bd = TensorDescriptor.from_tensor(a, [64, bk]), TensorDescriptor.from_tensor(b, [bk, 256])

                def peer():
                    return torch.matmul(a, b)
            grid = (min(sms, -(-m // 128) * -(-n // 256)),)
            cd = TensorDescriptor.from_tensor(c, [64, 256]) if tma_store else c

            def launch():
                k[grid](ad, bd, cd, m, n, kk)

            launch()
            torch.cuda.synchronize()
            # exact in bf16; Hopper's fp8 MMAs accumulate with fewer bits
            ok = torch.equal(c, ref) if not fp8 else \
                (c.float() - ref.float()).abs().max().item() <= 1e-2 * ref.float().abs().max().item()
            bad += not ok
            # timed on normal random data, as torch's (the check's small
            # integers switch fewer bits and let the GPU clock higher)
            for x in (a, b) + ((a8, bt8) if fp8 else ()):
                x.copy_(torch.randn(x.shape, device="cuda").to(x.dtype))
            flops = 2 * m * n * kk
            ct = torch.empty_like(c)
            runs = {"ours": launch, "torch": peer}
            if tmatmul and not fp8:
                runs["triton"] = lambda: tmatmul(a, b, ct)
            # three rounds, the providers taking turns (the GPU's clock
            # drifts over a run): the median time of each
            times = {key: [] for key in runs}
            for _ in range(3):
                for key, fn in runs.items():
                    times[key].append(bench(fn))
            rate = {key: flops / sorted(t)[1] for key, t in times.items()}
            ours, theirs, tr = rate["ours"], rate["torch"], rate.get("triton")
            print(f"{name:30} {f'{m} x {n} x {kk}':>20} {ours / 1e12:8.1f} {theirs / 1e12:8.1f} "
                  f"{tr / 1e12 if tr else float('nan'):8.1f} {ours / theirs:7.2f} "
                  f"{ours / tr if tr else float('nan'):8.2f} {'OK' if ok else 'BAD'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
