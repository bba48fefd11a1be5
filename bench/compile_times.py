"""First-call compile time of the tutorials' kernels: tlxamd (frontend,
lowering, LLVM, llc / ptxas; no disk cache) beside `triton.compile` (a fresh
cache directory), for sm_90a and gfx950, one after the other in one run.

    python bench/compile_times.py --triton-python /path/to/python-with-triton [TUTORIALS_DIR]

TUTORIALS_DIR (default bench/tutorials/cache) holds the upstream tutorial
files; each kernel's `def` is taken from them.
"""

import argparse
import ast
import os
import subprocess
import sys
import time

# (file, kernel, {param: (tlxamd kind, Triton type)}, constexprs, warps)
CASES = [
    ("01-vector-add.py", "add_kernel",
     {"x_ptr": "*fp32", "y_ptr": "*fp32", "output_ptr": "*fp32", "n_elements": "i32"}, {"BLOCK_SIZE": 1024}, 4),
    ("05-layer-norm.py", "_layer_norm_fwd_fused",
     {"X": "*fp16", "Y": "*fp16", "W": "*fp16", "B": "*fp16", "Mean": "*fp32", "Rstd": "*fp32", "stride": "i32",
      "N": "i32", "eps": "fp32"}, {"BLOCK_SIZE": 8192}, 8),
    ("02-fused-softmax.py", "softmax_kernel",
     {"output_ptr": "*fp32", "input_ptr": "*fp32", "input_row_stride": "i32", "output_row_stride": "i32",
      "n_rows": "i32", "n_cols": "i32"}, {"BLOCK_SIZE": 8192, "num_stages": 4}, 8),
]


def load(path, name, triton_module, tl_module):
    tree = ast.parse(open(path).read())
    ns = {"triton": triton_module, "tl": tl_module}
    for n in tree.body:
        if isinstance(n, ast.FunctionDef) and n.name == name:
            n.decorator_list = []
            exec(compile(ast.Module(body=[n], type_ignores=[]), path, "exec"), ns)
    return ns[name]


def ours(directory):
    import tlxamd
    import tlxamd.language as tl
    from tlxamd import compiler

    kinds = {"*fp32": tl.pointer(tl.float32), "*fp16": tl.pointer(tl.float16), "i32": tl.divisible_int(tl.int32),
             "fp32": tl.float32}
    out = {}
    for f, name, sig, consts, warps in CASES:
        fn = load(os.path.join(directory, f), name, tlxamd, tl)
        for target in ("sm_90a", "gfx950"):
            t0 = time.perf_counter()
            module = tl.kernel(fn, num_warps=warps, name=name).build(
                target, signature={k: kinds[v] for k, v in sig.items()}, **consts)
            compiler.compile(module, target=target, cache=False)
            out[(name, target)] = time.perf_counter() - t0
    return out


def theirs(directory):
    import tempfile

    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
    import triton
    import triton.language as tl
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    for f, name, sig, consts, warps in CASES:
        fn = triton.jit(load(os.path.join(directory, f), name, triton, tl))
        signature = dict(sig, **{k: "constexpr" for k in consts})
        attrs = {(i,): [["tt.divisibility", 16]] for i, t in enumerate(sig.values()) if t != "fp32"}
        for target, gpu in (("sm_90a", GPUTarget("cuda", 90, 32)), ("gfx950", GPUTarget("hip", "gfx950", 64))):
            t0 = time.perf_counter()
            triton.compile(ASTSource(fn, signature, consts, attrs), target=gpu, options={"num_warps": warps})
            print(f"{name} {target} {time.perf_counter() - t0:.4f}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--triton-python", required=True)
    p.add_argument("tutorials", nargs="?", default="bench/tutorials/cache")
    p.add_argument("--triton-side", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.triton_side:
        return theirs(args.tutorials)
    mine = ours(args.tutorials)
    r = subprocess.run([args.triton_python, __file__, "--triton-python", "-", "--triton-side", args.tutorials],
                       capture_output=True, text=True, check=True)
    tri = {tuple(line.split()[:2]): float(line.split()[2]) for line in r.stdout.splitlines() if line.strip()}
    print("first-call compile, seconds: tlxamd / triton.compile")
    for (name, target), t in mine.items():
        print(f"  {name:24} {target:7} {t:6.3f} / {tri[(name, target)]:6.3f}")


if __name__ == "__main__":
    sys.exit(main())
