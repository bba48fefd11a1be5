//===- PipelineSlices.cpp - what a pipelined load is computed from --------===//
#include "PipelineSlices.h"

#include "mlir/Interfaces/LoopLikeInterface.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

IntegerAttr mlir::tlxamd::getInheritedStages(scf::ForOp loop) {
  if (loop.getBody()
          ->walk([](LoopLikeOpInterface) { return WalkResult::interrupt(); })
          .wasInterrupted())
    return {};
  for (Operation *op = loop->getParentOp(); op; op = op->getParentOp())
    if (auto stages = op->getAttrOfType<IntegerAttr>("tlxamd.num_stages"))
      return stages;
  return {};
}

Value mlir::tlxamd::getCarriedStep(scf::ForOp loop, BlockArgument arg) {
  if (arg.getOwner() != loop.getBody() || arg.getArgNumber() == 0 ||
      isa<RankedTensorType>(arg.getType()))
    return {};
  Value next = loop.getYieldedValues()[arg.getArgNumber() - 1];
  Value step;
  if (auto add = next.getDefiningOp<AddPtrOp>(); add && add.getPtr() == arg)
    step = add.getOffset();
  if (auto add = next.getDefiningOp<arith::AddIOp>()) {
    if (add.getLhs() == arg)
      step = add.getRhs();
    else if (add.getRhs() == arg)
      step = add.getLhs();
  }
  if (!step || !loop.isDefinedOutsideOfLoop(step))
    return {};
  return step;
}

bool mlir::tlxamd::collectSlice(Value v, scf::ForOp loop, LoopSlice &slice) {
  if (v == loop.getInductionVar())
    return true;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    if (!loop->isAncestor(arg.getOwner()->getParentOp()))
      return true;
    if (!getCarriedStep(loop, arg))
      return false;
    slice.carried.insert(arg);
    return true;
  }
  Operation *def = v.getDefiningOp();
  if (!loop->isProperAncestor(def))
    return true;
  if (def->getBlock() != loop.getBody() || !isPure(def) || def->getNumRegions())
    return false;
  if (slice.ops.contains(def))
    return true;
  for (Value operand : def->getOperands())
    if (!collectSlice(operand, loop, slice))
      return false;
  slice.ops.insert(def);
  return true;
}

IRMapping mlir::tlxamd::cloneSlice(OpBuilder &b, scf::ForOp loop,
                                   const LoopSlice &slice, Value iv,
                                   ArrayRef<Value> carried) {
  IRMapping map;
  map.map(loop.getInductionVar(), iv);
  for (auto [arg, value] : llvm::zip(slice.carried, carried))
    map.map(arg, value);
  for (Operation *op : slice.ops)
    if (!map.contains(op->getResult(0)))
      b.clone(*op, map);
  return map;
}

SmallVector<Value> mlir::tlxamd::advanceCarried(OpBuilder &b, scf::ForOp loop,
                                                const LoopSlice &slice,
                                                int64_t ahead, bool inLoop) {
  SmallVector<Value> out;
  for (BlockArgument arg : slice.carried) {
    Value from =
        inLoop ? Value(arg) : loop.getInitArgs()[arg.getArgNumber() - 1];
    Value step = getCarriedStep(loop, arg);
    if (ahead == 0) {
      out.push_back(from);
      continue;
    }
    Location loc = arg.getLoc();
    if (ahead != 1)
      step = arith::MulIOp::create(
          b, loc, step,
          arith::ConstantOp::create(b, loc,
                                    b.getIntegerAttr(step.getType(), ahead)));
    out.push_back(isa<PtrType>(from.getType())
                      ? Value(AddPtrOp::create(b, loc, from, step))
                      : Value(arith::AddIOp::create(b, loc, from, step)));
  }
  return out;
}

