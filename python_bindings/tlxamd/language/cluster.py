"""TLX's barriers and thread-block clusters (NVIDIA sm_90 and later):

    @tl.kernel(num_warps=4, num_ctas=2)
    def k(...):
        rank = tlx.cluster_cta_rank()
        bars = tlx.alloc_barriers(2)                 # initialized, cluster-wide visible
        tlx.barrier_arrive(bars[0], 1, remote_cta_rank=1 - rank)   # arrive remote
        tlx.barrier_wait(tlx.local_view(bars, 0), phase=0)         # wait local
        tlx.cluster_barrier()                        # before leaving: no CTA's
                                                     # barriers are used after it

`barrier_arrive(..., remote_cta_rank=r)` is `mapa` + `mbarrier.arrive.
release.cluster.shared::cluster`; `barrier_wait` in a cluster kernel
acquires at cluster scope, so a remote arrival's earlier writes are
visible after it."""

from __future__ import annotations

from ..dialects import tlxamd as _ops
from .core import _builder, tensor
from .descriptors import _check_desc, _index, shared_memory_descriptor
from .tma import (
    allocate_mbarrier,
    async_tma_copy_global_to_shared,
    async_tma_copy_shared_to_global,
    async_tma_store_wait,
    fence_async_shared,
    mbarrier_arrive,
    mbarrier_expect_tx,
    mbarrier_init,
    mbarrier_wait,
)

__all__ = ["alloc_barriers", "async_descriptor_load", "async_descriptor_store", "async_descriptor_store_wait",
           "fence", "barrier_arrive", "barrier_expect_bytes", "barrier_wait",
           "cluster_barrier", "cluster_cta_rank", "local_view"]


def cluster_cta_rank() -> tensor:
    """The program's rank in its thread-block cluster (0 ... num_ctas - 1;
    0 in a kernel without clusters)."""
    return tensor(_ops.cluster_cta_rank())


def cluster_barrier() -> None:
    """Every thread of every CTA of the cluster arrives and waits
    (`barrier.cluster.arrive` / `.wait`)."""
    _ops.cluster_barrier()


def alloc_barriers(num_barriers, arrive_count=1) -> shared_memory_descriptor:
    """`num_barriers` mbarriers, each initialized for `arrive_count`
    arrivals per phase (`local_view(bars, i)` or `bars[i]` selects one). In
    a cluster kernel the CTAs then synchronize, so that no CTA arrives on a
    barrier of another before it is initialized."""
    n = int(num_barriers)
    if isinstance(num_barriers, bool) or n != num_barriers or not 1 <= n <= 1024:
        raise ValueError(f"alloc_barriers num_barriers must be an int in [1, 1024], got {num_barriers!r}")
    bars = allocate_mbarrier(batch=n)
    for i in range(n):
        mbarrier_init(bars.index(i), arrive_count)
    if _builder().num_ctas > 1:
        cluster_barrier()
    return bars


def local_view(buffers, index) -> shared_memory_descriptor:
    """Buffer `index` of `buffers` (a batch of barriers or a multi-buffered
    tile)."""
    return _index(_check_desc(buffers, "buffers"), index)


def barrier_arrive(bar, arrive_count=1, remote_cta_rank=None) -> None:
    """One thread of the program arrives `arrive_count` times on `bar`, or,
    with `remote_cta_rank`, on the barrier at the same place in that CTA of
    the cluster."""
    mbarrier_arrive(bar, arrive_count, remote_cta_rank=remote_cta_rank)


def barrier_wait(bar, phase, pred=None) -> None:
    """Wait until the phase of parity `phase` of `bar` has completed (the
    threads where `pred` is false do not wait)."""
    mbarrier_wait(bar, phase, pred=True if pred is None else pred)


def barrier_expect_bytes(bar, size, pred=None) -> None:
    """One thread announces `size` bytes of copies on `bar` and arrives once
    (`mbarrier.arrive.expect_tx`)."""
    mbarrier_expect_tx(bar, size, pred=True if pred is None else pred)


def async_descriptor_load(desc, result, offsets, barrier, pred=None) -> None:
    """The tile of tensor descriptor `desc` at element `offsets` into the
    shared buffer `result` through the tensor memory accelerator; `barrier`
    receives its bytes (announce them with `barrier_expect_bytes`)."""
    async_tma_copy_global_to_shared(desc, list(offsets), barrier, result, pred=True if pred is None else pred)


def async_descriptor_store(desc, source, offsets, eviction_policy="", store_reduce="") -> None:
    """TLX's TMA store: the shared buffer `source` to the tile of tensor
    descriptor `desc` at element `offsets` (asynchronous; wait with
    `async_descriptor_store_wait` before writing `source` again)."""
    if eviction_policy or store_reduce:
        raise NotImplementedError("async_descriptor_store with an eviction_policy or store_reduce is not supported")
    async_tma_copy_shared_to_global(desc, list(offsets), source)


def async_descriptor_store_wait(pendings) -> None:
    """Wait until at most `pendings` TMA stores still read their shared
    buffers."""
    async_tma_store_wait(pendings, read_only=True)


def fence(scope) -> None:
    """TLX's `fence(scope)`: "async_shared" orders this thread's shared
    memory accesses before the async proxy's (fence.proxy.async)."""
    scope = getattr(scope, "value", scope)
    if scope != "async_shared":
        raise NotImplementedError(f"fence scope {scope!r} is not supported (\"async_shared\")")
    fence_async_shared()
