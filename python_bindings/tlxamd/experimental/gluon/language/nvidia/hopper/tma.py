"""Gluon's `gl.nvidia.hopper.tma` (tlxamd.language.tma): tile copies between
a tensor descriptor and shared memory through the tensor memory
accelerator."""

from ......language.tma import async_tma_copy_global_to_shared as async_copy_global_to_shared  # noqa: F401
from ......language.tma import async_tma_copy_global_to_shared as async_load  # noqa: F401
from ......language.tma import async_tma_copy_shared_to_global as async_copy_shared_to_global  # noqa: F401
from ......language.tma import async_tma_copy_shared_to_global as async_store  # noqa: F401
from ......language.tma import async_tma_store_wait as store_wait  # noqa: F401

__all__ = ["async_copy_global_to_shared", "async_copy_shared_to_global", "async_load", "async_store", "store_wait"]
