"""tlxamd's CDNA machine code beside Triton's, recomputed in one run: the
same kernels (GEMM tiles, the row softmax, the MXFP4 GEMM) compiled by
tlxamd here and by Triton through `bench/triton_side.py` in a Python that
has it, both read by the same rules (bench/amd_isa.py).

    python bench/isa_compare.py [--triton-python PATH] [--targets gfx950,gfx942] [--only gemm|softmax|mxfp4]
                                [--json out.json]

The Triton Python is --triton-python, else $TLXAMD_TRITON_PYTHON, else the
first of `python3` / this Python that imports triton (Triton is no
dependency of tlxamd: `pip install triton==3.9.0` in a venv of its own).

GEMMs and the MXFP4 GEMM are counted per K tile and per wave, from the
loop LLVM marks with the most MFMA work (its MFMA work divided by one
tile's per wave gives the tiles per iteration, so a loop LLVM unrolled 2x
counts as two tiles); softmax is counted over the whole kernel. Resources
are llc's; occupancy is waves per SIMD bounded by registers and LDS (the
launch's dynamic LDS included)."""

import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "gpu"))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))

import amd_isa  # noqa: E402

#: (BM, BN, BK, warps, stages): the issue's GEMM tiles
GEMM_CONFIGS = [(128, 128, bk, w, s) for bk in (32, 64) for w in (4, 8) for s in (2, 3)]
SOFTMAX_CONFIGS = [(dt, cols) for dt in ("f32", "bf16") for cols in (1000, 4096, 8192)]
MXFP4_CONFIGS = [(128, 128, 256, 4)]
ROWS = ["total", "mfma", "lds_read", "lds_write", "ds_xlane", "vmem_load", "vmem_store", "smem", "waitcnt",
        "barrier", "valu", "salu", "accvgpr", "branch", "other"]


def find_triton_python(given):
    for cand in [given, os.environ.get("TLXAMD_TRITON_PYTHON"), shutil.which("python3"), sys.executable]:
        if cand and subprocess.run([cand, "-c", "import triton"], capture_output=True).returncode == 0:
            return cand
    return None


