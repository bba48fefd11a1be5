"""Reductions along an axis: `tl.reduce(x, axis, combine_fn)`, `tl.sum`,
`tl.max`, `tl.min`, `tl.argmax`, `tl.argmin`, `tl.xor_sum` (one
`tlxamd.reduce` each; its combine region is built from the Python function).

As in Triton: reducing a rank-1 tensor gives a scalar, `axis=None` reduces
every dimension, `keep_dims=True` keeps the reduced dimension with extent 1,
`tl.sum` of integers narrower than 32 bits accumulates in 32 bits. The
result of a tensor with a layout has the slice of that layout along `axis`.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence, Tuple

from .. import ir
from ..dialects import arith
from ..dialects import tlxamd as _ops
from .core import (
    _builder,
    _cast,
    _check_dtype,
    _located,
    _splat,
    _to_tensor,
    arange,
    broadcast_to,
    dtype,
    expand_dims,
    int1,
    int32,
    layout_from_attr,
    slice_layout,
    tensor,
    where,
)


def _result_type(x: tensor, axis: int) -> ir.Type:
    elem = x.handle.type.element_type
    if len(x.shape) == 1:
        return elem
    shape = list(x.shape)
    del shape[axis]
    enc = x._encoding
    if enc is None:
        return ir.RankedTensorType.get(shape, elem)
    layout = ir.Attribute.parse(f"#tlxamd.slice<{{dim = {axis}, parent = {enc}}}>")
    return ir.RankedTensorType.get(shape, elem, layout)


def _call_combine(fn: Callable, args: Sequence[tensor]):
    from .frontend import jit  # the frontend imports this module's users

    if isinstance(fn, jit):
        return fn._inline_call(*args)
    return fn(*args)


def _check_axis(x: tensor, axis, what: str) -> int:
    if x.is_scalar:
        raise ValueError(f"{what} needs a tensor, got a scalar")
    rank = len(x.shape)
    if not isinstance(axis, int) or isinstance(axis, bool) or not -rank <= axis < rank:
        raise ValueError(f"{what} axis must be an int in {-rank}..{rank - 1} for a rank-{rank} tensor, "
                         f"got {axis!r}")
    return axis % rank


def _reduce_axis(inputs: Tuple[tensor, ...], axis: int, combine_fn: Callable, what: str) -> Tuple[tensor, ...]:
    n = len(inputs)
    elems = [x.handle.type.element_type for x in inputs]
    op = _ops.ReduceOp([_result_type(x, axis) for x in inputs], [x.handle for x in inputs], axis)
    block = op.regions[0].blocks.append(*(elems + elems))
    with ir.InsertionPoint(block):
        args = [tensor(a) for a in block.arguments]
        out = _call_combine(combine_fn, args)
        if not isinstance(out, (tuple, list)):
            out = (out,)
        if len(out) != n:
            raise TypeError(f"{what}: the combine function must return {n} value(s), one per input, "
                            f"got {len(out)}")
        values = []
        for i, (v, x) in enumerate(zip(out, inputs)):
            v = _to_tensor(v, like=x)
            if not v.is_scalar or v.dtype != x.dtype:
                raise TypeError(f"{what}: the combine function's value {i} must be a {x.dtype.name} scalar "
                                f"(the element type of input {i}), got {v.dtype.name}"
                                + ("" if v.is_scalar else f" tensor of shape {list(v.shape)}"))
            values.append(v.handle)
        _ops.ReduceReturnOp(values)
    return tuple(tensor(r) for r in op.results)


def _keep_dims(r: tensor, src: tensor, axis: int) -> tensor:
    if r.is_scalar:
        return _splat(r, [1], src._encoding)
    return expand_dims(r, axis)


def reduce(input, axis: Optional[int], combine_fn: Callable, keep_dims: bool = False):  # noqa: A002
    """Reduce `input` (a tensor or a tuple of same-shape tensors) along
    `axis` with `combine_fn(a..., b...) -> c...`, taken as associative and
    commutative; `axis=None` reduces every dimension."""
    _builder()
    return _reduce(input, axis, combine_fn, keep_dims, "reduce")


def _reduce(input, axis, combine_fn, keep_dims: bool, what: str):  # noqa: A002
    single = not isinstance(input, (tuple, list))
    inputs = tuple(_to_tensor(x) for x in ((input,) if single else input))
    if not inputs:
        raise ValueError(f"{what} needs at least one input")
    if not callable(combine_fn):
        raise TypeError(f"{what} combine_fn must be a function (a @tl.jit function), got {combine_fn!r}")
    shape = inputs[0].shape
    for i, x in enumerate(inputs):
        if x.shape != shape:
            raise ValueError(f"{what} inputs must have one shape; input {i} is {list(x.shape)}, "
                             f"input 0 is {list(shape)}")
    if axis is None:
        if any(x.is_scalar for x in inputs):
            raise ValueError(f"{what} needs tensors, got a scalar")
        outs = inputs
        for a in reversed(range(len(shape))):
            outs = _reduce_axis(outs, a, combine_fn, what)
        if keep_dims:
            outs = tuple(_splat(o, [1] * len(shape), None) for o in outs)
        return outs[0] if single else outs
    axis = _check_axis(inputs[0], axis, what)
    outs = _reduce_axis(inputs, axis, combine_fn, what)
    if keep_dims:
        outs = tuple(_keep_dims(o, x, axis) for o, x in zip(outs, inputs))
    return outs[0] if single else outs


def _add(a, b):
    return a + b


def _xor(a, b):
    return a ^ b


def _max(a, b):
    return tensor((arith.maxnumf if a.dtype.is_float else arith.maxsi)(a.handle, b.handle))


def _min(a, b):
    return tensor((arith.minnumf if a.dtype.is_float else arith.minsi)(a.handle, b.handle))


def _numeric(x, what: str) -> tensor:
    x = _to_tensor(x)
    if x.dtype.is_ptr:
        raise TypeError(f"{what} needs numbers, got {x.dtype.name}")
    return x


def sum(input, axis: Optional[int] = None, keep_dims: bool = False, dtype: Optional[dtype] = None):  # noqa: A001,A002
    """Sum along `axis` (Triton's tl.sum): integers narrower than 32 bits
    (and booleans) accumulate in int32; `dtype` casts the input first."""
    _builder()
    x = _numeric(input, "sum")
    if dtype is not None:
        x = _cast(x, _check_dtype(dtype, "sum dtype"))
    elif not x.dtype.is_float and x.dtype.bits < 32:
        x = _cast(x, int32)
    return _reduce(x, axis, _add, keep_dims, "sum")


def xor_sum(input, axis: Optional[int] = None, keep_dims: bool = False):  # noqa: A002
    """XOR of the elements along `axis` (integers)."""
    _builder()
    x = _numeric(input, "xor_sum")
    if x.dtype.is_float:
        raise TypeError(f"xor_sum needs integers, got {x.dtype.name}")
    return _reduce(x, axis, _xor, keep_dims, "xor_sum")


def _arg_combine(greater: bool, tie_break_left: bool):
    def combine(v1, i1, v2, i2):
        better = (v1 > v2) if greater else (v1 < v2)
        if tie_break_left:
            better = better | ((v1 == v2) & (i1 < i2))
        return where(better, v1, v2), where(better, i1, i2)

    return combine


def _with_indices(x: tensor, axis: Optional[int], greater: bool, tie_break_left: bool, keep_dims: bool,
                  what: str):
    if axis is None:
        if len(x.shape) != 1:
            raise ValueError(f"{what} with indices needs an axis for a rank-{len(x.shape)} tensor")
        axis = 0
    axis = _check_axis(x, axis, what)
    n = x.shape[axis]
    if x._encoding is None:
        idx = arange(0, n)
    else:
        # The indices in the input's layout: a range in the slice of it along
        # every other dimension, expanded and broadcast.
        layout = layout_from_attr(x._encoding)
        for d in reversed(range(len(x.shape))):
            if d != axis:
                layout = slice_layout(d, layout)
        idx = arange(0, n, layout=layout)
    for d in range(len(x.shape)):
        if d != axis:
            idx = expand_dims(idx, d)
    idx = broadcast_to(idx, x.shape)
    return _reduce((x, idx), axis, _arg_combine(greater, tie_break_left), keep_dims, what)


def max(input, axis: Optional[int] = None, return_indices: bool = False,  # noqa: A001,A002
        return_indices_tie_break_left: bool = True, keep_dims: bool = False):
    """Maximum along `axis` (floats ignore NaN, as Triton's tl.max); with
    `return_indices`, also the index of the maximum (the first on ties)."""
    _builder()
    x = _numeric(input, "max")
    if x.dtype is int1:
        x = _cast(x, int32)
    if return_indices:
        return _with_indices(x, axis, True, return_indices_tie_break_left, keep_dims, "max")
    return _reduce(x, axis, _max, keep_dims, "max")


def min(input, axis: Optional[int] = None, return_indices: bool = False,  # noqa: A001,A002
        return_indices_tie_break_left: bool = True, keep_dims: bool = False):
    """Minimum along `axis` (floats ignore NaN); with `return_indices`, also
    the index of the minimum (the first on ties)."""
    _builder()
    x = _numeric(input, "min")
    if x.dtype is int1:
        x = _cast(x, int32)
    if return_indices:
        return _with_indices(x, axis, False, return_indices_tie_break_left, keep_dims, "min")
    return _reduce(x, axis, _min, keep_dims, "min")


def argmax(input, axis: Optional[int], tie_break_left: bool = True, keep_dims: bool = False) -> tensor:  # noqa: A002
    """Index of the maximum along `axis` (the first on ties)."""
    _builder()
    x = _numeric(input, "argmax")
    return _with_indices(x, axis, True, tie_break_left, keep_dims, "argmax")[1]


def argmin(input, axis: Optional[int], tie_break_left: bool = True, keep_dims: bool = False) -> tensor:  # noqa: A002
    """Index of the minimum along `axis` (the first on ties)."""
    _builder()
    x = _numeric(input, "argmin")
    return _with_indices(x, axis, False, tie_break_left, keep_dims, "argmin")[1]


for _name in ("reduce", "sum", "xor_sum", "max", "min", "argmax", "argmin"):
    globals()[_name] = _located(globals()[_name])
del _name
