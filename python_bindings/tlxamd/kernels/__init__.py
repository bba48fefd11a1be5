"""Kernels as library calls (torch tensors in and out): `attention`."""

from .attention import attention  # noqa: F401
