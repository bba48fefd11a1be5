"""TLX's module (`import tlxamd.language.extra.tlx as tlx`): the TLX
operations of tlxamd.language under TLX's names, so that TLX kernels port by
changing their imports. Everything here is the language's own function;
`dtype_of` is TLX's element-type query."""

from ....language import (  # noqa: F401
    alloc_barriers,
    async_commit_group,
    async_descriptor_load,
    async_descriptor_store,
    async_descriptor_store_wait,
    async_dot,
    async_dot_scaled,
    async_dot_wait,
    async_load,
    async_load_commit_group,
    async_load_wait_group,
    async_task,
    async_task_replica_id,
    async_tasks,
    async_token,
    async_wait,
    barrier_arrive,
    barrier_expect_bytes,
    barrier_wait,
    buffer_atomic_add,
    buffer_load,
    buffer_load_to_shared,
    buffer_store,
    clc_consumer,
    clc_create_context,
    clc_producer,
    cluster_barrier,
    cluster_cta_rank,
    fence,
    fence_async_shared,
    local_alloc,
    local_dealloc,
    local_load,
    local_store,
    local_trans,
    local_view,
    named_barrier_arrive,
    named_barrier_wait,
    shared_memory_descriptor,
    storage_kind,
    tcgen05_commit,
    tensor_memory_layout,
    tensor_memory_scales_layout,
    tmem_copy,
    warp_pipeline_stage,
)
from ...core import constexpr, dtype, pointer, tensor

_dtype = dtype


def dtype_of(value) -> dtype:
    """The element type a pointer (or tensor of pointers) points to, or a
    tensor's or a tensor descriptor's element type (TLX's tlx.dtype_of)."""
    d = value.dtype if isinstance(value, tensor) or isinstance(getattr(value, "dtype", None), dtype) else value
    if isinstance(d, pointer):
        return d.element_ty
    if isinstance(d, dtype):
        return d
    raise TypeError(f"dtype_of takes a pointer or a tensor, got {value!r}")


def size_of(dtype: dtype) -> constexpr:
    """The size in bytes of one element of `dtype` (TLX's tlx.size_of), a
    compile-time value."""
    d = getattr(dtype, "value", dtype)
    if not isinstance(d, _dtype) or d.is_ptr:
        raise TypeError(f"size_of takes a scalar dtype, got {dtype!r}")
    return constexpr(max(1, d.bits // 8))
