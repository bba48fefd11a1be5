//===- TlxAmd.td - tlxamd umbrella -------------------------*- tablegen -*-===//
#ifndef TLXAMD_TD
#define TLXAMD_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdAttrs.td"
include "tlxamd/Dialect/TlxAmdLayoutAttrs.td"
include "tlxamd/Dialect/TlxAmdCoreOps.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdShapeOps.td"
include "tlxamd/Dialect/TlxAmdMemoryOps.td"
include "tlxamd/Dialect/TlxAmdPreshuffleOps.td"
include "tlxamd/Dialect/TlxAmdSharedOps.td"
include "tlxamd/Dialect/TlxAmdAsyncCopyOps.td"
include "tlxamd/Dialect/TlxAmdMBarrierOps.td"
include "tlxamd/Dialect/TlxAmdClusterOps.td"
include "tlxamd/Dialect/TlxAmdTensorMemoryOps.td"
include "tlxamd/Dialect/TlxAmdTcgen05Ops.td"
include "tlxamd/Dialect/TlxAmdWarpgroupOps.td"
include "tlxamd/Dialect/TlxAmdTmaOps.td"
include "tlxamd/Dialect/TlxAmdMatrixOps.td"
include "tlxamd/Dialect/TlxAmdScheduledMfmaOps.td"
include "tlxamd/Dialect/TlxAmdSanitizerOps.td"
include "tlxamd/Dialect/TlxAmdTaskOps.td"

#endif // TLXAMD_TD
