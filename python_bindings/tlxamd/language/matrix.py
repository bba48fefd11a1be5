"""Matrix multiply: `tl.dot(a, b, acc=None, out_dtype=tl.float32)` on the
matrix engines. With explicit layouts (Gluon style) the operands carry
`dot_operand_layout(0 / 1, parent, k_width)` of the accumulator's
`amd_mfma_layout`, which names the instruction; the dialect verifies the
combination and the target's capability table the instruction."""

from __future__ import annotations

from .. import ir
from ..dialects import tlxamd as _ops
from ..layouts import layout_from_attr
from .core import _cast, _located, _to_tensor, dtype, float32, float64, int8, int32, tensor, zeros

__all__ = ["dot"]


def _dot_parent(x: tensor):
    """The parent (accumulator) layout of a dot-operand tensor, else None."""
    text = str(x._encoding) if x._encoding is not None else ""
    key = "#tlxamd.dot_operand<{op_idx = "
    if not text.startswith(key):
        return None
    start = text.index("parent = ") + len("parent = ")
    depth = 0
    for i in range(start, len(text)):
        depth += {"<": 1, "{": 1, "[": 1, ">": -1, "}": -1, "]": -1}.get(text[i], 0)
        if depth == 0 and text[i] == ",":
            return layout_from_attr(ir.Attribute.parse(text[start:i]))
    return None


def dot(a, b, acc=None, out_dtype: dtype = float32) -> tensor:
    """`a @ b + acc` (`acc` zero when omitted) for `a` M x K and `b` K x N,
    accumulated in `out_dtype` (f32 for floats, int32 for int8 operands)."""
    a, b = _to_tensor(a), _to_tensor(b)
    if len(a.shape) != 2 or len(b.shape) != 2:
        raise ValueError(f"dot multiplies matrices (rank 2), got shapes {a.shape} and {b.shape}")
    if a.shape[1] != b.shape[0]:
        raise ValueError(f"dot of {list(a.shape)} and {list(b.shape)}: K differs ({a.shape[1]} vs {b.shape[0]})")
    if a.dtype != b.dtype:
        raise TypeError(f"dot operands have different dtypes, {a.dtype.name} and {b.dtype.name}")
    if not isinstance(out_dtype, dtype):
        raise TypeError(f"out_dtype must be a dtype, got {out_dtype!r}")
    want = int32 if a.dtype is int8 else (float64 if a.dtype is float64 else float32)
    if out_dtype != want:
        raise TypeError(f"dot of {a.dtype.name} operands accumulates in {want.name}, got out_dtype={out_dtype.name}")
    shape = (a.shape[0], b.shape[1])
    parent = _dot_parent(a)
    if acc is None:
        c = zeros(list(shape), out_dtype, parent)
    else:
        c = _to_tensor(acc, ty=out_dtype)
        if c.shape != shape:
            raise ValueError(f"acc shape {c.shape} differs from the product's {shape}")
        c = _cast(c, out_dtype)
    return tensor(_ops.dot(a.handle, b.handle, c.handle))


dot = _located(dot)
