"""ISA quality report for buffer kernels: per target, the memory
instructions each kernel compiles to, bytes per memory instruction, the
instruction count and the register counts the assemblers report.

    python bench/isa_report.py [--targets gfx950,sm_90a]
    python bench/isa_report.py --compare [--triton-python PATH]   # beside Triton, one run

Kernels: `bench/kernels.py` (the README copy, the bound idiom, uniform-mask
atomics, then copy / masked copy / atomic add over BF16/F16/F32 and
contiguity 1..16). A second table covers shared memory: the asynchronous
copies (buffer_load_to_shared: `buffer_load ... lds` / `cp.async`), the
transposes through an explicit tile and the GPU suite's layout change,
with their LDS / shared instructions and, for every shared-memory access,
the wavefronts per warp the layout core predicts beside the conflict-free
count. On gfx950 the preshuffled MXFP GEMM (the Mojo PreshuffledBLoader
reference) is reported per K step. `--compare` runs bench/isa_compare.py:
the GEMMs, softmax and the MXFP4 GEMM on gfx950 and gfx942, compiled by
tlxamd and by Triton in the same run and counted per K tile and wave by
one rule, then bench/tutorial_matmul_isa.py: tutorial 03's matmul text
with num_stages 1 and 2 (software-pipelined by tlxamd-pipeline) beside
Triton's compile of it, and bench/attention_isa.py: the Triton-style
attention forward of test/python/test_pipeline_dot.py with num_stages 2,
both compilers compiling the same text, and bench/pingpong_isa.py: the
warp-pipelined GEMM of examples/pingpong_gemm.py (two ping-pong halves of
eight waves) beside Triton's compile of tutorial 03 at the same block,
and bench/block_scaled_isa.py: tutorial 10's CDNA4 MXFP4 kernel (its
preshuffled scales un-shuffled in registers) beside Triton's compile of it.
"""

import argparse
import os
import re
import sys
import time
from collections import Counter

from tlxamd import compiler, targets

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from kernels import suite  # noqa: E402

_INSTR = re.compile(r"^\t[a-z_][a-z0-9_.]*(\s|$)")


def instruction_count(asm: str, name: str) -> int:
    """Machine instructions in the kernel's body (labels, directives and
    comments excluded), counted as bench/triton_reference.py counts them."""
    body = asm.split(f"{name}:", 1)[1].split(".Lfunc_end", 1)[0]
    return sum(1 for ln in body.splitlines() if _INSTR.match(ln) and not ln.startswith("\t."))


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


SHARED_OPS = re.compile(r"(buffer_load_\w+ .* lds|ds_(?:read|write)\w*|ds_bpermute_b32|"
                        r"cp\.async\.bulk\.tensor\.\w+|cp\.async\.\w+(?:\.shared\.global)?|"
                        r"mbarrier\.[\w.]+|(?:ld|st)\.shared[.\w]*)")


def shared_instructions(asm: str) -> Counter:
    out = Counter()
    for line in asm.splitlines():
        m = SHARED_OPS.search(line)
        if m and not line.lstrip().startswith(("//", ";")):
            name = m.group(1)
            key = re.sub(r"^(buffer_load_\w+) .* lds$", r"\1 lds", name)
            out[key] += 1
    return +out


def shared_accesses(module) -> list:
    """(op, distributed layout, shared layout, shape, bits) of every
    local_alloc (with a value), local_load and local_store of a built
    module, layouts as assigned."""
    from tlxamd.layouts import layout_from_attr

    found = []

    def visit(op):
        name = op.name
        if name in ("tlxamd.local_alloc", "tlxamd.local_load", "tlxamd.local_store"):
            tensors = [v.type for v in list(op.operands) + list(op.results) if "tensor<" in str(v.type)]
            descs = [v.type for v in list(op.operands) + list(op.results) if "memdesc" in str(v.type)]
            if tensors and descs:
                t = tensors[0]
                shared = re.search(r"(#tlxamd\.\w+_shared<\{.*\}>)", str(descs[0])).group(1)
                enc = t.encoding
                found.append((name.split(".")[1], layout_from_attr(enc), shared, list(t.shape),
                              t.element_type.width))
        for region in op.regions:
            for block in region:
                for o in block:
                    visit(o.operation)

    for o in module.body:
        visit(o.operation)
    return found


