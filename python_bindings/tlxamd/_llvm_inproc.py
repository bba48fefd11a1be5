"""AMDGPU code generation in a resident server process, through the LLVM C
API of the library behind `llc-22` (Debian's libLLVM 22): the same target
machine and passes as `opt -passes=... | llc -filetype=obj|asm`, without a process start
per kernel (about 30 ms). The server is this file run as a script (it
imports nothing of tlxamd), started beside the first kernel (which goes to
llc-22) and kept for the life of the compiling process, so that one-kernel
command lines pay nothing for it; an LLVM fatal error ends the server, not the
caller: the kernel fails with LLVM's message and the next one starts a new
server. `emit(...)` returns None where the library is not usable, and the
driver runs `llc-22` instead; `TLXAMD_INPROCESS_LLC=0` (or a `TLXAMD_LLC_22`
override) turns the server off.
"""

from __future__ import annotations

import ctypes
import json
import os
import struct
import subprocess
import sys
import threading
from typing import Optional

_lock = threading.Lock()
_lib = None
_unusable = False

_c_p = ctypes.c_void_p
_SIGNATURES = {
    "LLVMContextCreate": ([], _c_p),
    "LLVMContextDispose": ([_c_p], None),
    "LLVMCreateMemoryBufferWithMemoryRangeCopy": ([ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p], _c_p),
    "LLVMParseIRInContext": ([_c_p, _c_p, ctypes.POINTER(_c_p), ctypes.POINTER(_c_p)], ctypes.c_int),
    "LLVMGetTargetFromTriple": ([ctypes.c_char_p, ctypes.POINTER(_c_p), ctypes.POINTER(_c_p)], ctypes.c_int),
    "LLVMCreateTargetMachine": ([_c_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int,
                                 ctypes.c_int, ctypes.c_int], _c_p),
    # llc's default: comments such as `; sched_barrier mask(...)` in the assembly
    "LLVMSetTargetMachineAsmVerbosity": ([_c_p, ctypes.c_int], None),
    "LLVMTargetMachineEmitToMemoryBuffer": ([_c_p, _c_p, ctypes.c_int, ctypes.POINTER(_c_p),
                                             ctypes.POINTER(_c_p)], ctypes.c_int),
    "LLVMGetBufferStart": ([_c_p], _c_p),
    "LLVMGetBufferSize": ([_c_p], ctypes.c_size_t),
    "LLVMDisposeMemoryBuffer": ([_c_p], None),
    "LLVMDisposeModule": ([_c_p], None),
    "LLVMDisposeTargetMachine": ([_c_p], None),
    "LLVMDisposeMessage": ([_c_p], None),
    # the middle end (opt's pass pipeline) before code generation
    "LLVMCreatePassBuilderOptions": ([], _c_p),
    "LLVMDisposePassBuilderOptions": ([_c_p], None),
    "LLVMRunPasses": ([_c_p, ctypes.c_char_p, _c_p, _c_p], _c_p),
    "LLVMGetErrorMessage": ([_c_p], _c_p),
    "LLVMDisposeErrorMessage": ([_c_p], None),
    # what opt and llc do to a module before their passes: the target's
    # data layout and triple, and target-cpu / target-features on every
    # function (the middle end's cost model reads them)
    "LLVMCreateTargetDataLayout": ([_c_p], _c_p),
    "LLVMCopyStringRepOfTargetData": ([_c_p], _c_p),
    "LLVMDisposeTargetData": ([_c_p], None),
    "LLVMSetDataLayout": ([_c_p, ctypes.c_char_p], None),
    "LLVMSetTarget": ([_c_p, ctypes.c_char_p], None),
    "LLVMGetFirstFunction": ([_c_p], _c_p),
    "LLVMGetNextFunction": ([_c_p], _c_p),
    "LLVMGetStringAttributeAtIndex": ([_c_p, ctypes.c_uint, ctypes.c_char_p, ctypes.c_uint], _c_p),
    "LLVMAddTargetDependentFunctionAttr": ([_c_p, ctypes.c_char_p, ctypes.c_char_p], None),
    "LLVMInitializeAMDGPUTargetInfo": ([], None),
    "LLVMInitializeAMDGPUTarget": ([], None),
    "LLVMInitializeAMDGPUTargetMC": ([], None),
    "LLVMInitializeAMDGPUAsmPrinter": ([], None),
    # inline asm (register-class constraints) is parsed when emitting objects
    "LLVMInitializeAMDGPUAsmParser": ([], None),
}


