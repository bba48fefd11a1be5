"""Gluon's language (`gl`): tlxamd.language under Gluon's names. Tensor
builders take an explicit `layout=`; the layout classes are Gluon's
(`BlockedLayout(size_per_thread, threads_per_warp, warps_per_cta, order)`,
`SliceLayout(dim, parent)`, `DistributedLinearLayout(reg_bases, lane_bases,
warp_bases, block_bases, shape)`, the shared layouts)."""

from ....language import *  # noqa: F401,F403
from ....language import debug_barrier
from ....layouts import (  # noqa: F401
    BlockedLayout,
    DistributedLinearLayout,
    DotOperandLayout,
    NVMMADistributedLayout,
    NVMMASharedLayout,
    PaddedSharedLayout,
    SharedLinearLayout,
    SliceLayout,
    SwizzledSharedLayout,
)
from . import nvidia  # noqa: E402,F401  (gl.nvidia.ampere.async_copy, gl.nvidia.hopper)


def thread_barrier():
    """Synchronize the program's threads (Gluon's gl.thread_barrier)."""
    return debug_barrier()
