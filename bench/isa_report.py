"""ISA quality report for buffer kernels: per target, the memory
instructions each kernel compiles to, bytes per memory instruction, and the
register counts the assemblers report.

    python bench/isa_report.py [--targets gfx950,sm_90a]

Kernels (tlxamd.language): copy, masked tail copy and atomic add, over
BF16/F16/F32 and contiguity 1..16, each thread owning 16 elements.
"""

import argparse
import re
import sys
import time
from collections import Counter

from tlxamd import compiler, targets
from tlxamd import language as tl

DTYPES = {"bf16": tl.bfloat16, "f16": tl.float16, "f32": tl.float32}
ELEMS_PER_THREAD = 16


def make_copy(dt, contiguity, masked):
    @tl.kernel(num_warps=4)
    def copy(src: tl.pointer(dt), dst: tl.pointer(dt), n: tl.int32, BLOCK: tl.constexpr):
        layout = tl.blocked_layout([ELEMS_PER_THREAD], [tl.warp_size()], [tl.num_warps()], [0])
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=layout)
        mask = offs < n if masked else None
        x = tl.buffer_load(src, offs, mask=mask, contiguity=contiguity)
        tl.buffer_store(tl.require_layout(x, layout), dst, offs, mask=mask, contiguity=contiguity)

    return copy


def make_atomic(dt, contiguity):
    @tl.kernel(num_warps=4)
    def atomic(acc: tl.pointer(dt), old: tl.pointer(dt), BLOCK: tl.constexpr):
        layout = tl.blocked_layout([ELEMS_PER_THREAD], [tl.warp_size()], [tl.num_warps()], [0])
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=layout)
        prev = tl.buffer_atomic_add(acc, offs, tl.full([BLOCK], 1.0, dt, layout=layout), contiguity=contiguity)
        tl.buffer_store(prev, old, offs)

    return atomic


AMD_BYTES = {"byte": 1, "ubyte": 1, "short": 2, "ushort": 2, "dword": 4, "dwordx2": 8, "dwordx3": 12,
             "dwordx4": 16}


def memory_instructions(asm: str, amd: bool):
    out = Counter()
    for line in asm.splitlines():
        line = line.strip()
        if amd:
            m = re.match(r"(buffer_(?:load|store)_(\w+)|buffer_atomic_\w+)\s", line)
            if m:
                out[m.group(1)] += 1
        else:
            m = re.match(r"(?:\{ )?(?:mov\.b\d+ [^;]+; )*(?:@%p\d+ )?((?:ld|st)\.global[.\w]*|atom\.[.\w]+)", line)
            if m:
                out[m.group(1)] += 1
    return out


def bytes_per_instruction(name: str, amd: bool) -> int:
    if amd:
        if name.startswith("buffer_atomic"):
            return 4
        return AMD_BYTES.get(name.rsplit("_", 1)[-1], 0)
    width = 1
    m = re.search(r"\.v(\d)", name)
    if m:
        width = int(m.group(1))
    m = re.search(r"b(\d+)$|f16x2$|bf16x2$|f32$|u32$", name)
    bits = 32 if (m is None or m.group(1) is None) else int(m.group(1))
    return width * bits // 8


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--targets", default=f"{targets.default('amd')},{targets.default('nvidia')}")
    args = p.parse_args(argv)
    rows = []
    for target in args.targets.split(","):
        arch = targets.get(target)
        amd = arch["vendor"] == "amd"
        threads = 4 * arch["warp_size"]
        block = threads * ELEMS_PER_THREAD
        suite = []
        for name, dt in DTYPES.items():
            for c in (1, 2, 4, 8, 16):
                suite.append((f"copy {name} c{c}", make_copy(dt, c, False)))
                suite.append((f"masked {name} c{c}", make_copy(dt, c, True)))
            for c in ((2, 4) if dt.bits == 16 else (1, 4)):
                if not arch[f"packed_{name}_buffer_atomics"] if dt.bits == 16 else False:
                    continue
                suite.append((f"atomic {name} c{c}", make_atomic(dt, c)))
        for label, kern in suite:
            t0 = time.perf_counter()
            k = compiler.compile(kern.build(target=target, BLOCK=block), target=target)
            dt_ms = (time.perf_counter() - t0) * 1e3
            mem = memory_instructions(k.asm, amd)
            total = sum(mem.values())
            nbytes = sum(bytes_per_instruction(n, amd) * c for n, c in mem.items())
            regs = (f"v{k.resources.get('vgpr')}/s{k.resources.get('sgpr')}" if amd
                    else f"r{k.resources.get('registers')}")
            rows.append((target, label, total, nbytes / max(total, 1),
                         ", ".join(f"{c}x {n}" for n, c in sorted(mem.items())), regs, dt_ms))
    w = max(len(r[4]) for r in rows)
    print(f"{'target':8} {'kernel':18} {'mem ops':>7} {'B/op':>5}  {'instructions':{w}}  {'regs':>9} {'compile':>8}")
    for t, label, total, bpo, names, regs, ms in rows:
        print(f"{t:8} {label:18} {total:7d} {bpo:5.1f}  {names:{w}}  {regs:>9} {ms:6.0f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