def _load(llc_path: str):
    """libLLVM beside `llc-22` (<prefix>/bin/llc -> <prefix>/lib/libLLVM.so)."""
    global _lib, _unusable
    if _lib is not None or _unusable:
        return _lib
    try:
        libdir = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(llc_path))), "lib")
        lib = ctypes.CDLL(os.path.join(libdir, "libLLVM.so"), mode=os.RTLD_LOCAL)
        for name, (args, res) in _SIGNATURES.items():
            fn = getattr(lib, name)
            fn.argtypes, fn.restype = args, res
        for init in ("TargetInfo", "Target", "TargetMC", "AsmPrinter", "AsmParser"):
            getattr(lib, f"LLVMInitializeAMDGPU{init}")()
        _lib = lib
    except (OSError, AttributeError):
        _unusable = True
    return _lib


def enabled() -> bool:
    return os.environ.get("TLXAMD_INPROCESS_LLC", "1") not in ("0", "") and not os.environ.get("TLXAMD_LLC_22")


def _message(lib, msg) -> str:
    if not msg:
        return ""
    text = ctypes.string_at(msg).decode(errors="replace")
    lib.LLVMDisposeMessage(msg)
    return text


def _prepare_module(lib, module, tm, triple: str, cpu: str, features: str) -> None:
    """The module as `opt -mtriple -mcpu -mattr` and llc see it: the target
    machine's data layout and triple, and the CPU and features on every
    function that does not name its own (without them the middle end takes
    the generic cost model: another loop shape than the llc-22 path)."""
    td = lib.LLVMCreateTargetDataLayout(tm)
    rep = lib.LLVMCopyStringRepOfTargetData(td)
    lib.LLVMSetDataLayout(module, ctypes.string_at(rep))
    lib.LLVMDisposeMessage(rep)
    lib.LLVMDisposeTargetData(td)
    lib.LLVMSetTarget(module, triple.encode())
    fn = lib.LLVMGetFirstFunction(module)
    function_index = 0xFFFFFFFF  # LLVMAttributeFunctionIndex
    while fn:
        for key, value in ((b"target-cpu", cpu), (b"target-features", features)):
            if value and not lib.LLVMGetStringAttributeAtIndex(fn, function_index, key, len(key)):
                lib.LLVMAddTargetDependentFunctionAttr(fn, key, value.encode())
        fn = lib.LLVMGetNextFunction(fn)


def _run_passes(lib, module, tm, passes: str) -> None:
    """opt's `-passes=<passes>` on the module, with the target machine's
    cost model (RuntimeError with LLVM's message)."""
    options = lib.LLVMCreatePassBuilderOptions()
    try:
        err = lib.LLVMRunPasses(module, passes.encode(), tm, options)
        if err:
            text_p = lib.LLVMGetErrorMessage(err)
            text = ctypes.string_at(text_p).decode(errors="replace")
            lib.LLVMDisposeErrorMessage(text_p)
            raise RuntimeError(text)
    finally:
        lib.LLVMDisposePassBuilderOptions(options)


