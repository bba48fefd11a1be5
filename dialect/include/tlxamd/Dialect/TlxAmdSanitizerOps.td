//===- TlxAmdSanitizerOps.td - run-time contract checks ----*- tablegen -*-===//
//
// The checks `tlxamd-instrument-contracts` inserts for the promises no
// compiler can check (B12, B18, L5, M11; W8's wait watchdog): each records
// a violation in the
// kernel's violation ring and otherwise leaves the kernel's behaviour as it
// was.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_SANITIZER_OPS_TD
#define TLXAMD_SANITIZER_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdAttrs.td"
include "tlxamd/Dialect/TlxAmdMemoryOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

defvar violationRing = [{
    `violations` is the kernel's violation ring (an i32 global buffer the
    runtime allocates and reads back after the launch): word 0 counts the
    violations, word 1 is the number of records it holds, records of 16
    words start at word 4: site, kind (1 offsets, 2 mask, 3 alignment,
    4 inactive lanes), program id x / y / z, thread, group, value count,
    then up to 8 values. `site` indexes the kernel's
    `tlxamd.contract_sites`, which names the checked op and its location.
}];

def TlxAmd_ContractCheckOp : TlxAmd_Op<"contract_check", [
    OptionalTypesMatchWith<"mask has the shape and layout of the offsets, with i1 elements",
                   "offsets", "mask",
                   "::mlir::tlxamd::getI1TensorLike($_self)">,
    TypesMatchWith<"the guard has the shape and layout of the offsets, with i1 elements",
                   "offsets", "guard",
                   "::mlir::tlxamd::getI1TensorLike($_self)">]> {
  let summary = "check a buffer access's per-thread promises at run time (B12)";
  let description = [{
    Inserted before a buffer access by `tlxamd-instrument-contracts`, for
    the promises of its `contiguity` (B12, B18; L5 for
    `buffer_load_to_shared`) that the axis analysis does not prove. For each
    run of `contiguity` registers of a thread whose first element is in
    (its mask bit set, or no mask):

    - `consecutive`: the offsets are consecutive (in `offset_unit`s);
    - `align = A`: the run's first address (`ptr` plus its offset) is a
      multiple of A bytes, the packed access's width;

    and with `uniform_mask = U`, every group of U registers has one mask
    value. Each failure is a record in `violations`.

    The result, `guard`, is false on the runs whose first address breaks
    `align` and true elsewhere: the instrumented access is masked with it,
    so a misaligned packed access (a fault on NVIDIA) is skipped and the
    report reaches the host.
  }] # violationRing # [{
    ```mlir
    %ok = tlxamd.contract_check %ring, %src[%offs] mask %m
        {site = 0 : i32, contiguity = 4 : i32, consecutive, align = 16 : i32}
        : !tlxamd.ptr<i32>, !tlxamd.ptr<f32>, tensor<1024xi32, #blocked>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_AnyPtr, "", [MemRead, MemWrite]>:$violations,
                       TlxAmd_AnyPtr:$ptr,
                       TlxAmd_I32Tensor:$offsets,
                       Optional<TlxAmd_I1Tensor>:$mask,
                       I32Attr:$site,
                       I32Attr:$contiguity,
                       UnitAttr:$consecutive,
                       OptionalAttr<I32Attr>:$uniform_mask,
                       OptionalAttr<I32Attr>:$align,
                       DefaultValuedAttr<TlxAmd_OffsetUnitAttr, "::mlir::tlxamd::OffsetUnit::elements">:$offset_unit);
  let results = (outs TlxAmd_I1Tensor:$guard);
  let assemblyFormat = [{
    $violations `,` $ptr `[` $offsets `]` (`mask` $mask^)?
    (`offset_unit` $offset_unit^)? attr-dict `:`
    qualified(type($violations)) `,` qualified(type($ptr)) `,` type($offsets)
  }];
  let hasVerifier = 1;
}

def TlxAmd_ActiveLanesCheckOp : TlxAmd_Op<"active_lanes_check"> {
  let summary = "check that every lane of the wave is active (M11)";
  let description = [{
    Inserted before `amd_scheduled_mfma` by `tlxamd-instrument-contracts`:
    all active lanes of a wave execute it uniformly (M11), so a wave that
    reaches it with some lanes inactive (divergent control flow) breaks the
    contract. The wave's first active lane records the violation, with the
    wave's execution mask as its values.
  }] # violationRing # [{
    ```mlir
    tlxamd.active_lanes_check %ring {site = 2 : i32} : !tlxamd.ptr<i32>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_AnyPtr, "", [MemRead, MemWrite]>:$violations,
                       I32Attr:$site);
  let assemblyFormat = "$violations attr-dict `:` qualified(type($violations))";
  let hasVerifier = 1;
}

def TlxAmd_MBarrierWaitWatchdogOp : TlxAmd_Op<"mbarrier_wait_watchdog", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "an mbarrier wait that gives up after a time bound (W8)";
  let description = [{
    What `tlxamd-instrument-contracts` makes of `mbarrier_wait`: the same
    wait for the phase of parity `phase` (where `pred` holds), bounded by
    `timeout_ms` milliseconds of the GPU's global timer. A wait that runs
    past the bound (a barrier protocol bug: too few arrivals, a wrong
    phase, a task that never arrives) stops waiting, and thread 0 of the
    waiting task records a violation of kind 5 with the barrier's
    shared-memory address, the phase parity and the task (as the record's
    group) instead of hanging the GPU; the kernel then runs on and the
    launch raises the report.
  }] # violationRing # [{
    ```mlir
    tlxamd.mbarrier_wait_watchdog %ring, %bar, %phase {site = 3 : i32, timeout_ms = 2000 : i32}
        : !tlxamd.ptr<i32>, !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_AnyPtr, "", [MemRead, MemWrite]>:$violations,
                       TlxAmd_MemDesc:$barrier, I32:$phase, Optional<I1>:$pred,
                       I32Attr:$site,
                       ConfinedAttr<I32Attr, [IntMinValue<1>]>:$timeout_ms);
  let assemblyFormat = [{
    $violations `,` $barrier `,` $phase (`,` $pred^)? attr-dict `:`
    qualified(type($violations)) `,` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

#endif // TLXAMD_SANITIZER_OPS_TD
