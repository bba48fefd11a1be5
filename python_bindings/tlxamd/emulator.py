"""Run AMD kernels without AMD hardware: a workgroup-level emulator of the
lowered gfx9 IR (the LLVM dialect and ROCDL ops tlxamd-to-llvm produces, the
exact IR handed to LLVM), in numpy.

    from tlxamd import compiler, emulator
    k = compiler.compile(module, target="gfx950")
    emulator.run(k, (grid,), x, y, n)        # numpy arrays are updated in place
    emulator.load(k)[(grid,)](x, y, n)       # tlxamd.runtime's calling convention

Execution model: one workgroup at a time, all its waves in lockstep. Every
SSA value is a numpy array over the workgroup's lanes (vectors add an axis).
Each lane has a current block; the emulator always runs the block earliest
in reverse post-order that some lane waits at, for exactly those lanes, so
divergent branches run under masks and reconverge where they join, and
loops run until their last lane leaves. Barriers are then satisfied by
construction (all lanes reach a barrier's block together unless the kernel
is divergent around it). Memory: each array argument is a global buffer
(byte-addressed, bounds-checked), LDS is one zeroed array per workgroup
sized by the module's address-space-3 globals. Buffer resources follow the
CDNA3/CDNA4 raw-buffer range check (stride 0, what LLVM's AMDGPUUsage
documents): the voffset is unsigned and saturating, soffset is not checked,
dword x{2,3,4} accesses are checked per dword and everything else (narrower
accesses, atomics) all or nothing; out-of-range parts read 0 and are not
written.

Ops outside the supported set stop with EmulatorError naming the op and its
location: never a silent wrong answer.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from . import _launch, ir
from .dialects import llvm as _llvm

__all__ = ["EmulatedKernel", "EmulatorError", "Pointer", "load", "mfma_lane_maps", "run", "wmma_lane_maps"]

_REGION_BITS = 40


class EmulatorError(RuntimeError):
    """An op the emulator does not model, or an access it cannot serve."""


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------

class _Ty:
    """An LLVM-dialect value type as the emulator holds it: read through the
    MLIR Python API (vector, integer, float, pointer types)."""

    __slots__ = ("kind", "bits", "lanes", "dtype", "space")

    def __init__(self, t: ir.Type):
        self.lanes = 0
        self.space = 0
        t = t.maybe_downcast()
        if isinstance(t, ir.VectorType):
            self.lanes = int(t.shape[0])
            t = t.element_type.maybe_downcast()
        if isinstance(t, _llvm.PointerType):
            self.kind, self.bits = "ptr", 64
            self.space = int(t.address_space)
            self.dtype = np.dtype(np.uint64)
        elif isinstance(t, ir.IntegerType) and t.width == 1:
            self.kind, self.bits, self.dtype = "i", 1, np.dtype(bool)
        elif isinstance(t, ir.IntegerType) and t.width in (8, 16, 32, 64):
            self.kind, self.bits = "i", int(t.width)
            self.dtype = np.dtype(f"uint{self.bits}")
        elif isinstance(t, (ir.F16Type, ir.F32Type, ir.F64Type)):
            self.kind, self.bits = "f", int(t.width)
            self.dtype = np.dtype(f"float{self.bits}")
        elif isinstance(t, ir.BF16Type):
            # bf16 values are kept as the f32 numbers they are
            self.kind, self.bits, self.dtype = "bf", 16, np.dtype(np.float32)
        else:
            raise EmulatorError(f"unsupported type {t}")

    @property
    def bytes(self) -> int:
        return max(1, self.bits // 8) * max(1, self.lanes)

    @property
    def elem_bytes(self) -> int:
        return max(1, self.bits // 8)


# by spelling: a key that keeps no context alive
_TYPES: Dict[str, _Ty] = {}


def _ty(t: ir.Type) -> _Ty:
    key = str(t)
    if key not in _TYPES:
        _TYPES[key] = _Ty(t)
    return _TYPES[key]


def _signed(a: np.ndarray) -> np.ndarray:
    return a.view(np.dtype(f"int{a.dtype.itemsize * 8}")) if a.dtype.kind == "u" else a


def _bf16_round(x: np.ndarray) -> np.ndarray:
    """f32 -> the nearest bf16 value (ties to even), as f32."""
    u = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)
    r = (u + np.uint32(0x7FFF) + ((u >> np.uint32(16)) & np.uint32(1))) & np.uint32(0xFFFF0000)
    r = np.where(np.isnan(x), np.uint32(0x7FC00000), r)
    return r.view(np.float32)


def _to_bits(v: np.ndarray, ty: _Ty) -> np.ndarray:
    """The integer bits of values of `ty` (for bitcasts and memory)."""
    if ty.kind == "bf":
        return (np.ascontiguousarray(v, dtype=np.float32).view(np.uint32) >> np.uint32(16)).astype(np.uint16)
    if ty.kind == "i" and ty.bits == 1:
        return v.astype(np.uint8)
    return np.ascontiguousarray(v).view(np.dtype(f"uint{ty.elem_bytes * 8}"))


def _from_bits(b: np.ndarray, ty: _Ty) -> np.ndarray:
    if ty.kind == "bf":
        return (b.astype(np.uint32) << np.uint32(16)).view(np.float32)
    if ty.kind == "i" and ty.bits == 1:
        return b.astype(bool)
    return np.ascontiguousarray(b).view(ty.dtype)


# ---------------------------------------------------------------------------
# Memory
# ---------------------------------------------------------------------------


class _Memory:
    """Global buffers (region r at address r << 40) and the LDS array."""

    def __init__(self, buffers: List[np.ndarray], lds_bytes: int, packet: np.ndarray):
        self.regions = [np.zeros(0, np.uint8)] + [b.reshape(-1).view(np.uint8) for b in buffers]
        # hsa_kernel_dispatch_packet_t (llvm.amdgcn.dispatch.ptr), read-only
        self.regions.append(packet)
        self.dispatch_address = (len(self.regions) - 1) << _REGION_BITS
        self.lds = np.zeros(max(lds_bytes, 4), np.uint8)

    def _resolve(self, addr: np.ndarray, space: int, size: int, op: str):
        if space == 3:
            off = addr.astype(np.int64)
            if len(off) and (off.min() < 0 or off.max() + size > len(self.lds)):
                raise EmulatorError(f"{op}: LDS access outside the {len(self.lds)} allocated bytes")
            return [(self.lds, off, np.ones(len(off), bool))]
        region = (addr >> np.uint64(_REGION_BITS)).astype(np.int64)
        off = (addr & np.uint64((1 << _REGION_BITS) - 1)).astype(np.int64)
        out = []
        for r in np.unique(region):
            sel = region == r
            if r <= 0 or r >= len(self.regions):
                raise EmulatorError(f"{op}: address outside every buffer")
            buf = self.regions[r]
            o = off[sel]
            if o.min() < 0 or o.max() + size > len(buf):
                raise EmulatorError(f"{op}: access past the end of buffer {r - 1} ({len(buf)} bytes)")
            out.append((buf, o, sel))
        return out

    def read(self, addr: np.ndarray, space: int, nbytes: int, op: str) -> np.ndarray:
        out = np.zeros((len(addr), nbytes), np.uint8)
        for buf, o, sel in self._resolve(addr, space, nbytes, op):
            out[sel] = buf[o[:, None] + np.arange(nbytes)]
        return out

    def write(self, addr: np.ndarray, space: int, data: np.ndarray, op: str) -> None:
        nbytes = data.shape[1]
        for buf, o, sel in self._resolve(addr, space, nbytes, op):
            # lanes in order: the last writer of an address wins
            buf[o[:, None] + np.arange(nbytes)] = data[sel]


def _as_bytes(v: np.ndarray, ty: _Ty) -> np.ndarray:
    bits = _to_bits(v, ty)
    return np.ascontiguousarray(bits).view(np.uint8).reshape(len(v), -1)


def _from_bytes(raw: np.ndarray, ty: _Ty) -> np.ndarray:
    bits = np.ascontiguousarray(raw).view(np.dtype(f"uint{ty.elem_bytes * 8}"))
    v = _from_bits(bits, ty)
    return v.reshape(len(raw), ty.lanes) if ty.lanes else v.reshape(len(raw))


# ---------------------------------------------------------------------------
# The interpreter
# ---------------------------------------------------------------------------


_FILE_LOC = re.compile(r'"([^"]*)":(\d+):(\d+)')


def _loc(op) -> str:
    """Where `op` came from: the kernel's file:line:col (a lowered op keeps
    the location of the source op it was lowered from)."""
    text = str(op.location)
    m = _FILE_LOC.search(text)
    return f"{m.group(1)}:{m.group(2)}:{m.group(3)}" if m else text


def _attr(op, name):
    return op.attributes[name] if name in op.attributes else None


class _Function:
    """A kernel's blocks in reverse post-order, its values numbered."""

    def __init__(self, func):
        self.func = func
        region = func.regions[0]
        blocks = list(region.blocks)
        index = {b: i for i, b in enumerate(blocks)}
        succ = []
        for b in blocks:
            term = list(b.operations)[-1]
            succ.append([index[s] for s in term.successors])
        order, seen = [], set()

        def dfs(i):
            seen.add(i)
            for s in succ[i]:
                if s not in seen:
                    dfs(s)
            order.append(i)

        dfs(0)
        order.reverse()
        self.blocks = [blocks[i] for i in order]
        self.rank = {blocks[i]: r for r, i in enumerate(order)}


