"""Shape ops: tl.trans / permute, reshape / view, cat, join, split,
interleave. None of them moves an element between threads: the result's
layout is the one that keeps each element where it is (inferred by the
dialect; `#tlxamd.linear` unless a transposed blocked layout stays blocked),
and layout assignment picks the operands' layouts accordingly.
"""

from __future__ import annotations

from .. import ir
from .._mlir_libs import _tlxamd
from ..dialects import tlxamd as _ops
from .core import (
    MAX_TENSOR_ELEMENTS,
    _broadcast_pair,
    _check_shape,
    _located,
    _promote,
    _to_tensor,
    convert_layout,
    tensor,
)


def _tensor_arg(x, what: str) -> tensor:
    x = _to_tensor(x)
    if x.is_scalar:
        raise ValueError(f"{what} needs a tensor, got a scalar")
    return x


def _unwrap(dims) -> tuple:
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        return tuple(dims[0])
    return tuple(dims)


def permute(input, *dims) -> tensor:  # noqa: A002
    """Permute the dimensions: result dimension j is input dimension
    dims[j] (`permute(x, 1, 0)` or `permute(x, (1, 0))`)."""
    x = _tensor_arg(input, "permute")
    dims = _unwrap(dims)
    rank = len(x.shape)
    if sorted(d if isinstance(d, int) and not isinstance(d, bool) else -1 for d in dims) != list(range(rank)):
        raise ValueError(f"permute dims must be a permutation of 0..{rank - 1} for a rank-{rank} tensor, "
                         f"got {dims!r}")
    if dims == tuple(range(rank)):
        return x
    return tensor(_ops.trans(x.handle, list(dims)))


def trans(input, *dims) -> tensor:  # noqa: A002
    """Transpose: `trans(x)` swaps the two dimensions of a 2-D tensor;
    `trans(x, *dims)` permutes as `permute`."""
    x = _tensor_arg(input, "trans")
    dims = _unwrap(dims)
    if not dims:
        if len(x.shape) != 2:
            raise ValueError(f"trans without dims needs a 2-D tensor, got shape {list(x.shape)}; "
                             f"give the permutation")
        dims = (1, 0)
    return permute(x, dims)


def reshape(input, *shape, can_reorder: bool = False) -> tensor:  # noqa: A002
    """The elements in row-major order as a tensor of `shape` (power-of-two
    extents, the same element count). Elements keep their order whether or
    not `can_reorder` allows otherwise."""
    x = _tensor_arg(input, "reshape")
    shape = tuple(_check_shape(_unwrap(shape), "reshape"))
    n = 1
    for e in shape:
        n *= e
    have = 1
    for e in x.shape:
        have *= e
    if n != have:
        raise ValueError(f"reshape of a tensor of {have} elements (shape {list(x.shape)}) to {list(shape)} "
                         f"({n} elements)")
    if tuple(shape) == x.shape:
        return x
    return tensor(_ops.reshape(_tlxamd.reshape_type(x.handle.type, list(shape)), x.handle))


def view(input, *shape) -> tensor:  # noqa: A002
    """reshape (Triton's view may reorder; this one keeps the order)."""
    return reshape(input, *shape, can_reorder=True)


def _same_type_pair(a, b, what: str):
    a, b = _tensor_arg(a, what), _tensor_arg(b, what)
    if a.shape != b.shape:
        a, b = _broadcast_pair(a, b)
    a, b = _promote(a, b)
    if a.handle.type != b.handle.type:
        if a._encoding is None or b._encoding is None:
            raise ValueError(f"{what}: one operand has a layout and the other none; give both or neither")
        b = convert_layout(b, a.layout)
    return a, b


def cat(input, other, can_reorder: bool = False, dim: int = 0) -> tensor:  # noqa: A002
    """Concatenate along `dim`: `input`, then `other` (same shape
    otherwise). The order is kept whatever `can_reorder` says; the result's
    layout keeps each thread's registers (lhs then rhs), which may differ
    from the operands' (use require_layout where a consumer needs one)."""
    a, b = _same_type_pair(input, other, "cat")
    if isinstance(dim, bool) or not isinstance(dim, int) or not 0 <= dim < len(a.shape):
        raise ValueError(f"cat dim must be an int in 0..{len(a.shape) - 1}, got {dim!r}")
    n = 1
    for e in a.shape:
        n *= e
    if 2 * n > MAX_TENSOR_ELEMENTS:
        raise ValueError(f"cat result of {2 * n} elements; a tensor may have at most {MAX_TENSOR_ELEMENTS}")
    return tensor(_ops.cat(a.handle, b.handle, dim=dim or None))


def join(a, b) -> tensor:
    """Stack along a new minor dimension: result[..., 0] = a,
    result[..., 1] = b (a and b broadcast together)."""
    a, b = _same_type_pair(a, b, "join")
    return tensor(_ops.join(a.handle, b.handle))


def split(a) -> tuple:
    """The inverse of join: (a[..., 0], a[..., 1]) for a tensor whose last
    dimension has extent 2."""
    x = _tensor_arg(a, "split")
    if len(x.shape) < 2 or x.shape[-1] != 2:
        raise ValueError(f"split needs a tensor of rank >= 2 whose last dimension is 2, got shape "
                         f"{list(x.shape)}")
    try:
        op = _ops.SplitOp(x.handle)
    except (ValueError, ir.MLIRError):
        raise ValueError(f"split needs both elements of each pair in one thread; layout {x.layout} holds "
                         f"the last dimension elsewhere: convert_layout first") from None
    return tensor(op.lhs), tensor(op.rhs)


def interleave(a, b) -> tensor:
    """Interleave along the last dimension: [a0, b0, a1, b1, ...]."""
    c = join(a, b)
    shape = list(c.shape[:-2]) + [c.shape[-2] * 2]
    return reshape(c, shape)


for _name in ("permute", "trans", "reshape", "view", "cat", "join", "split", "interleave"):
    globals()[_name] = _located(globals()[_name])
del _name

# Tensor methods, as Triton's.
tensor.permute = lambda self, *dims: permute(self, *dims)
tensor.trans = lambda self, *dims: trans(self, *dims)
tensor.reshape = lambda self, *shape, can_reorder=False: reshape(self, *shape, can_reorder=can_reorder)
tensor.view = lambda self, *shape: view(self, *shape)
tensor.split = lambda self: split(self)
tensor.T = property(lambda self: trans(self))
