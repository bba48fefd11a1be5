//===- NvidiaLegality.cpp - mbarriers, TMA, clusters, tensor memory -------===//
//
// Target checks of NVIDIA's asynchronous machinery: the tensor memory
// accelerator and its mbarriers (sm_90 and later), thread-block clusters
// (the capability table's cluster size) and Blackwell's tensor memory.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/TargetLegality.h"

using namespace mlir;
using namespace mlir::tlxamd;

//===----------------------------------------------------------------------===//
// mbarriers and TMA
//===----------------------------------------------------------------------===//

/// The ops of the tensor memory accelerator need a target that has it.
static LogicalResult verifyTmaTarget(Operation *op, const ArchInfo &arch) {
  if (arch.tma)
    return success();
  return op->emitOpError("needs the tensor memory accelerator and its "
                         "transaction-counting mbarriers, which ")
         << arch.name << " (" << arch.family << ") lacks (targets that have "
         << "them: "
         << getArchNamesWhere([](const ArchInfo &a) { return a.tma; }) << ")";
}

LogicalResult MBarrierInitOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTmaTarget(*this, arch);
}

LogicalResult MBarrierExpectTxOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTmaTarget(*this, arch);
}

/// Thread-block clusters: a target whose clusters hold `ctas` CTAs.
LogicalResult mlir::tlxamd::verifyClusterTarget(Operation *op,
                                                const ArchInfo &arch,
                                                int64_t ctas) {
  if (arch.maxClusterSize > 1 && ctas <= arch.maxClusterSize)
    return success();
  InFlightDiagnostic d = op->emitOpError("needs thread-block clusters");
  if (ctas > 1)
    d << " of " << ctas << " CTAs";
  d << "; " << arch.name << " (" << arch.family << ") ";
  if (arch.maxClusterSize > 1)
    d << "has at most " << arch.maxClusterSize;
  else
    d << "has none";
  return d << " (targets that have them: "
           << getArchNamesWhere(
                  [](const ArchInfo &a) { return a.maxClusterSize > 1; })
           << ")";
}

LogicalResult MBarrierArriveOp::verifyForTarget(const ArchInfo &arch) {
  if (failed(verifyTmaTarget(*this, arch)))
    return failure();
  return getRemoteCtaRank()
             ? verifyClusterTarget(*this, arch, getNumCtas(*this))
             : success();
}

LogicalResult ClusterCtaRankOp::verifyForTarget(const ArchInfo &arch) {
  return verifyClusterTarget(*this, arch, getNumCtas(*this));
}

LogicalResult ClusterBarrierOp::verifyForTarget(const ArchInfo &arch) {
  return verifyClusterTarget(*this, arch, getNumCtas(*this));
}

LogicalResult MBarrierWaitOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTmaTarget(*this, arch);
}

LogicalResult MBarrierWaitWatchdogOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTmaTarget(*this, arch);
}

LogicalResult
AsyncTmaCopyGlobalToSharedOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTmaTarget(*this, arch);
}

LogicalResult
AsyncTmaCopySharedToGlobalOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTmaTarget(*this, arch);
}

LogicalResult AsyncTmaStoreWaitOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTmaTarget(*this, arch);
}

LogicalResult FenceAsyncSharedOp::verifyForTarget(const ArchInfo &arch) {
  if (failed(verifyTmaTarget(*this, arch)))
    return failure();
  return getCluster() ? verifyClusterTarget(*this, arch, 2) : success();
}

LogicalResult MBarrierInvalidateOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTmaTarget(*this, arch);
}

//===----------------------------------------------------------------------===//
// Tensor memory and tcgen05 (the TLX tensor-core reference)
//===----------------------------------------------------------------------===//

