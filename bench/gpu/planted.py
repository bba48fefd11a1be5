"""Planted contract violations: kernels that break a promise the compiler
cannot check, each run once with inputs that keep it (the result must be
right, no report) and once with inputs that break it (the sanitizer must
report the right check at the right source line).

    python bench/gpu/planted.py bench/gpu/planted           # build (CPU machine, tlxamd)
    PYTHONPATH=python_bindings python3 bench/gpu/planted.py --run bench/gpu/planted   # on the GPU

The same kernels, laid out for 64 lanes, run in the AMD emulator
(test/python/test_sanitizer.py).
"""

import json
import os
import sys

WARPS = 4
PER_THREAD = 4


def block_for(warp: int) -> int:
    return PER_THREAD * warp * WARPS


def _marker_line(marker: str) -> int:
    """The line of this file that carries `# planted: <marker>`."""
    with open(os.path.abspath(__file__)) as f:
        for i, line in enumerate(f, 1):
            if line.rstrip().endswith(f"# planted: {marker}"):
                return i
    raise LookupError(marker)


def kernels(warp: int = 32) -> dict:
    """name -> (kernel, case): case["kind"] is the violation the bad inputs
    plant, case["line"] the line the report must name."""
    from tlxamd import language as tl

    lay = tl.blocked_layout([PER_THREAD], [warp], [WARPS], [0])
    pairs = tl.blocked_layout([2], [warp], [WARPS], [0])
    out = {}

    @tl.kernel(num_warps=WARPS, name="strided")
    def strided(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32), stride: tl.int32,
                BLOCK: tl.constexpr):
        # offsets r * stride promised consecutive in runs of 4
        r = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=lay)
        v = tl.buffer_load(src, r * stride, contiguity=4)  # planted: strided
        tl.buffer_store(tl.require_layout(v, lay), dst, r, contiguity=4)

    @tl.kernel(num_warps=WARPS, name="gather")
    def gather(src: tl.pointer(tl.float32), idx: tl.pointer(tl.int32), dst: tl.pointer(tl.float32),
               BLOCK: tl.constexpr):
        # offsets from a permuted index table, promised consecutive in runs of 4
        r = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=lay)
        i = tl.buffer_load(idx, r, contiguity=4)
        v = tl.buffer_load(src, i, contiguity=4)  # planted: gather
        tl.buffer_store(tl.require_layout(v, lay), dst, r, contiguity=4)

    @tl.kernel(num_warps=WARPS, name="atomic_pairs")
    def atomic_pairs(acc: tl.pointer(tl.bfloat16), val: tl.pointer(tl.bfloat16), n: tl.int32,
                     BLOCK: tl.constexpr):
        # packed BF16 atomics: the mask is uniform over pairs only if what
        # is left of n is even, as tl.multiple_of promises
        offs = tl.arange(0, BLOCK, layout=pairs)
        r = tl.program_id(0) * BLOCK + offs
        m = offs < tl.multiple_of(n - tl.program_id(0) * BLOCK, 2)
        v = tl.buffer_load(val, r, mask=m, contiguity=2)
        tl.buffer_atomic_add(acc, r, v, mask=m, contiguity=2)  # planted: atomic_pairs

    @tl.kernel(num_warps=WARPS, name="unaligned")
    def unaligned(src: tl.pointer(tl.float32, divisibility=4), dst: tl.pointer(tl.float32),
                  BLOCK: tl.constexpr):
        # a base promised only 4-byte aligned, read 16 bytes at a time
        r = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=lay)
        v = tl.buffer_load(src, r, contiguity=4)  # planted: unaligned
        tl.buffer_store(tl.require_layout(v, lay), dst, r, contiguity=4)

    @tl.kernel(num_warps=WARPS, name="promised_alignment")
    def promised_alignment(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32), BLOCK: tl.constexpr):
        # the default: pointers promised 16-byte aligned (checked at launch)
        r = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=lay)
        v = tl.buffer_load(src, r, contiguity=4)
        tl.buffer_store(tl.require_layout(v, lay), dst, r, contiguity=4)

    out["strided"] = (strided, {"kind": "offsets", "rule": "B12", "op": "tlxamd.buffer_load",
                                "line": _marker_line("strided")})
    out["gather"] = (gather, {"kind": "offsets", "rule": "B12", "op": "tlxamd.buffer_load",
                              "line": _marker_line("gather")})
    out["atomic_pairs"] = (atomic_pairs, {"kind": "mask", "rule": "B18", "op": "tlxamd.buffer_atomic_add",
                                          "line": _marker_line("atomic_pairs")})
    # the alignment depends on the argument's address only: checked at
    # launch, naming the access that relies on it
    out["unaligned"] = (unaligned, {"kind": "argument", "arg": 0, "rule": "B12", "op": "tlxamd.buffer_load",
                                    "line": _marker_line("unaligned")})
    out["promised_alignment"] = (promised_alignment, {"kind": "argument", "arg": 0})
    if warp == 32:  # mbarriers: NVIDIA sm_90 and later
        @tl.kernel(num_warps=WARPS, name="barrier_hang")
        def barrier_hang(dst: tl.pointer(tl.float32), arrive: tl.int32, BLOCK: tl.constexpr):
            # the phase completes only if the program arrives: a wait that
            # would hang the GPU, given up after the watchdog's bound
            bars = tl.alloc_barriers(1, arrive_count=1)
            if arrive != 0:
                tl.barrier_arrive(bars[0])
            tl.barrier_wait(bars[0], 0)  # planted: barrier_hang
            r = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=lay)
            tl.store(dst + r, tl.full([BLOCK], 1.0, tl.float32, layout=lay))

        out["barrier_hang"] = (barrier_hang, {"kind": "barrier timeout", "rule": "W8",
                                              "op": "tlxamd.mbarrier_wait", "line": _marker_line("barrier_hang")})
    return out


