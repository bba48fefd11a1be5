//===- TlxAmdTaskOps.td - warp-specialized tasks -----------*- tablegen -*-===//
//
// TLX's `with tlx.async_tasks():` / `with tlx.async_task(...)`: one region
// op with a region per task, each task a group of warps with its own
// register budget, and the named barriers tasks synchronize with.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TASK_OPS_TD
#define TLXAMD_TASK_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TlxAmd_AsyncTasksOp : TlxAmd_Op<"async_tasks", [
    RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "split the program's warps into tasks, one region each";
  let description = [{
    TLX's `with tlx.async_tasks():` holding `with tlx.async_task(...)`
    blocks. Region `i` is a task run by `num_warps[i]` warps: region 0 is
    the default task, on warps 0 ... `tlxamd.num_warps` - 1 (the kernel's
    warp count); each further region takes the next `num_warps[i]` warps
    (a task with `replicate=K` is K regions). The program has
    `sum(num_warps)` warps. Code outside the op runs on every warp.

    With `registers`, each task sets its per-thread register limit on entry
    (`setmaxnreg.inc/dec` against the kernel's `.maxnreg`, the register file
    divided evenly over the program's threads); 0 leaves a task at that
    limit.

    Rules (verified):
    - one warp count per region, each a power of two; region 0's equals the
      kernel's `tlxamd.num_warps`; the program has at most 1024 threads;
    - tasks exchange data only through shared memory, tensor memory and
      barriers: no distributed tensor is defined outside the op and used in
      a task, and a kernel with tasks computes distributed tensors only in
      tasks (outside code runs on every warp, which no layout spans);
    - the op is not nested in another task, a loop or a branch: it sits in
      the kernel's body (a kernel, not a device function);
    - a task with warpgroup MMAs or tensor-memory loads / stores runs whole
      warpgroups (4 warps from a multiple of 4: the hardware groups warps
      by their index);
    - `registers` (when given): one per region, 0 or a multiple of 8 in
      [24, 256]; a task with a budget is whole warpgroups (4 warps, on
      warpgroup boundaries, as `setmaxnreg` requires); the budgets fit the
      register file (`sum(num_warps[i] x 32 x registers[i])` <= 65536, a 0
      counting as the kernel limit);
    - target legality: tasks synchronize with named barriers (NVIDIA); CDNA
      has one workgroup barrier, so there the tasks are a plain dispatch on
      the wave id and may not use shared memory or anything that needs a
      barrier (W5); a budget needs register reallocation (sm_90a,
      sm_100a).

    Inside task `i`, program-wide synchronization the lowering emits
    becomes named barrier `i + 1` over the task's threads, thread 0 of the
    task issues what one thread of the program would (mbarrier arrivals,
    TMA copies), and `tlxamd.named_barrier_*` ids 1 ... number of regions
    are reserved for that.

    ```mlir
    tlxamd.async_tasks num_warps [4, 4, 4] registers [40, 232, 232] {
      // producer: TMA copies into a ring of shared-memory stages
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    ```
  }];
  let arguments = (ins DenseI32ArrayAttr:$num_warps,
                       OptionalAttr<DenseI32ArrayAttr>:$registers);
  let regions = (region VariadicRegion<SizedRegion<1>>:$tasks);
  let assemblyFormat = [{
    `num_warps` $num_warps (`registers` $registers^)? attr-dict-with-keyword
    custom<TaskRegions>($tasks)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// Warps of every task together (the program's warps).
    int64_t getTotalWarps();
    /// The first warp of task `index`.
    int64_t getFirstWarp(unsigned index);
    /// The task (region) that holds `op`, or -1.
    static std::pair<AsyncTasksOp, int> getEnclosingTask(::mlir::Operation *op);
  }];
}

def TlxAmd_AsyncTaskEndOp : TlxAmd_Op<"async_task_end", [
    Pure, Terminator, HasParent<"AsyncTasksOp">]> {
  let summary = "end of a task's region";
  let description = [{
    Terminates each region of `tlxamd.async_tasks`; the task's warps then
    continue after the op.

    ```mlir
    tlxamd.async_task_end
    ```
  }];
  let assemblyFormat = "attr-dict";
}

class TlxAmd_NamedBarrierOp<string mnemonic> : TlxAmd_Op<mnemonic, [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<15>]>:$id,
                       ConfinedAttr<I32Attr, [IntMinValue<1>]>:$threads);
  let assemblyFormat = "$id `,` $threads attr-dict";
  let hasVerifier = 1;
}

def TlxAmd_NamedBarrierWaitOp
    : TlxAmd_NamedBarrierOp<"named_barrier_wait"> {
  let summary = "arrive on named barrier `id` and wait for `threads` threads";
  let description = [{
    TLX's `named_barrier_wait(bar, arrive_count)`: the executing warps
    arrive on hardware barrier `id` and wait until `threads` threads have
    arrived (`bar.sync id, threads`). Rules: `id` in [0, 16), not one of the
    ids the kernel's tasks reserve (1 ... number of task regions);
    `threads` a multiple of the warp size and at most the program's
    threads; NVIDIA only (CDNA has a single workgroup barrier).

    ```mlir
    tlxamd.named_barrier_wait 9, 256
    ```
  }];
}

def TlxAmd_NamedBarrierArriveOp
    : TlxAmd_NamedBarrierOp<"named_barrier_arrive"> {
  let summary = "arrive on named barrier `id` without waiting";
  let description = [{
    TLX's `named_barrier_arrive(bar, arrive_count)`: the executing warps
    arrive on hardware barrier `id` expecting `threads` threads in all
    (`bar.arrive id, threads`) and go on. Same rules as
    `tlxamd.named_barrier_wait`.

    ```mlir
    tlxamd.named_barrier_arrive 9, 256
    ```
  }];
}

#endif // TLXAMD_TASK_OPS_TD
