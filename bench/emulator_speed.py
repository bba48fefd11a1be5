"""Emulator speed: lane-ops per second (ops executed x active lanes / s) on
the suite's softmax (reductions, LDS) and a masked copy, for gfx950.

    python bench/emulator_speed.py
"""

import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "gpu"))


def main():
    import suite as gpu_suite

    from tlxamd import compiler, emulator

    kernels = gpu_suite._triton_style_kernels()
    counted = {"ops": 0}
    original = emulator._Kernel.execute

    def counting(self, op, mask):
        counted["ops"] += int(mask.sum())
        return original(self, op, mask)

    emulator._Kernel.execute = counting
    rng = np.random.default_rng(0)
    cases = []
    k = compiler.compile(kernels["softmax_f32_4096_w8"][0].build(target="gfx950", BLOCK=4096), target="gfx950")
    x = rng.standard_normal((8, 4096)).astype(np.float32)
    cases.append(("softmax f32 8 x 4096", k, (8,), (np.zeros_like(x), x, 4096, 4096, 8, 4096)))
    k = compiler.compile(kernels["free_masked_f32"][0].build(target="gfx950", BLOCK=1024), target="gfx950")
    x = rng.standard_normal(16 * 1024).astype(np.float32)
    cases.append(("masked copy f32 16K", k, (16,), (x, np.zeros_like(x), 16 * 1024 - 3)))
    for name, k, grid, args in cases:
        counted["ops"] = 0
        t = time.perf_counter()
        emulator.run(k, grid, *args)
        dt = time.perf_counter() - t
        print(f"{name:24} {dt:6.2f} s  {counted['ops'] / dt / 1e6:6.2f} M lane-ops/s")
    emulator._Kernel.execute = original


if __name__ == "__main__":
    main()