class _Kernel:
    def __init__(self, func, threads: int, wave: int, mem: _Memory, args: List[np.ndarray],
                 lds_offsets: Dict[str, int], program: Tuple[int, int, int],
                 trace: Optional[int] = None, trace_file=None):
        self.trace = trace
        self.trace_file = trace_file
        self.f = _Function(func)
        self.n = threads
        self.wave = wave
        self.mem = mem
        self.vals: Dict[Any, np.ndarray] = {}
        self.structs: Dict[Any, List[np.ndarray]] = {}
        self.lds_offsets = lds_offsets
        self.program = program
        for arg, v in zip(self.f.blocks[0].arguments, args):
            self.vals[arg] = np.broadcast_to(v, (threads,) + np.shape(v)[1:]).copy()
        self.lane = np.arange(threads)

    def get(self, v):
        try:
            return self.vals[v]
        except KeyError:
            raise EmulatorError(f"value {v.get_name()} used before it was defined") from None

    def set(self, v, value: np.ndarray, mask: np.ndarray):
        value = np.asarray(value)
        ty = _ty(v.type)
        # buffer resources (!llvm.ptr<8>) are (base address, num_records)
        width = 2 if ty.kind == "ptr" and ty.space == 8 else ty.lanes
        shape = (self.n, width) if width else (self.n,)
        value = np.broadcast_to(value, shape).astype(ty.dtype, copy=False)
        old = self.vals.get(v)
        if old is None or mask.all():
            self.vals[v] = np.array(value)
        else:
            m = mask[:, None] if width else mask
            self.vals[v] = np.where(m, value, old)

    def run(self):
        at = np.zeros(self.n, np.int64)  # each lane's block (rank); -1: returned
        steps = 0
        while (at >= 0).any():
            r = int(at[at >= 0].min())
            mask = at == r
            nxt = self.block(self.f.blocks[r], mask)
            at = np.where(mask, nxt, at)
            steps += 1
            if steps > 1_000_000:
                raise EmulatorError("more than a million block steps: a loop that does not end?")

    def block(self, block, mask) -> np.ndarray:
        ops = list(block.operations)
        for op in ops[:-1]:
            self.execute(op, mask)
        term = ops[-1]
        name = term.operation.name
        if name == "llvm.return":
            return np.full(self.n, -1)
        if name == "llvm.br":
            dest = term.successors[0]
            for a, v in zip(dest.arguments, term.operands):
                self.set(a, self.get(v), mask)
            return np.full(self.n, self.f.rank[dest])
        if name == "llvm.cond_br":
            cond = self.get(term.operands[0]).astype(bool)
            t, f = term.successors
            # the operands: the condition, then each successor's arguments
            ops_ = list(term.operands)
            ntrue = len(list(t.arguments))
            targs = ops_[1:1 + ntrue]
            fargs = ops_[1 + ntrue:]
            for a, v in zip(t.arguments, targs):
                self.set(a, self.get(v), mask & cond)
            for a, v in zip(f.arguments, fargs):
                self.set(a, self.get(v), mask & ~cond)
            return np.where(cond, self.f.rank[t], self.f.rank[f])
        raise EmulatorError(f"{_loc(term)}: terminator {name} is not emulated")

    # -- ops ------------------------------------------------------------------
    def execute(self, op, mask):
        name = op.operation.name
        fn = _OPS.get(name) or (_mfma_scale if name.startswith("rocdl.mfma.scale.")
                                 else _mfma if name.startswith("rocdl.mfma.")
                                 else _wmma_scale if name.startswith("rocdl.wmma.scale.")
                                 else _wmma if name.startswith("rocdl.wmma.") else None)
        if fn is None:
            raise EmulatorError(f"{_loc(op)}: {name} is not emulated")
        out = fn(self, op, mask)
        if out is not None and len(op.results):
            self.set(op.results[0], out, mask)
        if self.trace is not None:
            self.print_trace(op, mask)

    def print_trace(self, op, mask):
        """The op and, for the traced wave's first lanes, the value it
        produced (`.` for a lane the exec mask turns off)."""
        w0 = self.trace * self.wave
        lanes = range(w0, min(w0 + 8, self.n))
        text = str(op).split("\n")[0].strip()
        if len(op.results) and op.results[0] in self.vals:
            v = self.vals[op.results[0]]
            shown = [np.array2string(np.asarray(v[i]), precision=4) if mask[i] else "." for i in lanes]
            text += "  ->  " + " ".join(shown)
        print(f"[wg {self.program[0]} wave {self.trace}] {text}", file=self.trace_file)


def _ints(attr) -> List[int]:
    """The integers of an integer, dense integer array or array attribute."""
    for cls in (ir.DenseI32ArrayAttr, ir.DenseI64ArrayAttr):
        if isinstance(attr, cls):
            return [int(v) for v in attr]
    if isinstance(attr, ir.IntegerAttr):
        return [int(attr.value)]
    if isinstance(attr, ir.ArrayAttr):
        return [v for a in attr for v in _ints(a)]
    raise EmulatorError(f"expected integers, got {attr}")


def _constant(k, op, mask):
    ty = _ty(op.results[0].type)
    a = op.attributes["value"]
    text = str(a)
    if ty.kind == "ptr":
        return np.uint64(0)
    fp8 = re.search(r"\b(f8E4M3FN|f8E5M2|f8E4M3FNUZ|f8E5M2FNUZ)\b", text)
    m = re.match(r"dense<(.*?)>(?:\s*:.*)?$", text)
    if m:
        body = m.group(1)
        vals = [v.strip() for v in body.strip("[]").split(",")]
        parsed = [_fp8_bits(float(v), fp8.group(1)) if fp8 else _scalar(v, ty) for v in vals]
        arr = np.array(parsed if len(parsed) > 1 else parsed * ty.lanes)
        return _typed(arr, ty)
    v = text.split(":")[0].strip()
    if fp8:  # an 8-bit float constant held as its i8 bits
        return _typed(np.array(_fp8_bits(float(v), fp8.group(1))), ty)
    return _typed(np.array(_scalar(v, ty)), ty)


def _fp8_table(name: str) -> np.ndarray:
    """The value of every bit pattern of an 8-bit float type."""
    if name.endswith("FNUZ"):
        return _fnuz_table(4, 3) if name.startswith("f8E4M3") else _fnuz_table(5, 2)
    return _minifloat_table(*_F8F6F4[0 if name == "f8E4M3FN" else 1])


def _fp8_bits(value: float, name: str) -> int:
    """The bit pattern of `value` (exactly representable: MLIR folded it)
    in the 8-bit float type `name`; +0 for zero."""
    table = _fp8_table(name)
    if np.isnan(value):
        return int(np.flatnonzero(np.isnan(table))[0])
    hits = np.flatnonzero(table == value)
    if not len(hits):
        raise EmulatorError(f"{value} is not a {name} value")
    return int(hits[0])


def _scalar(text: str, ty: _Ty):
    if text in ("true", "false"):
        return text == "true"
    if ty.kind == "i":
        v = int(text, 0)
        return v & ((1 << ty.bits) - 1) if ty.bits > 1 else bool(v)
    if text.startswith("0x"):
        bits = int(text, 16)
        width = {16: np.uint16, 32: np.uint32, 64: np.uint64}[ty.bits if ty.kind == "f" else 16]
        return _from_bits(np.array(bits, width), ty).item()
    return float(text)


def _typed(arr, ty: _Ty):
    if ty.kind == "bf":
        return _bf16_round(arr.astype(np.float32))
    return arr.astype(ty.dtype)


def _binary(fn, signed=False, fl=False):
    def run(k, op, mask):
        a, b = (k.get(v) for v in op.operands)
        ty = _ty(op.results[0].type)
        with np.errstate(all="ignore"):
            if signed:
                r = fn(_signed(a), _signed(b))
                r = r.astype(_signed(np.zeros(0, ty.dtype)).dtype).view(ty.dtype)
            else:
                r = fn(a, b)
        if ty.kind == "bf":
            r = _bf16_round(r)
        return r
    return run


def _shift(kind):
    def run(k, op, mask):
        a, b = (k.get(v) for v in op.operands)
        ty = _ty(op.results[0].type)
        if ty.bits == 1:
            return a
        amount = (b.astype(np.uint64) % np.uint64(ty.bits)).astype(a.dtype)
        if kind == "shl":
            return a << amount
        if kind == "lshr":
            return a >> amount
        return (_signed(a) >> amount.astype(_signed(a).dtype)).view(a.dtype)
    return run


_ICMP = {"eq": np.equal, "ne": np.not_equal, "slt": np.less, "sle": np.less_equal, "sgt": np.greater,
         "sge": np.greater_equal, "ult": np.less, "ule": np.less_equal, "ugt": np.greater,
         "uge": np.greater_equal}


_ICMP_NAMES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
_FCMP_NAMES = ["_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
               "uno", "_true"]


def _predicate(op, names):
    text = str(op.attributes["predicate"]).strip('"')
    m = re.match(r"^(\d+) : i64$", text)
    return names[int(m.group(1))] if m else re.sub(r".*<(\w+)>", r"\1", text)


def _icmp(k, op, mask):
    pred = _predicate(op, _ICMP_NAMES)
    a, b = (k.get(v) for v in op.operands)
    if pred.startswith("s"):
        a, b = _signed(a), _signed(b)
    return _ICMP[pred](a, b)


def _fcmp(k, op, mask):
    pred = _predicate(op, _FCMP_NAMES)
    a, b = (k.get(v) for v in op.operands)
    unordered = np.isnan(a) | np.isnan(b)
    with np.errstate(all="ignore"):
        base = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}
    if pred in ("_true", "true"):
        return np.ones_like(unordered)
    if pred in ("_false", "false"):
        return np.zeros_like(unordered)
    if pred == "ord":
        return ~unordered
    if pred == "uno":
        return unordered
    r = base[pred[1:]]
    return (r & ~unordered) if pred[0] == "o" else (r | unordered)


def _select(k, op, mask):
    c, a, b = (k.get(v) for v in op.operands)
    if c.ndim < a.ndim:
        c = c[:, None]
    return np.where(c, a, b)


