"""Triton's `triton.tools`: `tensor_descriptor.TensorDescriptor` (the host
side of tensor descriptors)."""

from . import tensor_descriptor  # noqa: F401

__all__ = ["tensor_descriptor"]
