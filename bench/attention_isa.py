"""The Triton-style attention forward's CDNA machine code beside Triton's,
recomputed in one run: `attention_fwd` of test/python/test_pipeline_dot.py
(online softmax, K read transposed through its pointers, K and V loaded in
the loop), specialized as Triton's launcher does (integers divisible by 16),
compiled by tlxamd here and by `triton.compile` in a Python that has
Triton, both counted per K/V step and per wave by the same rules
(bench/amd_isa.py).

    python bench/attention_isa.py --triton-python /path/to/python-with-triton \\
        [--targets gfx950,gfx942] [--stages 2] [--tile 64,64,64] [--warps 4]
"""

import argparse
import ast
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
SOURCE = os.path.join(HERE, "..", "test", "python", "test_pipeline_dot.py")
POINTERS = ("Q", "K", "V", "Out")
INTS = ("N_CTX", "stride_h", "stride_qm", "stride_kn", "stride_vn", "stride_om")


def load(triton_module, tl_module):
    """attention_fwd, executed from the test file with the given modules."""
    tree = ast.parse(open(SOURCE).read())
    ns = {"triton": triton_module, "tl": tl_module}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "attention_fwd":
            node.decorator_list = []
            exec(compile(ast.Module(body=[node], type_ignores=[]), SOURCE, "exec"), ns)
    return ns["attention_fwd"]


def ours(targets, stages, tile, warps):
    import tlxamd.language as tl
    from tlxamd import compiler

    fn = load(None, tl)
    sig = {p: tl.pointer(tl.float16) for p in POINTERS}
    sig.update({p: tl.divisible_int(tl.int32) for p in INTS}, sm_scale=tl.float32)
    out = {}
    for target in targets:
        for s in stages:
            module = tl.kernel(fn, num_warps=warps, num_stages=s, name="attention_fwd").build(
                target, signature=sig, **tile)
            out[(target, s)] = compiler.compile(module, target=target, cache=False, binary=False).asm
    return out


def theirs(targets, stages, tile, warps):
    import triton
    import triton.language as tl
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    fn = triton.jit(load(triton, tl))
    names = list(fn.arg_names)
    sig = {n: "*fp16" if n in POINTERS else "i32" if n in INTS else "fp32" if n == "sm_scale" else "constexpr"
           for n in names}
    attrs = {(names.index(p),): [["tt.divisibility", 16]] for p in POINTERS + INTS}
    out = {}
    for target in targets:
        for s in stages:
            k = triton.compile(ASTSource(fn, sig, dict(tile), attrs), target=GPUTarget("hip", target, 64),
                               options={"num_warps": warps, "num_stages": s})
            out[f"{target}/{s}"] = {"asm": k.asm["amdgcn"], "shared": k.metadata.shared}
    return out


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--triton-python", required=True)
    p.add_argument("--targets", default="gfx950,gfx942")
    p.add_argument("--stages", default="2")
    p.add_argument("--tile", default="64,64,64", help="BLOCK_M,BLOCK_N,D")
    p.add_argument("--warps", type=int, default=4)
    p.add_argument("--triton-side", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    targets, stages = args.targets.split(","), [int(s) for s in args.stages.split(",")]
    tile = dict(zip(("BLOCK_M", "BLOCK_N", "D"), (int(v) for v in args.tile.split(","))))
    if args.triton_side:
        os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
        print(json.dumps(theirs(targets, stages, tile, args.warps)))
        return 0
    import amd_isa

    from tlxamd import targets as arch

    mine = ours(targets, stages, tile, args.warps)
    tri = amd_isa.run_triton_side(args.triton_python, __file__, ["--targets", args.targets, "--stages", args.stages,
                                                                 "--tile", args.tile, "--warps", str(args.warps)])
    print(f"attention forward {args.tile} (BLOCK_M,BLOCK_N,D), {args.warps} warps, per K/V step and wave, "
          "every instruction class: tlxamd / Triton (mfma_work: multiply-adds per wave)")
    for (target, s), asm in mine.items():
        t = tri[f"{target}/{s}"]
        print(amd_isa.side_by_side(f"{target} num_stages={s}", asm, t["asm"], "attention_fwd", t["shared"],
                                   arch.get(target)["shared_memory_bytes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
