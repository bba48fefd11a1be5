"""Gluon's `gl.nvidia.hopper`: the `mbarrier` and `tma` modules,
`fence_async_shared`, and the warpgroup MMA (`warpgroup_mma`,
`warpgroup_mma_wait`, `warpgroup_mma_init`) on tlxamd's warpgroup_dot.

`warpgroup_mma(a, b, acc, *, use_acc=True, is_async=False)`: `acc` is an
f32 tensor in an `NVMMADistributedLayout(version=[3, 0], ...)` (or the
[num_warps, 1] mma layout), `b` a shared tile (NVMMASharedLayout, possibly
a `.permute((1, 0))` view), `a` a shared tile or a register tensor in
`DotOperandLayout(0, acc's layout, k_width=2)`. The result is in flight
until `warpgroup_mma_wait(num_outstanding, deps=[...])`, which returns the
dependencies made readable (one value for one dependency, as Gluon).
"""

from __future__ import annotations

from ......dialects import tlxamd as _ops
from ......language.core import float32, tensor
from ......language.descriptors import _check_desc, shared_memory_descriptor
from ......language.tma import fence_async_shared  # noqa: F401
from . import mbarrier, tma  # noqa: F401

__all__ = ["fence_async_shared", "mbarrier", "tma", "warpgroup_mma", "warpgroup_mma_wait", "warpgroup_mma_init"]


def _const(v, name):
    v = getattr(v, "value", v)
    if not isinstance(v, bool):
        raise TypeError(f"{name} must be a compile-time bool, got {v!r}")
    return v


def warpgroup_mma_init(value):
    """Gluon's accumulator initialization: the value itself."""
    if not isinstance(value, tensor) or value.dtype is not float32:
        raise TypeError(f"warpgroup_mma_init takes the f32 accumulator, got {value!r}")
    return value


def warpgroup_mma(a, b, acc, *, use_acc=True, precision=None, max_num_imprecise_acc=None, is_async=False):
    """`a @ b + acc` (`use_acc=False`: `a @ b`) on Hopper's warpgroup MMA."""
    if precision is not None:
        raise NotImplementedError("warpgroup_mma(precision=...) is not supported")
    use_acc = _const(use_acc, "use_acc")
    is_async = _const(is_async, "is_async")
    if isinstance(a, shared_memory_descriptor):
        a_handle = _check_desc(a, "a").handle
    elif isinstance(a, tensor):
        a_handle = a.handle
    else:
        raise TypeError(f"a must be a shared tile or a register tensor, got {a!r}")
    b = _check_desc(b, "b")
    if not isinstance(acc, tensor) or acc.dtype is not float32:
        raise TypeError(f"acc must be the f32 accumulator tensor, got {acc!r}")
    d = tensor(_ops.warpgroup_dot(acc.handle.type, a_handle, b.handle, c=acc.handle if use_acc else None))
    if not is_async:
        d = tensor(_ops.warpgroup_dot_wait(d.handle, 0))
    return d


def warpgroup_mma_wait(num_outstanding=0, deps=None):
    """Wait until at most `num_outstanding` warpgroup MMA groups are in
    flight; returns `deps` made readable (the value itself for one)."""
    n = getattr(num_outstanding, "value", num_outstanding)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"num_outstanding must be a non-negative int, got {num_outstanding!r}")
    deps = list(deps or ())
    if not deps:
        raise ValueError("warpgroup_mma_wait needs the accumulators it makes readable (deps=[...])")
    out = []
    for v in deps:
        if not isinstance(v, tensor) or v.dtype is not float32:
            raise TypeError(f"deps are warpgroup_mma accumulators (f32 tensors), got {v!r}")
        out.append(tensor(_ops.warpgroup_dot_wait(v.handle, n)))
    return out[0] if len(out) == 1 else tuple(out)
