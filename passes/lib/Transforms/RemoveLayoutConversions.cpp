//===- RemoveLayoutConversions.cpp - tlxamd-remove-layout-conversions ----===//
//
// Conversions between layouts go through shuffles or shared memory; cheap
// ops are recomputed instead, as Triton's pass does:
//  - backward: a conversion whose source slice (up to values already in the
//    target layout) is made of cheap ops is replaced by that slice
//    recomputed in the target layout;
//  - forward: a conversion followed by a chain of cheap single-use ops that
//    ends in the conversion back moves past the chain, where the two fold;
//  - a conversion to the source's own layout, and a conversion of a
//    conversion, fold;
//  - a conversion of a value defined outside a loop moves before the loop
//    (attention's Q converted to the MMA operand once, not every step).
// `require_layout` pins a layout and is never touched.
//
//===----------------------------------------------------------------------===//
#include "LayoutPropagation.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDREMOVELAYOUTCONVERSIONS
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// Recomputes values in another layout, sharing what it has already built.
class Rematerializer {
public:
  /// Whether each thread holds `v`'s elements of `layout` already (the
  /// conversion only renames registers).
  static bool isRegisterPermutation(Value v, Attribute layout) {
    auto type = cast<RankedTensorType>(v.getType());
    if (!getDistributedLayout(type))
      return false;
    auto to = cast<RankedTensorType>(withLayout(type, layout));
    return getDistributedLayout(to) &&
           LinearLayout::getRegisterMap(getLinearLayout(type),
                                        getLinearLayout(to), {}, {})
               .has_value();
  }

  /// Whether `v` can be had in `layout` by recomputing at most `budget`
  /// cheap ops (conversions on the way are looked through).
  bool canRematerialize(Value v, Attribute layout, int &budget) {
    if (!isa<RankedTensorType>(v.getType()) || getLayout(v) == layout)
      return true;
    if (!describes(layout, v.getType()))
      return false;
    if (memo.count({v, layout}) || isRegisterPermutation(v, layout))
      return true;
    Operation *def = v.getDefiningOp();
    if (!def)
      return false;
    if (auto cvt = dyn_cast<ConvertLayoutOp>(def))
      return canRematerialize(cvt.getSrc(), layout, budget);
    if (!isRematerializable(def) || --budget < 0)
      return false;
    for (auto [i, operand] : llvm::enumerate(def->getOperands())) {
      Attribute want = getOperandLayoutFor(def, i, layout);
      if (!want && isa<RankedTensorType>(operand.getType()))
        return false; // no operand layout gives this result layout
      if (want && !canRematerialize(operand, want, budget))
        return false;
    }
    return true;
  }

  /// `v` in `layout` (canRematerialize must have said yes).
  Value rematerialize(Value v, Attribute layout) {
    if (!isa<RankedTensorType>(v.getType()) || getLayout(v) == layout)
      return v;
    if (Value done = memo.lookup({v, layout}))
      return done;
    if (isRegisterPermutation(v, layout)) { // (a block argument, say)
      OpBuilder b(v.getContext());
      b.setInsertionPointAfterValue(v);
      return memo[{v, layout}] = ConvertLayoutOp::create(
                 b, v.getLoc(), withLayout(v.getType(), layout), v);
    }
    Operation *def = v.getDefiningOp();
    if (auto cvt = dyn_cast<ConvertLayoutOp>(def))
      return memo[{v, layout}] = rematerialize(cvt.getSrc(), layout);
    IRMapping mapping;
    for (auto [i, operand] : llvm::enumerate(def->getOperands()))
      if (Attribute want = getOperandLayoutFor(def, i, layout))
        mapping.map(operand, rematerialize(operand, want));
    OpBuilder b(def->getContext());
    b.setInsertionPointAfter(def);
    Operation *clone = b.clone(*def, mapping);
    Type type = withLayout(v.getType(), layout);
    if (isa<arith::ConstantOp>(clone))
      retypeConstant(clone, type);
    else
      clone->getResult(0).setType(type);
    return memo[{v, layout}] = clone->getResult(0);
  }

private:
  llvm::DenseMap<std::pair<Value, Attribute>, Value> memo;
};

/// Cheap ops recomputed per conversion at most (Triton bounds its slices
/// the same way).
constexpr int kRematerializationBudget = 64;

/// Fold a conversion to the source's layout and a conversion of a
/// conversion.
static bool foldConversion(ConvertLayoutOp cvt) {
  if (auto inner = cvt.getSrc().getDefiningOp<ConvertLayoutOp>()) {
    cvt.getSrcMutable().assign(inner.getSrc());
    if (inner->use_empty())
      inner->erase();
  }
  if (cvt.getSrc().getType() != cvt.getType())
    return false;
  cvt.getResult().replaceAllUsesWith(cvt.getSrc());
  cvt->erase();
  return true;
}

