"""The main job: the bundled example kernels verified with tlx-opt, then
compiled to gfx950 ISA and sm_90a PTX; prints the key instructions and the
resource usage each assembler reports.

    python examples/demo.py [kernel.mlir ...]

The buffer-op kernel (masked_copy.mlir) uses 64-lane layouts; on sm_90a each
64-lane layout warp runs as two hardware warps.
"""

import os
import re
import subprocess
import sys

from tlxamd import compiler

HERE = os.path.dirname(os.path.abspath(__file__))

# Instructions worth seeing: memory, arithmetic, control flow, ids.
KEY = {
    "gfx950": re.compile(r"^\s+(s_load|s_buffer|global_|buffer_|ds_|v_(add|mul|pk_mul|fma|cvt|mfma)|s_(cbranch|endpgm))\S*"),
    "sm_90a": re.compile(r"^\s+(\{.*(ld|st)\.global|@%p\d+ (ld|st)\.global|ld\.|st\.|atom\.|add\.rn|mul\.rn|fma\.|cvt\.|mov\.u32\s+%r\d+, %ctaid|bra|ret|setp)"),
}


def main(path: str) -> int:
    print(f"\n######## {os.path.basename(path)}")
    print(f"== tlx-opt: verify {os.path.relpath(path)}")
    tlx_opt = os.path.join(os.path.dirname(sys.executable), "tlx-opt")
    subprocess.run([tlx_opt if os.path.exists(tlx_opt) else "tlx-opt", path, "-o", os.devnull], check=True)
    print("   ok: the module verifies")
    for target in ("gfx950", "sm_90a"):
        k = compiler.compile(path, target=target)
        kind = "AMDGPU ISA (llc-22)" if k.is_amd else "PTX (llc), cubin (ptxas)"
        print(f"\n== {target}: {kind}")
        for name, info in k.kernels.items():
            print(f"   kernel {name}: num_warps={info.get('num_warps')} threads={info.get('threads')}")
        for line in k.asm.splitlines():
            if KEY[target].match(line):
                text = " ".join(line.split())
                print("   " + (text if len(text) <= 150 else text[:147] + "..."))
        print(f"   binary: {len(k.binary or b'')} bytes ({'.hsaco' if k.is_amd else 'cubin'})")
        print(f"   resources: {k.resources}")
    return 0


if __name__ == "__main__":
    paths = sys.argv[1:] or [os.path.join(HERE, "masked_copy.mlir"), os.path.join(HERE, "row_sum.mlir")]
    sys.exit(max(main(p) for p in paths))
