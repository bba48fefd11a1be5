"""Gluon's `gluon.nvidia.hopper.TensorDescriptor`: a tensor described for
the tensor memory accelerator, tiles of `block_shape` landing in shared
memory in `layout` (an NVMMASharedLayout):

    layout = gl.NVMMASharedLayout.get_default_for([128, 64], gl.float16)
    desc = TensorDescriptor.from_tensor(x, [128, 64], layout)
    kernel[grid](desc, ...)   # the kernel's parameter is a TMA tensor map
"""

from ....runtime import TensorDescriptor  # noqa: F401

__all__ = ["TensorDescriptor"]
