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

#endif // TLXAMD_CLUSTER_OPS_TD
