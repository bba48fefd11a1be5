"""The tutorial matmul's CDNA machine code beside Triton's, recomputed in
one run: `matmul_kernel` of Triton's tutorial 03 (its text, read from the
upstream file; the project keeps no copy), specialized as Triton's launcher
does (unit strides constant, the rest divisible by 16), compiled by tlxamd
here and by `triton.compile` in a Python that has Triton, both counted per
K tile and per wave by the same rules (bench/amd_isa.py).

    python bench/tutorial_matmul_isa.py --triton-python /path/to/python-with-triton \\
        [TUTORIALS_DIR] [--targets gfx950,gfx942] [--stages 1,2]
"""

import argparse
import ast
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

TILE = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=32, GROUP_SIZE_M=8, ACTIVATION="")
UNIT = dict(stride_ak=1, stride_bn=1, stride_cn=1)
INTS = ("M", "N", "K", "stride_am", "stride_bk", "stride_cm")
WARPS = 4


def set_tile(tile: str, warps: int) -> None:
    """The block shape and warps both compilers get."""
    global WARPS
    TILE.update(zip(("BLOCK_SIZE_M", "BLOCK_SIZE_N", "BLOCK_SIZE_K"), (int(x) for x in tile.split(","))))
    WARPS = warps


def load(path, triton_module, tl_module, wrap):
    """matmul_kernel and its leaky_relu helper, executed from the file."""
    tree = ast.parse(open(path).read())
    ns = {"triton": triton_module, "tl": tl_module}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in ("matmul_kernel", "leaky_relu"):
            node.decorator_list = []
            exec(compile(ast.Module(body=[node], type_ignores=[]), path, "exec"), ns)
    ns["leaky_relu"] = wrap(ns["leaky_relu"])
    return ns["matmul_kernel"]


def ours(path, targets, stages):
    import tlxamd
    import tlxamd.language as tl
    from tlxamd import compiler

    fn = load(path, tlxamd, tl, tlxamd.jit)
    sig = {p: tl.pointer(tl.float16) for p in ("a_ptr", "b_ptr", "c_ptr")}
    sig.update({p: tl.divisible_int(tl.int32) for p in INTS})
    sig.update({p: tl.constexpr for p in UNIT})
    out = {}
    for target in targets:
        for s in stages:
            module = tl.kernel(fn, num_warps=WARPS, num_stages=s, name="matmul_kernel").build(
                target, signature=sig, **UNIT, **TILE)
            out[(target, s)] = compiler.compile(module, target=target, cache=False, binary=False).asm
    return out


def theirs(path, targets, stages):
    import triton
    import triton.language as tl
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    fn = triton.jit(load(path, triton, tl, triton.jit))
    sig = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16"}
    sig.update({p: "i32" for p in INTS})
    sig.update({p: "constexpr" for p in list(UNIT) + list(TILE)})
    names = list(fn.arg_names)
    attrs = {(names.index(p),): [["tt.divisibility", 16]] for p in ("a_ptr", "b_ptr", "c_ptr") + INTS}
    out = {}
    for target in targets:
        for s in stages:
            k = triton.compile(ASTSource(fn, {n: sig[n] for n in names}, dict(UNIT, **TILE), attrs),
                               target=GPUTarget("hip", target, 32 if target == "gfx1250" else 64), options={"num_warps": WARPS, "num_stages": s})
            out[f"{target}/{s}"] = {"asm": k.asm["amdgcn"], "shared": k.metadata.shared}
    return out


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--triton-python", required=True)
    p.add_argument("tutorials", nargs="?", default=os.path.join(HERE, "tutorials", "cache"))
    p.add_argument("--targets", default="gfx950,gfx942")
    p.add_argument("--stages", default="1,2")
    p.add_argument("--tile", default="128,128,32", help="BLOCK_SIZE_M,N,K")
    p.add_argument("--warps", type=int, default=WARPS)
    p.add_argument("--triton-side", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    set_tile(args.tile, args.warps)
    path = os.path.join(args.tutorials, "03-matrix-multiplication.py")
    targets, stages = args.targets.split(","), [int(s) for s in args.stages.split(",")]
    if args.triton_side:
        print(json.dumps(theirs(path, targets, stages)))
        return 0
    import amd_isa

    mine = ours(path, targets, stages)
    tri = amd_isa.run_triton_side(args.triton_python, __file__,
                                  ["--targets", args.targets, "--stages", args.stages, "--tile", args.tile,
                                   "--warps", str(args.warps), args.tutorials])
    print(f"tutorial matmul {args.tile.replace(',', 'x')}, {WARPS} warps, per K tile and wave, every instruction class: "
          "tlxamd / Triton")
    from tlxamd import targets

    for (target, s), asm in mine.items():
        theirs_ = tri[f"{target}/{s}"]
        # LDS per CU from the capability table; Triton's LDS is dynamic (its
        # launch allocates metadata.shared bytes)
        print(amd_isa.side_by_side(f"{target} num_stages={s}", asm, theirs_["asm"], "matmul_kernel",
                                   theirs_["shared"], targets.get(target)["shared_memory_bytes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
