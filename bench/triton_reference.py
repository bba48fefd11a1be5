"""Reference figures from Triton and Gluon for the tlxamd benchmarks.

Run once with a Python that has Triton installed (Triton is not a tlxamd
dependency); it writes `bench/data/triton_reference.json`, which
`bench/isa_report.py --compare` and `bench/compile_latency.py` read:

    python bench/triton_reference.py [--out bench/data/triton_reference.json]

For each kernel of the ISA suite (the same names as `bench/isa_report.py`:
copy / masked copy / atomic add over BF16, F16, F32 and contiguity 1..16,
4 warps, the same elements per thread; plus the issue kernels: the README
copy with `offsets < n`, the `n - n % 8` bound idiom, two 16-byte F32
groups per thread, F32 atomics under a uniform mask) it records, on gfx950,
the VGPR / SGPR counts and the instruction count of the Triton kernel
(`tl.load`/`tl.store`/`tl.atomic_add`, contiguity given as
`tl.max_contiguous`) and of the Gluon kernel (explicit blocked layout and
`ttgl.amd.cdna4.buffer_load/buffer_store/buffer_atomic_add`), and the
median `triton.compile` time per kernel, cold (empty cache) and cached.
"""

import argparse
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time

os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402
from triton.experimental import gluon  # noqa: E402
from triton.experimental.gluon import language as gl  # noqa: E402
from triton.experimental.gluon._runtime import GluonASTSource, GluonJITFunction  # noqa: E402
from triton.experimental.gluon.language.amd import cdna4  # noqa: E402

WARPS = 4
DTYPES = {"bf16": "*bf16", "f16": "*fp16", "f32": "*fp32"}


@triton.jit
def t_copy(src, dst, n, BLOCK: tl.constexpr, C: tl.constexpr, MASK: tl.constexpr, ROUND: tl.constexpr):
    offs = tl.max_contiguous(tl.program_id(0) * BLOCK + tl.arange(0, BLOCK), C)
    if MASK:
        bound = n - n % ROUND if ROUND > 1 else n
        m = offs < bound
        x = tl.load(src + offs, mask=m)
        tl.store(dst + offs, x, mask=m)
    else:
        x = tl.load(src + offs)
        tl.store(dst + offs, x)


@triton.jit
def t_atomic(acc, old, n, BLOCK: tl.constexpr, C: tl.constexpr, ROUND: tl.constexpr, STORE: tl.constexpr):
    offs = tl.max_contiguous(tl.program_id(0) * BLOCK + tl.arange(0, BLOCK), C)
    one = tl.full([BLOCK], 1.0, acc.dtype.element_ty)
    if ROUND > 0:
        m = offs < n - n % ROUND
        prev = tl.atomic_add(acc + offs, one, mask=m, sem="relaxed")
    else:
        prev = tl.atomic_add(acc + offs, one, sem="relaxed")
    if STORE:
        tl.store(old + offs, prev)


@gluon.jit
def g_copy(src, dst, n, BLOCK: gl.constexpr, SPT: gl.constexpr, C: gl.constexpr, MASK: gl.constexpr,
           ROUND: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([SPT], [64], [4], [0])
    offs = gl.max_contiguous(gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout), C)
    if MASK:
        bound = n - n % ROUND if ROUND > 1 else n
        m = offs < bound
        x = cdna4.buffer_load(src, offs, mask=m)
        cdna4.buffer_store(x, dst, offs, mask=m)
    else:
        x = cdna4.buffer_load(src, offs)
        cdna4.buffer_store(x, dst, offs)


@gluon.jit
def g_atomic(acc, old, n, BLOCK: gl.constexpr, SPT: gl.constexpr, C: gl.constexpr, ROUND: gl.constexpr,
             STORE: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([SPT], [64], [4], [0])
    offs = gl.max_contiguous(gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout), C)
    one = gl.full([BLOCK], 1.0, acc.dtype.element_ty, layout=layout)
    if ROUND > 0:
        m = offs < n - n % ROUND
        prev = cdna4.buffer_atomic_add(acc, offs, one, mask=m, sem="relaxed")
    else:
        prev = cdna4.buffer_atomic_add(acc, offs, one, sem="relaxed")
    if STORE:
        cdna4.buffer_store(prev, old, offs)