/// Forward: cvt (L1 -> L2) -> cheap single-use ops -> conversion to L1.
/// Recompute the chain in L1 from cvt's source; the last conversion then
/// has its source's layout and folds.
static bool moveForward(ConvertLayoutOp cvt, Rematerializer &remat) {
  Attribute from = getLayout(cvt.getSrc());
  if (!from)
    return false;
  SmallVector<Operation *> chain;
  Value v = cvt.getResult();
  ConvertLayoutOp back;
  for (int hops = 0; hops < kRematerializationBudget; ++hops) {
    if (!v.hasOneUse())
      return false;
    Operation *user = *v.getUsers().begin();
    if (auto next = dyn_cast<ConvertLayoutOp>(user)) {
      if (getLayout(next.getResult()) != from)
        return false;
      back = next;
      break;
    }
    if (!isSameLayoutOp(user) || !isRematerializable(user))
      return false;
    chain.push_back(user);
    v = user->getResult(0);
  }
  if (!back || chain.empty())
    return false;
  // The chain's other operands must be available in L1.
  int budget = kRematerializationBudget;
  Value link = cvt.getResult();
  for (Operation *op : chain) {
    for (Value operand : op->getOperands())
      if (operand != link && getLayout(operand) &&
          !remat.canRematerialize(operand, from, budget))
        return false;
    link = op->getResult(0);
  }
  Value current = cvt.getSrc();
  link = cvt.getResult();
  OpBuilder b(back);
  for (Operation *op : chain) {
    IRMapping mapping;
    for (Value operand : op->getOperands())
      if (getLayout(operand))
        mapping.map(operand, operand == link
                                 ? current
                                 : remat.rematerialize(operand, from));
    Operation *clone = b.clone(*op, mapping);
    clone->getResult(0).setType(withLayout(op->getResult(0).getType(), from));
    current = clone->getResult(0);
    link = op->getResult(0);
  }
  back.getResult().replaceAllUsesWith(current);
  back->erase();
  return true;
}

static void eraseDeadOps(Operation *root) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> ops;
    root->walk([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : llvm::reverse(ops))
      if (op->use_empty() && op->getNumResults() &&
          (isa<ConvertLayoutOp>(op) || isRematerializable(op)) &&
          isMemoryEffectFree(op)) {
        op->erase();
        changed = true;
      }
  }
}

struct TlxAmdRemoveLayoutConversionsPass
    : tlxamd::impl::TlxAmdRemoveLayoutConversionsBase<
          TlxAmdRemoveLayoutConversionsPass> {
  using TlxAmdRemoveLayoutConversionsBase::TlxAmdRemoveLayoutConversionsBase;

  void runOnOperation() override {
    SmallVector<Operation *> kernels;
    getOperation()->walk([&](FunctionOpInterface func) {
      if (!assignedOnly ||
          func->hasAttr(TlxAmdDialect::getAssignedLayoutsAttrName()))
        kernels.push_back(func);
    });
    // Each step removes one conversion; the walk restarts after it, as the
    // step may have erased or created others.
    for (Operation *kernel : kernels) {
      while (step(kernel)) {
      }
      eraseDeadOps(kernel);
      hoistInvariantConversions(kernel);
    }
  }

  /// Conversions of loop-invariant values, out of their loops (innermost
  /// first: a conversion leaves every loop its source is defined outside).
  static void hoistInvariantConversions(Operation *kernel) {
    SmallVector<ConvertLayoutOp> conversions;
    kernel->walk([&](ConvertLayoutOp cvt) { conversions.push_back(cvt); });
    for (ConvertLayoutOp cvt : conversions)
      while (auto loop = dyn_cast<LoopLikeOpInterface>(cvt->getParentOp())) {
        if (!loop.isDefinedOutsideOfLoop(cvt.getSrc()))
          break;
        loop.moveOutOfLoop(cvt);
      }
  }

  bool step(Operation *kernel) {
    Rematerializer remat;
    // A required layout stays, but cheap producers are recomputed in it so
    // the requirement itself moves nothing.
    bool changed =
        kernel
            ->walk([&](RequireLayoutOp req) {
              Attribute to = getLayout(req.getResult());
              int budget = kRematerializationBudget;
              if (getLayout(req.getSrc()) == to ||
                  !remat.canRematerialize(req.getSrc(), to, budget))
                return WalkResult::advance();
              req.getSrcMutable().assign(remat.rematerialize(req.getSrc(), to));
              return WalkResult::interrupt();
            })
            .wasInterrupted();
    if (changed)
      return true;
    return kernel
        ->walk([&](ConvertLayoutOp cvt) {
          if (foldConversion(cvt))
            return WalkResult::interrupt();
          Attribute to = getLayout(cvt.getResult());
          int budget = kRematerializationBudget;
          // (a renaming of registers stays: it costs nothing)
          if (!Rematerializer::isRegisterPermutation(cvt.getSrc(), to) &&
              remat.canRematerialize(cvt.getSrc(), to, budget)) {
            cvt.getResult().replaceAllUsesWith(
                remat.rematerialize(cvt.getSrc(), to));
            cvt->erase();
            return WalkResult::interrupt();
          }
          if (moveForward(cvt, remat))
            return WalkResult::interrupt();
          return WalkResult::advance();
        })
        .wasInterrupted();
  }
};
} // namespace

std::unique_ptr<Pass>
mlir::tlxamd::createTlxAmdRemoveLayoutConversionsPass(bool assignedOnly) {
  TlxAmdRemoveLayoutConversionsOptions options;
  options.assignedOnly = assignedOnly;
  return createTlxAmdRemoveLayoutConversions(options);
}
