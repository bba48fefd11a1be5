"""Write tlxamd kernels in Python, in the style of Triton / TLX.

    from tlxamd import language as tl

    @tl.kernel(num_warps=4)
    def scale(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32),
              n: tl.int32, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        offsets = pid * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        x = tl.load(src + offsets, mask=mask)
        tl.store(dst + offsets, x * 2.0, mask=mask)

    module = scale.build(target=T, BLOCK=1024)   # an ir.Module; T from tlxamd.targets
    tlxamd.compiler.compile(module, target=T)

The kernel is compiled from its source (the `frontend`): loops, runtime
`if`s and `@jit` helpers become IR, Python values are compile-time
constants. Tensors written without a layout get one from layout assignment
(`build(assign_layouts=False)` keeps them as written); explicit layouts
(`blocked_layout`, `amd_mfma_layout`, `require_layout`, ...) are anchors, so
the documents' TLX and Gluon code reads the same with this package in place
of `tl`, `tlx` and `gl`. Modules: `core` (types, tensors, tensor builders),
`memory` (tl.load / tl.store), `math` (elementwise math), `reduction`
(tl.sum, tl.max, tl.argmax, tl.reduce, ...), `shape` (tl.trans, permute,
reshape, cat, join, split, interleave), `buffer` (the TLX
buffer ops tlx.buffer_load / buffer_store / buffer_atomic_add), `frontend` (kernels,
@jit, range/static_range). Misuse raises TypeError/ValueError naming the
argument and, inside a kernel, the source line (CompilationError).
"""

from .buffer import buffer_atomic_add, buffer_load, buffer_store  # noqa: F401
from .cluster import (  # noqa: F401
    alloc_barriers,
    async_descriptor_load,
    async_descriptor_store,
    async_descriptor_store_wait,
    barrier_arrive,
    barrier_expect_bytes,
    barrier_wait,
    cluster_barrier,
    cluster_cta_rank,
    fence,
    local_view,
)
from .core import (  # noqa: F401
    MAX_TENSOR_ELEMENTS,
    AMDMFMALayout,
    AMDWMMALayout,
    BlockedLayout,
    DistributedLinearLayout,
    DotOperandLayout,
    Layout,
    NVMMADistributedLayout,
    NVMMASharedLayout,
    PaddedSharedLayout,
    SharedLayout,
    SharedLinearLayout,
    SliceLayout,
    SwizzledSharedLayout,
    amd_mfma_layout,
    amd_wmma_layout,
    arange,
    assume,
    bfloat16,
    blocked_layout,
    broadcast_to,
    cast,
    choose_shared_layout,
    constexpr,
    contiguity_per_thread,
    convert_layout,
    debug_barrier,
    dot_operand_layout,
    dtype,
    elements_per_thread,
    expand_dims,
    float8e4b8,
    float8e4nv,
    float8e5,
    float8e5b16,
    float16,
    float32,
    float64,
    full,
    int1,
    int8,
    int16,
    int32,
    int64,
    layout_from_attr,
    linear_layout,
    max_contiguous,
    multiple_of,
    num_programs,
    nvidia_mma_layout,
    nvmma_shared_layout,
    padded_shared_layout,
    pointer,
    pointer_type,
    pointer_value,
    program_id,
    require_layout,
    shared_access_cost,
    slice_layout,
    swizzled_shared_layout,
    tensor,
    to_linear_layout,
    uint8,
    uint16,
    uint32,
    uint64,
    where,
    zeros,
)
from .frontend import (  # noqa: F401
    CompilationError,
    divisible_int,
    jit,
    kernel,
    num_warps,
    static_assert,
    static_print,
    static_range,
    warp_size,
)
from .frontend import tl_range as range  # noqa: F401,A001
from .local import local_alloc  # noqa: F401
from .math import (  # noqa: F401,A004
    abs,
    cdiv,
    clamp,
    cos,
    exp,
    exp2,
    fma,
    log,
    log2,
    maximum,
    minimum,
    rsqrt,
    sin,
    sqrt,
    sqrt_rn,
    umulhi,
)
from .matrix import dot, dot_scaled  # noqa: F401
from .memory import (  # noqa: F401
    atomic_add,
    atomic_and,
    atomic_cas,
    atomic_max,
    atomic_min,
    atomic_or,
    atomic_xchg,
    atomic_xor,
    load,
    store,
)
from .preshuffle import PreshuffledBLoader  # noqa: F401
from .random import (  # noqa: F401
    pair_uniform_to_normal,
    philox,
    philox_impl,
    rand,
    rand4x,
    randint,
    randint4x,
    randn,
    randn4x,
    uint_to_uniform_float,
)
from .reduction import argmax, argmin, max, min, reduce, sum, xor_sum  # noqa: F401,A004
from .scheduling import (  # noqa: F401
    amd_mfma_commit,
    amd_register_class_anchor,
    amd_register_resident,
    amd_sched_barrier,
    amd_scheduled_mfma,
    amd_set_priority,
    extract_slice,
    rematerialized_range,
    warp_pipeline_stage,
)
from .shape import cat, interleave, join, permute, reshape, split, trans, view  # noqa: F401
from .shared import (  # noqa: F401
    allocate_shared,
    allocate_shared_memory,
    async_commit_group,
    async_copy_global_to_shared,
    async_load,
    async_load_commit_group,
    async_load_wait_group,
    async_token,
    async_wait,
    buffer_load_to_shared,
    commit_group,
    local_dealloc,
    local_load,
    local_store,
    local_trans,
    shared_memory_descriptor,
    wait_group,
)
from .tasks import (  # noqa: F401
    CLCPipelineContext,
    async_task,
    async_task_replica_id,
    async_tasks,
    clc_consumer,
    clc_create_context,
    clc_producer,
    named_barrier_arrive,
    named_barrier_wait,
)
from .tensor_desc import (  # noqa: F401
    host_tensor_descriptor,
    load_tensor_descriptor,
    make_tensor_descriptor,
    store_tensor_descriptor,
    tensor_descriptor_block,
)
from .tma import (  # noqa: F401
    allocate_mbarrier,
    async_tma_copy_global_to_shared,
    async_tma_copy_shared_to_global,
    async_tma_store_wait,
    fence_async_shared,
    mbarrier,
    mbarrier_arrive,
    mbarrier_expect_tx,
    mbarrier_init,
    mbarrier_invalidate,
    mbarrier_wait,
    tensor_descriptor,
    tensor_descriptor_value,
    tma,
)
from .tmem import (  # noqa: F401
    async_dot,
    async_dot_scaled,
    async_dot_wait,
    storage_kind,
    tcgen05_commit,
    tensor_memory_layout,
    tensor_memory_scales_layout,
    tmem_copy,
    tmem_shift,
)
