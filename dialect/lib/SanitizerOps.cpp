//===- SanitizerOps.cpp - contract_check / active_lanes_check ------------===//
//
// The run-time checks tlxamd-instrument-contracts inserts: what each needs
// to be lowered (a global i32 violation ring, power-of-two run and group
// sizes that divide the registers a thread owns, at least one check).
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// The violation ring is a global i32 buffer.
static LogicalResult verifyViolationRing(Operation *op, PtrType ring) {
  if (!ring.getPointeeType().isSignlessInteger(32) ||
      ring.getAddressSpace() != 1)
    return op->emitOpError("the violation ring must be a global i32 pointer "
                           "(!tlxamd.ptr<i32>), got ")
           << ring;
  return success();
}

/// A power-of-two group size `value` (named `name`) dividing the `owned`
/// registers of each thread.
static LogicalResult verifyGroupSize(Operation *op, StringRef name,
                                     int64_t value, int64_t owned) {
  if (value <= 0 || !llvm::isPowerOf2_64(value))
    return op->emitOpError()
           << name << " must be a positive power of two, got " << value;
  if (owned && owned % value != 0)
    return op->emitOpError() << name << " " << value << " must divide the "
                             << owned << " elements owned by each thread";
  return success();
}

LogicalResult ContractCheckOp::verify() {
  if (failed(verifyViolationRing(*this, getViolations().getType())))
    return failure();
  if (getSiteAttr().getInt() < 0)
    return emitOpError("site must be non-negative, got ")
           << getSiteAttr().getInt();
  RankedTensorType offsets = getOffsets().getType();
  if (!offsets.getEncoding())
    return emitOpError("offsets must have a layout: the checks run per "
                       "thread, after layout assignment");
  int64_t owned = getLinearLayout(offsets).getNumRegisters();
  if (failed(verifyGroupSize(*this, "contiguity", getContiguity(), owned)))
    return failure();
  std::optional<uint32_t> uniform = getUniformMask();
  if (uniform) {
    if (!getMask())
      return emitOpError("uniform_mask needs a mask");
    if (failed(verifyGroupSize(*this, "uniform_mask", *uniform, owned)))
      return failure();
  }
  if (std::optional<uint32_t> align = getAlign();
      align && failed(verifyGroupSize(*this, "align", *align, 0)))
    return failure();
  if (!getConsecutive() && !uniform && !getAlign())
    return emitOpError("checks nothing: give consecutive, uniform_mask or "
                       "align");
  return success();
}

LogicalResult ActiveLanesCheckOp::verify() {
  if (getSiteAttr().getInt() < 0)
    return emitOpError("site must be non-negative, got ")
           << getSiteAttr().getInt();
  return verifyViolationRing(*this, getViolations().getType());
}

LogicalResult MBarrierWaitWatchdogOp::verify() {
  return verifyViolationRing(*this, getViolations().getType());
}
