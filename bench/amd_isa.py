"""Reading AMDGPU assembly as the performance evidence: the loops LLVM marks,
every instruction of a loop body sorted into the classes a kernel author
compares (MFMA, LDS reads / writes by width, cross-lane LDS, VMEM by kind,
waits, barriers, VALU, SALU, AGPR moves), and the kernel's resources and
occupancy. Used the same way on tlxamd's and Triton's assembly
(bench/isa_compare.py), so that both are counted by one rule.

Loops: LLVM comments each block of a loop with its header
(`; =>This Inner Loop Header: Depth=N` on the header, `;   in Loop:
Header=BB0_3 Depth=N` on the others); a loop is its header and the blocks
that name it."""

import re
from collections import Counter
from typing import Dict, List, Optional, Tuple

_LABEL = re.compile(r"^(\.LBB\d+_\d+|; %bb\.\d+):")
_INSTR = re.compile(r"^\s+([a-z_][a-z0-9_.]*)(?:\s+(.*))?$")
_MFMA_SHAPE = re.compile(r"_(\d+)x(\d+)x(\d+)")

#: LDS bytes per lane of each DS read / write mnemonic's data
_DS_BITS = {"b128": 128, "b96": 96, "b64": 64, "b32": 32, "u16": 16, "i16": 16, "b16": 16, "u8": 8, "i8": 8,
            "b8": 8, "u16_d16": 16, "u8_d16": 8, "u16_d16_hi": 16, "u8_d16_hi": 8, "i8_d16": 8,
            "b16_d16_hi": 16, "b8_d16_hi": 8}
_VMEM_WIDTH = {"ubyte": 8, "sbyte": 8, "byte": 8, "ushort": 16, "sshort": 16, "short": 16, "dword": 32,
               "dwordx2": 64, "dwordx3": 96, "dwordx4": 128, "b32": 32, "b64": 64, "b96": 96, "b128": 128,
               "u8": 8, "i8": 8, "u16": 16, "i16": 16, "b8": 8, "b16": 16}


def kernel_body(asm: str, name: str) -> List[str]:
    """The lines of kernel `name`'s body (its label to `.Lfunc_end`)."""
    m = re.search(rf"^{re.escape(name)}:", asm, re.M)
    if not m:
        raise ValueError(f"no kernel {name!r} in the assembly")
    body = asm[m.end():].split(".Lfunc_end", 1)[0]
    return body.splitlines()


def instructions(lines: List[str]) -> List[Tuple[str, str]]:
    """(mnemonic, operands) of the machine instructions among `lines`
    (labels, directives and comments left out; inline assembly, printed
    unindented between `;;#ASMSTART` and `;;#ASMEND`, counted)."""
    out = []
    in_asm = False
    for ln in lines:
        marker = ln.strip()
        if marker in (";;#ASMSTART", ";;#ASMEND"):
            in_asm = marker == ";;#ASMSTART"
            continue
        if in_asm and marker and not marker.startswith((".", ";")):
            ln = "\t" + marker
        if not ln.startswith(("\t", " ")) or ln.lstrip().startswith((".", ";")):
            continue
        m = _INSTR.match(ln)
        if m:
            out.append((m.group(1), (m.group(2) or "").split(";", 1)[0].strip()))
    return out


def loops(lines: List[str]) -> Dict[str, List[str]]:
    """Header label -> the lines of the loop's blocks (header first), for
    every loop LLVM marks."""
    out: Dict[str, List[str]] = {}
    header: Optional[str] = None  # the loop of the current block
    at_label = False  # between a label and the block's first instruction
    for ln in lines:
        m = _LABEL.match(ln)
        if m:
            label = m.group(1)
            label = label[2:] if label.startswith(".L") else label
            header, at_label = _loop_of(ln, label), True
            continue
        if at_label and ln.lstrip().startswith(";"):
            header = header or _loop_of(ln, label)
            continue
        at_label = False
        if header is not None:
            out.setdefault(header, []).append(ln)
    return out