/// Tensor memory is Blackwell's (sm_100a).
static LogicalResult verifyTensorMemoryTarget(Operation *op,
                                              const ArchInfo &arch) {
  if (arch.tensorMemoryBytes > 0)
    return success();
  return op->emitOpError("needs tensor memory and tcgen05, which ")
         << arch.name << " (" << arch.family << ") lacks (targets that have "
         << "them: " << getArchNamesWhere([](const ArchInfo &a) {
              return a.tensorMemoryBytes > 0;
            })
         << ")";
}

LogicalResult TmemAllocOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTensorMemoryTarget(*this, arch);
}

LogicalResult TmemLoadOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTensorMemoryTarget(*this, arch);
}

LogicalResult TmemStoreOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTensorMemoryTarget(*this, arch);
}

LogicalResult TmemShiftOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTensorMemoryTarget(*this, arch);
}

LogicalResult Tcgen05CommitOp::verifyForTarget(const ArchInfo &arch) {
  return verifyTensorMemoryTarget(*this, arch);
}

LogicalResult TmemCopyOp::verifyForTarget(const ArchInfo &arch) {
  // T6: tcgen05.cp is sm_100's.
  return verifyTensorMemoryTarget(*this, arch);
}

/// A two-CTA MMA also needs clusters of two.
static LogicalResult verifyMmaTarget(Operation *op, const ArchInfo &arch,
                                     bool twoCtas) {
  if (failed(verifyTensorMemoryTarget(op, arch)))
    return failure();
  return twoCtas ? verifyClusterTarget(op, arch, 2) : success();
}

LogicalResult AsyncDotOp::verifyForTarget(const ArchInfo &arch) {
  return verifyMmaTarget(*this, arch, getTwoCtas());
}

LogicalResult AsyncDotScaledOp::verifyForTarget(const ArchInfo &arch) {
  if (failed(verifyMmaTarget(*this, arch, getTwoCtas())))
    return failure();
  for (StringRef f : {getAFormat(), getBFormat()})
    if (f != "e4m3" && f != "e5m2")
      return emitOpError("lowers FP8 operands (e4m3, e5m2); ")
             << f << " operands, which kind::mxf8f6f4 reads from shared "
             << "memory in a padded layout, are not lowered";
  return success();
}

LogicalResult WarpgroupDotOp::verifyForTarget(const ArchInfo &arch) {
  // The capability table's wgmma entries (M = 64 per warpgroup, N up to
  // 256) for the element type; both fp8 kinds have e4m3's.
  Type elem = getB().getType().getElementType(); // A's (verified)
  bool f8 = isa<Float8E4M3FNType, Float8E5M2Type>(elem);
  StringRef name = elem.isF16() ? "f16" : elem.isBF16() ? "bf16" : "f8E4M3FN";
  if (findMatrixInstr(arch, MatrixEngine::WGMMA, 64, 256, f8 ? 32 : 16, name))
    return success();
  return emitOpError("needs the warpgroup MMA (wgmma) of Hopper, which ")
         << arch.name << " (" << arch.family << ") lacks (targets that have "
         << "it: " << getArchNamesWhere([](const ArchInfo &a) {
              return llvm::any_of(a.matrixInstrs, [](const MatrixInstr &i) {
                return i.engine == MatrixEngine::WGMMA;
              });
            })
         << ")";
}

//===----------------------------------------------------------------------===//
// Cluster launch control (Blackwell)
//===----------------------------------------------------------------------===//

static LogicalResult verifyClcTarget(Operation *op, const ArchInfo &arch) {
  if (arch.clusterLaunchControl)
    return success();
  return op->emitOpError("needs cluster launch control, which ")
         << arch.name << " (" << arch.family
         << ") lacks (targets that have it: "
         << getArchNamesWhere(
                [](const ArchInfo &a) { return a.clusterLaunchControl; })
         << ")";
}

LogicalResult ClcTryCancelOp::verifyForTarget(const ArchInfo &arch) {
  return verifyClcTarget(*this, arch);
}

LogicalResult ClcQueryOp::verifyForTarget(const ArchInfo &arch) {
  return verifyClcTarget(*this, arch);
}
