//===- ConvertToBufferOps.cpp - tlxamd-convert-to-buffer-ops -------------===//
//
// `tl.load(base + offsets)` / `tl.store(base + offsets, v)` with a scalar
// base pointer and i32 offsets become buffer ops (as Triton's AMD backend
// does), so that they get what the buffer lowering knows: one access per
// contiguous group whatever the mask (the prefix-mask split), immediate
// offsets, one address per run. `contiguity` is what the axis analysis
// proves for the pointers (contiguous and aligned, within the layout's
// adjacent registers).
//
// On AMD the buffer resource adds 32-bit byte offsets to the base, with
// hardware range checking: the rewrite needs offsets proven non-negative and
// a base marked `tlxamd.pointer_range = 32` (the buffer is below 2 GiB, the
// specialization Triton's AMD launcher makes). On NVIDIA buffer ops are
// plain sign-extended pointer arithmetic and always apply.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Analysis/AxisInfo.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/TargetLegality.h"
#include "tlxamd/Target/TargetOption.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDCONVERTTOBUFFEROPS
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

/// `base + offsets` with a uniform scalar base and i32 offsets, looking
/// through scalar steps of the base (`(p + s) + offsets` is `p + (s +
/// offsets)`, Triton's `ptr + row * stride + cols`).
struct SplitPointers {
  Value base, offsets;
  SmallVector<Value> scalarOffsets; ///< steps added to the lanes' offsets
  SmallVector<Value> baseSteps;     ///< steps kept in the base pointer
  Value splatted;                   ///< the scalar pointer splat to the lanes
};
static std::optional<SplitPointers> splitPointers(Value ptrs) {
  auto add = ptrs.getDefiningOp<AddPtrOp>();
  if (!add)
    return std::nullopt;
  auto splat = add.getPtr().getDefiningOp<SplatOp>();
  auto offsets = dyn_cast<RankedTensorType>(add.getOffset().getType());
  if (!splat || !offsets || !offsets.getElementType().isSignlessInteger(32) ||
      cast<PtrType>(splat.getSrc().getType()).getAddressSpace() != 1)
    return std::nullopt;
  SplitPointers split{splat.getSrc(), add.getOffset(), {}, {}, splat.getSrc()};
  while (auto step = split.base.getDefiningOp<AddPtrOp>()) {
    if (!step.getOffset().getType().isSignlessInteger(32))
      break;
    split.scalarOffsets.push_back(step.getOffset());
    split.base = step.getPtr();
  }
  return split;
}

/// The base of `split` with its kept steps added (scalar pointer steps).
static Value materializeBase(OpBuilder &b, Location loc,
                             const SplitPointers &split) {
  if (split.scalarOffsets.empty()) // every step kept: the pointer splat
    return split.splatted;
  Value base = split.base;
  for (Value s : llvm::reverse(split.baseSteps))
    base = AddPtrOp::create(b, loc, base.getType(), base, s);
  return base;
}

/// The offsets of `split` as one i32 tensor (scalar steps splat and added).
static Value materializeOffsets(OpBuilder &b, Location loc,
                                const SplitPointers &split) {
  Value offsets = split.offsets;
  for (Value s : split.scalarOffsets) {
    Value t = SplatOp::create(b, loc, offsets.getType(), s);
    offsets = arith::AddIOp::create(b, loc, offsets, t);
  }
  return offsets;
}

static bool isRange32(Value base) {
  auto arg = dyn_cast<BlockArgument>(base);
  if (!arg)
    return false;
  auto func =
      dyn_cast_or_null<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (!func)
    return false;
  auto attr = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                 kPointerRangeAttrName);
  return attr && attr.getInt() == 32;
}

namespace {
struct TlxAmdConvertToBufferOpsPass
    : tlxamd::impl::TlxAmdConvertToBufferOpsBase<TlxAmdConvertToBufferOpsPass> {
  using TlxAmdConvertToBufferOpsBase::TlxAmdConvertToBufferOpsBase;

  LogicalResult initialize(MLIRContext *) override {
    resolved.resolve(target);
    return success();
  }

  void runOnOperation() override {
    const ArchInfo *arch =
        resolved.get(getOperation(), "tlxamd-convert-to-buffer-ops");
    if (!arch)
      return signalPassFailure();
    AxisInfoAnalysis axis;
    auto split = [&](Value ptrs) -> std::optional<SplitPointers> {
      auto parts = splitPointers(ptrs);
      if (!parts || !getDistributedLayout(ptrs.getType()))
        return std::nullopt;
      if (arch->isAMD() &&
          (!isRange32(parts->base) || !isProvablyNonNegative(parts->offsets)))
        return std::nullopt;
      // A scalar step the analysis cannot prove non-negative (`row *
      // stride` with a runtime stride) stays in the base, which the buffer
      // resource takes as it is: only the lanes' offsets from it must be
      // non-negative. Like Triton's fat pointers this takes the access to
      // lie in the argument's buffer (below 2 GiB), so the offsets from a
      // stepped base stay in the resource's range but for a negative step
      // within |step| of the 2 GiB limit.
      if (arch->isAMD()) {
        SmallVector<Value> lanes;
        for (Value s : parts->scalarOffsets)
          (isProvablyNonNegative(s) ? lanes : parts->baseSteps).push_back(s);
        parts->scalarOffsets = std::move(lanes);
      }
      return parts;
    };
    getOperation()->walk([&](Operation *op) {
      if (auto load = dyn_cast<LoadOp>(op)) {
        auto parts = split(load.getPtr());
        if (!parts)
          return;
        auto type = cast<RankedTensorType>(load.getType());
        OpBuilder b(op);
        auto buffer = BufferLoadOp::create(
            b, op->getLoc(), type, materializeBase(b, op->getLoc(), *parts),
            materializeOffsets(b, op->getLoc(), *parts), load.getMask(),
            load.getOther(), load.getCacheAttr(),
            uint32_t(axis.getPointerRun(load.getPtr(), type)));
        // tl.load's masked-out elements without `other` are unspecified.
        if (load.getMask() && !load.getOther())
          buffer.setMaskedUndef(true);
        load.getResult().replaceAllUsesWith(buffer.getResult());
        op->erase();
      } else if (auto store = dyn_cast<StoreOp>(op)) {
        auto parts = split(store.getPtr());
        if (!parts)
          return;
        auto type = cast<RankedTensorType>(store.getValue().getType());
        int64_t run = axis.getPointerRun(store.getPtr(), type);
        OpBuilder b(op);
        Value value = store.getValue();
        // B9: a store wider than one element keeps its value's layout.
        if (run > 1)
          value = RequireLayoutOp::create(b, op->getLoc(), type, value);
        BufferStoreOp::create(
            b, op->getLoc(), value, materializeBase(b, op->getLoc(), *parts),
            materializeOffsets(b, op->getLoc(), *parts), store.getMask(),
            store.getCacheAttr(), uint32_t(run));
        op->erase();
      }
    });
  }

  ResolvedTarget resolved;
};
} // namespace

std::unique_ptr<Pass>
mlir::tlxamd::createTlxAmdConvertToBufferOpsPass(StringRef target) {
  TlxAmdConvertToBufferOpsOptions options;
  options.target = target.str();
  return createTlxAmdConvertToBufferOps(options);
}
