"""What the contract sanitizer costs a launch, per kernel of the GPU suite:
the suite built twice by suite.py (plain, and with --sanitize), each case
checked against torch in both builds and timed in the same process, the
sanitized build through its own launcher (deferred reports: no
synchronization per launch). Prints GB/s of both and the ratio for every
case of at least 2^24 elements, then the violations reported (none
expected: the suite keeps its promises), then the host time of one
launch of each build (a one-program grid, no synchronization between
launches), which bounds the rate of short kernels.

    PYTHONPATH=python_bindings python3 bench/gpu/sanitize_cost.py bench/gpu/suite bench/gpu/suite_sanitized
"""

import json
import os
import statistics
import sys
import time

import torch

from tlxamd import runtime

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
MIN_ELEMENTS = 1 << 24
# bytes moved per element of n, by kind (as run_gpu.py counts them)
MOVED = {"copy": 2, "masked": 2, "convert": 2, "math": 2, "colsum": 1, "shared": 2, "atomic": 3}


def main(plain_dir: str, sanitized_dir: str) -> int:
    from checks import TORCH_DT, check
    from run_gpu import SIZES, bench

    plain_manifest = json.load(open(os.path.join(plain_dir, "manifest.json")))
    san_manifest = json.load(open(os.path.join(sanitized_dir, "manifest.json")))
    assert san_manifest.get("sanitize"), "the second suite must be built with --sanitize"
    torch.manual_seed(0)
    rows, bad = [], 0
    for name, case in plain_manifest["cases"].items():
        if name not in san_manifest["cases"] or case["kind"] not in MOVED:
            continue
        esize = torch.tensor([], dtype=TORCH_DT[case["dtype"]]).element_size()
        for n in case.get("sizes") or SIZES[case["kind"]]:
            if n < MIN_ELEMENTS:
                continue
            plain = runtime.load(os.path.join(plain_dir, name + ".cubin"))[name]
            san = runtime.load(os.path.join(sanitized_dir, name + ".cubin"))[name]
            block = case.get("block", plain_manifest["block"])
            ok_p, _, launch_p = check(plain, case, n, block)
            try:
                ok_s, detail, launch_s = check(san, case, n, san_manifest["cases"][name].get("block", block))
                runtime.check_violations()
            except runtime.ContractViolation as e:
                ok_s, detail, launch_s = False, str(e).splitlines()[0], None
            if not (ok_p and ok_s) or launch_s is None:
                bad += 1
                rows.append((name, n, None, None, f"BAD {detail}"))
                continue
            # interleaved, twice each, the better of each pair: the same
            # clocks and memory state for both builds
            t_p = min(bench(launch_p), bench(launch_p))
            t_s = min(bench(launch_s), bench(launch_s))
            runtime.check_violations()
            moved = MOVED[case["kind"]] * n * esize
            rows.append((name, n, moved / t_p, moved / t_s, ""))
            del launch_p, launch_s
            torch.cuda.empty_cache()
    worst = 1.0
    print(f"{'kernel':24} {'n':>11} {'plain GB/s':>10} {'sanitized':>10} {'ratio':>7}")
    for name, n, bp, bs, note in rows:
        if bp is None:
            print(f"{name:24} {n:11d} {'-':>10} {'-':>10} {'-':>7}  {note}")
            continue
        worst = min(worst, bs / bp)
        print(f"{name:24} {n:11d} {bp / 1e9:10.0f} {bs / 1e9:10.0f} {bs / bp:7.3f}")
    print(f"\n{len(rows)} cases of at least 2^24 elements; worst ratio {worst:.3f}; {bad} failed")
    host_cost(plain_dir, sanitized_dir, plain_manifest, san_manifest)
    return 1 if bad else 0


def host_cost(plain_dir, sanitized_dir, plain_manifest, san_manifest, names=("masked_i8_c16", "copy_bf16_c16"),
              launches=2000):
    """Microseconds of host time per launch, plain and sanitized: `launches`
    back-to-back launches of a one-program grid (the device keeps up), the
    median of five runs; the sanitized build's rings read at the end."""
    from checks import check

    print(f"\n{'host us / launch':24} {'plain':>10} {'sanitized':>10}")
    for name in names:
        if name not in plain_manifest["cases"] or name not in san_manifest["cases"]:
            continue
        case = plain_manifest["cases"][name]
        block = case.get("block", plain_manifest["block"])
        out = []
        for d in (plain_dir, sanitized_dir):
            k = runtime.load(os.path.join(d, name + ".cubin"))[name]
            ok, detail, launch = check(k, case, block - 1 if case["kind"] == "masked" else block, block)
            assert ok, detail
            runs = []
            for _ in range(5):
                torch.cuda.synchronize()
                t = time.perf_counter()
                for _ in range(launches):
                    launch()
                runs.append((time.perf_counter() - t) / launches * 1e6)
                torch.cuda.synchronize()
            runtime.check_violations()
            out.append(statistics.median(runs))
        print(f"{name:24} {out[0]:10.2f} {out[1]:10.2f}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
