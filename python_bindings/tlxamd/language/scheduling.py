"""Explicit MFMA scheduling and register classes (the TLX tensor-core reference, AMD half):
`amd_scheduled_mfma`, `amd_mfma_commit`, `amd_register_resident`,
`amd_register_class_anchor`, `amd_sched_barrier`, `extract_slice` and
`rematerialized_range`, with the document's keywords and defaults. The
dialect verifies the contracts (rules M1-M19); the arguments are checked
here so misuse is a clear Python error."""

from __future__ import annotations

from typing import Optional

from .. import ir
from ..dialects import tlxamd as _ops
from ..layouts import Layout
from .core import _builder, _located, _to_tensor, kernel_context, tensor

__all__ = [
    "amd_scheduled_mfma",
    "amd_mfma_commit",
    "amd_register_resident",
    "amd_register_class_anchor",
    "amd_sched_barrier",
    "amd_set_priority",
    "extract_slice",
    "rematerialized_range",
]

_REGISTER_CLASSES = ("agpr", "vgpr")


def _tensor_arg(x, name: str, op: str) -> tensor:
    if not isinstance(x, tensor) or x.is_scalar:
        raise TypeError(f"{op} {name} must be a tensor, got {x!r}")
    return x


def _choice(value, choices, name: str, op: str, allow_none: bool = False):
    if value is None and allow_none:
        return None
    if not isinstance(value, str) or value not in choices:
        allowed = ", ".join(repr(c) for c in choices) + (" or None" if allow_none else "")
        raise ValueError(f"{op} {name} must be one of {allowed}, got {value!r}")
    return value


