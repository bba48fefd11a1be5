//===- CombineDotAdd.cpp - tlxamd-combine-dot-add ------------------------===//
//
// `acc += tl.dot(a, b)` (and `tl.dot_scaled`) as the frontend writes it: a
// product into a zero accumulator, then an add. The add becomes the
// product's accumulator (Triton's TTIR combine): the instruction
// accumulates in place instead of starting from zero and adding every
// register after it (one add per accumulator register and K step).
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDCOMBINEDOTADD
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// The accumulator operand of a product, or null for another op.
static OpOperand *accumulatorOf(Operation *op) {
  if (auto dot = dyn_cast_or_null<DotOp>(op))
    return &dot.getCMutable();
  if (auto dot = dyn_cast_or_null<DotScaledOp>(op))
    return &dot.getCMutable();
  return nullptr;
}

/// `add` of a single-use product into a zero accumulator and `other` of
/// the same type: the product accumulates `other` instead.
static bool combine(Operation *add) {
  for (unsigned i = 0; i < 2; ++i) {
    Value product = add->getOperand(i), other = add->getOperand(1 - i);
    Operation *dot = product.getDefiningOp();
    OpOperand *acc = accumulatorOf(dot);
    if (!acc || !product.hasOneUse() || dot->getBlock() != add->getBlock() ||
        other.getType() != acc->get().getType())
      continue;
    if (!matchPattern(acc->get(), m_AnyZeroFloat()) &&
        !matchPattern(acc->get(), m_Zero()))
      continue;
    // Right before the add, `other` is defined.
    dot->moveBefore(add);
    acc->set(other);
    add->getResult(0).replaceAllUsesWith(product);
    add->erase();
    return true;
  }
  return false;
}

struct TlxAmdCombineDotAddPass
    : tlxamd::impl::TlxAmdCombineDotAddBase<TlxAmdCombineDotAddPass> {
  void runOnOperation() override {
    SmallVector<Operation *> adds;
    getOperation()->walk([&](Operation *op) {
      if (isa<arith::AddFOp, arith::AddIOp>(op) &&
          isa<RankedTensorType>(op->getResult(0).getType()))
        adds.push_back(op);
    });
    for (Operation *add : adds)
      combine(add);
  }
};

} // namespace