/// Splits `ptrs`; with `b` null only says whether it splits (the offsets
/// returned are then null) and collects the offsets added in `parts`.
static std::optional<std::pair<Value, Value>>
split(OpBuilder *b, Value ptrs, SmallVectorImpl<Value> *parts = nullptr) {
  auto type = dyn_cast<RankedTensorType>(ptrs.getType());
  if (!type)
    return std::nullopt;
  Location loc = ptrs.getLoc();
  auto offsetsType = [&](RankedTensorType t) {
    return RankedTensorType::get(
        t.getShape(), IntegerType::get(t.getContext(), 32), t.getEncoding());
  };
  Operation *def = ptrs.getDefiningOp();
  if (auto splat = dyn_cast_or_null<SplatOp>(def)) {
    if (!isa<PtrType>(splat.getSrc().getType()))
      return std::nullopt;
    return std::make_pair(splat.getSrc(), Value());
  }
  if (auto add = dyn_cast_or_null<AddPtrOp>(def)) {
    auto offsets = dyn_cast<RankedTensorType>(add.getOffset().getType());
    if (!offsets || !offsets.getElementType().isSignlessInteger(32))
      return std::nullopt;
    if (parts)
      parts->push_back(add.getOffset());
    auto inner = split(b, add.getPtr(), parts);
    if (!inner || !b)
      return inner;
    Value sum = inner->second ? arith::AddIOp::create(*b, loc, inner->second,
                                                      add.getOffset())
                              : add.getOffset();
    return std::make_pair(inner->first, sum);
  }
  if (!isa_and_nonnull<BroadcastOp, ExpandDimsOp>(def))
    return std::nullopt;
  auto inner = split(b, def->getOperand(0), parts);
  if (!inner || !b || !inner->second)
    return inner;
  Value offsets;
  if (auto expand = dyn_cast<ExpandDimsOp>(def))
    offsets = ExpandDimsOp::create(*b, loc, offsetsType(type), inner->second,
                                   expand.getAxisAttr());
  else
    offsets = BroadcastOp::create(*b, loc, offsetsType(type), inner->second);
  return std::make_pair(inner->first, offsets);
}

std::optional<std::pair<Value, Value>>
mlir::tlxamd::splitPointerTensor(OpBuilder &b, Value ptrs) {
  return split(&b, ptrs);
}

bool mlir::tlxamd::splitPointerTensorParts(Value ptrs,
                                           SmallVectorImpl<Value> &parts) {
  return split(nullptr, ptrs, &parts).has_value();
}