def _cast(k, op, mask):
    name = op.operation.name.split(".")[-1]
    x = k.get(op.operands[0])
    src, dst = _ty(op.operands[0].type), _ty(op.results[0].type)
    with np.errstate(all="ignore"):
        if name == "bitcast":
            return _from_bits(_to_bits(x, src).reshape(x.shape[0], -1).view(np.uint8).view(
                np.dtype(f"uint{dst.elem_bytes * 8}")).reshape((x.shape[0], dst.lanes) if dst.lanes else
                                                               (x.shape[0],)), dst)
        if name == "zext":
            return x.astype(dst.dtype)
        if name == "sext":
            if src.bits == 1:
                return np.where(x, dst.dtype.type(-1 & ((1 << dst.bits) - 1)), dst.dtype.type(0))
            return _signed(x).astype(_signed(np.zeros(0, dst.dtype)).dtype).view(dst.dtype)
        if name == "trunc":
            if dst.bits == 1:
                return (x & 1).astype(bool)
            return x.astype(dst.dtype)
        if name in ("fpext", "fptrunc"):
            return _typed(x.astype(np.float64), dst)
        if name == "sitofp":
            return _typed(_signed(x).astype(np.float64) if src.bits > 1 else x.astype(np.float64), dst)
        if name == "uitofp":
            return _typed(x.astype(np.float64), dst)
        if name == "fptosi":
            return np.trunc(x).astype(np.int64).astype(_signed(np.zeros(0, dst.dtype)).dtype).view(dst.dtype)
        if name == "fptoui":
            return np.trunc(x).astype(np.uint64).astype(dst.dtype)
        if name in ("ptrtoint", "inttoptr"):
            return x.astype(dst.dtype)
    raise EmulatorError(f"{_loc(op)}: cast {name}")


def _insertelement(k, op, mask):
    vec, val, idx = (k.get(v) for v in op.operands)
    out = np.array(vec, copy=True)
    idx = idx.astype(np.int64)
    out[np.arange(len(out)), idx] = val
    return out


def _extractelement(k, op, mask):
    vec, idx = (k.get(v) for v in op.operands)
    return vec[np.arange(len(vec)), idx.astype(np.int64)]


def _shufflevector(k, op, mask):
    a, b = (k.get(v) for v in op.operands)
    both = np.concatenate([a, b], axis=1)
    sel = _ints(op.attributes["mask"])
    return both[:, [max(i, 0) for i in sel]]


def _gep(k, op, mask):
    base = k.get(op.operands[0]).astype(np.uint64)
    elem = op.attributes["elem_type"]
    ety = _ty(ir.TypeAttr(elem).value)
    raw = _ints(op.attributes["rawConstantIndices"])
    if len(raw) != 1:
        raise EmulatorError(f"{_loc(op)}: getelementptr with {len(raw)} indices is not emulated")
    # one index, scalar or per vector element (vectors of pointers)
    i = k.get(op.operands[1]) if raw[0] == -2147483648 else np.int64(raw[0])
    offset = _signed(np.asarray(i)).astype(np.int64) * ety.bytes
    return (base.astype(np.int64) + offset).astype(np.uint64)


def _load(k, op, mask):
    ty = _ty(op.results[0].type)
    pty = _ty(op.operands[0].type)
    addr = k.get(op.operands[0])
    out = np.zeros((k.n, ty.bytes), np.uint8)
    if mask.any():
        out[mask] = k.mem.read(addr[mask], pty.space, ty.bytes, _loc(op))
    return _from_bytes(out, ty)


def _store(k, op, mask):
    val, addr = (k.get(v) for v in op.operands)
    ty, pty = _ty(op.operands[0].type), _ty(op.operands[1].type)
    if mask.any():
        k.mem.write(addr[mask], pty.space, _as_bytes(val[mask], ty), _loc(op))


def _masked_load(k, op, mask):
    ptr, emask, passthru = (k.get(v) for v in op.operands[:3])
    ty, pty = _ty(op.results[0].type), _ty(op.operands[0].type)
    out = np.array(passthru, copy=True)
    for e in range(ty.lanes):
        sel = mask & emask[:, e]
        if sel.any():
            addr = ptr[sel] + np.uint64(e * ty.elem_bytes)
            raw = k.mem.read(addr, pty.space, ty.elem_bytes, _loc(op))
            out[sel, e] = _from_bits(raw.view(np.dtype(f"uint{ty.elem_bytes * 8}")).reshape(-1), ty)
    return out


def _masked_store(k, op, mask):
    val, ptr, emask = (k.get(v) for v in op.operands[:3])
    ty, pty = _ty(op.operands[0].type), _ty(op.operands[1].type)
    for e in range(ty.lanes):
        sel = mask & emask[:, e]
        if sel.any():
            bits = _to_bits(np.ascontiguousarray(val[sel, e]), ty)
            k.mem.write(ptr[sel] + np.uint64(e * ty.elem_bytes), pty.space,
                        np.ascontiguousarray(bits).view(np.uint8).reshape(len(bits), -1), _loc(op))


_RMW = {
    "add": lambda a, b, t: a + b, "sub": lambda a, b, t: a - b, "and": lambda a, b, t: a & b,
    "or": lambda a, b, t: a | b, "xor": lambda a, b, t: a ^ b, "xchg": lambda a, b, t: b,
    "max": lambda a, b, t: max(_sval(a, t), _sval(b, t)) & _umask(t), "min": lambda a, b, t: min(
        _sval(a, t), _sval(b, t)) & _umask(t),
    "umax": lambda a, b, t: max(a, b), "umin": lambda a, b, t: min(a, b),
    "fadd": lambda a, b, t: a + b, "fmax": lambda a, b, t: np.fmax(a, b), "fmin": lambda a, b, t: np.fmin(a, b),
}


def _umask(t: _Ty) -> int:
    return (1 << t.bits) - 1


def _sval(a, t: _Ty) -> int:
    a = int(a)
    return a - (1 << t.bits) if a >> (t.bits - 1) else a


def _rmw_kind(op) -> str:
    m = re.match(r".*?(?:llvm\.atomicrmw|buffer\.atomic\.)\s*(\w+)", str(op).split("\n")[0])
    if not m or m.group(1) not in _RMW:
        raise EmulatorError(f"{_loc(op)}: this atomic operation is not emulated")
    return m.group(1)


def _atomic_lanes(k, op, mask, addr, space, values, ty, kind):
    """Lane by lane, in lane order: each reads the old value and writes the
    combination (the serialization the hardware may choose; every lane's
    update is applied once)."""
    old = np.zeros_like(values)
    fn = _RMW[kind]
    for lane in np.nonzero(mask)[0]:
        a = np.array([addr[lane]], np.uint64)
        raw = k.mem.read(a, space, ty.bytes, _loc(op))
        cur = _from_bytes(raw, ty)[0]
        old[lane] = cur
        with np.errstate(all="ignore"):
            if ty.kind in ("f", "bf"):
                new = np.asarray(fn(cur, values[lane], ty), dtype=ty.dtype)
                if ty.kind == "bf":
                    new = _bf16_round(new)
            else:
                new = np.asarray(fn(int(cur), int(values[lane]), ty) & _umask(ty), dtype=ty.dtype)
        k.mem.write(a, space, _as_bytes(new.reshape((1,) + new.shape), ty), _loc(op))
    return old


def _atomicrmw(k, op, mask):
    ptr, val = (k.get(v) for v in op.operands)
    ty, pty = _ty(op.operands[1].type), _ty(op.operands[0].type)
    return _atomic_lanes(k, op, mask, ptr, pty.space, val, ty, _rmw_kind(op))


def _cmpxchg(k, op, mask):
    ptr, cmp, val = (k.get(v) for v in op.operands)
    ty, pty = _ty(op.operands[2].type), _ty(op.operands[0].type)
    old = np.zeros_like(val)
    for lane in np.nonzero(mask)[0]:
        a = np.array([ptr[lane]], np.uint64)
        cur = _from_bytes(k.mem.read(a, pty.space, ty.bytes, _loc(op)), ty)[0]
        old[lane] = cur
        if cur == cmp[lane]:
            k.mem.write(a, pty.space, _as_bytes(np.array([val[lane]], ty.dtype), ty), _loc(op))
    k.structs[op.results[0]] = [old, old == cmp]
    return None


def _extractvalue(k, op, mask):
    fields = k.structs.get(op.operands[0])
    if fields is None:
        raise EmulatorError(f"{_loc(op)}: extractvalue of a value the emulator does not hold as a struct")
    return fields[_ints(op.attributes["position"])[0]]


def _buffer_atomic(k, op, mask):
    val, rsrc, voff, soff, _aux = op.operands
    ty = _ty(val.type)
    r = k.get(rsrc)
    vo, addr = _buffer_offsets(k, r, voff, soff)
    ok = mask & _in_range(vo, 0, ty.bytes, r)  # atomics: all or nothing
    kind = _rmw_kind(op)
    if ty.lanes:  # packed 16-bit pairs: each half its own atomic
        ety = _ty(ir.VectorType(val.type).element_type)
        data = k.get(val)
        olds = [_atomic_lanes(k, op, ok, addr + np.uint64(e * ety.bytes), 1, data[:, e], ety, kind)
                for e in range(ty.lanes)]
        old = np.stack(olds, axis=-1)
    else:
        old = _atomic_lanes(k, op, ok, addr, 1, k.get(val), ty, kind)
    return old if op.results else None


def _addressof(k, op, mask):
    name = str(op.attributes["global_name"]).lstrip("@")
    if name not in k.lds_offsets:
        raise EmulatorError(f"{_loc(op)}: global @{name} is not an LDS allocation")
    return np.uint64(k.lds_offsets[name])


