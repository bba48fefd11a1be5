"""TLX's Hopper warp-specialized GEMM tutorial (third_party/tlx/tutorials/
hopper-gemm-ws_test.py of facebookexperimental/triton, fetched into
bench/tutorials/cache, never kept) with its import lines changed, checked
against torch: its `matmul(a, b)` at square and ragged sizes, fp16, with
the kernels from bench/gpu/prebuilt (TLXAMD_PREBUILT).

    python bench/gpu/tlx_ws_gemm_check.py bench/tutorials/cache/tlx-hopper-gemm-ws_test.py

Its own test_op does not assert (torch.allclose's result is dropped); this
compares, with an fp16 tolerance scaled by K."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tutorials"))
import run as tutorial  # noqa: E402  (bench/tutorials/run.py)


def main(path):
    import torch

    mod = tutorial.load_ported(path, "tlx_ws_gemm")
    bad = 0
    # ragged sizes divisible by 16, as the recorded specializations are
    for m, n, k in ((4096, 4096, 4096), (8192, 8192, 8192), (1008, 2000, 1552), (3056, 1040, 4096)):
        a = torch.randn((m, k), dtype=torch.float16, device="cuda")
        b = torch.randn((k, n), dtype=torch.float16, device="cuda")
        c = mod.matmul(a, b)
        ref = (a.float() @ b.float())
        err = (c.float() - ref).abs().max().item()
        tol = 2e-3 * k ** 0.5 * 4
        ok = err <= tol
        bad += not ok
        print(f"{m} x {n} x {k}: max |error| {err:.3g} (tolerance {tol:.3g}) {'OK' if ok else 'BAD'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