def shared_report(target_list) -> None:
    from tlxamd import language as tl
    from tlxamd import layouts

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "gpu"))
    import suite as gpu_suite

    shared_kernels = ["shared_trans_f32", "shared_trans_bf16", "shared_pipeline_f32", "convert_layout_f32"]
    tma_kernels = ["tma_tile_f16", "tma_loop_f16"]  # NVIDIA only
    sw = tl.swizzled_shared_layout(8, 1, 8, [1, 0])

    @tl.kernel(num_warps=4, name="async_copy_bf16")
    def async_copy(src: tl.pointer(tl.bfloat16), dst: tl.pointer(tl.bfloat16), n: tl.int32):
        # the Gluon async-copy reference's op on a 64 x 64 bf16 tile, rows masked
        rows = tl.arange(0, 64)
        cols = tl.arange(0, 64)
        offs = rows[:, None] * 64 + cols[None, :]
        buf = tl.allocate_shared_memory(tl.bfloat16, [64, 64], sw)
        tl.buffer_load_to_shared(buf, src, offs, mask=(rows[:, None] < n) & (cols[None, :] < 64))
        tl.async_commit_group()
        tl.async_wait(0)
        tl.store(dst + offs, buf.load())

    print(f"\n{'target':8} {'kernel':22} {'regs':>9}  shared-memory instructions; predicted wavefronts per "
          "access (conflict-free)")
    for target in target_list:
        arch = targets.get(target)
        amd = arch["vendor"] == "amd"
        kernels = gpu_suite.kernels(arch["warp_size"])
        names = shared_kernels + ([] if amd else tma_kernels)
        todo = [("async_copy_bf16", async_copy, {})] + [(n, kernels[n][0], kernels[n][1]["consts"])
                                                       for n in names if n in kernels]
        for label, kern, consts in todo:
            module = kern.build(target=target, **consts)
            k = compiler.compile(module, target=target, cache=False)
            regs = (f"v{k.resources.get('vgpr')}/s{k.resources.get('sgpr')}" if amd
                    else f"r{k.resources.get('registers')}")
            mem = shared_instructions(k.asm)
            costs = []
            for what, dist, shared, shape, bits in shared_accesses(module):
                c = layouts.shared_access_cost(dist, _shared_layout(shared), shape, bits, target)
                costs.append(f"{what} {c['wavefronts']}({c['ideal_wavefronts']})")
            print(f"{target:8} {label:22} {regs:>9}  {', '.join(f'{c}x {n}' for n, c in sorted(mem.items()))}"
                  f"{'; ' + ', '.join(costs) if costs else ''}")


def loop_blocks(asm: str) -> str:
    """The code of a kernel's loops: the basic blocks LLVM marks as a loop
    header or as in a loop (wherever block placement put them)."""
    blocks = re.split(r"^(?=\.LBB\d+_\d+:|; %bb\.\d+:)", asm, flags=re.M)
    return "".join(b for b in blocks if re.match(r"[^\n]*(Loop Header|in Loop:)", b)
                   or re.match(r"[^\n]*\n\s+;\s+in Loop:", b))


def _step_instructions(loop: str) -> Counter:
    """Memory and matrix instructions of one loop iteration by mnemonic
    (an LDS-bound buffer load counted apart as `... lds`)."""
    out = Counter()
    for line in loop.splitlines():
        m = re.match(r"\s+((?:buffer|global|ds|s_buffer|s_load)_\w+|v_mfma\w*)\s(.*)", line)
        if m:
            out[m.group(1) + (" lds" if m.group(2).rstrip().endswith(" lds") else "")] += 1
    return out


