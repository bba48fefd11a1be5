"""TLX's warp-specialized tasks and named barriers (NVIDIA):

    @tl.kernel(num_warps=4)                     # the default task's warps
    def k(...):
        bufs = tlx.local_alloc((BM, BK), tl.float16, STAGES)   # outside: shared
        full = tlx.alloc_barriers(STAGES)                       # memory, barriers
        with tlx.async_tasks():
            with tlx.async_task("default", registers=40):       # producer
                ...                                              # TMA copies
            with tlx.async_task(num_warps=4, registers=232, replicate=2):
                r = tlx.async_task_replica_id()                  # 0, then 1
                ...                                              # consumers

Each task is a region of one `tlxamd.async_tasks` op run by its own warps
(the default task by the kernel's `num_warps`, the others by the warps
after them, one region per replica); tasks talk through shared memory,
tensor memory and mbarriers. Inside a task, `tl.num_warps()` is the task's
warp count and the lowering's program-wide synchronization is the task's
own named barrier. `named_barrier_wait(id, threads)` /
`named_barrier_arrive(id, threads)` are `bar.sync` / `bar.arrive` on a
hardware barrier of the user's choosing."""

from __future__ import annotations

from typing import Optional

from ..dialects import tlxamd as _ops
from .core import _builder, kernel_context

__all__ = ["CLCPipelineContext", "async_task", "async_task_replica_id", "async_tasks", "clc_consumer",
           "clc_create_context", "clc_producer", "named_barrier_arrive", "named_barrier_wait"]


def _unwrap(value):
    return getattr(value, "value", value)


def _count(value, name: str, allow_none: bool = True) -> Optional[int]:
    value = _unwrap(value)
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"async_task {name} must be an int, got {value!r}")
    return value


class async_tasks(kernel_context):
    """`with tlx.async_tasks():` holding `with tlx.async_task(...)` blocks
    (or compile-time `if`s around them): the kernel's warps split into
    tasks. The frontend builds it (one region per task and replica)."""

    def __enter__(self):
        raise TypeError("async_tasks must be used as `with tlx.async_tasks():` directly in a kernel's body")


class async_task(kernel_context):
    """One task of `tlx.async_tasks()`: `async_task("default", registers=R,
    replicate=K)` runs on the kernel's `num_warps` warps,
    `async_task(num_warps=N, registers=R, replicate=K)` on N more warps per
    replica. `registers` (TLX's `num_regs` too) sets the task's per-thread
    register limit (setmaxnreg; a multiple of 8 in [24, 256])."""

    def __init__(self, *args, num_warps=None, num_regs=None, registers=None, replicate=1,
                 warp_group_start_id=None):
        if len(args) > 1 or args and _unwrap(args[0]) != "default":
            raise TypeError(f"async_task takes \"default\" or keyword arguments only, got {args!r}")
        self.is_default = bool(args)
        if num_regs is not None and registers is not None:
            raise TypeError("async_task takes one of num_regs and registers")
        regs = _count(registers if registers is not None else num_regs, "registers")
        if regs is not None and (regs % 8 or not 24 <= regs <= 256):
            raise ValueError(f"async_task registers must be divisible by 8 and in [24, 256], got {regs}")
        self.registers = regs or 0
        self.replicate = _count(replicate, "replicate", allow_none=False)
        if self.replicate < 1:
            raise ValueError(f"async_task replicate must be at least 1, got {self.replicate}")
        warps = _count(num_warps, "num_warps")
        if self.is_default and warps is not None:
            raise TypeError("the default async_task runs on the kernel's num_warps: it takes no num_warps")
        if not self.is_default:
            if warps is None:
                raise TypeError("async_task needs num_warps (or \"default\")")
            if warps < 1 or warps & (warps - 1):
                raise ValueError(f"async_task num_warps must be a power of two, got {warps}")
        self.num_warps = warps
        if _unwrap(warp_group_start_id) is not None:
            raise NotImplementedError("async_task warp_group_start_id is not supported: tasks take the warps "
                                      "after the default task's, in order")

    def __enter__(self):
        raise TypeError("async_task must be used as `with tlx.async_task(...)` directly inside "
                        "`with tlx.async_tasks():`")


def async_task_replica_id() -> int:
    """Which replica of its task the code runs in (0 ... replicate - 1), a
    compile-time int."""
    replica = getattr(_builder(), "task_replica", None)
    if replica is None:
        raise ValueError("async_task_replica_id is only valid inside `with tlx.async_task(...)`")
    return replica


