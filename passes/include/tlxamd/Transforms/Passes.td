//===- Passes.td - tlxamd dialect passes -------------------*- tablegen -*-===//
#ifndef TLXAMD_TRANSFORMS_PASSES_TD
#define TLXAMD_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// Every pass that depends on the target has one option, `target`, resolved
// once against the capability table when the pass is initialized
// (tlxamd/Target/TargetOption.h).

def TlxAmdVerifyTarget : Pass<"tlxamd-verify-target"> {
  let summary = "Check that every op can be compiled for a target";
  let description = [{
    Runs the target-legality checks of every op (TargetLegalityOpInterface)
    against the target's entry in the capability table, and checks that
    every distributed tensor fits the target's warps. An op the target lacks
    gets a diagnostic naming the op, the target and the targets that have
    it. First in every `tlxamd-to-llvm` pipeline; the conversions run the
    same checks.
  }];
  let options = [
    Option<"target", "target", "std::string",
           "::mlir::tlxamd::getDefaultArch(::mlir::tlxamd::Vendor::AMD).name.str()",
           "A target of the capability table (`python -m tlxamd.compiler --list-targets`); the default is the table's default AMD target, and an unknown name is an error listing the targets">,
  ];
}

def TlxAmdVerifyBarriers : Pass<"tlxamd-verify-barriers"> {
  let summary = "Check the mbarrier protocol of warp-specialized kernels";
  let description = [{
    Each task of a `tlxamd.async_tasks` is run symbolically (integers that
    decide control flow and barrier or tile indices computed; integer
    kernel arguments take a sample value, program ids 0) into a trace of
    barrier events (init counts, arrivals, expected transaction bytes,
    TMA copies completing bytes, waits on a phase parity) and tile accesses
    (TMA writes, loads, stores, warpgroup MMA reads until their wait); the
    traces then run together under mbarrier semantics with vector clocks.
    Errors, at the op: a wait that can never complete (arrivals below the
    init count, a task that never arrives, expected bytes that differ from
    the copies, a wrong phase), reported with the barrier's state; a read of
    a tile before the write into it is known complete (a wait passing on a
    stale phase); a refill of a tile a reader has not released. Part of
    `tlxamd-verify-target`. Kernels whose control flow or indices depend on
    loaded data are not checked (with `remarks`, a remark says why).
  }];
  let options = [
    Option<"remarks", "remarks", "bool", "false",
           "Remark on kernels the check cannot follow">,
  ];
}