def _loop_of(line: str, label: str) -> Optional[str]:
    if "Loop Header:" in line:
        return label
    m = re.search(r"in Loop: Header=(BB\d+_\d+)", line)
    return m.group(1) if m else None


def classify(mnemonic: str, operands: str) -> str:
    """The class of one instruction (see the module's docstring)."""
    if mnemonic.startswith(("v_mfma", "v_smfmac", "v_wmma", "v_swmmac")):
        return "mfma"
    if mnemonic.startswith("v_accvgpr"):
        return "accvgpr"
    if mnemonic.startswith(("ds_bpermute", "ds_permute", "ds_swizzle")):
        return "ds_xlane"
    if mnemonic.startswith(("ds_read", "ds_load")):
        suffix = mnemonic.split("_", 2)[2] if mnemonic.count("_") >= 2 else ""
        if "tr" in suffix.split("_"):
            return f"lds_read_tr_{suffix.split('_')[0]}"
        if suffix.startswith(("2st64_", "2_")):
            return f"lds_read2_{suffix.split('_')[1]}"
        return f"lds_read_{_DS_BITS.get(suffix, suffix)}"
    if mnemonic.startswith(("ds_write", "ds_store")):
        suffix = mnemonic.split("_", 2)[2] if mnemonic.count("_") >= 2 else ""
        if suffix.startswith(("2st64_", "2_")):
            return f"lds_write2_{suffix.split('_')[1]}"
        return f"lds_write_{_DS_BITS.get(suffix, suffix)}"
    if mnemonic.startswith("ds_"):
        return "lds_other"
    if mnemonic.startswith(("buffer_", "global_", "flat_", "scratch_")):
        parts = mnemonic.split("_")
        kind = parts[1] if len(parts) > 1 else ""
        if kind in ("load", "store"):
            width = _VMEM_WIDTH.get("_".join(parts[2:]), "_".join(parts[2:]))
            lds = " lds" in f" {operands} " or operands.endswith("lds")
            return f"vmem_{kind}_{width}" + ("_lds" if lds else "") + ("_scratch" if parts[0] == "scratch" else "")
        if kind == "atomic":
            return "vmem_atomic"
        return "vmem_other"
    if mnemonic.startswith(("s_load", "s_buffer_load")):
        return "smem"
    if mnemonic.startswith("s_waitcnt") or mnemonic.startswith("s_wait_"):
        return "waitcnt"
    if mnemonic == "s_barrier" or mnemonic.startswith("s_barrier_"):
        return "barrier"
    if mnemonic.startswith(("s_cbranch", "s_branch", "s_setpc", "s_endpgm")):
        return "branch"
    if mnemonic in ("s_nop", "s_setprio", "s_sleep") or mnemonic.startswith("s_sched"):
        return "other"
    if mnemonic.startswith("v_"):
        return "valu"
    if mnemonic.startswith("s_"):
        return "salu"
    return "other"


def mfma_work(mnemonic: str) -> int:
    """M * N * K of an MFMA / WMMA mnemonic (0 if none is spelled)."""
    m = _MFMA_SHAPE.search(mnemonic)
    return int(m.group(1)) * int(m.group(2)) * int(m.group(3)) if m else 0


def profile(instrs: List[Tuple[str, str]]) -> Counter:
    """Counts per class, the total and the MFMA work of `instrs`."""
    c = Counter(classify(m, o) for m, o in instrs)
    c["total"] = len(instrs)
    c["mfma_work"] = sum(mfma_work(m) for m, _ in instrs if classify(m, "") == "mfma")
    return c


def main_loop(asm: str, name: str) -> Optional[List[Tuple[str, str]]]:
    """The instructions of the kernel's loop with the most MFMA work (ties:
    the most instructions, the steady state rather than a drain), or None."""
    best, key = None, None
    for body in loops(kernel_body(asm, name)).values():
        instrs = instructions(body)
        p = profile(instrs)
        if p["mfma_work"] and (key is None or (p["mfma_work"], p["total"]) > key):
            best, key = instrs, (p["mfma_work"], p["total"])
    return best


