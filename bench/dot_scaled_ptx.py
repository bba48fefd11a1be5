"""tl.dot_scaled where it is decomposed (no scaled instruction), machine code
beside Triton's: examples/dot_scaled.py's `mx_matmul` compiled by tlxamd
and the same kernel text (bench/gpu/dot_scaled_h200.py's `triton_mx`)
compiled by the installed Triton (3.9 compiles without a GPU) with the
launcher's specializations (16-byte aligned pointers, M, N, K divisible by
16). sm_90a (Triton's default 3 stages): per configuration the K loop's
instructions (the innermost loop holding the MMA), PTX opcode by opcode,
and ptxas's registers, spills and shared memory for ours. gfx942 (2
stages, BK 128; decomposed) and gfx1250 (its scaled WMMA): the K loop by
instruction class per wave, registers, LDS and occupancy, both counted by
bench/amd_isa.py's rules.

    python bench/dot_scaled_ptx.py [--triton-python PY]
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIGS = [("e2m1", "e4m3", 64, 64, 64), ("e4m3", "e4m3", 64, 64, 64), ("e2m1", "e2m1", 64, 64, 64),
           ("e4m3", "e4m3", 128, 128, 64)]

TRITON_CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from dot_scaled_h200 import triton_mx, _consts
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource, compile
out = {}


def build(fa, fb, bm, bn, bk, target, stages):
    ty = lambda f: "*u8" if f == "e2m1" else "*fp8e4nv"
    sig = {"a": ty(fa), "a_scale": "*u8", "b": ty(fb), "b_scale": "*u8", "c": "*fp32", "M": "i32", "N": "i32",
           "K": "i32"}
    consts = _consts(fa, fb, bm, bn, bk)
    sig.update({k: "constexpr" for k in consts})
    attrs = {(i,): [["tt.divisibility", 16]] for i in range(8)}
    return compile(ASTSource(fn=triton_mx, signature=sig, constexprs=consts, attrs=attrs), target=target,
                   options=dict(num_warps=4, num_stages=stages))


for fa, fb, bm, bn, bk in json.loads(sys.argv[2]):
    k = build(fa, fb, bm, bn, bk, GPUTarget("cuda", 90, 32), 3)
    out[f"{fa}_{fb}_{bm}x{bn}x{bk}"] = dict(ptx=k.asm["ptx"], shared=k.metadata.shared)
for target, warp in (("gfx942", 64), ("gfx1250", 32)):
    for fa, fb, bm, bn, bk in json.loads(sys.argv[3]):
        k = build(fa, fb, bm, bn, bk, GPUTarget("hip", target, warp), 2)
        out[f"{target}_{fa}_{fb}_{bm}x{bn}x{bk}"] = dict(asm=k.asm["amdgcn"], shared=k.metadata.shared)
print(json.dumps(out))
"""

AMD_CONFIGS = [("e2m1", "e4m3", 64, 64, 128), ("e4m3", "e4m3", 64, 64, 128), ("e2m1", "e2m1", 64, 64, 128)]


def loop_opcodes(ptx: str) -> collections.Counter:
    """Opcodes of the shortest backward-branch loop holding an MMA (predicates
    dropped; data-movement and conversion opcodes kept whole, the rest by
    their first component)."""
    lines = ptx.splitlines()
    labels = {m.group(1): i for i, line in enumerate(lines) if (m := re.match(r"^(\$L__\w+):", line.strip()))}
    best = None
    for i, line in enumerate(lines):
        m = re.search(r"bra(?:\.uni)?\s+(\$L__\w+);", line)
        if m and labels.get(m.group(1), i) < i:
            body = lines[labels[m.group(1)]:i + 1]
            if any("mma" in b for b in body) and (best is None or len(body) < len(best)):
                best = body
    counts = collections.Counter()
    for line in best or []:
        s = re.sub(r"^@!?%p\d+\s+", "", line.strip())
        if not s or s.startswith(("//", "$", "{", "}", ".")):
            continue
        op = s.split()[0].rstrip(";")
        whole = op.startswith(("ld.", "st.", "cp.", "bar", "wgmma", "mma", "fence", "ldmatrix", "cvt", "prmt"))
        counts[op if whole else op.split(".")[0]] += 1
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--triton-python", default=None)
    args = ap.parse_args(argv)
    sys.path.insert(0, HERE)
    sys.path.insert(0, os.path.join(HERE, "..", "examples"))
    from dot_scaled import mx_matmul
    from isa_compare import find_triton_python

    from tlxamd import compiler
    py = find_triton_python(args.triton_python)
    theirs = {}
    if py:
        run = subprocess.run([py, "-c", TRITON_CHILD, os.path.join(HERE, "gpu"), json.dumps(CONFIGS),
                              json.dumps(AMD_CONFIGS)],
                             capture_output=True, text=True)
        if run.returncode == 0:
            theirs = json.loads(run.stdout.splitlines()[-1])
        else:
            print("Triton failed:", run.stderr[-800:])
    for fa, fb, bm, bn, bk in CONFIGS:
        key = f"{fa}_{fb}_{bm}x{bn}x{bk}"
        k = compiler.compile(mx_matmul.build(target="sm_90a", BM=bm, BN=bn, BK=bk, A_FORMAT=fa, B_FORMAT=fb,
                                             A_PACK=2 if fa == "e2m1" else 1, B_PACK=2 if fb == "e2m1" else 1),
                             target="sm_90a")
        ours = loop_opcodes(k.asm)
        other = loop_opcodes(theirs[key]["ptx"]) if key in theirs else collections.Counter()
        print(f"\n{key}: K loop, tlxamd {sum(ours.values())} / Triton {sum(other.values())} instructions; "
              f"tlxamd {k.resources['registers']} registers, {k.resources['spill_stores']} bytes spilled, "
              f"{k.resources['shared']} B shared" +
              (f"; Triton {theirs[key]['shared']} B shared" if key in theirs else ""))
        for op in sorted(set(ours) | set(other), key=lambda o: (-(ours[o] + other[o]), o)):
            print(f"  {op:50} {ours[op]:5} {other[op]:5}")
    import amd_isa

    from tlxamd import targets
    for target, what in (("gfx942", "decomposed to the bf16 MFMA"), ("gfx1250", "the scaled WMMA")):
        print(f"\n{target} ({what}), the K loop per wave by class: tlxamd / Triton")
        for fa, fb, bm, bn, bk in AMD_CONFIGS:
            key = f"{target}_{fa}_{fb}_{bm}x{bn}x{bk}"
            k = compiler.compile(mx_matmul.build(target=target, BM=bm, BN=bn, BK=bk, A_FORMAT=fa, B_FORMAT=fb,
                                                 A_PACK=2 if fa == "e2m1" else 1, B_PACK=2 if fb == "e2m1" else 1),
                                 target=target, binary=False)
            if key in theirs:
                print(amd_isa.side_by_side(f"{fa} x {fb} {bm}x{bn}x{bk}", k.asm, theirs[key]["asm"], "mx_matmul",
                                           theirs[key]["shared"], targets.get(target)["shared_memory_bytes"],
                                           theirs_name="triton_mx"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
