//===- TlxAmdMBarrierOps.td - mbarriers --------------------*- tablegen -*-===//
//
// Shared-memory barriers of NVIDIA sm_90 and later: init, expected
// transaction bytes, arrive (local or remote CTA) and phase waits.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_MBARRIER_OPS_TD
#define TLXAMD_MBARRIER_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tlxamd/Dialect/TlxAmdSharedOps.td"

//===----------------------------------------------------------------------===//
// mbarriers (NVIDIA sm_90 and later)
//===----------------------------------------------------------------------===//


def TlxAmd_MBarrierInitOp : TlxAmd_Op<"mbarrier_init", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "initialize an mbarrier for `count` arrivals";
  let description = [{
    Gluon's `mbarrier.init(mbarrier, count)`: the barrier (one mutable
    `1xi64` shared tile) starts in phase 0 expecting `count` arrivals and no
    transactions. One thread initializes it (`mbarrier.init.shared.b64`),
    then the program synchronizes so that every thread, and the copy
    engine, sees the initialized barrier.

    ```mlir
    tlxamd.mbarrier_init %bar, 1 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<1>, IntMaxValue<1048575>]>:$count);
  let assemblyFormat = "$barrier `,` $count attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def TlxAmd_MBarrierExpectTxOp : TlxAmd_Op<"mbarrier_expect_tx", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "expect `bytes` of transactions on an mbarrier, and arrive";
  let description = [{
    Gluon's `mbarrier.expect(mbarrier, bytes, pred=True)`: one thread of the
    program raises the barrier's transaction count by `bytes` and arrives
    once (`mbarrier.arrive.expect_tx`); the phase completes when the
    arrivals are in and the copies signalling the barrier have delivered
    the bytes. With `pred` false nothing happens.

    ```mlir
    tlxamd.mbarrier_expect_tx %bar, 8192 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<1048575>]>:$bytes,
                       Optional<I1>:$pred);
  let assemblyFormat = "$barrier `,` $bytes (`,` $pred^)? attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def TlxAmd_MBarrierArriveOp : TlxAmd_Op<"mbarrier_arrive", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    AttrSizedOperandSegments,
    MemoryEffects<[MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "arrive on an mbarrier `count` times, here or in another CTA of the cluster";
  let description = [{
    Gluon's `mbarrier.arrive(mbarrier, count=1, pred=True)`, TLX's
    `barrier_arrive(bar, arrive_count, remote_cta_rank=None)`: one thread of
    the program arrives `count` times (`mbarrier.arrive.shared.b64`, release
    at CTA scope: the program's earlier writes are visible to a thread that
    waits for the phase). With `remote_cta_rank` the arrival goes to the
    barrier at the same shared-memory offset in CTA `remote_cta_rank` of
    the kernel's thread-block cluster ("arrive remote, wait local"): `mapa`
    maps the address into that CTA's shared memory and the arrive is
    `mbarrier.arrive.release.cluster.shared::cluster.b64`. The kernel must
    be a cluster kernel (`tlxamd.num_ctas` > 1) and a constant rank one of
    its CTAs.

    ```mlir
    tlxamd.mbarrier_arrive %bar, 1 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    tlxamd.mbarrier_arrive %bar, 1 remote %rank : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<1>, IntMaxValue<1048575>]>:$count,
                       Optional<I1>:$pred, Optional<I32>:$remote_cta_rank);
  let assemblyFormat = [{
    $barrier `,` $count (`,` $pred^)? (`remote` $remote_cta_rank^)? attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TlxAmd_MBarrierWaitOp : TlxAmd_Op<"mbarrier_wait", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemRead<TlxAmd_SharedMemoryResource>,
                   MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "wait for the phase of parity `phase` of an mbarrier";
  let description = [{
    Gluon's `mbarrier.wait(mbarrier, phase)`: every thread waits until the
    phase with parity `phase` (an i32; only bit 0 counts) has completed
    (`mbarrier.try_wait.parity` in a loop, acquire at CTA scope, at
    cluster scope in a cluster kernel so that remote arrivals' writes are
    visible too): the arrivals' earlier writes and the bytes of the copies
    that signalled the barrier are visible afterwards. The first phase has
    parity 0. With `pred` false the thread does not wait.

    ```mlir
    tlxamd.mbarrier_wait %bar, %phase : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$barrier, I32:$phase, Optional<I1>:$pred);
  let assemblyFormat = "$barrier `,` $phase (`,` $pred^)? attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def TlxAmd_MBarrierInvalidateOp : TlxAmd_Op<"mbarrier_invalidate", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "end an mbarrier's use, so that its memory can be reused";
  let description = [{
    Gluon's `mbarrier.invalidate(mbarrier)`: the program synchronizes (every
    thread's waits on the barrier are over), then one thread invalidates it
    (`mbarrier.inval.shared.b64`). The barrier's word may then be used as
    ordinary shared memory or initialized again.

    ```mlir
    tlxamd.mbarrier_invalidate %bar : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$barrier);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

#endif // TLXAMD_MBARRIER_OPS_TD
