"""The invariant "the verifier accepts => lowering, LLVM and llc/ptxas
succeed" over the buffer ops: every op x element type x contiguity x mask
form x `other` x target is either rejected by a verifier (op verifiers and
tlxamd-verify-target) with a diagnostic, or compiled to a binary.

Kernels are generated as MLIR text; each is verified on its own, then the
accepted ones of a (target, element type) are compiled together (and on a
failure, one by one, to name the kernel).

    python test/python/buffer_matrix.py [--targets gfx950,sm_90a] [--types f32,i8]
"""

from __future__ import annotations

import argparse
import itertools
import sys
from typing import Dict, List, Tuple

from tlxamd import compiler, ir, passmanager, targets

ELEMENT_TYPES = ("i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2")
CONTIGUITIES = (1, 2, 4, 8, 16)
MASKS = ("none", "uniform", "nonuniform")
OPS = ("load", "store", "atomic")
ELEMS_PER_THREAD = 16


def _constant(ty: str) -> str:
    return "1" if ty.startswith("i") else "1.0"


def kernel_text(name: str, op: str, ty: str, c: int, mask: str, other: bool, warp: int) -> str:
    n = ELEMS_PER_THREAD * warp * 4
    lay = (f"#tlxamd.blocked<{{size_per_thread = [{ELEMS_PER_THREAD}], threads_per_warp = [{warp}], "
           f"warps_per_cta = [4], order = [0]}}>")
    t = f"tensor<{n}x{ty}, {lay}>"
    ti = f"tensor<{n}xi32, {lay}>"
    tm = f"tensor<{n}xi1, {lay}>"
    body = [f"%r = tlxamd.make_range 0 to {n} : {ti}"]
    mask_clause = ""
    if mask != "none":
        bound = "%n"
        if mask == "uniform":  # the documents' bound idiom: a multiple of 16
            body += ["%c16 = arith.constant 16 : i32", "%rem = arith.remsi %n, %c16 : i32",
                     "%nb = arith.subi %n, %rem : i32"]
            bound = "%nb"
        body += [f"%ns = tlxamd.splat {bound} : {ti}", f"%m = arith.cmpi slt, %r, %ns : {ti}"]
        mask_clause = " mask %m"
    other_clause = ""
    if other:
        body.append(f"%o = arith.constant dense<{_constant(ty)}> : {t}")
        other_clause = " other %o"
    attrs = f" {{contiguity = {c} : i32}}" if c != 1 else ""
    ptr = f"!tlxamd.ptr<{ty}>"
    if op == "load":
        body += [f"%v = tlxamd.buffer_load %p[%r]{mask_clause}{other_clause}{attrs} : {ptr}, {ti} -> {t}",
                 f"tlxamd.buffer_store %v, %q[%r] : {t}, {ptr}, {ti}"]
    elif op == "store":
        body += [f"%v = tlxamd.buffer_load %p[%r] : {ptr}, {ti} -> {t}",
                 f"%pin = tlxamd.require_layout %v : {t} -> {t}",
                 f"tlxamd.buffer_store %pin, %q[%r]{mask_clause}{attrs} : {t}, {ptr}, {ti}"]
    else:
        body += [f"%v = tlxamd.buffer_load %p[%r] : {ptr}, {ti} -> {t}",
                 f"%old = tlxamd.buffer_atomic_add %q[%r], %v{mask_clause}{attrs} : {ptr}, {ti}, {t}",
                 f"tlxamd.buffer_store %old, %p[%r] : {t}, {ptr}, {ti}"]
    del tm
    lines = "\n".join("    " + b for b in body)
    return (f"  gpu.func @{name}(%p: {ptr}, %q: {ptr}, %n: i32) kernel attributes {{tlxamd.num_warps = 4 : i32}} {{\n"
            f"{lines}\n    gpu.return\n  }}\n")


def cases(ty: str):
    for op, c, mask in itertools.product(OPS, CONTIGUITIES, MASKS):
        for other in ((False, True) if op == "load" and mask != "none" else (False,)):
            yield op, c, mask, other


def _module(funcs: List[str]) -> str:
    return "gpu.module @matrix {\n" + "".join(funcs) + "}\n"


def _verify(text: str, target: str):
    """None when accepted, else the diagnostic text."""
    ctx = ir.Context()
    try:
        with ctx:
            m = ir.Module.parse(text)
            pm = passmanager.PassManager.parse(f"builtin.module(tlxamd-verify-target{{target={target}}})")
            pm.run(m.operation)
    except ir.MLIRError as e:
        msg = "; ".join(d.message for d in e.error_diagnostics) or str(e)
        return msg or "rejected without a message"
    return None


def run(target_names, types) -> Tuple[Dict[str, int], List[str]]:
    counts = {"compiled": 0, "rejected": 0}
    failures: List[str] = []
    for target in target_names:
        warp = targets.get(target)["warp_size"]
        for ty in types:
            accepted = []
            for op, c, mask, other in cases(ty):
                name = f"{op}_{ty}_c{c}_{mask}" + ("_other" if other else "")
                func = kernel_text(name, op, ty, c, mask, other, warp)
                diag = _verify(_module([func]), target)
                if diag is None:
                    accepted.append((name, func))
                elif not diag.strip():
                    failures.append(f"{target} {name}: rejected without a diagnostic")
                else:
                    counts["rejected"] += 1
            if not accepted:
                continue
            try:
                compiler.compile(_module([f for _, f in accepted]), target=target)
                counts["compiled"] += len(accepted)
                continue
            except compiler.CompilationError:
                pass
            for name, func in accepted:  # name the kernels that fail
                try:
                    compiler.compile(_module([func]), target=target)
                    counts["compiled"] += 1
                except compiler.CompilationError as e:
                    failures.append(f"{target} {name}: verified but did not build: {str(e).splitlines()[-1][:300]}")
    return counts, failures


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--targets", default="gfx942,gfx950,sm_90a,sm_100a")
    p.add_argument("--types", default=",".join(ELEMENT_TYPES))
    args = p.parse_args(argv)
    counts, failures = run(args.targets.split(","), args.types.split(","))
    print(f"compiled {counts['compiled']}, rejected by a verifier {counts['rejected']}, failures {len(failures)}")
    for f in failures:
        print("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
