//===- ResolveTmemLayouts.cpp - tlxamd-resolve-tmem-layouts --------------===//
//
// The TLX tensor-core reference's layout resolution of TMEM scale buffers: a
// uint8 tensor-memory allocation starts with the placeholder layout and becomes
// an MX-scales buffer when async_dot_scaled reads it (T5), one buffer
// whatever its count (T7), a matrix (T8). Scales the MMA reads from
// shared memory get a tensor-memory buffer and a tcgen05.cp into it.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDRESOLVETMEMLAYOUTS
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// The scales type a `rows` x `scales` matrix of `elem` gets.
MemDescType scalesType(MLIRContext *ctx, ArrayRef<int64_t> tile, Type elem) {
  return MemDescType::get(
      ctx, tile, elem, TensorMemoryScalesLayoutAttr::get(ctx),
      TensorMemorySpaceAttr::get(ctx), /*mutable=*/true, tile);
}

/// Every view of `root` (memdesc_index, repeatedly) and the ops that use
/// them otherwise.
void collectUses(Value root, SmallVectorImpl<MemDescIndexOp> &views,
                 SmallVectorImpl<OpOperand *> &uses) {
  for (OpOperand &use : root.getUses()) {
    if (auto index = dyn_cast<MemDescIndexOp>(use.getOwner())) {
      views.push_back(index);
      collectUses(index.getResult(), views, uses);
    } else {
      uses.push_back(&use);
    }
  }
}

bool isScaleUse(OpOperand *use) {
  auto dot = dyn_cast<AsyncDotScaledOp>(use->getOwner());
  return dot &&
         (use->get() == dot.getAScale() || use->get() == dot.getBScale());
}

/// T5, T7, T8 for one placeholder allocation.
LogicalResult resolvePlaceholder(TmemAllocOp alloc) {
  SmallVector<MemDescIndexOp> views;
  SmallVector<OpOperand *> uses;
  collectUses(alloc.getResult(), views, uses);
  bool scale = false;
  for (OpOperand *use : uses) {
    Operation *user = use->getOwner();
    bool copyDest = isa<TmemCopyOp>(user) &&
                    use->getOperandNumber() == 1; // tmem_copy's destination
    if (isScaleUse(use)) {
      scale = true;
    } else if (!copyDest) {
      InFlightDiagnostic d =
          user->emitOpError("T5: uses a uint8 tensor-memory buffer whose "
                            "layout is the placeholder; such a buffer holds "
                            "MX scales: only tmem_copy (into it) and "
                            "async_dot_scaled (as a scale) use it");
      d.attachNote(alloc.getLoc()) << "allocated here";
      return d;
    }
  }
  if (!scale)
    return alloc.emitOpError("T5: the placeholder layout of this uint8 "
                             "tensor-memory buffer resolves when "
                             "async_dot_scaled reads it as a scale, and "
                             "nothing does");
  MemDescType old = alloc.getType();
  OpBuilder b(alloc);
  // T7: one buffer; T8: 1 x M x K is M x K.
  auto resolved = TmemAllocOp::create(
      b, alloc.getLoc(),
      scalesType(b.getContext(), old.getTileShape(), old.getElementType()));
  for (MemDescIndexOp view : llvm::reverse(views)) {
    view.getResult().replaceAllUsesWith(resolved.getResult());
    view.erase();
  }
  alloc.getResult().replaceAllUsesWith(resolved.getResult());
  alloc.erase();
  return success();
}

/// A scale in shared memory: a tensor-memory buffer of its own, allocated
/// at the kernel's start, and a tmem_copy into it before the MMA.
void stageSharedScale(AsyncDotScaledOp dot, OpOperand &operand, int64_t rows,
                      FunctionOpInterface func) {
  auto src = cast<MemDescType>(operand.get().getType());
  MLIRContext *ctx = dot.getContext();
  int64_t k = dot.getA().getType().getShape()[1] *
              (getScaledFormat(dot.getAFormat())->bits == 4 ? 2 : 1);
  SmallVector<int64_t> tile = {rows, k / kScaleBlockSize};
  OpBuilder b(ctx);
  b.setInsertionPointToStart(&func.getFunctionBody().front());
  auto alloc = TmemAllocOp::create(b, dot.getLoc(),
                                   scalesType(ctx, tile, src.getElementType()));
  b.setInsertionPoint(dot);
  TmemCopyOp::create(b, dot.getLoc(), operand.get(), alloc.getResult());
  operand.set(alloc.getResult());
}

LogicalResult resolveKernel(FunctionOpInterface func) {
  SmallVector<TmemAllocOp> placeholders;
  func->walk([&](TmemAllocOp alloc) {
    if (isa<TensorMemoryPlaceholderLayoutAttr>(alloc.getType().getEncoding()))
      placeholders.push_back(alloc);
  });
  for (TmemAllocOp alloc : placeholders)
    if (failed(resolvePlaceholder(alloc)))
      return failure();
  SmallVector<AsyncDotScaledOp> dots;
  func->walk([&](AsyncDotScaledOp dot) { dots.push_back(dot); });
  for (AsyncDotScaledOp dot : dots) {
    MemDescType acc = dot.getAcc().getType();
    if (!dot.getAScale().getType().isTensorMemory())
      stageSharedScale(dot, dot.getAScaleMutable(), acc.getShape()[0], func);
    if (!dot.getBScale().getType().isTensorMemory())
      stageSharedScale(dot, dot.getBScaleMutable(), acc.getShape()[1], func);
  }
  return success();
}

struct TlxAmdResolveTmemLayoutsPass
    : tlxamd::impl::TlxAmdResolveTmemLayoutsBase<TlxAmdResolveTmemLayoutsPass> {
  void runOnOperation() override {
    bool failed = false;
    getOperation()->walk([&](FunctionOpInterface func) {
      if (!func.isExternal())
        failed |= mlir::failed(resolveKernel(func));
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