def TlxAmdAssignLayouts : Pass<"tlxamd-assign-layouts"> {
  let summary = "Give every tensor written without a layout one";
  let description = [{
    Tensors the frontend builds without a layout (plain builtin tensors)
    get one, as TritonGPU assigns them. Memory ops (`load`/`store` through
    tensors of pointers, buffer ops) choose first: the layout of an operand
    that already has one, or a coalesced blocked layout whose threads own
    the widest run of elements the axis analysis proves contiguous and
    aligned (up to 128 bits; a buffer op's `contiguity` exactly), along the
    most contiguous dimension. Those layouts and every explicit one (an
    encoding the author wrote, `require_layout`) spread to the layout-free
    values that must share them: elementwise ops, splats, broadcasts,
    pointer arithmetic, `expand_dims` (as a slice of the result's layout)
    and loop-carried values. The rest get the default blocked layout for
    the kernel's `tlxamd.num_warps` and the target's warp size. Where two
    choices meet, a `tlxamd.convert_layout` joins them.
  }];
  let dependentDialects = ["::mlir::tlxamd::TlxAmdDialect"];
  let options = [
    Option<"target", "target", "std::string",
           "::mlir::tlxamd::getDefaultArch(::mlir::tlxamd::Vendor::AMD).name.str()",
           "A target of the capability table (`python -m tlxamd.compiler --list-targets`); the default is the table's default AMD target, and an unknown name is an error listing the targets">,
  ];
}

def TlxAmdRemoveLayoutConversions : Pass<"tlxamd-remove-layout-conversions"> {
  let summary = "Remove layout conversions that recomputing cheap ops avoids";
  let description = [{
    As Triton's pass: a `convert_layout` whose source is computed only from
    cheap ops (ranges, splats, constants, elementwise arithmetic, broadcasts,
    `expand_dims`, pointer arithmetic) is replaced by recomputing that slice
    in the target layout (backward rematerialization); a conversion followed
    by cheap ops that end in the conversion back is moved past them, where
    the two cancel (forward); conversions to the same layout and chains of
    conversions fold; a conversion of a value defined outside a loop moves
    before the loop (done once, not every iteration). `require_layout` is
    never removed.
  }];
  let options = [
    Option<"assignedOnly", "assigned-only", "bool", "false",
           "Only kernels tlxamd-assign-layouts laid out (Triton style); kernels written with explicit layouts keep their conversions">,
  ];
}

def TlxAmdCombineDotAdd : Pass<"tlxamd-combine-dot-add"> {
  let summary = "acc + dot(a, b, 0) -> dot(a, b, acc)";
  let description = [{
    `acc += tl.dot(a, b)` / `tl.dot_scaled(...)` as written: a product into
    a zero accumulator (a zero constant) whose one use is an `addf` /
    `addi` with a value of the accumulator's type. The product accumulates
    that value instead and replaces the add (Triton's TTIR combine), so the
    matrix instruction chains its accumulator rather than starting from
    zero and adding every register after it. Runs first in
    `tlxamd-to-llvm`.
  }];
}

def TlxAmdDecomposeDotScaled : Pass<"tlxamd-decompose-dot-scaled"> {
  let summary = "dot_scaled without a scaled instruction: upcast the operands by value, then the plain dot";
  let description = [{
    A layout-free `dot_scaled` the target has no scaled matrix instruction
    for (every target but gfx950's scaled MFMA, and gfx950 too when an
    operand is bf16 / fp16) becomes Triton's decomposition on Hopper and
    CDNA3: each operand decoded to f32 by value (fp4 unpacked two per byte
    along K or M / N, fp6 from the low six bits, fp8 through `extf`), times
    its block's E8M0 scale, rounded to bf16 (f16 when an operand is f16:
    exact, the values have at most 4 significant bits) and multiplied by
    the plain `dot` (mma.sync / MFMA) with the f32 accumulator. Where the
    capability table has the warpgroup MMA for that type and the tile fits
    it (whole warpgroups, power-of-two dimensions, M, N, K multiples of its
    M, 8 and its K), both decoded tiles are stored to nvmma-swizzled shared
    memory for `tlxamd.warpgroup_dot`, waited for at once, and an innermost
    loop without stages of its own keeps the kernel's `num_stages` (its
    loads then go ahead, as for a `dot`). Runs first in `tlxamd-to-llvm`,
    before layouts exist.
  }];
  let options = [
    Option<"target", "target", "std::string",
           "::mlir::tlxamd::getDefaultArch(::mlir::tlxamd::Vendor::AMD).name.str()",
           "Target architecture from the capability table">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TlxAmdWarpPipeline : Pass<"tlxamd-warp-pipeline"> {
  let summary = "Run warp-pipelined loops as a ping-pong between the two halves of the waves (AMD)";
  let description = [{
    A loop whose body is `amd_warp_pipeline_stage` stages (TLX's
    `with tlx.warp_pipeline_stage(...)`) becomes a ping-pong: before the
    loop an LDS barrier and one extra `s_barrier` for the upper half of
    the waves (it then runs one stage behind the lower half); a workgroup
    barrier between consecutive stages (the `async_wait` standing there, or
    a new `s_barrier`, with `s_waitcnt lgkmcnt(0)` after a stage that
    touches LDS), fenced by `s_sched_barrier 0` so that no instruction
    crosses it; each stage at its priority (`s_setprio`); after the loop
    the lower half's extra barrier and one LDS barrier realign the halves.

    First it checks that the shift is safe (W12): the accesses of the loop
    to shared memory (reads, asynchronous copies and what retires them) are
    run symbolically for the buffers the loop counter selects, and every
    read of a buffer must come at least two stage boundaries after the wait
    that completed the copy into it (one half waits one stage after the
    other), and every refill at least two boundaries after the last read
    of the buffer. A wait one boundary too late with no commit in the
    stage before it moves one boundary earlier (TLX's tutorials' shape).
    AMD targets (the `tlxamd-to-llvm` pipeline runs it).
  }];
  let options = [
    Option<"target", "target", "std::string",
           "::mlir::tlxamd::getDefaultArch(::mlir::tlxamd::Vendor::AMD).name.str()",
           "Target architecture from the capability table">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
                           "::mlir::ROCDL::ROCDLDialect"];
}

def TlxAmdLoopRemainders : Pass<"tlxamd-loop-remainders"> {
  let summary = "Carry `(iv + c) % C` of scf.for counters as loop values";
  let description = [{
    A multi-buffered loop indexes its buffers with `i % STAGES` and
    `(i + STAGES - 1) % STAGES` (the TLX tutorials' buffer index): for a
    constant divisor that is not a power of two each is a multiply-high,
    shifts and a subtract per iteration, and the addresses derived from it
    follow (a power of two is one `and` and stays). Where the dividend is
    the induction variable of an scf.for
    with a constant positive step plus a constant, and provably
    non-negative (the loop's values stay below 2^31), the remainder becomes
    a loop-carried value: computed once before the loop, then advanced by
    the step and wrapped with one compare and select per iteration. The
    `tlxamd-to-llvm` pipeline runs it for AMD targets (on NVIDIA the
    remainders stay: measured slower carried on the H200).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def TlxAmdPipeline : Pass<"tlxamd-pipeline"> {
  let summary = "Software-pipeline loops: loads feeding dots through multi-buffered shared memory, other loads one iteration ahead in registers";
  let description = [{
    Software pipelining of `scf.for` loops with `num_stages` S >= 2: the
    loop's `tlxamd.num_stages` (`tl.range(lo, hi, step, num_stages=S)`),
    else, for an innermost loop with a `tlxamd.dot` in its body, the
    kernel's `tlxamd.num_stages` (Triton's `num_stages` launch option).

    First, loop-carried tensors of pointers advanced by a loop-invariant
    scalar (`a_ptrs += BK * stride`) become carried scalar base pointers
    (the lanes' offsets are computed once, outside the loop).

    With `target`, on layout-free IR (the pass runs before layout
    assignment): each 2-D load whose only use is an operand of a dot in the
    same body is staged through S shared-memory buffers filled by
    asynchronous copies (`buffer_load_to_shared`: cp.async on NVIDIA,
    `buffer_load ... lds` on CDNA4) S - 1 iterations ahead: a prologue of
    S - 1 commit groups, and in the body `async_wait(S - 2)` (the tile has
    landed; past its barrier no warp still reads the buffer about to be
    refilled), the copies of iteration `j + S - 1` into buffer
    `(j + S - 1) % S` and a `local_load` of buffer `j % S` where the load
    was; `async_wait(0)` after the loop. The two buffer indices are carried
    round the loop (an add and a mask for a power-of-two ring, else a
    compare and a select), not divided out of the counter. Masks and
    `other` are the loads' own for the iteration copied, and-ed with
    `iv < ub`. Where the target
    has warpgroup MMA, a dot of two staged f16 / bf16 row-major tiles with
    an f32 accumulator becomes `warpgroup_dot` from the two buffers and
    its wait (a loop-invariant A is written to shared memory once before
    the loop; a zero accumulator is not read); an MMA whose result only
    goes round the loop stays in flight into the next iteration (one more
    buffer, or the refill after its wait; a carried value read by other
    ops is waited for before its first use). A load is kept out (with a
    remark) when its pointers are not a scalar base plus i32 offsets, its
    offsets are not proven non-negative (AMD buffer copies), or a lane
    would copy a width the target lacks (16 bytes on CDNA4; 4, 8 or 16 on
    NVIDIA; contiguity, alignment and mask uniformity from the axis
    analysis). CDNA3 (4-byte direct-to-LDS copies) stages through
    registers instead: the tiles of iteration `j + S - 1` loaded at the top
    of the body and stored into buffer `j % (S - 1)` after the dot (S - 1
    buffers, fewer where a tile's worth of conversions would not fit
    beside them), a row-major B stored K-contiguous where each thread can
    load two or more of its rows.

    Otherwise (no target, layouts assigned, no dot), each tensor
    `tlxamd.load` whose pointers, mask and `other` are computed in the body
    from the induction variable, stepping carried values and values defined
    outside the loop (by side-effect-free ops) is issued one iteration
    ahead: the first iteration's load before the loop, masked by `lb < ub`,
    and in the body, where the load was, the next iteration's, masked by
    `iv + step < ub`, carried to the next iteration in registers.

    The loaded values are the same as before; as in Triton, a pipelined
    load is issued before the previous iterations' stores (a loop whose
    stores feed its own later loads must not ask for stages). Kept out: a
    load after an op that writes memory in the body, and register-carried
    loads beyond `max-registers` 32-bit registers per thread in all
    (counted with 32 lanes per warp, each load by the registers its
    accesses fill: elements proven consecutive and aligned share them, a
    byte loaded alone takes one; on NVIDIA, in a loop with a dot or
    warpgroup MMA, the budget grows by half of what its accumulators leave
    of 64). A transformed loop is marked
    `tlxamd.pipelined`. With remarks, the pass says what it pipelined and
    why a load was not.
  }];
  let options = [
    Option<"target", "target", "std::string", "\"\"",
           "Capability-table target; enables staging through shared memory">,
    Option<"registers", "registers", "bool", "true",
           "Pipeline loads that are not staged one iteration ahead in registers">,
    Option<"maxRegisters", "max-registers", "int64_t", "8",
           "At most this many 32-bit registers per thread carried across iterations per loop">,
    Option<"remarks", "remarks", "bool", "false",
           "Remark on each loop: what was pipelined and why a load was not">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def TlxAmdConvertToBufferOps : Pass<"tlxamd-convert-to-buffer-ops"> {
  let summary = "Turn loads and stores through `base + offsets` into buffer ops";
  let description = [{
    `tlxamd.load` / `tlxamd.store` through `addptr(splat(base), offsets)`,
    a scalar global base and i32 offsets, become `buffer_load` /
    `buffer_store` with the `contiguity` the axis analysis proves for the
    pointers (consecutive and aligned, within the layout's adjacent
    registers), so they take the buffer lowering: one access per group
    whatever the mask (ragged groups split), immediate offsets, one address
    per run. A store wider than one element pins its value's layout (B9).
    On AMD the lanes' offsets must be proven non-negative and the kernel
    argument the base steps from marked `tlxamd.pointer_range = 32` (below
    2 GiB: 32-bit buffer offsets reach every element); a scalar step of the
    base (`base + row * stride`) joins the offsets where it is proven
    non-negative and otherwise stays in the base, which the buffer resource
    takes as it is. On NVIDIA buffer ops are sign-extended pointer
    arithmetic and every such access qualifies. Runs after layout
    assignment (contiguity depends on the layout).
  }];
  let dependentDialects = ["::mlir::tlxamd::TlxAmdDialect"];
  let options = [
    Option<"target", "target", "std::string",
           "::mlir::tlxamd::getDefaultArch(::mlir::tlxamd::Vendor::AMD).name.str()",
           "A target of the capability table (`python -m tlxamd.compiler --list-targets`); the default is the table's default AMD target, and an unknown name is an error listing the targets">,
  ];
}

def TlxAmdAllocateSharedMemory : Pass<"tlxamd-allocate-shared-memory"> {
  let summary = "Give every user of shared memory an offset in its kernel's block";
  let description = [{
    Each kernel has one block of shared memory. Explicit allocations
    (`local_alloc`, live from the allocation to the last use of any view of
    it) and ops that need a scratch tile while they run (layout changes
    through shared memory, reductions across warps, scalar atomics) get an
    offset in it (`tlxamd.shared_offset`); memory is reused once its
    earlier user is dead (first fit, largest first, over lifetimes). The
    block's size is recorded on the kernel (`tlxamd.shared_memory_bytes`);
    a kernel that needs more than the target has fails with a diagnostic
    naming the allocations live together. On AMD, each `async_wait` also
    records how many copy instructions it may leave in flight
    (`tlxamd.outstanding_copies`, its `s_waitcnt vmcnt`). The lowerings
    address shared memory only through these offsets (and run this pass on
    kernels that have not been through it).
  }];
  let options = [
    Option<"target", "target", "std::string",
           "::mlir::tlxamd::getDefaultArch(::mlir::tlxamd::Vendor::AMD).name.str()",
           "A target of the capability table (`python -m tlxamd.compiler --list-targets`); the default is the table's default AMD target, and an unknown name is an error listing the targets">,
  ];
}

def TlxAmdResolveTmemLayouts : Pass<"tlxamd-resolve-tmem-layouts"> {
  let summary = "Resolve the layouts of uint8 tensor-memory buffers (MX scales)";
  let description = [{
    The TLX tensor-core reference's automatic layout resolution of TMEM scale buffers:
    a uint8 / int8 tensor-memory allocation starts with the placeholder
    layout (`#tlxamd.tmem_placeholder`); when `async_dot_scaled` reads it
    as a scale it gets the scales layout (`#tlxamd.tmem_scales`, T5), its
    buffer count is dropped (scale buffers are not multibuffered: every
    `memdesc_index` of it is the one buffer, T7) and a 1 x M x K
    allocation becomes M x K (T8). A placeholder buffer that no
    `async_dot_scaled` reads, or that something other than `tmem_copy`,
    `memdesc_index` and `async_dot_scaled` uses, is an error. A scale
    operand in shared memory gets a tensor-memory scales buffer of its own
    (allocated at the kernel's start) and a `tmem_copy` into it just
    before the MMA. Runs first in the NVIDIA `tlxamd-to-llvm` pipelines.
  }];
}

def TlxAmdInstrumentContracts : Pass<"tlxamd-instrument-contracts"> {
  let summary = "Check at run time the promises no compiler can check";
  let description = [{
    The contract sanitizer, off by default (`tlxamd-to-llvm{sanitize=true}`,
    `compiler.compile(..., sanitize=True)`). Each kernel gets one more
    argument, its violation ring (`!tlxamd.ptr<i32>`, marked
    `tlxamd.violations`), and before each access whose code relies on a
    promise the axis analysis does not prove, a check that records every
    violation there (`tlxamd.contract_check`, `tlxamd.active_lanes_check`):

    - buffer_load / buffer_store / buffer_atomic_add with `contiguity > 1`
      (B12): the offsets of each run of `contiguity` registers are
      consecutive; the run's first address is aligned for the packed
      access; and, where the lowering keeps one predicate per group, the
      mask is one value over the group (B12, and 16-bit atomics' pairs,
      B18). Where the analysis cannot prove a mask uniform the lowering
      splits the group and relies on nothing, so nothing is checked.
    - buffer_load_to_shared: the per-lane copy width's run (L5): consecutive
      offsets and an aligned first address.
    - amd_scheduled_mfma: every lane of the wave active (M11).

    The analysis used to elide a check ignores op hints (`tl.multiple_of`,
    `tl.max_contiguous`): they are promises too. It trusts the kernel
    arguments' `tlxamd.divisibility`, which the runtime checks at a
    sanitized launch (`tlxamd.arg_promises` lists them). An alignment whose
    only unproven part is a kernel argument's address (every run starts a
    proven multiple of the width from the argument) joins those promises,
    naming the access (`site`): checked once per launch, not per run. Any
    other alignment check also masks its access off on a misaligned run, so
    that the access does not fault and the report reaches the host. The kernel records its
    checked sites in `tlxamd.contract_sites` (op, rule, location).
    Promises refuted at compile time are `tlxamd-verify-target` errors.
  }];
  let dependentDialects = ["::mlir::tlxamd::TlxAmdDialect"];
  let options = [
    Option<"target", "target", "std::string",
           "::mlir::tlxamd::getDefaultArch(::mlir::tlxamd::Vendor::AMD).name.str()",
           "A target of the capability table (`python -m tlxamd.compiler --list-targets`); the default is the table's default AMD target, and an unknown name is an error listing the targets">,
  ];
}

#endif // TLXAMD_TRANSFORMS_PASSES_TD
