"""Gluon's `gl.nvidia.ampere`: asynchronous global-to-shared copies."""

from . import async_copy  # noqa: F401

__all__ = ["async_copy"]