def k_loop(asm: str, name: str) -> Optional[Counter]:
    """The profile of `main_loop`, or None."""
    instrs = main_loop(asm, name)
    return profile(instrs) if instrs is not None else None


def whole_kernel(asm: str, name: str) -> Counter:
    return profile(instructions(kernel_body(asm, name)))


def resources(asm: str, name: str, lds_bytes: int = 0, lds_size: int = 65536, waves_per_group: int = 4,
              max_waves: int = 8) -> dict:
    """VGPRs, AGPRs, SGPRs, LDS bytes, spills and waves per SIMD: llc's
    figures for the kernel, the occupancy bounded by registers (512 per
    lane, in granules of 8) and by LDS (`lds_bytes` where the launch adds
    dynamic LDS to the static)."""
    meta = asm.split(".amdgpu_metadata", 1)[-1]
    blocks = re.split(r"\n\s+- \.", meta)
    entry = next((b for b in blocks if re.search(rf"\.name:\s+{re.escape(name)}\s*$", b, re.M)), meta)

    def get(key, default=0):
        m = re.search(rf"\.{key}:\s+(\d+)", entry)
        return int(m.group(1)) if m else default

    vgpr, agpr = get("vgpr_count"), get("agpr_count")
    lds = max(get("group_segment_fixed_size"), lds_bytes)
    unified = (-(-vgpr // 4) * 4 if agpr else vgpr) + agpr
    by_regs = 512 // max(8, -(-unified // 8) * 8)
    by_lds = (lds_size // lds) * waves_per_group // 4 if lds else max_waves
    return {"vgpr": vgpr, "agpr": agpr, "sgpr": get("sgpr_count"), "lds": lds,
            "spill": get("vgpr_spill_count") + get("private_segment_fixed_size"),
            "occupancy": max(0, min(max_waves, by_regs, by_lds))}


def per_tile(c: Counter, tile_work: int) -> Counter:
    """`c` per K tile of `tile_work` MFMA work (a loop body LLVM unrolled
    holds several), classes rounded to halves."""
    steps = c.get("mfma_work", 0) / tile_work if tile_work and c.get("mfma_work") else 1
    return Counter({k: (v if k == "mfma_work" else round(2 * v / steps) / 2) for k, v in c.items()})


def side_by_side(label: str, ours: str, theirs: str, name: str, theirs_lds: int, lds_size: int,
                 waves_per_group: int = 4, theirs_name: Optional[str] = None, tile_work: int = 0) -> str:
    """Two lines: every instruction class of the main loop (per step and
    wave; per K tile of `tile_work` MFMA work where given), tlxamd /
    Triton, then registers, LDS, occupancy and spills."""
    theirs_name = theirs_name or name
    a, b = k_loop(ours, name) or Counter(), k_loop(theirs, theirs_name) or Counter()
    if tile_work:
        a, b = per_tile(a, tile_work), per_tile(b, tile_work)
        a["mfma_work"] = b["mfma_work"] = tile_work
    ra = resources(ours, name, lds_size=lds_size, waves_per_group=waves_per_group)
    rb = resources(theirs, theirs_name, lds_bytes=theirs_lds, lds_size=lds_size, waves_per_group=waves_per_group)
    cells = " ".join(f"{k}={a.get(k, 0)}/{b.get(k, 0)}" for k in sorted(set(a) | set(b)))
    return (f"  {label}: {cells}\n    vgpr {ra['vgpr']}/{rb['vgpr']} agpr {ra['agpr']}/{rb['agpr']} lds "
            f"{ra['lds']}/{rb['lds']} occupancy {ra['occupancy']}/{rb['occupancy']} spill {ra['spill']}/{rb['spill']}")


def run_triton_side(triton_python: str, script: str, args) -> dict:
    """`script --triton-side ARGS` run by a Python that has Triton: the JSON
    its last line prints (Triton's compiles, keyed as the script keys them)."""
    import json
    import subprocess

    r = subprocess.run([triton_python, script, "--triton-python", "-", "--triton-side", *args],
                       capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(r.stderr[-2000:])
    return json.loads(r.stdout.strip().splitlines()[-1])
