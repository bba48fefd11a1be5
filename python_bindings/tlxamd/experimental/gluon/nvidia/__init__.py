"""Gluon's host-side NVIDIA modules (`triton.experimental.gluon.nvidia`):
`hopper.TensorDescriptor`, the TMA descriptor a kernel's
`tma.async_load` / `tma.async_copy_shared_to_global` take."""

from . import hopper  # noqa: F401

__all__ = ["hopper"]