def build(outdir: str, target: str = "sm_90a") -> dict:
    from tlxamd import compiler, targets

    os.makedirs(outdir, exist_ok=True)
    warp = targets.get(target)["warp_size"]
    manifest = {"target": target, "block": block_for(warp), "cases": {}}
    for name, (kern, case) in kernels(warp).items():
        k = compiler.compile(kern.build(target=target, BLOCK=block_for(warp)), target=target, sanitize=True)
        k.save(outdir, name)
        manifest["cases"][name] = case
    # the strided copy unsanitized, for the checks' cost
    kern, _ = kernels(warp)["strided"]
    compiler.compile(kern.build(target=target, BLOCK=block_for(warp)), target=target).save(outdir, "strided_plain")
    with open(os.path.join(outdir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest


# ---------------------------------------------------------------------------
# Inputs and expected results, for numpy (the emulator) and torch (the GPU)
# ---------------------------------------------------------------------------


def inputs(name: str, block: int, good: bool, xp, offset_pointer):
    """(args, check) of case `name` over two programs: the kernel's
    arguments (`xp`: an array module with arange/zeros/empty; bf16 as
    uint16 bits on numpy) and a function that checks the result of a good
    run. `offset_pointer(a, nbytes)` is the pointer `nbytes` into `a`."""
    n = 2 * block
    if name == "strided":
        src = xp.arange(2 * n, dtype=xp.float32)
        dst = xp.zeros(n, dtype=xp.float32)
        stride = 1 if good else 2
        return [src, dst, stride], lambda: bool((dst == src[:n]).all())
    if name == "gather":
        src = xp.arange(n, dtype=xp.float32) * 3
        idx = xp.arange(n, dtype=xp.int32)
        if not good:  # each run of 4 reversed: a permutation, not consecutive
            idx = idx.reshape(-1, 4)[:, [3, 2, 1, 0]].reshape(-1)
        dst = xp.zeros(n, dtype=xp.float32)
        return [src, idx, dst], lambda: bool((dst == src).all())
    if name == "atomic_pairs":
        count = n - 2 if good else n - 3
        bits = xp.__name__ == "numpy"  # numpy has no bf16: its bits
        acc = xp.zeros(n, dtype=xp.uint16 if bits else xp.bfloat16)
        val = xp.zeros(n, dtype=xp.uint16 if bits else xp.bfloat16)
        ones = 0x3F80 if bits else 1.0  # bf16 1.0
        val[:] = ones
        return [acc, val, count], lambda: bool((acc[:count] == ones).all() and (acc[count:] == 0).all())
    if name == "barrier_hang":
        dst = xp.zeros(n, dtype=xp.float32)
        return [dst, 1 if good else 0], lambda: bool((dst == 1.0).all())
    if name in ("unaligned", "promised_alignment"):
        src = xp.arange(n + 4, dtype=xp.float32)
        dst = xp.zeros(n, dtype=xp.float32)
        base = src if good else offset_pointer(src, 4)
        return [base, dst], lambda: bool((dst == src[:n]).all())
    raise KeyError(name)


def expect_report(error, case: dict) -> str:
    """'' when `error` (a ContractViolation) reports the planted violation
    of `case`, else what is wrong."""
    if case["kind"] == "argument":
        text = str(error)
        named = f"argument {case['arg']}:" in text
        if named and "line" in case:  # an access's alignment: its rule, op and line
            named = f"{case['rule']}: {case['op']} at " in text and f"planted.py:{case['line']}:" in text
        return "" if named else f"no report of argument {case['arg']}: {error}"
    hits = [v for v in error.violations if v.kind == case["kind"] and v.site.get("rule") == case["rule"]
            and v.site.get("op") == case["op"] and f"planted.py:{case['line']}:" in v.location]
    if not hits:
        return f"no {case['kind']} violation of {case['op']} at planted.py:{case['line']}: {error}"
    return ""


def run(outdir: str) -> int:
    """On the GPU: every case's good run right with no report, its bad run
    reported at the planted line."""
    import torch

    from tlxamd import runtime

    manifest = json.load(open(os.path.join(outdir, "manifest.json")))
    block = manifest["block"]
    failures = 0

    def offset_pointer(a, nbytes):
        return a.data_ptr() + nbytes

    for name, case in manifest["cases"].items():
        k = runtime.load(os.path.join(outdir, name + ".cubin"))[name]
        args, ok = inputs(name, block, True, _TorchNamespace(torch), offset_pointer)
        try:
            k[(2,)](*args)
            torch.cuda.synchronize()
            runtime.check_violations()  # sanitized launches report at the next check
            good = "OK" if ok() else "WRONG RESULT"
        except runtime.ContractViolation as e:
            good = f"FALSE REPORT: {e}"
        args, _ = inputs(name, block, False, _TorchNamespace(torch), offset_pointer)
        try:
            k[(2,)](*args)
            runtime.check_violations()
            bad = "NOT REPORTED"
        except runtime.ContractViolation as e:
            bad = expect_report(e, case) or "caught"
            if case["kind"] != "argument" and "launch" not in str(e).splitlines()[0]:
                bad = f"report does not name the launch: {e}"
            first = str(e).splitlines()
            print(f"  {first[0]}\n  {first[1] if len(first) > 1 else ''}")
        print(f"{name:20} good run: {good:14} bad run: {bad}")
        failures += good != "OK" or bad != "caught"
    print(f"\n{len(manifest['cases']) - failures} of {len(manifest['cases'])} planted violations caught "
          f"(and their good runs right, unreported)")
    bandwidth(outdir, block)
    return 1 if failures else 0


def bandwidth(outdir: str, block: int, n: int = 1 << 28):
    """The strided copy (stride 1) at n f32 elements: unsanitized, sanitized
    kernel alone (the ring passed by hand: the checks' device cost) and the
    sanitized launch (argument checks, a host-mapped ring, the report
    deferred to the next check: no synchronization per launch)."""
    import torch
    from run_gpu import bench

    from tlxamd import runtime

    plain = runtime.load(os.path.join(outdir, "strided_plain.cubin"))["strided"]
    checked = runtime.load(os.path.join(outdir, "strided.cubin"))["strided"]
    src = torch.randn(n, device="cuda")
    dst = torch.empty_like(src)
    ring = torch.zeros(4 + 16 * 1024, dtype=torch.int32, device="cuda")
    ring[1] = 1024
    grid = (n // block,)
    rates = {}
    for label, launch in (("unsanitized", lambda: plain[grid](src, dst, 1)),
                          ("sanitized kernel", lambda: checked[grid](src, dst, 1, ring)),
                          ("sanitized launch", lambda: checked[grid](src, dst, 1))):
        dst.zero_()
        launch()
        torch.cuda.synchronize()
        assert torch.equal(src, dst), label
        rates[label] = 2 * n * 4 / bench(launch)
    assert int(ring[0]) == 0
    runtime.check_violations()
    for label, r in rates.items():
        print(f"strided copy f32 n=2^{n.bit_length() - 1}: {label:17} {r / 1e9:7.0f} GB/s "
              f"({100 * r / rates['unsanitized']:5.1f}% of unsanitized)")


class _TorchNamespace:
    """The few numpy names `inputs` uses, on CUDA torch tensors."""

    def __init__(self, torch):
        self.torch = torch
        self.__name__ = "torch"
        self.float32, self.int32, self.bfloat16, self.uint16 = (torch.float32, torch.int32, torch.bfloat16,
                                                                  torch.int16)

    def arange(self, n, dtype):
        return self.torch.arange(n, dtype=dtype, device="cuda")

    def zeros(self, n, dtype):
        return self.torch.zeros(n, dtype=dtype, device="cuda")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--run"]:
        sys.exit(run(sys.argv[2]))
    m = build(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "planted"))
    print(f"{len(m['cases'])} planted cases built")