def _codegen(llvm_ir: bytes, llc_path: str, triple: str, cpu: str, features: str, opt_level: int,
             assembly: bool, passes: str = "") -> Optional[bytes]:
    """Server side: the object file (or assembly text) of `llvm_ir` after
    the middle-end pipeline `passes` (none when empty), None when the
    library is not usable; RuntimeError with LLVM's message when LLVM
    rejects the module."""
    with _lock:
        lib = _load(llc_path)
        if lib is None:
            return None
        ctx = lib.LLVMContextCreate()
        tm = None
        module = _c_p()
        try:
            buf = lib.LLVMCreateMemoryBufferWithMemoryRangeCopy(llvm_ir, len(llvm_ir), b"kernel.ll")
            msg = _c_p()
            if lib.LLVMParseIRInContext(ctx, buf, ctypes.byref(module), ctypes.byref(msg)):
                raise RuntimeError(_message(lib, msg))
            target = _c_p()
            if lib.LLVMGetTargetFromTriple(triple.encode(), ctypes.byref(target), ctypes.byref(msg)):
                raise RuntimeError(_message(lib, msg))
            tm = lib.LLVMCreateTargetMachine(target, triple.encode(), cpu.encode(), features.encode(),
                                             opt_level, 0, 0)
            lib.LLVMSetTargetMachineAsmVerbosity(tm, 1)
            _prepare_module(lib, module, tm, triple, cpu, features)
            if passes:
                _run_passes(lib, module, tm, passes)
            out = _c_p()
            if lib.LLVMTargetMachineEmitToMemoryBuffer(tm, module, 0 if assembly else 1, ctypes.byref(msg),
                                                       ctypes.byref(out)):
                raise RuntimeError(_message(lib, msg))
            result = ctypes.string_at(lib.LLVMGetBufferStart(out), lib.LLVMGetBufferSize(out))
            lib.LLVMDisposeMemoryBuffer(out)
            return result
        finally:
            if tm:
                lib.LLVMDisposeTargetMachine(tm)
            if module:
                lib.LLVMDisposeModule(module)
            lib.LLVMContextDispose(ctx)


# ---------------------------------------------------------------------------
# Server (this file as a script) and client
# ---------------------------------------------------------------------------

def _read_exact(stream, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = stream.read(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def _read_frame(stream) -> bytes:
    (n,) = struct.unpack("<I", _read_exact(stream, 4))
    return _read_exact(stream, n)


def _write_frame(stream, data: bytes) -> None:
    stream.write(struct.pack("<I", len(data)) + data)


def _serve(llc_path: str) -> int:
    """Requests: a JSON header frame and an IR frame; replies: a status byte
    (0 result, 1 LLVM's error, 2 library unusable) and a frame."""
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            header = json.loads(_read_frame(inp))
            ir = _read_frame(inp)
        except EOFError:
            return 0
        try:
            result = _codegen(ir, llc_path, header["triple"], header["cpu"], header["features"],
                              header["opt_level"], header["assembly"], header.get("passes", ""))
            status, data = (2, b"") if result is None else (0, result)
        except RuntimeError as e:
            status, data = 1, str(e).encode()
        out.write(bytes([status]))
        _write_frame(out, data)
        out.flush()


class _Client:
    def __init__(self, llc_path: str):
        self.llc_path = llc_path
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve", llc_path],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def request(self, header: dict, ir: bytes):
        try:
            _write_frame(self.proc.stdin, json.dumps(header).encode())
            _write_frame(self.proc.stdin, ir)
            self.proc.stdin.flush()
            status = _read_exact(self.proc.stdout, 1)[0]
            return status, _read_frame(self.proc.stdout)
        except (EOFError, BrokenPipeError, OSError):
            self.proc.kill()
            err = self.proc.stderr.read().decode(errors="replace").strip()
            self.proc.wait()
            return 1, (err or f"code generation server exited with status {self.proc.returncode}").encode()

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()


_client: Optional[_Client] = None
_client_lock = threading.Lock()


def emit(llvm_ir: str, llc_path: str, triple: str, cpu: str, features: str, opt_level: int,
         assembly: bool, passes: str = "") -> Optional[bytes]:
    """The object file (or assembly text) of `llvm_ir` after the middle-end
    pipeline `passes` (opt's `-passes` syntax; none when empty) from the
    resident server, or None when it is off or the library is not usable. Raises
    RuntimeError with LLVM's message on failure (also when LLVM ended the
    server)."""
    global _client, _unusable
    if not enabled() or _unusable:
        return None
    header = {"triple": triple, "cpu": cpu, "features": features, "opt_level": opt_level, "assembly": assembly,
              "passes": passes}
    with _client_lock:
        if _client is None or _client.llc_path != llc_path or _client.proc.poll() is not None:
            # Starting the server costs more than one llc run: this kernel
            # goes to llc-22 while the server starts beside it.
            _client = _Client(llc_path)
            return None
        status, data = _client.request(header, llvm_ir.encode())
        if status == 1 and _client.proc.poll() is not None:
            _client = None
    if status == 2:
        _unusable = True
        return None
    if status == 1:
        raise RuntimeError(data.decode(errors="replace"))
    return data


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "--serve":
    sys.exit(_serve(sys.argv[2]))
