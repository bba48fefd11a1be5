"""Gluon's NVIDIA namespaces (`gl.nvidia.ampere`, `gl.nvidia.hopper`)."""

from . import ampere, hopper  # noqa: F401

__all__ = ["ampere", "hopper"]
