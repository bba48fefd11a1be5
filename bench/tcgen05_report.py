"""Resource usage of the TLX tensor-core reference's sm_100a kernels as ptxas reports it
(`ptxas -arch=sm_100a -v`), with their tcgen05 instruction counts:

    PYTHONPATH=build/python_packages python bench/tcgen05_report.py

The H200 has no tensor memory, so these kernels are measured by what the
assembler makes of them, not by running them."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))

import blackwell_scaled_gemm as ex  # noqa: E402
from tmem_shift import tmem_shift_rows  # noqa: E402

from tlxamd import compiler  # noqa: E402

COUNTED = ("tcgen05.mma", "tcgen05.cp", "tcgen05.commit", "tcgen05.ld", "tcgen05.shift", "cp.async.bulk.tensor")


def rows():
    names = ("mxfp8_gemm (1-CTA, TMEM scales)", "mxfp8_gemm_2cta (mBarriers)", "mxfp8_gemm_2cta (tcgen05_commit)")
    modules = list(zip(names, ex.build())) + [("tmem_shift_rows", tmem_shift_rows.build(target="sm_100a"))]
    for name, module in modules:
        k = compiler.compile(module, target="sm_100a")
        res = k.resources  # the module's one kernel
        yield name, res, {c: k.asm.count(c) for c in COUNTED}


def main():
    print("| kernel | registers | shared bytes | spill stores | " + " | ".join(COUNTED) + " |")
    print("|---|---|---|---|" + "---|" * len(COUNTED))
    for name, res, counts in rows():
        print(f"| {name} | {res.get('registers')} | {res.get('shared')} | "
              f"{res.get('spill_stores', 0)} | " + " | ".join(str(counts[c]) for c in COUNTED) + " |")


if __name__ == "__main__":
    main()