def _barrier_args(bar, arrive_count, op: str):
    bar, count = _unwrap(bar), _unwrap(arrive_count)
    for value, name in ((bar, "bar"), (count, "arrive_count")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{op} {name} must be a compile-time int, got {value!r}")
    if not 0 <= bar < 16:
        raise ValueError(f"{op} bar must be a hardware barrier id in [0, 16), got {bar}")
    if count < 1:
        raise ValueError(f"{op} arrive_count must be positive, got {count}")
    return bar, count


def named_barrier_wait(bar, arrive_count) -> None:
    """Arrive on hardware barrier `bar` and wait until `arrive_count`
    threads have arrived (`bar.sync bar, arrive_count`)."""
    _ops.named_barrier_wait(*_barrier_args(bar, arrive_count, "named_barrier_wait"))


def named_barrier_arrive(bar, arrive_count) -> None:
    """Arrive on hardware barrier `bar` (expecting `arrive_count` threads
    in all) without waiting (`bar.arrive bar, arrive_count`)."""
    _ops.named_barrier_arrive(*_barrier_args(bar, arrive_count, "named_barrier_arrive"))


# -- cluster launch control (Blackwell) --------------------------------------

class CLCPipelineContext:
    """TLX's cluster-launch-control pipeline: `num_stages` 16-byte answer
    tiles, each with a "full" mbarrier (the answer landed) and an "empty"
    one (its `num_consumers` readers are done with it)."""

    def __init__(self, empty, full, responses):
        self._clc_mbars_empty = empty
        self._clc_mbars_full = full
        self._clc_responses = responses


def clc_create_context(num_consumers, num_stages=1) -> CLCPipelineContext:
    """Barriers and answer tiles for `num_stages` cluster-launch-control
    requests in flight, each read by `num_consumers` tasks."""
    from ..layouts import swizzled_shared_layout
    from .cluster import alloc_barriers
    from .core import int64
    from .shared import allocate_shared_memory

    consumers, stages = _unwrap(num_consumers), _unwrap(num_stages)
    for value, name in ((consumers, "num_consumers"), (stages, "num_stages")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"clc_create_context {name} must be a positive int, got {value!r}")
    responses = allocate_shared_memory(int64, [stages, 2], swizzled_shared_layout(1, 1, 1, [0]))
    return CLCPipelineContext(alloc_barriers(stages, arrive_count=consumers), alloc_barriers(stages), responses)


def _clc_stage(context, k, multi_ctas, op):
    if not isinstance(context, CLCPipelineContext):
        raise TypeError(f"{op} takes the context of clc_create_context, got {context!r}")
    if _unwrap(multi_ctas):
        raise NotImplementedError(f"{op}(multi_ctas=True) (answers multicast to a cluster) is not supported")
    return (context._clc_mbars_empty.index(k), context._clc_mbars_full.index(k),
            context._clc_responses.index(k))


def clc_producer(context, p_producer=None, multi_ctas=False, k=0) -> None:
    """Ask for a cluster that has not started (Blackwell's
    `clusterlaunchcontrol.try_cancel`): wait until stage `k`'s answer tile is
    free (phase `p_producer` of its empty barrier), announce its 16 bytes and
    issue the request, which completes on the stage's full barrier."""
    from .tma import _check_barrier, mbarrier_expect_tx, mbarrier_wait

    empty, full, response = _clc_stage(context, k, multi_ctas, "clc_producer")
    if p_producer is None:
        raise TypeError("clc_producer needs p_producer, the phase of the stage's empty barrier to wait for")
    mbarrier_wait(empty, p_producer)
    mbarrier_expect_tx(full, 16)
    _ops.clc_try_cancel(response.handle, _check_barrier(full).handle)


def clc_consumer(context, p_consumer=None, multi_ctas=False, k=0):
    """The program id a cluster-launch-control answer hands over, or -1 when
    every cluster has started: wait for stage `k`'s answer (phase
    `p_consumer` of its full barrier), read it and release the stage."""
    from .core import tensor
    from .tma import mbarrier_arrive, mbarrier_wait

    empty, full, response = _clc_stage(context, k, multi_ctas, "clc_consumer")
    if p_consumer is None:
        raise TypeError("clc_consumer needs p_consumer, the phase of the stage's full barrier to wait for")
    mbarrier_wait(full, p_consumer)
    pid = tensor(_ops.clc_query(response.handle))
    mbarrier_arrive(empty)
    return pid
