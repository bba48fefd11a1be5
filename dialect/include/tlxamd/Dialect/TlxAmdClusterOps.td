//===- TlxAmdClusterOps.td - thread-block clusters ---------*- tablegen -*-===//
//
// A CTA's rank in its cluster and the cluster-wide barrier (NVIDIA sm_90
// and later; rule T2).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_CLUSTER_OPS_TD
#define TLXAMD_CLUSTER_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tlxamd/Dialect/TlxAmdSharedOps.td"

//===----------------------------------------------------------------------===//
// Thread-block clusters (NVIDIA sm_90 and later)
//===----------------------------------------------------------------------===//

def TlxAmd_ClusterCtaRankOp : TlxAmd_Op<"cluster_cta_rank", [Pure,
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "the program's rank in its thread-block cluster";
  let description = [{
    TLX's `cluster_cta_rank()`: 0 ... `tlxamd.num_ctas` - 1
    (`%cluster_ctarank`); 0 in a kernel without clusters.

    ```mlir
    %r = tlxamd.cluster_cta_rank : i32
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TlxAmd_ClusterBarrierOp : TlxAmd_Op<"cluster_barrier", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "synchronize every thread of the thread-block cluster";
  let description = [{
    TLX's `cluster_barrier()`: every thread of every CTA of the cluster
    arrives (release) and waits (acquire) (`barrier.cluster.arrive` +
    `barrier.cluster.wait`): shared-memory writes before it, barrier
    initializations included, are visible to the whole cluster after it,
    and no CTA leaves while another may still access its shared memory.

    ```mlir
    tlxamd.cluster_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TlxAmd_ClcTryCancelOp : TlxAmd_Op<"clc_try_cancel", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "ask to take over a cluster that has not started (cluster launch control)";
  let description = [{
    TLX's CLC issue (Blackwell's cluster launch control): one thread of the
    program asks the hardware to cancel the launch of a cluster that has
    not started yet
    (`clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128`);
    the 16-byte answer is written to `response` (a mutable `2xi64` shared
    tile) asynchronously and completes 16 transaction bytes on `barrier`
    (announce them with `mbarrier_expect_tx`). `tlxamd.clc_query` reads the
    answer after the barrier's phase. With `pred` false nothing is asked.

    ```mlir
    tlxamd.clc_try_cancel %resp, %bar : !tlxamd.memdesc<2xi64, #s, #tlxamd.shared_memory, mutable>,
        !tlxamd.memdesc<1xi64, #s, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_MemDesc, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$response,
                       Arg<TlxAmd_MemDesc, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$barrier,
                       Optional<I1>:$pred);
  let assemblyFormat = [{
    $response `,` $barrier (`,` $pred^)? attr-dict `:` qualified(type($response)) `,` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TlxAmd_ClcQueryOp : TlxAmd_Op<"clc_query", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemRead<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "the cluster a cluster-launch-control answer handed over, or -1";
  let description = [{
    TLX's CLC query: reads the 16-byte answer of `tlxamd.clc_try_cancel`
    from `response` (after the barrier's phase) and returns the x
    coordinate of the first CTA of the cluster whose launch was canceled,
    the program id the caller now processes
    (`clusterlaunchcontrol.query_cancel.get_first_ctaid::x`), or -1 when
    nothing was canceled (`query_cancel.is_canceled` false: every cluster
    has started, the work is done).

    ```mlir
    %pid = tlxamd.clc_query %resp : !tlxamd.memdesc<2xi64, #s, #tlxamd.shared_memory, mutable> -> i32
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$response);
  let results = (outs I32:$result);
  let assemblyFormat = "$response attr-dict `:` qualified(type($response)) `->` type($result)";
  let hasVerifier = 1;
}

#endif // TLXAMD_CLUSTER_OPS_TD
