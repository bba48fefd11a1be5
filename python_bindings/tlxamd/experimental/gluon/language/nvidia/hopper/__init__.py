"""Gluon's `gl.nvidia.hopper`: `mbarrier` and `tma` (tlxamd.language.tma)."""

from ......language.tma import mbarrier, tma  # noqa: F401

__all__ = ["mbarrier", "tma"]