def preshuffled_gemm_report(configs=((128, 128, 256, 2), (64, 64, 256, 3)), shuffled=(False, True)) -> list:
    """The preshuffled MXFP GEMM of examples/preshuffled_gemm.py on gfx950
    (A e2m1 through LDS, B e2m1 or e4m3 from the preshuffled loader, 4
    warps), its scales row-major (exchanged through LDS) and preshuffled
    (preshuffle.shuffle_scales: loaded in the instruction's layout), in one
    run: registers, LDS, and per K step (one loop iteration) the MFMA
    count and the memory instructions by kind."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
    from preshuffled_gemm import build

    rows = []
    for fmt in ("e2m1", "e4m3"):
        for bm, bn, bk, stages in configs:
            for sh in shuffled:
                k = compiler.compile(build(fmt, BM=bm, BN=bn, BK=bk, STAGES=stages, SHUFFLED_SCALES=sh),
                                     target="gfx950", cache=False)
                r = k.resources
                step = _step_instructions(loop_blocks(k.asm))
                mfma = sum(c for n, c in step.items() if n.startswith("v_mfma"))
                rows.append({"b_format": fmt, "tile": (bm, bn, bk), "stages": stages, "shuffled_scales": sh,
                             "vgpr": r["vgpr"], "agpr": r["agpr"], "sgpr": r["sgpr"], "lds": r["lds"],
                             "spills": r["vgpr_spill"], "mfma_per_k_step": mfma,
                             "memory_per_k_step": {n: c for n, c in step.items() if not n.startswith("v_mfma")}})
    print("\ngfx950 preshuffled MXFP GEMM (A e2m1 via LDS, B preshuffled; 4 warps), per K step:")
    for row in rows:
        bm, bn, bk = row["tile"]
        mem = ", ".join(f"{c}x {n}" for n, c in sorted(row["memory_per_k_step"].items()))
        scales = "preshuffled" if row["shuffled_scales"] else "row-major"
        print(f"  e2m1 x {row['b_format']} {bm}x{bn}x{bk} {row['stages']} stages, {scales} scales: v{row['vgpr']}"
              f"/a{row['agpr']}/s{row['sgpr']}, {row['lds']} B LDS, {row['mfma_per_k_step']} MFMA; {mem}")
    return rows


def _shared_layout(text: str):
    """The Python shared layout of an attribute's text."""
    from tlxamd import language as tl

    m = re.match(r"#tlxamd\.swizzled_shared<\{vec = (\d+), per_phase = (\d+), max_phase = (\d+), "
                 r"order = \[([\d, ]+)\]\}>", text)
    if m:
        return tl.swizzled_shared_layout(int(m.group(1)), int(m.group(2)), int(m.group(3)),
                                         [int(x) for x in m.group(4).split(",")])
    m = re.match(r"#tlxamd\.nvmma_shared<\{swizzle_bytes = (\d+), element_bits = (\d+), "
                 r"transposed = (true|false)\}>", text)
    if m:
        return tl.nvmma_shared_layout(int(m.group(1)), int(m.group(2)), transposed=m.group(3) == "true")
    raise ValueError(f"no Python form for {text}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--targets", default=f"{targets.default('amd')},{targets.default('nvidia')}")
    p.add_argument("--compare", action="store_true",
                   help="the GEMMs, softmax and MXFP4 GEMM beside Triton's, compiled in the same run")
    p.add_argument("--triton-python", help="a Python that has Triton (for --compare)")
    args = p.parse_args(argv)
    if args.compare:
        import isa_compare
        import tutorial_matmul_isa

        rc = isa_compare.main((["--triton-python", args.triton_python] if args.triton_python else []) +
                              ["--targets", "gfx950,gfx942"])
        # the tutorial's own matmul text, pipelined by num_stages, beside
        # Triton's compile of the same text (it needs the tutorial file)
        if args.triton_python and os.path.exists(os.path.join(HERE, "tutorials", "cache",
                                                              "03-matrix-multiplication.py")):
            rc = rc or tutorial_matmul_isa.main(["--triton-python", args.triton_python, "--stages", "1,2"])
        # the Triton-style attention forward (test_pipeline_dot.py's text)
        if args.triton_python:
            import attention_isa

            rc = rc or attention_isa.main(["--triton-python", args.triton_python])
        # the warp-pipelined (ping-pong) GEMM beside tutorial 03 at its block
        if args.triton_python and os.path.exists(os.path.join(HERE, "tutorials", "cache",
                                                              "03-matrix-multiplication.py")):
            import pingpong_isa

            rc = rc or pingpong_isa.main(["--triton-python", args.triton_python])
        # tutorial 10's CDNA4 block-scaled (MXFP4) kernel, preshuffled scales
        if args.triton_python and os.path.exists(os.path.join(HERE, "tutorials", "cache",
                                                              "10-block-scaled-matmul.py")):
            import block_scaled_isa

            rc = rc or block_scaled_isa.main(["--triton-python", args.triton_python])
        return rc
    rows = []
    for target in args.targets.split(","):
        arch = targets.get(target)
        amd = arch["vendor"] == "amd"
        for label, kern, spt in suite(arch):
            t0 = time.perf_counter()
            k = compiler.compile(kern.build(target=target, BLOCK=spt * arch["warp_size"] * 4), target=target,
                                 cache=False)
            dt_ms = (time.perf_counter() - t0) * 1e3
            mem = memory_instructions(k.asm, amd)
            total = sum(mem.values())
            nbytes = sum(bytes_per_instruction(n, amd) * c for n, c in mem.items())
            regs = (f"v{k.resources.get('vgpr')}/s{k.resources.get('sgpr')}" if amd
                    else f"r{k.resources.get('registers')}")
            rows.append((target, label, total, nbytes / max(total, 1),
                         ", ".join(f"{c}x {n}" for n, c in sorted(mem.items())), regs, dt_ms))
    w = max(len(r[4]) for r in rows)
    print(f"{'target':8} {'kernel':22} {'mem ops':>7} {'B/op':>5}  {'instructions':{w}}  {'regs':>9} {'compile':>8}")
    for t, label, total, bpo, names, regs, ms in rows:
        print(f"{t:8} {label:22} {total:7d} {bpo:5.1f}  {names:{w}}  {regs:>9} {ms:6.0f}ms")
    shared_report(args.targets.split(","))
    if "gfx950" in args.targets.split(","):
        preshuffled_gemm_report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