def _int_arg(value, name: str, op: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{op} {name} must be an int, got {value!r}")
    return value


def amd_scheduled_mfma(a, b, acc, accumulator_role="transient", resident_operand=None,
                       accumulator_register_class=None, initialize=False) -> tensor:
    """`acc + a @ b` (`a @ b` with `initialize=True`) over the whole passed
    tile as native MFMA chains, updated in K-major, N-major, M-minor order."""
    op = "amd_scheduled_mfma"
    a, b, acc = (_tensor_arg(x, n, op) for x, n in ((a, "a"), (b, "b"), (acc, "acc")))
    role = _choice(accumulator_role, ("transient", "persistent"), "accumulator_role", op)
    resident = _choice(resident_operand, ("a", "b"), "resident_operand", op, allow_none=True)
    cls = _choice(accumulator_register_class, _REGISTER_CLASSES, "accumulator_register_class", op,
                  allow_none=True)
    if not isinstance(initialize, bool):
        raise TypeError(f"{op} initialize must be a bool, got {initialize!r}")
    return tensor(_ops.amd_scheduled_mfma(a.handle, b.handle, acc.handle, accumulator_role=role,
                                          resident_operand=resident, accumulator_register_class=cls,
                                          initialize=initialize or None))


def amd_mfma_commit(value, preserve=None):
    """The MFMA result-readiness boundary: `committed = amd_mfma_commit(acc)`,
    a tuple for a tuple of subtiles, and `committed, live` with `preserve`."""
    op = "amd_mfma_commit"
    is_tuple = isinstance(value, (tuple, list))
    values = list(value) if is_tuple else [value]
    if not values:
        raise ValueError(f"{op} needs one F32 MFMA result or a nonempty tuple of them")
    values = [_tensor_arg(v, "value", op) for v in values]
    if preserve is not None:
        preserve = _tensor_arg(preserve, "preserve", op)
    results = _ops.amd_mfma_commit([v.handle for v in values],
                                   preserve=None if preserve is None else preserve.handle)
    if isinstance(results, ir.Value):
        results = [results]
    out = [tensor(r) for r in results]
    committed = tuple(out[:len(values)]) if is_tuple else out[0]
    return (committed, out[-1]) if preserve is not None else committed


def amd_register_resident(value, register_class="agpr", registers_per_group=1) -> tensor:
    """`value` unchanged, every group of `registers_per_group` consecutive
    32-bit registers in `register_class` at one allocator-visible point."""
    op = "amd_register_resident"
    value = _tensor_arg(value, "value", op)
    cls = _choice(register_class, _REGISTER_CLASSES, "register_class", op)
    r = _int_arg(registers_per_group, "registers_per_group", op)
    if r not in (1, 2, 4, 8, 16, 32):
        raise ValueError(f"{op} registers_per_group must be one of 1, 2, 4, 8, 16, 32, got {r}")
    return tensor(_ops.amd_register_resident(value.handle, cls, registers_per_group=r))


def amd_register_class_anchor(value, register_class="vgpr") -> tensor:
    """`value` unchanged, each packed 32-bit register through its own tied
    `register_class` constraint."""
    op = "amd_register_class_anchor"
    value = _tensor_arg(value, "value", op)
    cls = _choice(register_class, _REGISTER_CLASSES, "register_class", op)
    return tensor(_ops.amd_register_class_anchor(value.handle, register_class=cls))


def amd_sched_barrier(mask) -> None:
    """A scheduling boundary: `mask` (LLVM's) names the instruction classes
    allowed to cross; 0 lets none cross."""
    _builder()
    mask = _int_arg(mask, "mask", "amd_sched_barrier")
    if not 0 <= mask < (1 << 32):
        raise ValueError(f"amd_sched_barrier mask must fit in 32 bits, got {mask}")
    _ops.amd_sched_barrier(ir.IntegerAttr.get(ir.IntegerType.get_signless(32), mask))


def amd_set_priority(priority) -> None:
    """The wave's issue priority from here on (`s_setprio`, 0 ... 3)."""
    _builder()
    priority = _int_arg(priority, "priority", "amd_set_priority")
    if not 0 <= priority <= 3:
        raise ValueError(f"amd_set_priority priority must be in [0, 3], got {priority}")
    _ops.amd_set_priority(ir.IntegerAttr.get(ir.IntegerType.get_signless(32), priority))


class warp_pipeline_stage(kernel_context):
    """TLX's `with tlx.warp_pipeline_stage(name, priority=p):` (AMD): in a
    loop whose body is two or more such stages, the stages run as a
    ping-pong between the two halves of the program's waves (the upper half
    one stage behind, a workgroup barrier between stages, each stage at
    issue priority `p`: `s_setprio`). Only pure code and
    `async_load_wait_group` may stand between stages; the compiler checks
    that the shift of the halves is safe for the loop's shared-memory
    buffers (W10-W12)."""

    def __init__(self, name, priority=0):
        name = getattr(name, "value", name)
        if not isinstance(name, str) or not name:
            raise TypeError(f"warp_pipeline_stage needs a stage name (a string), got {name!r}")
        self.name = name
        self.priority = _int_arg(priority, "priority", "warp_pipeline_stage")
        if not 0 <= self.priority <= 3:
            raise ValueError(f"warp_pipeline_stage priority must be in [0, 3], got {self.priority}")

    def __enter__(self):
        _builder()
        _ops.amd_warp_pipeline_stage(self.name, ir.IntegerAttr.get(ir.IntegerType.get_signless(32), self.priority))
        return None

    def __exit__(self, *exc):
        _ops.amd_warp_pipeline_stage_end()
        return False


def extract_slice(x, shape, offsets) -> tensor:
    """`x[offsets[d] : offsets[d] + shape[d]]`, an aligned register fragment
    selected without moving values across lanes or warps (same layout)."""
    op = "extract_slice"
    x = _tensor_arg(_to_tensor(x), "x", op)
    shape = [_int_arg(s, "shape", op) for s in shape]
    offsets = [_int_arg(o, "offsets", op) for o in offsets]
    if len(shape) != len(x.shape) or len(offsets) != len(x.shape):
        raise ValueError(f"{op} needs one extent and one offset per dimension of a rank-{len(x.shape)} tensor, "
                         f"got shape {shape} and offsets {offsets}")
    for d, (s, o, e) in enumerate(zip(shape, offsets, x.shape)):
        if s <= 0 or s & (s - 1):
            raise ValueError(f"{op} extent {s} of dimension {d} is not a positive power of two")
        if o < 0 or o + s > e:
            raise ValueError(f"{op} slice [{o}, {o + s}) of dimension {d} is outside the extent {e}")
    t = ir.RankedTensorType.get(shape, x.dtype.to_ir(), x._encoding)
    return tensor(_ops.extract_slice(t, x.handle, offsets))


def rematerialized_range(start: int, end: int, layout: Optional[Layout] = None) -> tensor:
    """`tl.arange(start, end, layout)` recreated right before each use."""
    _builder()
    from .core import arange

    r = arange(start, end, layout)
    r.handle.owner.attributes["rematerialize"] = ir.UnitAttr.get()
    return r


for _name in __all__:
    globals()[_name] = _located(globals()[_name])
__all__.append("warp_pipeline_stage")
del _name
