"""Regenerate data/gluon_linear_layouts.json and data/gluon_shared_layouts.json:
linear layouts computed by Triton's Gluon (`to_linear_layout`) for a grid of
distributed and shared-memory layouts and shapes.

    python test/python/gen_gluon_reference.py            # needs `pip install triton`
    python test/python/gen_gluon_reference.py --shared   # the shared layouts
    python test/python/gen_gluon_reference.py --wmma     # replace the WMMA cases only

The JSON is the reference that test_layouts.py compares the tlxamd layout
core against, so that the comparison runs everywhere (Triton is a large
optional dependency); test_layouts.py also compares live when Triton is
importable.
"""

import itertools
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "data", "gluon_linear_layouts.json")
OUT_SHARED = os.path.join(HERE, "data", "gluon_shared_layouts.json")


def cases():
    """Layout descriptions (tlxamd.layouts keyword form) and shapes."""
    out = []
    rng = random.Random(20261129)
    # blocked, rank 1..3
    for rank in (1, 2, 3):
        for _ in range(40):
            spt = [rng.choice([1, 1, 2, 4, 8]) for _ in range(rank)]
            warp = rng.choice([32, 64])
            tpw = [1] * rank
            bits = warp.bit_length() - 1
            for _ in range(bits):
                tpw[rng.randrange(rank)] *= 2
            nw = rng.choice([1, 2, 4, 8])
            wpc = [1] * rank
            for _ in range(nw.bit_length() - 1):
                wpc[rng.randrange(rank)] *= 2
            order = list(range(rank))
            rng.shuffle(order)
            shape = [rng.choice([1, 2, 4, 8, 16, 32, 64, 128, 256]) for _ in range(rank)]
            out.append(({"kind": "blocked", "size_per_thread": spt, "threads_per_warp": tpw,
                         "warps_per_cta": wpc, "order": order}, shape))
    # MFMA accumulators
    instrs = {3: [[32, 32, 8], [16, 16, 16], [32, 32, 16], [16, 16, 32], [4, 64, 4], [64, 4, 4]],
              4: [[32, 32, 16], [16, 16, 32], [32, 32, 64], [16, 16, 128], [32, 32, 8]]}
    warps = [[1, 1], [1, 4], [4, 1], [2, 2], [2, 4], [8, 1]]
    tiles = [[1, 1], [2, 2], [1, 2], [2, 1]]
    for version, ishapes in instrs.items():
        for instr, tr, w, t in itertools.product(ishapes, (False, True), warps, tiles):
            if instr[:2] == [64, 4] and not tr:
                continue
            if rng.random() < 0.5:
                continue
            m = instr[0] * w[0] * t[0]
            n = instr[1] * w[1] * t[1]
            shape = [max(m * rng.choice([1, 2, 4]) // rng.choice([1, 1, 2]), 1),
                     max(n * rng.choice([1, 2, 4]) // rng.choice([1, 1, 2]), 1)]
            out.append(({"kind": "amd_mfma", "version": version, "instr_shape": instr, "transposed": tr,
                         "warps_per_cta": w, "tiles_per_warp": t}, shape))
    for tr in (False, True):
        out.append(({"kind": "amd_mfma", "version": 4, "instr_shape": [16, 16, 4], "transposed": tr,
                     "warps_per_cta": [2, 2], "element_bitwidth": 64}, [64, 64]))
        out.append(({"kind": "amd_mfma", "version": 3, "instr_shape": [32, 32, 8], "transposed": tr,
                     "warps_per_cta": [2, 1, 2]}, [4, 64, 64]))
    # dot operands of MFMA
    for version, instr, tr, w, t, op, kw in itertools.product(
            (3, 4), ([32, 32, 8], [16, 16, 16], [16, 16, 32], [32, 32, 16]), (False, True),
            ([1, 4], [2, 2], [4, 1]), ([1, 1], [2, 2]), (0, 1), (4, 8, 16)):
        if rng.random() < 0.7:
            continue
        parent = {"kind": "amd_mfma", "version": version, "instr_shape": instr, "transposed": tr,
                  "warps_per_cta": w, "tiles_per_warp": t}
        k = rng.choice([16, 32, 64, 128, 256])
        nonk = instr[op] * w[op] * t[op] * rng.choice([1, 2])
        shape = [nonk, k] if op == 0 else [k, nonk]
        out.append(({"kind": "dot_operand", "operand_index": op, "parent": parent, "k_width": kw}, shape))
    # slices
    for case, shape in list(out):
        if case["kind"] in ("blocked", "amd_mfma") and len(shape) >= 2 and rng.random() < 0.25:
            dim = rng.randrange(len(shape))
            out.append(({"kind": "slice", "dim": dim, "parent": case},
                        [s for i, s in enumerate(shape) if i != dim]))
    return out + nvidia_cases() + wmma_cases()


def nvidia_cases():
    """mma.sync accumulators and their dot operands (k_width 1, 2, 4)."""
    rng = random.Random(7)
    out = []
    for w in ([1, 1], [2, 2], [4, 1], [1, 4], [2, 4], [8, 1], [1, 2]):
        parent = {"kind": "nvidia_mma", "version": [2, 0], "warps_per_cta": w, "instr_shape": [16, 8]}
        for _ in range(3):
            out.append((parent, [rng.choice([8, 16, 32, 64, 128]), rng.choice([4, 8, 16, 32, 64, 128])]))
        for op, kw in itertools.product((0, 1), (1, 2, 4)):
            for _ in range(2):
                k, nonk = rng.choice([8, 16, 32, 64, 128]), rng.choice([8, 16, 32, 64, 128])
                out.append(({"kind": "dot_operand", "operand_index": op, "parent": parent, "k_width": kw},
                            [nonk, k] if op == 0 else [k, nonk]))
    return out


def wmma_cases():
    """gfx1250's WMMA accumulators (version 3, with tiles_per_warp) and their
    dot operands in the K groups the instructions take (8; f32's 2)."""
    rng = random.Random(1250)
    out = []
    for instr, tr, w, t in itertools.product(([16, 16, 4], [16, 16, 32], [16, 16, 64], [16, 16, 128]),
                                             (False, True), ([1, 1], [2, 2], [1, 4], [4, 1], [2, 4]),
                                             ([1, 1], [2, 1], [1, 2], [2, 2])):
        if rng.random() < 0.5:
            continue
        parent = {"kind": "amd_wmma", "version": 3, "instr_shape": instr, "transposed": tr,
                  "warps_per_cta": w, "tiles_per_warp": t}
        shape = [16 * w[0] * t[0] * rng.choice([1, 2, 4]), 16 * w[1] * t[1] * rng.choice([1, 2, 4])]
        out.append((parent, shape))
        kw = 2 if instr[2] == 4 else 8
        for op in (0, 1):
            k = instr[2] * rng.choice([1, 2, 4])
            out.append(({"kind": "dot_operand", "operand_index": op, "parent": parent, "k_width": kw},
                        [shape[0], k] if op == 0 else [k, shape[1]]))
    return out


def _wmma_bases(warps, tiles):
    """Gluon's AMDWMMALayout bases (in instruction tiles) for tlxamd's
    warps_per_cta and tiles_per_warp: a warp's tiles_per_warp instruction
    tiles are contiguous (N first, then M), warps step over them (N
    first)."""
    def along(count, step, dim):
        out = []
        while count > 1:
            out.append([step, 0] if dim == 0 else [0, step])
            step, count = step * 2, count // 2
        return out

    regs = along(tiles[1], 1, 1) + along(tiles[0], 1, 0)
    return along(warps[1], tiles[1], 1) + along(warps[0], tiles[0], 0), regs


def shared_cases():
    """Shared layouts (tlxamd.layouts keyword form) and tile shapes."""
    out = []
    rng = random.Random(20261201)
    for rank in (1, 2, 3):
        for _ in range(60):
            vec, per_phase, max_phase = (rng.choice([1, 2, 4, 8, 16]), rng.choice([1, 2, 4, 8]),
                                         rng.choice([1, 2, 4, 8, 16]))
            order = list(range(rank))
            rng.shuffle(order)
            shape = [rng.choice([1, 2, 4, 8, 16, 32, 64, 128]) for _ in range(rank)]
            out.append(({"kind": "swizzled_shared", "vec": vec, "per_phase": per_phase, "max_phase": max_phase,
                         "order": order}, shape))
    for swizzle, bits, transposed, rank in itertools.product((0, 32, 64, 128), (8, 16, 32), (False, True),
                                                             (2, 3)):
        for _ in range(3):
            shape = [rng.choice([8, 16, 32, 64, 128, 256]) for _ in range(rank)]
            if rank == 3:
                shape[0] = rng.choice([1, 2, 4])
            contig = 0 if transposed else rank - 1
            rows = 1
            for d, e in enumerate(shape):
                rows *= min(e, 256) if d != contig else 1
            if transposed and rank != 2:
                continue  # not a bijection in Gluon (tlxamd rejects it)
            if shape[contig] * bits < 8 * max(swizzle, 16) or rows < 8:
                continue  # too small for the swizzle: Gluon aborts (tlxamd's verifier rejects it)
            out.append(({"kind": "nvmma_shared", "swizzle_byte_width": swizzle, "element_bitwidth": bits,
                         "rank": rank, "transposed": transposed}, shape))
    return out


def to_gluon(desc):
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon.language import amd

    k = desc["kind"]
    if k == "blocked":
        return gl.BlockedLayout(desc["size_per_thread"], desc["threads_per_warp"], desc["warps_per_cta"],
                                desc["order"])
    if k == "amd_mfma":
        return amd.AMDMFMALayout(desc["version"], desc["instr_shape"], desc["transposed"],
                                 desc["warps_per_cta"], element_bitwidth=desc.get("element_bitwidth", 32),
                                 tiles_per_warp=desc.get("tiles_per_warp"))
    if k == "amd_wmma":
        warp_bases, reg_bases = _wmma_bases(desc["warps_per_cta"], desc.get("tiles_per_warp") or [1, 1])
        return amd.AMDWMMALayout(desc["version"], desc["transposed"], warp_bases, reg_bases, desc["instr_shape"])
    if k == "nvidia_mma":
        return gl.NVMMADistributedLayout(desc["version"], desc["warps_per_cta"], desc["instr_shape"])
    if k == "dot_operand":
        return gl.DotOperandLayout(desc["operand_index"], to_gluon(desc["parent"]), desc["k_width"])
    if k == "slice":
        return gl.SliceLayout(desc["dim"], to_gluon(desc["parent"]))
    if k == "swizzled_shared":
        return gl.SwizzledSharedLayout(desc["vec"], desc["per_phase"], desc["max_phase"], desc["order"])
    if k == "nvmma_shared":
        return gl.NVMMASharedLayout(desc["swizzle_byte_width"], desc["element_bitwidth"], rank=desc["rank"],
                                    transposed=desc["transposed"])
    raise ValueError(k)


def gluon_linear_layout(desc, shape):
    from triton._C.libtriton import gluon_ir, ir

    ctx = ir.context()
    ir.load_dialects(ctx)
    builder = gluon_ir.GluonOpBuilder(ctx)
    ll = builder.to_linear_layout(to_gluon(desc)._to_ir(builder), list(shape))
    if desc["kind"].endswith("_shared"):
        return {"offset_bases": ll.offset_bases, "block_bases": ll.block_bases}
    return {"reg_bases": ll.reg_bases, "lane_bases": ll.lane_bases, "warp_bases": ll.warp_bases,
            "block_bases": ll.block_bases}


def main():
    import sys

    import triton

    if "--shared" in sys.argv:
        return record(shared_cases(), OUT_SHARED, triton.__version__)
    if "--wmma" in sys.argv:
        # the recorded cases of other kinds stay as they are
        kept = [c for c in json.load(open(OUT))["cases"] if "amd_wmma" not in json.dumps(c["layout"])]
        return record(wmma_cases(), OUT, triton.__version__, kept)
    return record(cases(), OUT, triton.__version__)


def record(cases, out, version, kept=()):
    records = list(kept)
    for desc, shape in cases:
        try:
            ref = gluon_linear_layout(desc, shape)
        except Exception as e:  # Gluon rejects the case: record nothing
            print("skip", desc, shape, e)
            continue
        records.append({"layout": desc, "shape": shape, "expected": ref})
    with open(out, "w") as f:
        json.dump({"generator": f"triton {version} gluon to_linear_layout",
                   "cases": records}, f, indent=None, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {len(records)} cases to {out}")
    os._exit(0)  # skip nanobind's leak report at interpreter exit


if __name__ == "__main__":
    main()
