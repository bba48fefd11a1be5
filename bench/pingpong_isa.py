"""The ping-pong GEMM's gfx950 machine code beside Triton's, recomputed in
one run: examples/pingpong_gemm.py (TLX warp-pipeline stages, run by
tlxamd-warp-pipeline as a ping-pong of the wave halves) and Triton's
compile of tutorial 03's matmul text with the same block (256 x 256 x 32,
f16, 8 waves) and num_stages=2, where Triton's AMD backend applies its own
block ping-pong (gfx950 with asynchronous copies), both counted per K tile
and wave by the same rules (bench/amd_isa.py).

    python bench/pingpong_isa.py --triton-python /path/to/python-with-triton [TUTORIALS_DIR]
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "examples"))

TILES = ("256,256,32", "256,256,64")  # tlxamd: 3 and 2 LDS buffers (160 KB)
WARPS = 8


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--triton-python", required=True)
    p.add_argument("tutorials", nargs="?", default=os.path.join(HERE, "tutorials", "cache"))
    args = p.parse_args(argv)
    import amd_isa
    import pingpong_gemm
    import tutorial_matmul_isa

    import tlxamd.language as tl
    from tlxamd import targets

    print(f"ping-pong GEMM f16, {WARPS} waves, gfx950, per K tile and wave, every instruction class: tlxamd "
          "(examples/pingpong_gemm.py) / Triton (tutorial 03's matmul, num_stages=2, same block)")
    for tile in TILES:
        bm, bn, bk = (int(x) for x in tile.split(","))
        ours = pingpong_gemm.compile_gfx950(tl.float16, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
                                            NUM_BUFFERS=2 if bk >= 64 else 3).asm
        ours = ours["amdgcn"] if isinstance(ours, dict) else ours
        tri = amd_isa.run_triton_side(args.triton_python, tutorial_matmul_isa.__file__,
                                      ["--targets", "gfx950", "--stages", "2", "--tile", tile, "--warps",
                                       str(WARPS), args.tutorials])["gfx950/2"]
        print(amd_isa.side_by_side(tile.replace(",", "x"), ours, tri["asm"], "pingpong_gemm", tri["shared"],
                                   targets.get("gfx950")["shared_memory_bytes"], waves_per_group=WARPS,
                                   theirs_name="matmul_kernel"))
        for who, asm, name in (("tlxamd", ours, "pingpong_gemm"), ("Triton", tri["asm"], "matmul_kernel")):
            loop = amd_isa.main_loop(asm, name) or []
            print(f"    {who}: per K tile s_setprio {sum(m == 's_setprio' for m, _ in loop)}, s_barrier "
                  f"{sum(m == 's_barrier' for m, _ in loop)}; in the kernel s_setprio {asm.count('s_setprio')}, "
                  f"s_barrier {asm.count('s_barrier')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