/// Moves the pure ops computing `v` in `loop`'s body before the loop; false
/// when `v` is not loop-invariant that way.
static bool hoistInvariant(Value v, scf::ForOp loop) {
  if (loop.isDefinedOutsideOfLoop(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody() || !isPure(def) ||
      def->getNumRegions())
    return false;
  for (Value operand : def->getOperands())
    if (!hoistInvariant(operand, loop))
      return false;
  def->moveBefore(loop);
  return true;
}

scf::ForOp mlir::tlxamd::scalarizeCarriedPointers(scf::ForOp loop) {
  // Hoisted first: the steps of carried scalars (`k += BK` with the
  // constant in the body) and of the pointer tensors.
  for (BlockArgument arg : loop.getRegionIterArgs()) {
    Value next = loop.getYieldedValues()[arg.getArgNumber() - 1];
    Operation *def = next.getDefiningOp();
    if (isa_and_nonnull<AddPtrOp, arith::AddIOp>(def) &&
        llvm::is_contained(def->getOperands(), Value(arg)))
      for (Value operand : def->getOperands())
        if (operand != arg)
          hoistInvariant(operand, loop);
  }
  SmallVector<std::pair<unsigned, Value>> items; // (iter arg, scalar step)
  for (BlockArgument arg : loop.getRegionIterArgs()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    unsigned i = arg.getArgNumber() - 1;
    if (!type || !isa<PtrType>(type.getElementType()))
      continue;
    auto add = loop.getYieldedValues()[i].getDefiningOp<AddPtrOp>();
    if (!add || add.getPtr() != arg || !add->hasOneUse())
      continue;
    auto splat = add.getOffset().getDefiningOp<SplatOp>();
    if (!splat || !hoistInvariant(splat.getSrc(), loop) ||
        !split(nullptr, loop.getInitArgs()[i]))
      continue;
    items.push_back({i, splat.getSrc()});
  }
  if (items.empty())
    return loop;
  Location loc = loop.getLoc();
  IRRewriter b(loop);
  SmallVector<Value> inits(loop.getInitArgs());
  DenseMap<unsigned, Value> offsets; // iter arg -> the lanes' offsets
  for (auto [i, step] : items) {
    auto [base, offs] = *splitPointerTensor(b, inits[i]);
    inits[i] = base;
    offsets[i] = offs;
  }
  auto newLoop =
      scf::ForOp::create(b, loc, loop.getLowerBound(), loop.getUpperBound(),
                         loop.getStep(), inits);
  newLoop->setAttrs(loop->getAttrDictionary());
  Block *body = newLoop.getBody();
  while (!body->empty())
    body->back().erase();
  b.setInsertionPointToStart(body);
  // The old body sees each scalarized tensor rebuilt from the scalar.
  SmallVector<Value> args{newLoop.getInductionVar()};
  auto rebuild = [&](Value base, unsigned i) -> Value {
    Type type = loop.getRegionIterArgs()[i].getType();
    Value lanes = SplatOp::create(b, loc, type, base);
    return offsets[i] ? Value(AddPtrOp::create(b, loc, lanes, offsets[i]))
                      : lanes;
  };
  for (BlockArgument arg : newLoop.getRegionIterArgs()) {
    unsigned i = arg.getArgNumber() - 1;
    args.push_back(offsets.count(i) ? rebuild(arg, i) : Value(arg));
  }
  b.mergeBlocks(loop.getBody(), body, args);
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  b.setInsertionPoint(yield);
  for (auto [i, step] : items) {
    Operation *old = yield.getOperand(i).getDefiningOp();
    yield.setOperand(
        i, AddPtrOp::create(b, loc, newLoop.getRegionIterArgs()[i], step));
    if (old->use_empty())
      old->erase();
  }
  b.setInsertionPointAfter(newLoop);
  for (auto [i, result] : llvm::enumerate(loop.getResults())) {
    if (result.use_empty())
      continue;
    result.replaceAllUsesWith(offsets.count(i)
                                  ? rebuild(newLoop.getResult(i), i)
                                  : Value(newLoop.getResult(i)));
  }
  loop.erase();
  return newLoop;
}

scf::ForOp mlir::tlxamd::addWrappingCounters(scf::ForOp loop,
                                             ArrayRef<WrappingCounter> counters,
                                             SmallVectorImpl<Value> &args) {
  IRRewriter rewriter(loop.getContext());
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> inits;
  for (const WrappingCounter &c : counters)
    inits.push_back(c.start);
  unsigned first = loop.getNumRegionIterArgs();
  auto yields = [&](OpBuilder &b, Location l, ArrayRef<BlockArgument> from) {
    SmallVector<Value> next;
    Type i32 = b.getI32Type();
    auto cst = [&](int64_t v) {
      return arith::ConstantIntOp::create(b, l, i32, v).getResult();
    };
    for (auto [c, arg] : llvm::zip(counters, from)) {
      Value r = arith::AddIOp::create(b, l, arg, cst(c.step));
      if (llvm::isPowerOf2_64(c.modulus)) { // (a ring of 2^n: one mask)
        next.push_back(arith::AndIOp::create(b, l, r, cst(c.modulus - 1)));
        continue;
      }
      Value wrap = arith::CmpIOp::create(b, l, arith::CmpIPredicate::uge, r,
                                         cst(c.modulus));
      next.push_back(arith::SelectOp::create(
          b, l, wrap, arith::SubIOp::create(b, l, r, cst(c.modulus)), r));
    }
    return next;
  };
  FailureOr<LoopLikeOpInterface> grown =
      cast<LoopLikeOpInterface>(loop.getOperation())
          .replaceWithAdditionalYields(rewriter, inits,
                                       /*replaceInitOperandUsesInLoop=*/false,
                                       yields);
  if (failed(grown))
    return nullptr;
  auto newLoop = cast<scf::ForOp>(grown->getOperation());
  for (unsigned i = 0; i < counters.size(); ++i)
    args.push_back(newLoop.getRegionIterArgs()[first + i]);
  return newLoop;
}
