//===- TargetLegality.cpp - what a target can compile --------------------===//
#include "tlxamd/Target/TargetLegality.h"

#include "tlxamd/Analysis/AxisInfo.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::tlxamd;

const ArchInfo *mlir::tlxamd::lookupArchOrEmitError(Operation *anchor,
                                                    StringRef name,
                                                    StringRef what,
                                                    const Vendor *vendor) {
  const ArchInfo *arch = lookupArch(name);
  if (arch && (!vendor || arch->vendor == *vendor))
    return arch;
  anchor->emitError() << what << ": unsupported target '" << name
                      << "' (supported: "
                      << (vendor ? getSupportedArchNames(*vendor)
                                 : getSupportedArchNames())
                      << ")";
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Buffer ops (document 000)
//===----------------------------------------------------------------------===//

/// B4 on the target: a cache modifier needs a cache-policy encoding.
static LogicalResult verifyCacheForTarget(Operation *op,
                                          std::optional<CacheModifier> cache,
                                          const ArchInfo &arch) {
  if (!cache || arch.cachePolicy != CachePolicyEncoding::None)
    return success();
  return op->emitOpError("cache modifier \"")
         << stringifyCacheModifier(*cache) << "\" is not available on "
         << arch.name << " (" << arch.family
         << "; targets that have cache modifiers: "
         << getArchNamesWhere([](const ArchInfo &a) {
              return a.cachePolicy != CachePolicyEncoding::None;
            })
         << ")";
}

LogicalResult BufferLoadOp::verifyForTarget(const ArchInfo &arch) {
  return verifyCacheForTarget(*this, getCache(), arch);
}

LogicalResult BufferStoreOp::verifyForTarget(const ArchInfo &arch) {
  return verifyCacheForTarget(*this, getCache(), arch);
}

LogicalResult BufferAtomicAddOp::verifyForTarget(const ArchInfo &arch) {
  RankedTensorType type = getValue().getType();
  Type elem = type.getElementType();
  // B1: packed 16-bit float atomics exist on some targets only.
  bool bf16 = elem.isBF16();
  if ((bf16 && !arch.packedBF16BufferAtomics) ||
      (elem.isF16() && !arch.packedF16BufferAtomics))
    return emitOpError("packed ")
           << elem << " buffer atomics are not available on " << arch.name
           << " (" << arch.family << "; targets that have them: "
           << getArchNamesWhere([&](const ArchInfo &a) {
                return bf16 ? a.packedBF16BufferAtomics
                            : a.packedF16BufferAtomics;
              })
           << ")";
  if (!(elem.isF16() || elem.isBF16()) || !getMask() || !type.getEncoding())
    return success();
  // B18: the mask must be uniform over each adjacent pair of registers, as
  // far as the axis analysis proves.
  int64_t width =
      AxisInfoAnalysis().getMaskUniformWidth(getMask(), type, getContiguity());
  if (width >= 2)
    return success();
  return emitOpError("packed ")
         << elem
         << " atomics need a mask uniform over adjacent pairs, but the mask "
            "analysis proves it only for groups of "
         << width << " (contiguity " << getContiguity() << ")";
}

//===----------------------------------------------------------------------===//
// Distributed tensors
//===----------------------------------------------------------------------===//

namespace {
/// Per kernel, the lanes per warp its distributed tensors assume: the same
/// for all of them, and at least the target's warp size (a wave64 layout on
/// a 32-lane target runs each layout warp as two hardware warps); and the
/// shared memory its layout changes use.
class TensorChecker {
public:
  explicit TensorChecker(const ArchInfo &arch) : arch(arch) {}

  LogicalResult check(Operation *op) {
    for (Type t : op->getResultTypes())
      if (failed(checkType(op, t)))
        return failure();
    if (isa<ConvertLayoutOp, RequireLayoutOp>(op) &&
        failed(checkLayoutChange(op)))
      return failure();
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      if (!getDistributedLayout(reduce.getSrcs()[0].getType()))
        return success(); // reported where the operand is produced
      FailureOr<ReductionPlan> plan = planReduction(reduce, arch.warpSize);
      if (failed(plan) || failed(checkSharedMemory(op, plan->scratchBytes)))
        return failure();
    }
    if (auto cst = dyn_cast<arith::ConstantOp>(op))
      if (getDistributedLayout(cst.getType()) &&
          !isa<SplatElementsAttr>(cst.getValue()))
        return op->emitOpError()
               << "distributed tensor constants must be splats; build other "
                  "tensors with tlxamd.make_range";
    return success();
  }

private:
  LogicalResult checkLayoutChange(Operation *op) {
    auto src = cast<RankedTensorType>(op->getOperand(0).getType());
    auto dst = cast<RankedTensorType>(op->getResult(0).getType());
    // A layout-free source is reported where it is produced.
    if (!getDistributedLayout(src) || !getDistributedLayout(dst))
      return success();
    if (classifyLayoutChange(src, dst, arch.warpSize) !=
        LayoutChangeKind::SharedMemory)
      return success();
    return checkSharedMemory(op, getLayoutChangeScratchBytes(dst));
  }

  /// Layout changes through shared memory and reductions across warps: each
  /// has its own scratch buffer, and a kernel's buffers together must fit
  /// the target's shared memory.
  LogicalResult checkSharedMemory(Operation *op, int64_t bytes) {
    if (bytes == 0)
      return success();
    int64_t &total = sharedBytes[op->getParentOfType<gpu::GPUFuncOp>()];
    total += bytes;
    if (total <= arch.sharedMemoryBytes)
      return success();
    int64_t needed = total;
    return op->emitOpError()
           << "moves " << bytes << " bytes through shared memory; the "
           << "kernel's shared-memory scratch (layout changes, reductions) "
           << "needs " << needed << " bytes, more "
           << "than the " << arch.sharedMemoryBytes << " bytes of " << arch.name
           << " (targets with enough: "
           << getArchNamesWhere([&](const ArchInfo &a) {
                return a.sharedMemoryBytes >= needed;
              })
           << ")";
  }

  LogicalResult checkType(Operation *op, Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (tensor && !tensor.getEncoding())
      return op->emitOpError()
             << "result " << t << " has no layout; run tlxamd-assign-layouts "
             << "(part of the tlxamd-to-llvm pipeline) before lowering";
    DistributedLayoutAttr layout = getDistributedLayout(t);
    if (!layout)
      return success();
    unsigned lanes = layout.getLanesPerWarp();
    Operation *kernel = op->getParentOfType<gpu::GPUFuncOp>();
    // One diagnostic per kernel: every tensor of it shares the layout warp.
    if (lanes < arch.warpSize && !reported.insert(kernel).second)
      return failure();
    if (lanes < arch.warpSize)
      return op->emitOpError()
             << "result layout assumes " << lanes << " lanes per warp but "
             << arch.name << " has " << arch.warpSize
             << " (targets with at most " << lanes << " lanes per warp: "
             << getArchNamesWhere(
                    [&](const ArchInfo &a) { return a.warpSize <= lanes; })
             << ")";
    auto [it, inserted] = kernelLanes.try_emplace(kernel, lanes);
    if (!inserted && it->second != lanes)
      return op->emitOpError()
             << "result layout assumes " << lanes
             << " lanes per warp but the kernel's other tensors assume "
             << it->second;
    return success();
  }

  const ArchInfo &arch;
  llvm::DenseMap<Operation *, unsigned> kernelLanes;
  llvm::SmallPtrSet<Operation *, 4> reported;
  llvm::DenseMap<Operation *, int64_t> sharedBytes;
};
} // namespace

LogicalResult mlir::tlxamd::verifyForTarget(Operation *root,
                                            const ArchInfo &arch) {
  TensorChecker tensors(arch);
  bool failed = false;
  root->walk([&](Operation *op) {
    if (mlir::failed(tensors.check(op)))
      failed = true;
    else if (auto legality = dyn_cast<TargetLegalityOpInterface>(op))
      failed |= mlir::failed(legality.verifyForTarget(arch));
  });
  return failure(failed);
}
