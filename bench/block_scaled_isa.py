"""The CDNA4 block-scaled (MXFP4) matmul of Triton's tutorial 10 beside
Triton's compile of the same text, recomputed in one run:
`block_scaled_matmul_kernel_cdna4` (read from the upstream file; the
project keeps no copy), the scales preshuffled on the host and "un-shuffled"
in the kernel by reshape / permute, specialized as Triton's launcher does
(unit strides constant, the rest divisible by 16), compiled by tlxamd here
and by `triton.compile` in a Python that has Triton, both counted per K
tile and per wave by the same rules (bench/amd_isa.py).

    python bench/block_scaled_isa.py --triton-python /path/to/python-with-triton \\
        [TUTORIALS_DIR] [--nonkdim 16,32]
"""

import argparse
import ast
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

NAME = "block_scaled_matmul_kernel_cdna4"
TILE = dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=256)
# A is [M, K / 2] row-major, B the transpose of [N, K / 2] row-major, the
# shuffled scales [rows / 32, K] row-major, C [M, N] row-major.
UNIT = dict(stride_ak=1, stride_bk=1, stride_cn=1, stride_ask=1, stride_bsk=1)
INTS = ("M", "N", "K", "stride_am", "stride_bn", "stride_cm", "stride_asm", "stride_bsn")
ZERO = dict(stride_ck=0)
WARPS, STAGES = 8, 2
PTRS = {"a_ptr": "u8", "b_ptr": "u8", "c_ptr": "fp32", "a_scales_ptr": "u8", "b_scales_ptr": "u8"}


def load(path, triton_module, tl_module):
    """The kernel's function, executed from the file."""
    tree = ast.parse(open(path).read())
    ns = {"triton": triton_module, "tl": tl_module}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == NAME:
            node.decorator_list = []
            exec(compile(ast.Module(body=[node], type_ignores=[]), path, "exec"), ns)
    return ns[NAME]


def ours(path, nonkdims, target="gfx950"):
    import tlxamd.language as tl
    from tlxamd import compiler

    fn = load(path, None, tl)
    types = {"u8": tl.uint8, "fp32": tl.float32}
    sig = {p: tl.pointer(types[t]) for p, t in PTRS.items()}
    sig.update({p: tl.divisible_int(tl.int32) for p in INTS})
    sig.update({p: tl.constexpr for p in list(UNIT) + list(ZERO)})
    out = {}
    for nk in nonkdims:
        module = tl.kernel(fn, num_warps=WARPS, num_stages=STAGES, name=NAME, matrix_instr_nonkdim=nk).build(
            target, signature=sig, **UNIT, **ZERO, **TILE, mfma_nonkdim=nk)
        out[nk] = compiler.compile(module, target=target, cache=False, binary=False).asm
    return out


def theirs(path, nonkdims, target="gfx950"):
    import triton
    import triton.language as tl
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    fn = triton.jit(load(path, triton, tl))
    sig = {p: "*" + t for p, t in PTRS.items()}
    sig.update({p: "i32" for p in INTS})
    sig.update({p: "constexpr" for p in list(UNIT) + list(ZERO) + list(TILE) + ["mfma_nonkdim"]})
    names = list(fn.arg_names)
    attrs = {(names.index(p),): [["tt.divisibility", 16]] for p in tuple(PTRS) + INTS}
    out = {}
    for nk in nonkdims:
        k = triton.compile(ASTSource(fn, {n: sig[n] for n in names}, dict(UNIT, **ZERO, **TILE, mfma_nonkdim=nk),
                                     attrs),
                           target=GPUTarget("hip", target, 64),
                           options={"num_warps": WARPS, "num_stages": STAGES, "matrix_instr_nonkdim": nk})
        out[str(nk)] = {"asm": k.asm["amdgcn"], "shared": k.metadata.shared}
    return out


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--triton-python", required=True)
    p.add_argument("tutorials", nargs="?", default=os.path.join(HERE, "tutorials", "cache"))
    p.add_argument("--nonkdim", default="16,32")
    p.add_argument("--triton-side", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    path = os.path.join(args.tutorials, "10-block-scaled-matmul.py")
    nonkdims = [int(x) for x in args.nonkdim.split(",")]
    if args.triton_side:
        print(json.dumps(theirs(path, nonkdims)))
        return 0
    import amd_isa

    from tlxamd import targets

    mine = ours(path, nonkdims)
    tri = amd_isa.run_triton_side(args.triton_python, __file__, ["--nonkdim", args.nonkdim, args.tutorials])
    tile = "x".join(str(v) for v in TILE.values())
    print(f"tutorial 10 CDNA4 MXFP4 matmul {tile}, {WARPS} warps, num_stages {STAGES}, per K tile and wave "
          "(Triton's loop body holds two), every instruction class: tlxamd / Triton")
    # one K tile's MFMA work per wave (M x N x K MACs over the waves)
    work = TILE["BLOCK_M"] * TILE["BLOCK_N"] * TILE["BLOCK_K"] // WARPS
    for nk, asm in mine.items():
        t = tri[str(nk)]
        print(amd_isa.side_by_side(f"gfx950 mfma_nonkdim={nk}", asm, t["asm"], NAME, t["shared"],
                                   targets.get("gfx950")["shared_memory_bytes"], waves_per_group=WARPS,
                                   tile_work=work))
    return 0


if __name__ == "__main__":
    sys.exit(main())