def specs(targets, only):
    """(key, tlxamd builder, Triton spec, tile work per wave or None, warps)."""
    out = []
    for target in targets:
        if only in (None, "gemm"):
            for bm, bn, bk, w, s in GEMM_CONFIGS:
                key = f"{target} gemm {bm}x{bn}x{bk} w{w} s{s}"
                out.append((key, ("gemm", target, dict(BM=bm, BN=bn, BK=bk, STAGES=s, GROUP_M=8), w),
                            {"kernel": "matmul", "target": target, "BM": bm, "BN": bn, "BK": bk, "warps": w,
                             "stages": s}, bm * bn * bk // w, w))
        if only in (None, "softmax"):
            for dt, cols in SOFTMAX_CONFIGS:
                block = 1 << (cols - 1).bit_length()
                key = f"{target} softmax {dt} {cols}"
                out.append((key, ("softmax", target, dict(dt=dt, cols=cols, block=block), 4),
                            {"kernel": "softmax", "target": target, "dtype": dt, "cols": cols, "BLOCK": block,
                             "warps": 4}, None, 4))
        if only in (None, "mxfp4") and target == "gfx950":
            for bm, bn, bk, w in MXFP4_CONFIGS:
                key = f"{target} mxfp4 {bm}x{bn}x{bk} w{w}"
                out.append((key, ("mxfp4", target, dict(BM=bm, BN=bn, BK=bk), w),
                            {"kernel": "mxfp4", "target": target, "BM": bm, "BN": bn, "BK": bk, "warps": w},
                            bm * bn * bk // w, w))
    return out


def build_tlxamd(what):
    """(asm, kernel name) of tlxamd's kernel, or an error string."""
    from tlxamd import compiler

    kind, target, p, warps = what
    try:
        if kind == "gemm":
            # CDNA4: operands copied straight to LDS (16 bytes a lane);
            # CDNA3, whose direct copies move 4 bytes: staged through registers
            from gemm import gemm_pipelined, gemm_staged

            kern = gemm_staged if target == "gfx942" else gemm_pipelined
            old, kern.num_warps = kern.num_warps, warps
            try:
                module = kern.build(target=target, **p)
            finally:
                kern.num_warps = old
            name = kern.name
        elif kind == "softmax":
            import suite

            kern, _ = suite.kernels(64)[f"softmax_{p['dt']}_{p['cols']}_w{warps}"]
            module, name = kern.build(target=target, BLOCK=p["block"]), kern.name
        else:
            from preshuffled_gemm import build

            module, name = build("e2m1", BM=p["BM"], BN=p["BN"], BK=p["BK"], STAGES=2, target=target), "mxfp4_gemm"
        k = compiler.compile(module, target=target, cache=False)
        return k.asm, name
    except Exception as e:  # a configuration tlxamd rejects is a row of its own
        return f"{type(e).__name__}: {str(e).splitlines()[0][:160]}", None


def grouped(p):
    """The profile's classes summed into the rows of the table."""
    out = {r: 0 for r in ROWS}
    for k, v in p.items():
        for r in ROWS:
            if k == r or k.startswith(r + "_"):
                out[r] += v
    return out


def measure(asm, name, work, warps, target, shared=0):
    from tlxamd import targets

    lds_size = targets.get(target)["shared_memory_bytes"]
    if work:
        p = amd_isa.k_loop(asm, name)
        if p is None:
            return None
        tiles = p["mfma_work"] / work
    else:
        p, tiles = amd_isa.whole_kernel(asm, name), 1
    detail = {k: v / tiles for k, v in p.items() if k not in ("mfma_work",)}
    return {"per": "K tile" if work else "kernel", "tiles_per_iteration": tiles, "classes": detail,
            "rows": {k: v / tiles for k, v in grouped(p).items()},
            "resources": amd_isa.resources(asm, name, shared, lds_size, warps)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--triton-python")
    ap.add_argument("--targets", default="gfx950,gfx942")
    ap.add_argument("--only", choices=["gemm", "softmax", "mxfp4"])
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    todo = specs(args.targets.split(","), args.only)
    py = find_triton_python(args.triton_python)
    peer = {}
    version = None
    if py is None:
        print("no Python with Triton found (--triton-python): tlxamd's figures only\n")
    else:
        env = dict(os.environ, TRITON_DEFAULT_FP_FUSION="1")
        proc = subprocess.run([py, os.path.join(HERE, "triton_side.py")], input=json.dumps(
            [dict(s, key=k) for k, _, s, _, _ in todo]), capture_output=True, text=True, env=env)
        if proc.returncode:
            print(proc.stderr[-2000:], file=sys.stderr)
            return 1
        data = json.loads(proc.stdout)
        peer, version = data["kernels"], data["triton"]
    results = {}
    for key, what, spec, work, warps in todo:
        target = what[1]
        asm, name = build_tlxamd(what)
        mine = measure(asm, name, work, warps, target) if name else {"error": asm}
        t = peer.get(key)
        theirs = None
        if t is not None:
            theirs = {"error": t["error"]} if "error" in t else \
                measure(t["asm"], t["name"], work, warps, target, t["shared"])
        results[key] = {"tlxamd": mine, "triton": theirs}
    report(results, version)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"triton": version, "results": results}, f, indent=1)
    return 0


def _fmt(x):
    return "-" if x is None else (f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}")


def report(results, version):
    peer = f"Triton {version}" if version else "Triton (not run)"
    print(f"Instructions per K tile and wave (GEMMs), per kernel (softmax): tlxamd / {peer}\n")
    head = f"{'kernel':34} {'total':>13} {'ratio':>6} {'VMEM':>9} {'LDS r/w':>11} {'xlane':>7} {'wait':>7} " \
           f"{'bar':>5} {'VALU':>9} {'SALU':>9} {'accv':>5} {'VGPR/AGPR':>13} {'occ':>5}"
    print(head)
    for key, r in results.items():
        m, t = r["tlxamd"], r["triton"]
        if m is None or "error" in m:
            print(f"{key:34} tlxamd: {(m or {}).get('error', 'no K loop')}")
            continue
        tr = t["rows"] if t and "error" not in t else None
        mr = m["rows"]

        def pair(row, tr=tr, mr=mr):
            return f"{_fmt(mr[row])}/{_fmt(tr[row]) if tr else '-'}"

        ratio = f"{mr['total'] / tr['total']:.2f}" if tr and tr["total"] else "-"
        vmem = f"{_fmt(mr['vmem_load'] + mr['vmem_store'])}/{_fmt(tr['vmem_load'] + tr['vmem_store']) if tr else '-'}"
        lds = f"{_fmt(mr['lds_read'])}+{_fmt(mr['lds_write'])}/" + \
              (f"{_fmt(tr['lds_read'])}+{_fmt(tr['lds_write'])}" if tr else "-")
        mres = m["resources"]
        tres = t["resources"] if tr else None
        regs = f"{mres['vgpr']}/{mres['agpr']}" + (f" {tres['vgpr']}/{tres['agpr']}" if tres else "")
        occ = f"{mres['occupancy']}/{tres['occupancy'] if tres else '-'}"
        print(f"{key:34} {pair('total'):>13} {ratio:>6} {vmem:>9} {lds:>11} {pair('ds_xlane'):>7} "
              f"{pair('waitcnt'):>7} {pair('barrier'):>5} {pair('valu'):>9} {pair('salu'):>9} "
              f"{_fmt(mr['accvgpr']):>5} {regs:>13} {occ:>5}")
        if t and "error" in t:
            print(f"{'':34} Triton: {t['error']}")
    print("\nBy instruction kind (tlxamd / Triton, same units):")
    for key, r in results.items():
        m, t = r["tlxamd"], r["triton"]
        if m is None or "error" in m:
            continue
        tc = t["classes"] if t and "error" not in t else {}
        kinds = sorted(set(m["classes"]) | set(tc), key=lambda k: (k not in ("total", "mfma"), k))
        cells = [f"{k} {_fmt(m['classes'].get(k, 0))}/{_fmt(tc.get(k, 0)) if tc else '-'}" for k in kinds]
        print(f"  {key}: " + ", ".join(cells))


if __name__ == "__main__":
    sys.exit(main())