def _poison(k, op, mask):
    ty = _ty(op.results[0].type)
    return np.zeros((k.n, ty.lanes) if ty.lanes else k.n, ty.dtype)


def _workitem(axis):
    def run(k, op, mask):
        return (k.lane if axis == 0 else np.zeros(k.n, np.int64)).astype(np.uint32)
    return run


def _workgroup(axis):
    def run(k, op, mask):
        return np.uint32(k.program[axis])
    return run


def _readfirstlane(k, op, mask):
    x = k.get(op.operands[0])
    wave_first = (k.lane // k.wave) * k.wave
    active = np.where(mask, k.lane, k.n)
    first = np.minimum.reduceat(active, np.arange(0, k.n, k.wave))
    src = np.repeat(first, k.wave)[: k.n]
    src = np.where(src >= k.n, wave_first, src)
    return x[src]


def _ballot(k, op, mask):
    """Each lane gets its wave's bitmask of the lanes that are active and
    whose predicate holds (bit i: lane i of the wave)."""
    pred = (k.get(op.operands[0]).astype(bool) & mask).reshape(-1)
    bits = np.zeros(k.n, np.uint64)
    weights = np.uint64(1) << np.arange(k.wave, dtype=np.uint64)
    for w0 in range(0, k.n, k.wave):
        lanes = pred[w0:w0 + k.wave]
        bits[w0:w0 + k.wave] = np.bitwise_or.reduce(np.where(lanes, weights[:len(lanes)], np.uint64(0)))
    return bits


def _make_rsrc(k, op, mask):
    base, _stride, num, _flags = (k.get(v) for v in op.operands)
    # the resource as (base address, num_records) packed in a 2-vector
    return np.stack([base.astype(np.uint64), num.astype(np.uint64)], axis=-1)


def _buffer_access(k, op, mask, store: bool):
    ops_ = list(op.operands)
    if store:
        val, rsrc, voff, soff, _aux = ops_
        ty = _ty(val.type)
        data = k.get(val)
    else:
        rsrc, voff, soff, _aux = ops_
        ty = _ty(op.results[0].type)
    r = k.get(rsrc)
    vo, addr = _buffer_offsets(k, r, voff, soff)
    # dword x{2,3,4} accesses are range-checked per dword, narrower ones whole
    width = 4 if ty.bytes % 4 == 0 else ty.bytes
    raw = _as_bytes(data, ty) if store else np.zeros((k.n, ty.bytes), np.uint8)
    for start in range(0, ty.bytes, width):
        ok = mask & _in_range(vo, start, width, r)
        if not ok.any():
            continue
        at = addr[ok] + np.uint64(start)
        if store:
            k.mem.write(at, 1, raw[ok, start:start + width], _loc(op))
        else:
            raw[ok, start:start + width] = k.mem.read(at, 1, width, _loc(op))
    return None if store else _from_bytes(raw, ty)


def _buffer_load_lds(k, op, mask):
    """buffer_load ... lds (the Gluon async-copy reference): each active lane reads `size`
    bytes at its buffer offset and writes them to LDS at M0 (the wave's LDS
    pointer) + offset + lane * size; out-of-range bytes are written as zero
    (range-checked per dword, as the loads)."""
    rsrc, lds, size, voff, soff, imm, _aux = op.operands
    nbytes = int(np.broadcast_to(k.get(size), (k.n,))[0])
    inst = int(np.broadcast_to(k.get(imm), (k.n,))[0])
    r = k.get(rsrc)
    vo, addr = _buffer_offsets(k, r, voff, soff)
    vo = vo + inst
    addr = addr + np.uint64(inst)
    # M0: the LDS pointer of the wave's first active lane (the lowering
    # makes it uniform with readfirstlane; inactive lanes hold stale values).
    ptr = np.broadcast_to(k.get(lds), (k.n,)).astype(np.int64)
    waves = mask.reshape(-1, k.wave)
    first = np.argmax(waves, axis=1) + np.arange(waves.shape[0]) * k.wave
    m0 = np.repeat(ptr[first], k.wave)
    dst = m0 + inst + (k.lane % k.wave) * nbytes
    width = 4 if nbytes % 4 == 0 else nbytes
    raw = np.zeros((k.n, nbytes), np.uint8)
    for start in range(0, nbytes, width):
        ok = mask & _in_range(vo, start, width, r)
        if ok.any():
            raw[ok, start:start + width] = k.mem.read(addr[ok] + np.uint64(start), 1, width, _loc(op))
    if mask.any():
        k.mem.write(dst[mask].astype(np.uint64), 3, raw[mask], _loc(op))
    return None


def _buffer_offsets(k, rsrc, voff, soff):
    """A raw buffer access's voffset (unsigned) and its addresses: base +
    soffset + voffset."""
    vo = k.get(voff).astype(np.uint32).astype(np.int64)
    so = k.get(soff).astype(np.uint32).astype(np.int64)
    vo = np.broadcast_to(vo, (k.n,))
    return vo, rsrc[:, 0] + (vo + so).astype(np.uint64)


def _in_range(vo, start, width, rsrc):
    """The raw-buffer (stride 0) range check of the `width` bytes at voffset
    + start: the voffset is unsigned and the sum saturates at 2^32 - 1 (a
    negative offset never wraps into range); the bytes must lie below
    num_records. soffset is not range-checked."""
    at = np.minimum(vo + start, 0xFFFFFFFF)
    return at + width <= rsrc[:, 1].astype(np.int64)


def _transposed_read(k, op, mask, name: str, block: int, nbytes: int, source):
    """A cooperative transposing LDS read: each lane reads `nbytes` at its
    address and lane l receives as its element j element e of lane
    source(l, j)'s read ((lanes, e) arrays); every lane of an active block
    of `block` lanes must be active."""
    ty = _ty(op.results[0].type)
    addr = k.get(op.operands[0])
    active = mask.reshape(-1, block)
    if (active.any(axis=1) & ~active.all(axis=1)).any():
        raise EmulatorError(f"{_loc(op)}: {name} with part of a {block}-lane block inactive")
    raw = np.zeros((k.n, nbytes), np.uint8)
    if mask.any():
        raw[mask] = k.mem.read(addr[mask], 3, nbytes, _loc(op))
    elem = 2 if ty.bits == 16 else 1
    rows = raw.view(np.uint16 if elem == 2 else np.uint8).reshape(k.n, nbytes // elem)
    lane = np.arange(k.n)
    out = np.stack([rows[source(lane, j)] for j in range(nbytes // elem)], axis=1)
    return _from_bytes(out.view(np.uint8).reshape(k.n, nbytes), ty)


def _ds_read_tr16(k, op, mask):
    """ds_read_b64_tr_b16: in each group of 16 lanes, lane 4r + c reads 4
    16-bit elements at its address, and lane 4c + e receives element e of
    that read as its element r (a 4 x 16 block, read row by row, each lane
    receiving a column)."""
    return _transposed_read(k, op, mask, "ds_read_b64_tr_b16", 16, 8,
                            lambda l, r: (l - l % 16 + 4 * r + (l % 16) // 4, l % 4))


def _ds_load_tr16_b128(k, op, mask):
    """gfx1250's ds_load_tr16_b128: in each group of 8 lanes, lane 8g + j
    reads 8 16-bit elements at its address, and lane 8g + i receives element
    i of that read as its element j (an 8 x 8 block transposed)."""
    return _transposed_read(k, op, mask, "ds_load_tr16_b128", 8, 16, lambda l, j: (l - l % 8 + j, l % 8))


def _ds_load_tr8_b64(k, op, mask):
    """gfx1250's ds_load_tr8_b64: each lane reads 8 bytes at its address;
    lane L receives as its byte j byte L % 8 of the read of lane S, where S
    takes bits 0-1 from j, bit 2 from L's bit 3, bit 3 from j's bit 2 and
    the rest from L (each group of 8 receiving lanes fed by two runs of 4
    lanes, 8 apart)."""
    def source(lane, j):
        within = (j & 3) | ((lane >> 3) & 1) << 2 | ((j >> 2) & 1) << 3 | ((lane % 32) >> 4) << 4
        return lane - lane % 32 + within, lane % 8

    return _transposed_read(k, op, mask, "ds_load_tr8_b64", 16, 8, source)


def _bpermute(k, op, mask):
    addr, data = (k.get(v) for v in op.operands)
    src_lane = (addr.astype(np.int64) >> 2) % k.wave
    base = (k.lane // k.wave) * k.wave
    return data[base + src_lane]


def _swizzle(k, op, mask):
    data, pattern = (k.get(v) for v in op.operands)
    pat = int(np.asarray(pattern).reshape(-1)[0])
    if pat & 0x8000:
        raise EmulatorError(f"{_loc(op)}: ds_swizzle QDMode is not emulated")
    and_mask, or_mask, xor_mask = pat & 0x1F, (pat >> 5) & 0x1F, (pat >> 10) & 0x1F
    lane32 = k.lane % 32
    src = ((lane32 & and_mask) | or_mask) ^ xor_mask
    return data[(k.lane - lane32) + src]


def _update_dpp(k, op, mask):
    old, src = (k.get(v) for v in op.operands)
    ctrl = int(op.attributes["dppCtrl"].value)
    if ctrl in (0x140, 0x141):  # row_mirror / row_half_mirror: lane i of a 16 / 8-lane row reads lane n - 1 - i
        n = 16 if ctrl == 0x140 else 8
        return src[k.lane - k.lane % n + (n - 1 - k.lane % n)]
    if ctrl > 0xFF:
        raise EmulatorError(f"{_loc(op)}: DPP control {ctrl:#x} is not emulated (quad_perm, row_mirror, "
                            f"row_half_mirror)")
    quad = k.lane % 4
    sel = np.array([(ctrl >> (2 * i)) & 3 for i in range(4)])
    return src[k.lane - quad + sel[quad]]


# MFMA: the operand and result lane/register mapping of the single-block
# instructions (one M x N tile per wave; M = N = 16 or 32), from the CDNA3 /
# CDNA4 ISA guides' matrix layouts, written independently of the layout
# core: the wave's lanes form 64 / M groups of M; with kPerLane = K / groups
#   A[i][k]: lane i + M * (k // kPerLane), element k % kPerLane
#   B[k][j]: lane j + N * (k // kPerLane), element k % kPerLane
#   D[i][j]: lane j + N * ((i // 4) % groups), register
#            (i // (4 * groups)) * 4 + i % 4
def _fused_multiply_add(a, b, c):
    """a * b + c rounded once: products of f32/f16 values are exact in f64
    (a second rounding of the f64 sum differs from a single one only on
    exact f32 ties); f64 through the extended type where the platform has
    one."""
    wide = np.float64 if a.dtype.itemsize <= 4 else np.longdouble
    return (a.astype(wide) * b.astype(wide) + c.astype(wide)).astype(a.dtype)


_MFMA_NAME = re.compile(r"rocdl\.mfma\.(f32|i32)\.(\d+)x(\d+)x(\d+)")


def mfma_lane_maps(m: int, n: int, k: int, wave: int = 64):
    """(a, b, d): for each (row, col) of A (m x k), B (k x n) and D (m x n),
    the (lane, element) holding it."""
    groups = wave // m
    kpl = k // groups
    a = {(i, kk): (i + m * (kk // kpl), kk % kpl) for i in range(m) for kk in range(k)}
    b = {(kk, j): (j + n * (kk // kpl), kk % kpl) for kk in range(k) for j in range(n)}
    d = {(i, j): (j + n * ((i // 4) % groups), (i // (4 * groups)) * 4 + i % 4) for i in range(m) for j in range(n)}
    return a, b, d


def wmma_lane_maps(k: int, group: int):
    """gfx1250's wave32 WMMA (16 x 16 x k), as the ISA lays it out: (a, b, d)
    like mfma_lane_maps. A lane holds row (A) / column (B) lane % 16 and
    k / 2 values of K in groups of `group` consecutive ones, lanes 0-15 the
    even groups and lanes 16-31 the odd ones; D element v of lane l is row
    v + 8 (l // 16), column l % 16."""
    def lane_elem(i, kk):
        g, r = divmod(kk, group)
        return i + 16 * (g % 2), (g // 2) * group + r

    a = {(i, kk): lane_elem(i, kk) for i in range(16) for kk in range(k)}
    b = {(kk, j): lane_elem(j, kk) for kk in range(k) for j in range(16)}
    d = {(i, j): (j + 16 * (i // 8), i % 8) for i in range(16) for j in range(16)}
    return a, b, d


def _mfma_per_wave(k, m: int, n: int, kk: int, av, bv, cv, maps=None):
    """D = A @ B + C for every wave, A / B / C gathered from the lanes'
    registers (av, bv: (lanes, elements) values) by the MFMA lane maps (or
    `maps`); the sum in A's type (f64 for floats, int64 for i8), D in C's."""
    a_map, b_map, d_map = maps or mfma_lane_maps(m, n, kk, k.wave)
    ai = np.array([[a_map[(i, x)] for x in range(kk)] for i in range(m)])   # m x k x (lane, elem)
    bi = np.array([[b_map[(x, j)] for j in range(n)] for x in range(kk)])
    di = np.array([[d_map[(i, j)] for j in range(n)] for i in range(m)])
    cv = np.asarray(cv)
    out = np.array(cv, copy=True)
    for w in range(0, k.n, k.wave):
        A = av[w + ai[..., 0], ai[..., 1]]
        B = bv[w + bi[..., 0], bi[..., 1]]
        C = cv[w + di[..., 0], di[..., 1]].astype(A.dtype)
        out[w + di[..., 0], di[..., 1]] = (A @ B + C).astype(out.dtype)
    return out


def _bf16_bits_to_f32(bits: np.ndarray) -> np.ndarray:
    """bf16 bit patterns (16-bit integers) as the f32 values they encode."""
    return (bits.astype(np.uint16).astype(np.uint32) << 16).view(np.float32)


_MFMA_8BIT = re.compile(r"\.(fp8|bf8)\.(fp8|bf8)$|\.i8$")


def _fnuz_table(ebits: int, mbits: int) -> np.ndarray:
    """CDNA3's FNUZ fp8 (e4m3fnuz bias 8, e5m2fnuz bias 16): no infinities,
    no negative zero, 0x80 the one NaN."""
    table = _minifloat_table(ebits, mbits, 1 << (ebits - 1), False, False)
    table[0x80] = np.nan
    return table


def _unpack_8bit(k, fmt: str, v) -> np.ndarray:
    """A lane's packed 8-bit operand (an i64 or 32-bit words) as its values:
    signed bytes for `i8`, `fp8` (e4m3) / `bf8` (e5m2) decoded in the OCP
    formats of CDNA4, the FNUZ ones on gfx942."""
    raw = np.ascontiguousarray(np.asarray(v).reshape(k.n, -1)).view(np.uint8).reshape(k.n, -1)
    if fmt == "i8":
        return raw.astype(np.int64)
    fnuz = getattr(k, "target", None) == "gfx942"
    name = {("fp8", False): "f8E4M3FN", ("bf8", False): "f8E5M2",
            ("fp8", True): "f8E4M3FNUZ", ("bf8", True): "f8E5M2FNUZ"}[fmt, fnuz]
    return _fp8_table(name)[raw]


def _mfma(k, op, mask):
    name = op.operation.name
    mm = _MFMA_NAME.match(name)
    av, bv, cv = (k.get(v) for v in op.operands[:3])
    m8 = _MFMA_8BIT.search(name)
    if mm and m8 and np.asarray(av).dtype.itemsize >= 4:
        # packed 8-bit operands: A's format is the first of the name's pair
        fa, fb = (m8.group(1), m8.group(2)) if m8.group(1) else ("i8", "i8")
        av, bv = _unpack_8bit(k, fa, av), _unpack_8bit(k, fb, bv)
    imms = [int(np.asarray(k.get(v)).reshape(-1)[0]) for v in op.operands[3:6]]
    m, n, kk = (int(x) for x in mm.groups()[1:]) if mm else (0, 0, 0)
    groups = k.wave // m if m else 0
    kpl = av.shape[1] if av.ndim == 2 else 1
    if not mm or m != n or m not in (16, 32) or kpl * groups != kk or any(imms):
        raise EmulatorError(f"{_loc(op)}: {name} is not emulated (single-block 16x16 / 32x32 MFMA "
                            f"without cbsz / abid / blgp only)")
    if not mask.all():
        raise EmulatorError(f"{_loc(op)}: {name} under a divergent exec mask (M11: all active lanes of a "
                            f"wave execute an MFMA uniformly)")
    if "bf16" in name and np.asarray(av).dtype.kind in "iu":  # the .1k forms take bf16 bits as i16
        av, bv = (_bf16_bits_to_f32(np.asarray(v)) for v in (av, bv))
    av = av.reshape(k.n, -1).astype(np.float64 if mm.group(1) != "i32" else np.int64)
    bv = bv.reshape(k.n, -1).astype(av.dtype)
    if av.dtype == np.int64:  # i8 operands are signed
        av, bv = np.where(av > 127, av - 256, av), np.where(bv > 127, bv - 256, bv)
    return _mfma_per_wave(k, m, n, kk, av, bv, cv)


def _int_attr(a) -> int:
    """An integer or boolean attribute's value (1 for any other: not a
    modifier the emulator leaves unset)."""
    for cls in (ir.BoolAttr, ir.IntegerAttr):
        try:
            return int(cls(a).value)
        except (ValueError, TypeError):
            pass
    return 1


_WMMA_NAME = re.compile(r"rocdl\.wmma\.(f32|i32)\.16x16x(\d+)\.(f32|f16|bf16|iu8|(?:fp8|bf8)_(?:fp8|bf8))$")


def _wmma(k, op, mask):
    """gfx1250's v_wmma_{f32,i32}_16x16x{4,32,64,128}_*: wave32, operands in
    the lane maps of wmma_lane_maps (8-bit ones packed in i32 words, K in
    groups of 8; f32's two values one group), exact products summed in
    f64 / int64."""
    name = op.operation.name
    mm = _WMMA_NAME.match(name)
    attrs = {n: _int_attr(op.attributes[n]) for n in op.attributes}
    flags = {n: v for n, v in attrs.items() if n in ("modC", "reuseA", "reuseB", "clamp")}
    if not mm or k.wave != 32 or any(flags.values()):
        raise EmulatorError(f"{_loc(op)}: {name} is not emulated (wave32 16x16 WMMA without modifiers only"
                            f"{'; the wave has ' + str(k.wave) + ' lanes' if k.wave != 32 else ''})")
    if not mask.all():
        raise EmulatorError(f"{_loc(op)}: {name} under a divergent exec mask (WMMA needs all lanes of "
                            f"the wave active)")
    kk, fmt = int(mm.group(2)), mm.group(3)
    av, bv, cv = (k.get(v) for v in op.operands[:3])
    if fmt == "iu8":
        signed = [bool(attrs.get(s, 0)) for s in ("signA", "signB")]
        av, bv = (_unpack_8bit(k, "i8", v) for v in (av, bv))
        av, bv = (np.where(x > 127, x - 256, x) if sg else x for x, sg in zip((av, bv), signed))
    elif "_" in fmt:
        fa, fb = fmt.split("_")
        av, bv = _unpack_8bit(k, fa, av), _unpack_8bit(k, fb, bv)
    av = np.asarray(av).reshape(k.n, -1).astype(np.int64 if fmt == "iu8" else np.float64)
    bv = np.asarray(bv).reshape(k.n, -1).astype(av.dtype)
    group = min(av.shape[1], 8)
    if av.shape[1] * 2 != kk:
        raise EmulatorError(f"{_loc(op)}: {name} takes {kk // 2} values of K per lane, got {av.shape[1]}")
    return _mfma_per_wave(k, 16, 16, kk, av, bv, cv, wmma_lane_maps(kk, group))


# The f8f6f4 formats of the scaled MFMAs (cbsz / blgp codes 0-4), OCP MX
# definitions: (exponent bits, mantissa bits, bias, IEEE-style inf / NaN in
# the top exponent, e4m3's all-ones NaN).
_F8F6F4 = {0: (4, 3, 7, False, True), 1: (5, 2, 15, True, False), 2: (2, 3, 1, False, False),
           3: (3, 2, 3, False, False), 4: (2, 1, 1, False, False)}


def _minifloat_table(ebits: int, mbits: int, bias: int, ieee: bool, fn_nan: bool) -> np.ndarray:
    """The value of every bit pattern of a sign / exponent / mantissa
    minifloat (subnormals at exponent 0)."""
    bits = 1 + ebits + mbits
    out = np.empty(1 << bits, np.float64)
    for code in range(1 << bits):
        sign = -1.0 if code >> (ebits + mbits) else 1.0
        e = (code >> mbits) & ((1 << ebits) - 1)
        m = code & ((1 << mbits) - 1)
        if ieee and e == (1 << ebits) - 1:
            v = np.inf if m == 0 else np.nan
        elif fn_nan and e == (1 << ebits) - 1 and m == (1 << mbits) - 1:
            v = np.nan
        elif e == 0:
            v = m / (1 << mbits) * 2.0 ** (1 - bias)
        else:
            v = (1 + m / (1 << mbits)) * 2.0 ** (e - bias)
        out[code] = sign * v
    return out


def _f8f6f4_values(words: np.ndarray, code: int) -> np.ndarray:
    """(lanes, words) i32 operand registers -> (lanes, 32) values: bytes of
    fp8, 6-bit fields of fp6 and nibbles of fp4, little-endian."""
    ebits, mbits = _F8F6F4[code][:2]
    width = 1 + ebits + mbits
    raw = np.ascontiguousarray(np.asarray(words).astype(np.uint32)).view(np.uint8).reshape(words.shape[0], -1)
    bits = np.unpackbits(raw, axis=1, bitorder="little")[:, :32 * width]
    codes = (bits.reshape(words.shape[0], 32, width).astype(np.int64) << np.arange(width)).sum(axis=2)
    return _minifloat_table(*_F8F6F4[code])[codes]


def _e8m0(x: np.ndarray, opsel: int) -> np.ndarray:
    """Byte `opsel` of each lane's scale register as 2^(e - 127) (255: NaN)."""
    e = (np.asarray(x).astype(np.int64) >> (8 * opsel)) & 0xFF
    return np.where(e == 255, np.nan, np.exp2(e.astype(np.float64) - 127))


_MFMA_SCALE_NAME = re.compile(r"rocdl\.mfma\.scale\.f32\.(\d+)x(\d+)x(\d+)\.f8f6f4$")


def _mfma_scale(k, op, mask):
    """gfx950's v_mfma_scale_f32_{16x16x128,32x32x64}_f8f6f4: each lane
    holds 32 consecutive K values of its row (A) / column (B) in the MFMA
    lane map, in the format cbsz (A) / blgp (B) names, and the E8M0
    scale of that 32-value block in byte opsel of its scale register; the
    products are exact and sum into f32."""
    name = op.operation.name
    mm = _MFMA_SCALE_NAME.match(name)
    av, bv, cv = (k.get(v) for v in op.operands[:3])
    imm = [int(np.asarray(k.get(v)).reshape(-1)[0]) for v in (op.operands[3], op.operands[4],
                                                              op.operands[5], op.operands[7])]
    if not mm or imm[0] not in _F8F6F4 or imm[1] not in _F8F6F4 or not 0 <= imm[2] < 4 or not 0 <= imm[3] < 4:
        raise EmulatorError(f"{_loc(op)}: {name} with cbsz/blgp {imm[:2]}, opsel {imm[2:]} is not emulated")
    if not mask.all():
        raise EmulatorError(f"{_loc(op)}: {name} under a divergent exec mask (M11: all active lanes of a "
                            f"wave execute an MFMA uniformly)")
    m, n, kk = (int(x) for x in mm.groups())
    a_vals = _f8f6f4_values(np.asarray(av).reshape(k.n, -1), imm[0])
    b_vals = _f8f6f4_values(np.asarray(bv).reshape(k.n, -1), imm[1])
    a_vals = a_vals * _e8m0(k.get(op.operands[6]), imm[2]).reshape(-1, 1)
    b_vals = b_vals * _e8m0(k.get(op.operands[8]), imm[3]).reshape(-1, 1)
    return _mfma_per_wave(k, m, n, kk, a_vals, b_vals, cv)


_WMMA_SCALE_NAME = re.compile(r"rocdl\.wmma\.scale\.f32\.16x16x128\.f8f6f4$")


def _wmma_scale(k, op, mask):
    """gfx1250's v_wmma_scale_f32_16x16x128_f8f6f4 (wave32): a lane holds
    64 values of its row (A) / column (B), 16 bytes at a time alternating
    between lanes 0-15 and 16-31 (16 fp8 values, 32 fp4 ones, in the
    format fmtA / fmtB names); the scale register of lane r (lanes 0-15,
    scale selector 0; lanes 16-31 with 1) holds the E8M0 scales of row /
    column r's four 32-value K blocks, block b in byte b. Products exact,
    sums in f32's place."""
    name = op.operation.name
    attrs = {n: _int_attr(op.attributes[n]) for n in op.attributes}
    fmt = (attrs.get("fmtA", 0), attrs.get("fmtB", 0))
    sel = (attrs.get("scaleAType", 0), attrs.get("scaleBType", 0))
    scale_fmt = (attrs.get("fmtScaleA", 0), attrs.get("fmtScaleB", 0))
    if (not _WMMA_SCALE_NAME.match(name) or k.wave != 32 or any(f not in (0, 1, 4) for f in fmt)
            or any(s not in (0, 1) for s in sel) or any(scale_fmt)
            or any(attrs.get(n, 0) for n in ("modC", "reuseA", "reuseB"))):
        raise EmulatorError(f"{_loc(op)}: {name} with formats {fmt}, scale selectors {sel} and scale formats "
                            f"{scale_fmt} is not emulated (wave32; fp8 / bf8 / fp4 operands, E8M0 scales, no "
                            f"modifiers)")
    if not mask.all():
        raise EmulatorError(f"{_loc(op)}: {name} under a divergent exec mask (WMMA needs all lanes of "
                            f"the wave active)")
    av, bv, cv, sa, sb = (k.get(v) for v in op.operands[:5])
    vals = []
    for words, f, scale, s in ((av, fmt[0], sa, sel[0]), (bv, fmt[1], sb, sel[1])):
        words = np.asarray(words).reshape(k.n, -1)
        # _f8f6f4_values decodes 32 values per call from its words
        per32 = {0: 8, 1: 8, 4: 4}[f]
        if words.shape[1] != 2 * per32:
            raise EmulatorError(f"{_loc(op)}: {name} takes {2 * per32} words per lane for format {f}, "
                                f"got {words.shape[1]}")
        v = np.concatenate([_f8f6f4_values(words[:, i:i + per32], f) for i in range(0, 2 * per32, per32)],
                           axis=1)
        group = 16 if f in (0, 1) else 32
        maps = wmma_lane_maps(128, group)
        # each value's K block scaled by its row's (column's) byte
        lane, e = np.arange(32)[:, None], np.arange(64)[None, :]
        block = ((2 * (e // group) + lane // 16) * group + e % group) // 32
        src = np.asarray(scale).astype(np.int64).reshape(-1, 32)  # (waves, lanes)
        owner = src[:, 16 * s + lane % 16]  # (waves, 32, 1): the row's scale register
        v = v.reshape(-1, 32, 64) * _e8m0(owner >> (8 * block), 0)
        vals.append((v.reshape(k.n, 64), maps))
    (a_vals, (a_map, _, d_map)), (b_vals, (_, b_map, _)) = vals
    return _mfma_per_wave(k, 16, 16, 128, a_vals, b_vals, cv, (a_map, b_map, d_map))


def _identity_none(k, op, mask):
    return None


def _inline_asm(k, op, mask):
    """Register-class constraints (amd_register_resident, the scheduled-MFMA
    pins, amd_mfma_commit): asm text of comments only, every output tied to
    an input ("=a,=v,0,1"), so each output is its input unchanged; and the
    shared-memory barrier of the CDNA lowering."""
    text = str(op.attributes["asm_string"]).strip('"')
    constraints = str(op.attributes["constraints"]).strip('"').split(",")
    outputs = [c for c in constraints if c.startswith("=")]
    tied = constraints[len(outputs):]
    lines = [ln.strip() for ln in text.replace("\\0A", "\n").replace("\\09", " ").split("\n")]
    # The shared-memory barrier (`s_waitcnt lgkmcnt(0); s_barrier`): the
    # waves run in lockstep, every access is done before the next op.
    if not op.operands and not outputs and lines == ["s_waitcnt lgkmcnt(0)", "s_barrier"]:
        return None
    if any(ln and not ln.startswith(";") for ln in lines) or len(tied) != len(outputs) or \
            tied != [str(i) for i in range(len(outputs))]:
        raise EmulatorError(f"{_loc(op)}: inline asm {text!r} ({','.join(constraints)}) is not emulated "
                            f"(only register-class constraints: comments with tied outputs)")
    values = [k.get(v) for v in op.operands]
    if len(values) == 1:
        return values[0]
    k.structs[op.results[0]] = [np.array(v) for v in values]
    return None


def _intrinsic(fn):
    def run(k, op, mask):
        args = [k.get(v) for v in op.operands]
        ty = _ty(op.results[0].type)
        with np.errstate(all="ignore"):
            r = fn(*args)
        return _typed(np.asarray(r), ty)
    return run


def _call_intrinsic(k, op, mask):
    name = str(op.attributes["intrin"]).strip('"')
    if name.startswith("llvm.amdgcn.raw.ptr.buffer.atomic."):
        return _buffer_atomic(k, op, mask)
    if name == "llvm.amdgcn.ds.load.tr16.b128":
        return _ds_load_tr16_b128(k, op, mask)
    if name == "llvm.amdgcn.ds.load.tr8.b64":
        return _ds_load_tr8_b64(k, op, mask)
    if name == "llvm.amdgcn.dispatch.ptr":
        return np.uint64(k.mem.dispatch_address)
    if name == "llvm.amdgcn.rsq.f32":
        return _intrinsic(_rsq)(k, op, mask)
    if name == "llvm.amdgcn.sqrt.f32":  # v_sqrt_f32 (1 ulp): modelled exactly
        return _intrinsic(np.sqrt)(k, op, mask)
    base = name.split(".")[1] if name.startswith("llvm.") else name
    table = {"roundeven": np.rint, "trunc": np.trunc, "floor": np.floor, "ceil": np.ceil,
             "fabs": np.abs, "sqrt": np.sqrt, "exp2": np.exp2}
    if base == "amdgcn" or base not in table:
        raise EmulatorError(f"{_loc(op)}: intrinsic {name} is not emulated")
    return _intrinsic(table[base])(k, op, mask)


def _rsq(x):
    return 1.0 / np.sqrt(x)


_OPS = {
    "llvm.mlir.constant": _constant,
    "llvm.mlir.poison": _poison,
    "llvm.mlir.undef": _poison,
    "llvm.mlir.zero": _poison,
    "llvm.mlir.addressof": _addressof,
    "llvm.add": _binary(np.add), "llvm.sub": _binary(np.subtract), "llvm.mul": _binary(np.multiply),
    "llvm.and": _binary(np.bitwise_and), "llvm.or": _binary(np.bitwise_or), "llvm.xor": _binary(np.bitwise_xor),
    "llvm.udiv": _binary(np.floor_divide), "llvm.urem": _binary(np.remainder),
    "llvm.sdiv": _binary(lambda a, b: np.trunc(a / b).astype(a.dtype), signed=True),
    "llvm.srem": _binary(np.fmod, signed=True),
    "llvm.shl": _shift("shl"), "llvm.lshr": _shift("lshr"), "llvm.ashr": _shift("ashr"),
    "llvm.fadd": _binary(np.add), "llvm.fsub": _binary(np.subtract), "llvm.fmul": _binary(np.multiply),
    "llvm.fdiv": _binary(np.divide), "llvm.frem": _binary(np.fmod),
    "llvm.fneg": lambda k, op, m: -k.get(op.operands[0]),
    "llvm.icmp": _icmp, "llvm.fcmp": _fcmp, "llvm.select": _select,
    "llvm.bitcast": _cast, "llvm.zext": _cast, "llvm.sext": _cast, "llvm.trunc": _cast,
    "llvm.fpext": _cast, "llvm.fptrunc": _cast, "llvm.sitofp": _cast, "llvm.uitofp": _cast,
    "llvm.fptosi": _cast, "llvm.fptoui": _cast, "llvm.ptrtoint": _cast, "llvm.inttoptr": _cast,
    "llvm.insertelement": _insertelement, "llvm.extractelement": _extractelement,
    "llvm.shufflevector": _shufflevector,
    "llvm.getelementptr": _gep, "llvm.load": _load, "llvm.store": _store,
    "llvm.atomicrmw": _atomicrmw, "llvm.cmpxchg": _cmpxchg, "llvm.extractvalue": _extractvalue,
    "llvm.intr.masked.load": _masked_load, "llvm.intr.masked.store": _masked_store,
    "llvm.intr.maxnum": _intrinsic(np.fmax), "llvm.intr.minnum": _intrinsic(np.fmin),
    "llvm.intr.log2": _intrinsic(np.log2),
    "llvm.intr.maximum": _intrinsic(np.maximum), "llvm.intr.minimum": _intrinsic(np.minimum),
    "llvm.intr.fabs": _intrinsic(np.abs), "llvm.intr.fma": _intrinsic(_fused_multiply_add),
    "llvm.intr.exp2": _intrinsic(np.exp2), "llvm.intr.sqrt": _intrinsic(np.sqrt),
    "llvm.intr.sin": _intrinsic(np.sin), "llvm.intr.cos": _intrinsic(np.cos),
    "llvm.intr.smax": _binary(np.maximum, signed=True), "llvm.intr.smin": _binary(np.minimum, signed=True),
    "llvm.intr.umax": _binary(np.maximum), "llvm.intr.umin": _binary(np.minimum),
    "llvm.call_intrinsic": _call_intrinsic,
    "rocdl.workitem.id.x": _workitem(0), "rocdl.workitem.id.y": _workitem(1), "rocdl.workitem.id.z": _workitem(2),
    "rocdl.workgroup.id.x": _workgroup(0), "rocdl.workgroup.id.y": _workgroup(1),
    "rocdl.workgroup.id.z": _workgroup(2),
    "rocdl.readfirstlane": _readfirstlane, "rocdl.ballot": _ballot,
    "rocdl.make.buffer.rsrc": _make_rsrc,
    "rocdl.raw.ptr.buffer.load": lambda k, op, m: _buffer_access(k, op, m, False),
    "rocdl.raw.ptr.buffer.store": lambda k, op, m: _buffer_access(k, op, m, True),
    "rocdl.raw.ptr.buffer.load.lds": _buffer_load_lds,
    "rocdl.raw.ptr.buffer.atomic.fadd": _buffer_atomic, "rocdl.raw.ptr.buffer.atomic.fmax": _buffer_atomic,
    "rocdl.raw.ptr.buffer.atomic.smax": _buffer_atomic, "rocdl.raw.ptr.buffer.atomic.umin": _buffer_atomic,
    "rocdl.ds.read.tr16.b64": _ds_read_tr16, "rocdl.ds_bpermute": _bpermute, "rocdl.ds_swizzle": _swizzle, "rocdl.update.dpp": _update_dpp,
    "rocdl.s.barrier": _identity_none, "rocdl.barrier": _identity_none, "rocdl.sched.barrier": _identity_none,
    "rocdl.s.setprio": _identity_none,
    "rocdl.s.waitcnt": _identity_none, "llvm.fence": _identity_none,
    "llvm.freeze": lambda k, op, m: k.get(op.operands[0]), "llvm.intr.assume": _identity_none,
    "llvm.inline_asm": _inline_asm,
}


# ---------------------------------------------------------------------------
# Entry point
# ---------------------------------------------------------------------------


def _find_kernel(module, name: Optional[str]):
    found = []

    def walk(op):
        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    if inner.operation.name == "llvm.func" and "gpu.kernel" in inner.attributes:
                        found.append(inner)
                    walk(inner.operation)
    walk(module.operation)
    if name is not None:
        found = [f for f in found if str(f.attributes["sym_name"]).strip('"') == name]
    if len(found) != 1:
        raise EmulatorError(f"expected one lowered kernel{f' named {name}' if name else ''}, found {len(found)} "
                            f"(give the module after tlxamd-to-llvm for an AMD target)")
    return found[0]


def _global_bytes(ty: ir.Type) -> int:
    """Bytes of a global's type: a scalar or vector, or an !llvm.array of
    them (which has no Python class: its count and element come from its
    spelling, `!llvm.array<N x T>`)."""
    text = str(ty)
    if text.startswith("!llvm.array<"):
        count, elem = text[len("!llvm.array<"):-1].split(" x ", 1)
        return int(count) * _global_bytes(ir.Type.parse(elem, ty.context))
    return _ty(ty).bytes


def _lds_globals(module) -> Tuple[Dict[str, int], int]:
    offsets, size = {}, 0

    def walk(op):
        nonlocal size
        for region in op.regions:
            for block in region.blocks:
                for g in block.operations:
                    if g.operation.name == "llvm.mlir.global" and int(str(_attr(g, "addr_space") or 0).split(":")[0]) == 3:
                        ty = ir.TypeAttr(g.attributes["global_type"]).value
                        nbytes = _global_bytes(ty)
                        size = (size + 15) // 16 * 16
                        offsets[str(g.attributes["sym_name"]).strip('"')] = size
                        size += nbytes
                    walk(g.operation)
    walk(module.operation)
    return offsets, size


class Pointer:
    """A pointer argument `offset` bytes into `array` (a numpy array or CPU
    torch tensor): e.g. a base address that is not 16-byte aligned. A plain
    array argument is its buffer's first byte, 256-byte aligned."""

    def __init__(self, array, offset: int = 0):
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise ValueError(f"a pointer's offset is a non-negative int of bytes, got {offset!r}")
        self.array, self.offset = array, offset


def _sanitized_args(func, params, args) -> Tuple[list, Optional[dict], Optional[np.ndarray]]:
    """A sanitized kernel called with its own arguments: the promises
    checked, the violation ring added (None without a sanitizer)."""
    if "tlxamd.violations_arg" not in func.attributes or len(args) != len(params) - 1:
        return list(args), None, None
    from . import contracts
    from .compiler import _sanitizer_info

    info = _sanitizer_info(func)
    name = str(func.attributes["sym_name"]).strip('"')
    pointers = [i for i, p in enumerate(params) if _ty(p.type).kind == "ptr"]
    contracts.check_arguments(name, info, args, pointers, lambda a: a.offset if isinstance(a, Pointer) else 0)
    ring = np.array(contracts.ring_words(), np.uint32)
    args = list(args)
    args.insert(info["arg"], ring)
    return args, info, ring


# Float element types by the name numpy / torch give them.
_FLOAT_NAMES = {"float16": "f16", "float32": "f32", "float64": "f64", "bfloat16": "bf16",
                "float8_e4m3fn": "f8E4M3FN", "float8_e5m2": "f8E5M2", "float8_e4m3fnuz": "f8E4M3FNUZ",
                "float8_e5m2fnuz": "f8E5M2FNUZ"}


def _pointee_bytes(pointee: str) -> Optional[int]:
    """Bytes of one element of an MLIR element type name; None below a byte."""
    if pointee.startswith("f8"):
        return 1
    m = re.fullmatch(r"(?:i|f|bf)(\d+)", pointee)
    if not m:
        return None
    bits = int(m.group(1))
    return 1 if bits == 1 else (bits // 8 if bits >= 8 else None)


def _check_pointee(a, pointee: Optional[str], where: str) -> None:
    """A pointer argument's array holds the kernel's element type: a float
    array exactly that float type, any other array (raw bits) elements of
    its size; an array of another type is an error, never reinterpreted."""
    if pointee is None:
        return
    array = a.array if isinstance(a, Pointer) else a
    dtype = getattr(array, "dtype", None)
    if dtype is None:
        return
    name = str(dtype).replace("torch.", "")
    size = dtype.itemsize
    want = _pointee_bytes(pointee)
    is_float = name in _FLOAT_NAMES or getattr(dtype, "kind", "") == "f"
    raw_bits = not is_float and (getattr(dtype, "kind", "") in ("i", "u", "b") or
                                 name.startswith(("int", "uint", "bool")))
    if (is_float and _FLOAT_NAMES.get(name) != pointee or not is_float and not raw_bits
            or want is not None and size != want):
        raise TypeError(f"{where} points to {pointee} elements; got an array of {name} "
                        f"(pass {pointee} data, or its raw bits as {want or '?'}-byte integers)")


def _host_bytes(a) -> np.ndarray:
    """The bytes of a pointer argument, sharing its memory: a contiguous
    numpy array or CPU torch tensor (any dtype: bf16 and fp8 included)."""
    if type(a).__module__.startswith("torch"):
        if getattr(a, "device", None) is None or a.device.type != "cpu":
            raise TypeError(f"pointer arguments must be CPU tensors, got one on {getattr(a, 'device', None)}")
        if not a.is_contiguous():
            raise TypeError("pointer arguments must be contiguous")
        import torch

        a = a.detach().reshape(-1).view(torch.uint8).numpy()
    if not isinstance(a, np.ndarray) or not a.flags.c_contiguous:
        raise TypeError("pointer arguments must be contiguous numpy arrays or CPU tensors")
    return a


def _lowered_module(kernel):
    """The lowered module of a tlxamd.compiler result (parsed), or `kernel`
    itself."""
    from .language.core import _default_context

    if hasattr(kernel, "mlir") and hasattr(kernel, "is_amd"):
        if not kernel.is_amd:
            raise EmulatorError("the emulator runs kernels compiled for AMD targets")
        with _default_context():
            return ir.Module.parse(kernel.mlir)
    if not isinstance(kernel, ir.Module):
        raise TypeError(f"the emulator runs a kernel compiled for an AMD target (tlxamd.compiler.compile) or "
                        f"a lowered ir.Module, got {type(kernel).__name__}")
    return kernel


def _wave_size(kernel, func, wave: Optional[int]) -> int:
    """Lanes per wave: the compiled kernel's target's, the lowered
    function's `rocdl.wavefront_size` if it has one, else `wave` (64 when
    nothing says)."""
    from . import targets

    known = None
    target = getattr(kernel, "target", None)
    if isinstance(target, str) and target in targets.names():
        known = targets.get(target)["warp_size"]
    elif "rocdl.wavefront_size" in func.attributes:
        known = _ints(func.attributes["rocdl.wavefront_size"])[0]
    if wave is not None:
        if isinstance(wave, bool) or not isinstance(wave, int) or wave not in (32, 64):
            raise ValueError(f"wave is 32 or 64 lanes, got {wave!r}")
        if known is not None and wave != known:
            raise ValueError(f"the kernel was compiled for waves of {known} lanes, not {wave}")
        return wave
    return known or 64


def run(kernel, grid: Sequence[int], *args, name: Optional[str] = None, wave: Optional[int] = None,
        trace: bool = False, trace_wave: int = 0, trace_file=None) -> None:
    """Run `kernel` (a tlxamd.compiler result for an AMD target, or a module
    lowered by tlxamd-to-llvm) over `grid` programs. Array arguments (numpy
    arrays, CPU torch tensors) are the kernel's pointer arguments and are
    updated in place (`Pointer(array, offset)`: `offset` bytes into it);
    Python ints and floats are its scalar arguments. A kernel compiled with
    `sanitize=True` takes its own arguments: the promises are checked, the
    violation ring is added and `tlxamd.contracts.ContractViolation` is
    raised after the run when a check failed.
    `trace=True` prints every op of the first workgroup with the values of
    the first lanes of wave `trace_wave` (to `trace_file`, default stdout).
    `wave` (lanes per wave) comes from the kernel's target; give it only for
    a lowered module that does not say."""
    module = _lowered_module(kernel)
    func = _find_kernel(module, name)
    wave = _wave_size(kernel, func, wave)
    size = _attr(func, "rocdl.reqd_work_group_size") or _attr(func, "gpu.known_block_size")
    threads = _ints(size)[0] if size is not None else None
    if not threads:
        raise EmulatorError("the kernel has no workgroup size (rocdl.reqd_work_group_size)")
    grid = _launch.normalize_grid(grid, f"kernel {str(func.attributes['sym_name']).strip(chr(34))}")
    params = list(func.regions[0].blocks[0].arguments)
    args, sanitizer, ring = _sanitized_args(func, params, args)
    if len(args) != len(params):
        raise TypeError(f"the kernel takes {len(params)} arguments, got {len(args)}")
    buffers, values = [], []
    pointee = _kernel_pointees(kernel, func, len(params))
    for i, (p, a) in enumerate(zip(params, args)):
        ty = _ty(p.type)
        if ty.kind == "ptr":
            _check_pointee(a, pointee[i], f"argument {i}")
            offset = a.offset if isinstance(a, Pointer) else 0
            buffers.append(_host_bytes(a.array if isinstance(a, Pointer) else a))
            values.append(np.uint64((len(buffers) << _REGION_BITS) + offset))
        else:
            where = f"argument {len(values)}"
            kind = ("i" + str(ty.bits)) if ty.kind in ("i", "u") else {"bf": "bf16"}.get(ty.kind, f"f{ty.bits}")
            _launch.check_scalar(a, kind, where)
            values.append(_typed(np.array(a), ty))
    lds_offsets, lds_bytes = _lds_globals(module)
    # workgroup_size_{x,y,z} (u16) at byte 4, grid_size_{x,y,z} (u32, in
    # work-items) at byte 12
    packet = np.zeros(64, np.uint8)
    packet[4:10] = np.array([threads, 1, 1], np.uint16).view(np.uint8)
    packet[12:24] = np.array([grid[0] * threads, grid[1], grid[2]], np.uint32).view(np.uint8)
    mem = _Memory(buffers, lds_bytes, packet)
    try:
        for z in range(grid[2]):
            for y in range(grid[1]):
                for x in range(grid[0]):
                    mem.lds[:] = 0
                    traced = trace_wave if trace and (x, y, z) == (0, 0, 0) else None
                    kern = _Kernel(func, threads, wave, mem, values, lds_offsets, (x, y, z), traced, trace_file)
                    kern.target = getattr(kernel, "target", None)  # CDNA3's fp8 formats differ
                    kern.run()
    except EmulatorError as e:
        # what the sanitizer recorded before the emulator stopped (an MFMA
        # under a partial exec mask after its M11 check) is the report
        if sanitizer is None or not ring[0]:
            raise
        raise _sanitizer_report(func, ring, sanitizer) from e
    if sanitizer is not None and ring[0]:
        raise _sanitizer_report(func, ring, sanitizer)


def _kernel_pointees(kernel, func, count: int) -> List[Optional[str]]:
    """The compiled kernel's pointer arguments' element types (None where
    not known: a lowered module run as it is)."""
    name = str(func.attributes["sym_name"]).strip('"')
    info = getattr(kernel, "kernels", None)
    pointee = info.get(name, {}).get("pointee") if isinstance(info, dict) else None
    return list(pointee) if isinstance(pointee, list) and len(pointee) == count else [None] * count


def _sanitizer_report(func, ring: np.ndarray, sanitizer: dict):
    from . import contracts

    return contracts.violations(str(func.attributes["sym_name"]).strip('"'), [int(w) for w in ring],
                                sanitizer["sites"])


class EmulatedKernel:
    """A kernel launched like a `tlxamd.runtime` kernel, `k[grid](*args)`,
    executed by the emulator."""

    def __init__(self, kernel, name: Optional[str] = None):
        _lowered_module(kernel)  # an AMD kernel, or a clear error now
        self.kernel, self.name = kernel, name

    def __getitem__(self, grid):
        grid = _launch.normalize_grid(grid, "kernel")
        return lambda *args: run(self.kernel, grid, *args, name=self.name)


def load(kernel, name: Optional[str] = None) -> EmulatedKernel:
    """`kernel` (an AMD tlxamd.compiler result or a lowered module) as an
    object launched with `k[grid](*args)`."""
    return EmulatedKernel(kernel, name)