@triton.jit
def t_gemm(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # the tl.dot GEMM of bench/isa_report.py (tlxamd's examples/gemm.py)
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in range(0, K, BK):
        ka = k + rk
        x = tl.load(a + rm[:, None] * K + ka[None, :], mask=(rm[:, None] < M) & (ka[None, :] < K), other=0.0)
        y = tl.load(b + ka[:, None] * N + rn[None, :], mask=(ka[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


GEMM_TILE = (64, 64, 32)
# examples/gemm.py's gemm_pipelined: 128 x 128 x 32 tiles, 8 warps, three
# shared-memory stages (Triton's software pipeliner stages its loads the
# same way with num_stages=3)
PIPELINED_TILE = (128, 128, 32)
PIPELINED_WARPS, PIPELINED_STAGES = 8, 3


def loop_mfmas(asm: str) -> int:
    """MFMAs in the innermost loop body (a label to the branch back to it)."""
    bodies = re.findall(r"^(\.LBB\w+):(.*?)s_cbranch\w*\s+\1$", asm, re.S | re.M)
    return max((body.count("v_mfma") for _, body in bodies), default=0)


def gemm_figures(target, tmp, tile=GEMM_TILE, options=None) -> dict:
    bm, bn, bk = tile
    sig = {"a": "*bf16", "b": "*bf16", "c": "*fp32", "M": "i32", "N": "i32", "K": "i32",
           "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"}
    k, _ = compile_one(t_gemm, sig, {"BM": bm, "BN": bn, "BK": bk}, target, os.path.join(tmp, "gemm"), options)
    asm = k.asm["amdgcn"]
    meta = asm.split(".amdgpu_metadata", 1)[-1]
    get = lambda key: int(re.search(rf"\.{key}:\s+(\d+)", meta).group(1))  # noqa: E731
    return {"vgpr": get("vgpr_count"), "agpr": get("agpr_count"), "sgpr": get("sgpr_count"),
            "lds": max(get("group_segment_fixed_size"), int(k.metadata.shared)),
            "vgpr_spill": get("vgpr_spill_count"),
            "mfma": asm.count("v_mfma"), "mfma_per_k_step": loop_mfmas(asm),
            "mfma_instruction": sorted({ln.split()[0] for ln in asm.splitlines() if "v_mfma" in ln})}


def suite():
    """(name, kind, dtype, elements per thread, contiguity, masked, round)."""
    out = [
        ("readme bf16 c8 ragged", "copy", "bf16", 8, 8, True, 1),
        ("bound bf16 c8", "copy", "bf16", 8, 8, True, 8),
        ("bound f32 c8", "copy", "f32", 8, 8, True, 8),
        ("atomic f32 c4 uniform", "atomic", "f32", 4, 4, True, 4),
    ]
    for name in DTYPES:
        for c in (1, 2, 4, 8, 16):
            out.append((f"copy {name} c{c}", "copy", name, 16, c, False, 1))
            out.append((f"masked {name} c{c}", "copy", name, 16, c, True, 1))
        for c in ((2, 4) if name != "f32" else (1, 4)):
            out.append((f"atomic {name} c{c}", "atomic", name, 16, c, False, 0))
    return out


_INSTR = re.compile(r"^\t[a-z_][a-z0-9_.]*(\s|$)")


def amd_figures(asm: str, name: str) -> dict:
    body = asm.split(f"{name}:", 1)[1].split(".Lfunc_end", 1)[0]
    instrs = [ln for ln in body.splitlines() if _INSTR.match(ln) and not ln.startswith("\t.")]
    meta = asm.split(".amdgpu_metadata", 1)[-1]
    get = lambda key: int(re.search(rf"\.{key}:\s+(\d+)", meta).group(1))  # noqa: E731
    mem = [ln.split()[0] for ln in instrs if re.match(r"\t(buffer|global)_", ln)]
    return {"vgpr": get("vgpr_count"), "sgpr": get("sgpr_count"), "instructions": len(instrs),
            "memory": len(mem)}


def compile_one(fn, sig, constexprs, target, cache_dir, options=None):
    os.environ["TRITON_CACHE_DIR"] = cache_dir
    t0 = time.perf_counter()
    source = GluonASTSource if isinstance(fn, GluonJITFunction) else ASTSource
    k = triton.compile(source(fn, signature=sig, constexprs=constexprs), target=target,
                       options=options or {"num_warps": WARPS})
    return k, time.perf_counter() - t0


def kernel_args(kind, dt, spt, c, masked, rnd, gluon_kernel):
    block = spt * 64 * WARPS
    sig = {"src" if kind == "copy" else "acc": DTYPES[dt], "dst" if kind == "copy" else "old": DTYPES[dt],
           "n": "i32"}
    consts = {"BLOCK": block, "C": c}
    if gluon_kernel:
        consts["SPT"] = spt
    if kind == "copy":
        consts.update(MASK=masked, ROUND=rnd)
        fn = g_copy if gluon_kernel else t_copy
    else:
        consts.update(ROUND=rnd if masked else 0, STORE=not masked)
        fn = g_atomic if gluon_kernel else t_atomic
    for k in consts:
        sig[k] = "constexpr"
    return fn, sig, consts


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "data", "triton_reference.json"))
    p.add_argument("--repeat", type=int, default=5, help="cold compiles per kernel for the latency median")
    p.add_argument("--gemm-only", action="store_true",
                   help="record only the tl.dot GEMM, into the existing file")
    args = p.parse_args(argv)
    amd = GPUTarget("hip", "gfx950", 64)
    if args.gemm_only:
        with open(args.out) as f:
            result = json.load(f)
        with tempfile.TemporaryDirectory() as tmp:
            result["gemm"] = {"tile": list(GEMM_TILE), "gfx950": gemm_figures(amd, tmp),
                              "triton_version": triton.__version__}
            options = {"num_warps": PIPELINED_WARPS, "num_stages": PIPELINED_STAGES}
            result["gemm_pipelined"] = {"tile": list(PIPELINED_TILE), "num_warps": PIPELINED_WARPS,
                                        "num_stages": PIPELINED_STAGES,
                                        "gfx950": gemm_figures(amd, tmp, PIPELINED_TILE, options),
                                        "triton_version": triton.__version__}
        print(result["gemm"], result["gemm_pipelined"])
        with open(args.out, "w") as f:
            json.dump(result, f, indent=1, sort_keys=True)
            f.write("\n")
        return 0
    nv = GPUTarget("cuda", 90, 32)
    result = {"triton_version": triton.__version__, "python": platform.python_version(),
              "machine": f"{platform.machine()}, {os.cpu_count()} cores", "target": "gfx950",
              "num_warps": WARPS, "kernels": {}, "compile_latency": {}}
    with tempfile.TemporaryDirectory() as tmp:
        # Warm the process (imports, backend initialization) before timing.
        compile_one(*kernel_args("copy", "f32", 4, 4, False, 1, False)[:3], amd, os.path.join(tmp, "warm"))
        compile_one(*kernel_args("copy", "f32", 4, 4, False, 1, False)[:3], nv, os.path.join(tmp, "warmnv"))
        for i, (name, kind, dt, spt, c, masked, rnd) in enumerate(suite()):
            row = {}
            for label, is_gluon in (("triton", False), ("gluon", True)):
                fn, sig, consts = kernel_args(kind, dt, spt, c, masked, rnd, is_gluon)
                try:
                    k, _ = compile_one(fn, sig, consts, amd, os.path.join(tmp, f"{label}{i}"))
                    row[label] = amd_figures(k.asm["amdgcn"], k.name)
                except Exception as e:  # an op Triton/Gluon does not have for this type
                    row[label] = {"error": str(e).strip().splitlines()[-1][:200]}
            result["kernels"][name] = row
            print(name, row, flush=True)
        # Compile latency: the four issue kernels, Triton front end to
        # .hsaco / cubin, each cold `repeat` times (fresh cache) and cached.
        for tname, target in (("gfx950", amd), ("sm_90a", nv)):
            cold, cached = [], []
            for i, (name, kind, dt, spt, c, masked, rnd) in enumerate(suite()[:4]):
                fn, sig, consts = kernel_args(kind, dt, spt, c, masked, rnd, False)
                for r in range(args.repeat):
                    d = os.path.join(tmp, f"lat-{tname}-{i}-{r}")
                    cold.append(compile_one(fn, sig, consts, target, d)[1])
                    cached.append(compile_one(fn, sig, consts, target, d)[1])
            result["compile_latency"][tname] = {"cold_ms": round(statistics.median(cold) * 1e3, 1),
                                                "cached_ms": round(statistics.median(cached) * 1e3, 2),
                                                "samples": len(cold)}
            print(tname, result["compile_latency"][tname], flush=True)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
