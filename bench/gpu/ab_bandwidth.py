"""A/B bandwidth of the same kernels from two builds of the GPU suite (e.g.
before and after a lowering change), measured interleaved on one GPU so
that clock and thermal drift hit both alike; each result is checked too.

    PYTHONPATH=python_bindings python3 bench/gpu/ab_bandwidth.py SUITE_A SUITE_B [--kind masked] [--rounds 7]

Prints per kernel and size the median GB/s of A and B over the rounds
(GFLOP/s for GEMMs) and B / A.
"""

import argparse
import json
import os
import statistics
import sys

import torch

from tlxamd import runtime

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_gpu import SIZES, bench  # noqa: E402


def _work(case, n, esize):
    """What one launch does, in the rate's unit: bytes read + written (FLOPs
    for a GEMM: GFLOP/s then)."""
    if case["kind"] == "gemm":
        return 2 * n ** 3
    if case["kind"] == "softmax":
        return 2 * n * case["cols"] * esize
    return 2 * n * esize


def main(argv=None):
    from checks import TORCH_DT, check

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("suite_a")
    p.add_argument("suite_b")
    p.add_argument("--kind", default="masked", help="kernel kind of the manifest to compare")
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--only", default="", help="comma-separated kernel names (default: every kernel of the kind)")
    p.add_argument("--b-shared", type=int, default=0,
                   help="launch B with this many bytes of dynamic shared memory (caps its blocks per SM, "
                        "to compare at A's occupancy)")
    args = p.parse_args(argv)
    ma = json.load(open(os.path.join(args.suite_a, "manifest.json")))
    mb = json.load(open(os.path.join(args.suite_b, "manifest.json")))
    torch.manual_seed(0)
    failures = 0
    print(f"{'kernel':22} {'n':>11} {'A GB/s':>8} {'B GB/s':>8} {'B/A':>7}  ok")
    for name, case in ma["cases"].items():
        if case["kind"] != args.kind or name not in mb["cases"]:
            continue
        if args.only and name not in args.only.split(","):
            continue
        ka = runtime.load(os.path.join(args.suite_a, name + ".cubin"))[name]
        kb = runtime.load(os.path.join(args.suite_b, name + ".cubin"))[name]
        if args.b_shared:
            kb.shared = args.b_shared
        esize = torch.tensor([], dtype=TORCH_DT[case["dtype"]]).element_size()
        for n in case.get("sizes") or SIZES[case["kind"]]:
            oka, _, la = check(ka, case, n, case.get("block", ma["block"]))
            okb, detail, lb = check(kb, mb["cases"][name], n, mb["cases"][name].get("block", mb["block"]))
            ta, tb = [], []
            for _ in range(args.rounds):
                ta.append(bench(la))
                tb.append(bench(lb))
            work = _work(case, n, esize)
            bwa = work / statistics.median(ta)
            bwb = work / statistics.median(tb)
            ok = oka and okb
            failures += not ok
            print(f"{name:22} {n:11d} {bwa / 1e9:8.0f} {bwb / 1e9:8.0f} {bwb / bwa:7.3f}  "
                  f"{'OK' if ok else 'BAD ' + detail}")
            del la, lb
            torch.cuda.empty_cache()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
