"""Triton's `triton.tools.tensor_descriptor`: the host TensorDescriptor
(tlxamd.runtime's)."""

from ..runtime import TensorDescriptor  # noqa: F401

__all__ = ["TensorDescriptor"]
