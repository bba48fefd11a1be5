"""Compile throughput of the buffer-op lowering against upstream MLIR.

Times `tlx-opt` lowering modules of N `tlxamd.buffer_load` ops (each one
buffer instruction per thread: one f32 per thread) to ROCDL, against
`mlir-opt --convert-amdgpu-to-rocdl` on modules of N equivalent
`amdgpu.raw_buffer_load` ops, in the same run; reports ops/s, the ratio,
scaling with N and peak memory (max RSS of each process).

    python bench/compile_throughput.py [--sizes 1000,10000,100000] [--repeat 3]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time


def tlxamd_module(n: int) -> str:
    lines = [
        "#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>",
        "gpu.module @bench {",
        "  gpu.func @k(%p: !tlxamd.ptr<f32>, %q: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 1 : i32} {",
        "    %o = tlxamd.make_range 0 to 64 : tensor<64xi32, #b>",
    ]
    for i in range(n):
        lines.append(f"    %v{i} = tlxamd.buffer_load %p[%o] : !tlxamd.ptr<f32>, tensor<64xi32, #b> -> tensor<64xf32, #b>")
        lines.append(f"    tlxamd.buffer_store %v{i}, %q[%o] : tensor<64xf32, #b>, !tlxamd.ptr<f32>, tensor<64xi32, #b>")
    lines += ["    gpu.return", "  }", "}"]
    return "\n".join(lines) + "\n"


def upstream_module(n: int) -> str:
    lines = [
        "gpu.module @bench {",
        "  gpu.func @k(%p: memref<?xf32>, %q: memref<?xf32>, %o: i32) kernel {",
    ]
    for i in range(n):
        lines.append(f"    %v{i} = amdgpu.raw_buffer_load %p[%o] : memref<?xf32>, i32 -> f32")
        lines.append(f"    amdgpu.raw_buffer_store %v{i} -> %q[%o] : f32 -> memref<?xf32>, i32")
    lines += ["    gpu.return", "  }", "}"]
    return "\n".join(lines) + "\n"


def measure(cmd, repeat):
    best, rss = None, None
    for _ in range(repeat):
        wrapped = [sys.executable, "-c",
                   "import resource,subprocess,sys;"
                   "r=subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL);"
                   "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss);"
                   "sys.exit(r.returncode)"] + cmd
        t0 = time.perf_counter()
        proc = subprocess.run(wrapped, capture_output=True)
        dt = time.perf_counter() - t0
        if proc.returncode != 0:
            raise SystemExit(f"{cmd[0]} failed: {proc.stderr.decode()[:2000]}")
        rss = int(proc.stdout.decode().strip()) / 1024.0
        best = dt if best is None else min(best, dt)
    return best, rss


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1000,10000,100000")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    tlx_opt = shutil.which("tlx-opt") or os.path.join(os.path.dirname(sys.executable), "tlx-opt")
    import mlir  # the wheel's mlir-opt
    mlir_opt = os.path.join(os.path.dirname(list(mlir.__path__)[0]), "mlir", "bin", "mlir-opt")
    if not os.path.exists(mlir_opt):
        mlir_opt = shutil.which("mlir-opt")
    print(f"tlx-opt: {tlx_opt}\nmlir-opt: {mlir_opt}\n")
    print(f"{'ops':>8} {'tlx-opt s':>10} {'ops/s':>10} {'MiB':>7} | {'mlir-opt s':>10} {'ops/s':>10} {'MiB':>7} | {'ratio':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in [int(s) for s in args.sizes.split(",")]:
            ours = os.path.join(tmp, f"tlx_{n}.mlir")
            theirs = os.path.join(tmp, f"up_{n}.mlir")
            open(ours, "w").write(tlxamd_module(n))
            open(theirs, "w").write(upstream_module(n))
            ops = 2 * n  # loads and stores
            t_ours, m_ours = measure([tlx_opt, ours, "--pass-pipeline=builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))"], args.repeat)
            t_up, m_up = measure([mlir_opt, theirs, "--pass-pipeline=builtin.module(gpu.module(convert-amdgpu-to-rocdl{chipset=gfx950}))"], args.repeat)
            print(f"{ops:8d} {t_ours:10.3f} {ops / t_ours:10.0f} {m_ours:7.0f} | {t_up:10.3f} {ops / t_up:10.0f} {m_up:7.0f} | {t_up / t_ours:6.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
