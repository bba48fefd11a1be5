"""Gluon's `gl.nvidia.hopper`: the `mbarrier` and `tma` modules and
`fence_async_shared` (tlxamd.language.tma)."""

from ......language.tma import fence_async_shared  # noqa: F401
from . import mbarrier, tma  # noqa: F401

__all__ = ["fence_async_shared", "mbarrier", "tma"]
