"""Compile latency: median time per kernel from the Python build to a
`.hsaco` / cubin, cold (empty cache) and cached, beside `triton.compile`.

    python bench/compile_latency.py [--repeat 5] [--targets gfx950,sm_90a]

Kernels: the four of `bench/triton_reference.py`'s latency set (the README
copy with `offsets < n`, the `n - n % 8` bound idiom on BF16 and F32, F32
atomics under a uniform mask). Each is built with `tlxamd.language` and
compiled with `tlxamd.compiler.compile`, `repeat` times into a fresh cache
directory (cold) and once more from it (cached). The Triton figures are
the ones stored in `bench/data/triton_reference.json` (measured with
Triton installed; Triton is not a dependency). Prints a table and, with
`--json`, the figures.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

from tlxamd import compiler
from tlxamd import language as tl

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "data", "triton_reference.json")


def make_copy(dt, spt, contiguity, round_to):
    @tl.kernel(num_warps=4)
    def copy(src: tl.pointer(dt), dst: tl.pointer(dt), n: tl.int32, BLOCK: tl.constexpr):
        layout = tl.blocked_layout([spt], [tl.warp_size()], [tl.num_warps()], [0])
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=layout)
        mask = offs < (n - n % round_to if round_to > 1 else n)
        x = tl.buffer_load(src, offs, mask=mask, contiguity=contiguity)
        tl.buffer_store(tl.require_layout(x, layout), dst, offs, mask=mask, contiguity=contiguity)

    return copy


def make_atomic(spt, contiguity):
    @tl.kernel(num_warps=4)
    def atomic(acc: tl.pointer(tl.float32), n: tl.int32, BLOCK: tl.constexpr):
        layout = tl.blocked_layout([spt], [tl.warp_size()], [tl.num_warps()], [0])
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=layout)
        mask = offs < n - n % contiguity
        tl.buffer_atomic_add(acc, offs, tl.full([BLOCK], 1.0, tl.float32, layout=layout), mask=mask,
                             sem="relaxed", contiguity=contiguity)

    return atomic


KERNELS = [
    ("readme bf16 c8 ragged", make_copy(tl.bfloat16, 8, 8, 1), 8),
    ("bound bf16 c8", make_copy(tl.bfloat16, 8, 8, 8), 8),
    ("bound f32 c8", make_copy(tl.float32, 8, 8, 8), 8),
    ("atomic f32 c4 uniform", make_atomic(4, 4), 4),
]


def measure(target: str, repeat: int):
    from tlxamd import targets

    warp = targets.get(target)["warp_size"]
    cold, cached, stages = [], [], {}
    saved = os.environ.get("TLXAMD_CACHE_DIR")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            # Warm the process (imports, first context, tool lookups).
            os.environ["TLXAMD_CACHE_DIR"] = os.path.join(tmp, "warm")
            compiler.compile(KERNELS[0][1].build(target=target, BLOCK=8 * warp * 4), target=target)
            for i, (name, kern, spt) in enumerate(KERNELS):
                for r in range(repeat):
                    os.environ["TLXAMD_CACHE_DIR"] = os.path.join(tmp, f"{i}-{r}")
                    t0 = time.perf_counter()
                    k = compiler.compile(kern.build(target=target, BLOCK=spt * warp * 4), target=target)
                    cold.append(time.perf_counter() - t0)
                    for s, v in k.timings.items():
                        stages.setdefault(s, []).append(v)
                    t0 = time.perf_counter()
                    k = compiler.compile(kern.build(target=target, BLOCK=spt * warp * 4), target=target)
                    cached.append(time.perf_counter() - t0)
                    assert "cache_hit" in k.timings and k.binary
    finally:
        if saved is None:
            os.environ.pop("TLXAMD_CACHE_DIR", None)
        else:
            os.environ["TLXAMD_CACHE_DIR"] = saved
    return {"cold_ms": round(statistics.median(cold) * 1e3, 1),
            "cached_ms": round(statistics.median(cached) * 1e3, 2),
            "samples": len(cold),
            "stages_ms": {s: round(statistics.median(v) * 1e3, 1) for s, v in stages.items()}}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--targets", default="gfx950,sm_90a")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    ref = {}
    if os.path.exists(REFERENCE):
        with open(REFERENCE) as f:
            ref = json.load(f).get("compile_latency", {})
    out = {}
    print(f"{'target':8} {'tlxamd cold':>12} {'cached':>8} {'triton cold':>12} {'cached':>8}  tlxamd stages (median ms)")
    for target in args.targets.split(","):
        m = measure(target, args.repeat)
        out[target] = m
        r = ref.get(target, {})
        stages = ", ".join(f"{s} {v}" for s, v in m["stages_ms"].items())
        print(f"{target:8} {m['cold_ms']:10.1f}ms {m['cached_ms']:6.2f}ms "
              f"{r.get('cold_ms', float('nan')):10.1f}ms {r.get('cached_ms', float('nan')):6.2f}ms  {stages}")
    if args.json:
        print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
