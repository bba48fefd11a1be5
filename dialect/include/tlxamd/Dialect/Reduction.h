//===- Reduction.h - reductions ---------------------------------*- C++ -*-===//
//
// Declarations of the dialect's reductions family, included by
// TlxAmdDialect.h after the generated op classes (include that header, not
// this one).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_REDUCTION_H
#define TLXAMD_DIALECT_REDUCTION_H

namespace mlir::tlxamd {

/// How a reduction along `axis` of a distributed layout combines on a
/// target with `warpSize` lanes per hardware warp: registers of a thread
/// first, then lanes of a hardware warp by XOR shuffles (`shuffleLaneBits`,
/// lane-id bits), then the remaining thread-id bits (`sharedThreadBits`,
/// bits of `warp * lanes + lane`) through a shared-memory scratch buffer of
/// `scratchBytes`. Every basis of the layout must lie along the axis or
/// off it (bases that mix both are not supported).
struct ReductionPlan {
  llvm::SmallVector<unsigned> shuffleLaneBits;
  llvm::SmallVector<unsigned> sharedThreadBits;
  int64_t scratchBytes = 0;
};
FailureOr<ReductionPlan> planReduction(ReduceOp op, unsigned warpSize);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_REDUCTION_H
