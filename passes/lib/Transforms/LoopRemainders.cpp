//===- LoopRemainders.cpp - tlxamd-loop-remainders ------------------------===//
//
// `(iv + c) rem C` inside an scf.for (iv its induction variable, step s, c
// >= 0 and C > 1 constants, C not a power of two, the dividend provably
// non-negative) is the same
// every iteration as a loop-carried r: r0 = (lb + c) rem C before the loop,
// r' = r + s rem C, minus C when that reaches C. One carried value per
// distinct (c rem C, C) of a loop.
//
//===----------------------------------------------------------------------===//
#include "PipelineSlices.h"
#include "tlxamd/Analysis/AxisInfo.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

#include <map>

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDLOOPREMAINDERS
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// A remainder of the loop's counter: `(iv + offset) rem divisor`.
struct CounterRemainder {
  Operation *op;
  int64_t offset, divisor;
};

/// `v` as `iv + c` (c constant; through additions and subtractions of
/// constants, as `i + STAGES - 1` is built), or nullopt.
std::optional<int64_t> counterOffset(Value v, Value iv, int depth = 0) {
  if (v == iv)
    return 0;
  Operation *def = v.getDefiningOp();
  if (depth > 8 || !isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def))
    return std::nullopt;
  APInt c;
  Value lhs = def->getOperand(0), rhs = def->getOperand(1);
  bool sub = isa<arith::SubIOp>(def);
  if (matchPattern(rhs, m_ConstantInt(&c)))
    if (std::optional<int64_t> base = counterOffset(lhs, iv, depth + 1))
      return *base + (sub ? -c.getSExtValue() : c.getSExtValue());
  if (!sub && matchPattern(lhs, m_ConstantInt(&c)))
    if (std::optional<int64_t> base = counterOffset(rhs, iv, depth + 1))
      return *base + c.getSExtValue();
  return std::nullopt;
}

SmallVector<CounterRemainder> findRemainders(scf::ForOp loop, int64_t step) {
  SmallVector<CounterRemainder> out;
  Value iv = loop.getInductionVar();
  if (!iv.getType().isSignlessInteger(32) ||
      !isProvablyNonNegative(loop.getLowerBound()))
    return out;
  loop.getBody()->walk([&](Operation *op) {
    if (!isa<arith::RemSIOp, arith::RemUIOp>(op) ||
        op->getParentOfType<scf::ForOp>() != loop)
      return;
    APInt c;
    // A power of two is one `and` already.
    if (!matchPattern(op->getOperand(1), m_ConstantInt(&c)) ||
        c.getSExtValue() <= 1 || llvm::isPowerOf2_64(c.getSExtValue()))
      return;
    std::optional<int64_t> offset = counterOffset(op->getOperand(0), iv);
    // Non-negative dividends: the counter from a non-negative lower bound
    // plus a non-negative constant (remsi and remui agree there).
    if (!offset || *offset < 0)
      return;
    out.push_back({op, *offset, c.getSExtValue()});
  });
  return out;
}

void carryRemainders(scf::ForOp loop) {
  APInt stepValue;
  if (!matchPattern(loop.getStep(), m_ConstantInt(&stepValue)) ||
      stepValue.getSExtValue() <= 0)
    return;
  int64_t step = stepValue.getSExtValue();
  SmallVector<CounterRemainder> rems = findRemainders(loop, step);
  if (rems.empty())
    return;
  // One carried value per (offset rem divisor, divisor).
  std::map<std::pair<int64_t, int64_t>, unsigned> slots;
  SmallVector<std::pair<int64_t, int64_t>> keys;
  for (const CounterRemainder &r : rems) {
    auto key = std::pair(r.offset % r.divisor, r.divisor);
    if (slots.try_emplace(key, keys.size()).second)
      keys.push_back(key);
  }
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Type i32 = b.getI32Type();
  auto cst = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i32, v).getResult();
  };
  SmallVector<WrappingCounter> counters;
  for (auto [offset, divisor] : keys)
    counters.push_back(
        {arith::RemUIOp::create(
             b, loc,
             arith::AddIOp::create(b, loc, loop.getLowerBound(), cst(offset)),
             cst(divisor)),
         step % divisor, divisor});
  SmallVector<Value> args;
  scf::ForOp newLoop = addWrappingCounters(loop, counters, args);
  if (!newLoop)
    return;
  for (const CounterRemainder &r : rems) {
    unsigned slot = slots[{r.offset % r.divisor, r.divisor}];
    r.op->getResult(0).replaceAllUsesWith(args[slot]);
    r.op->erase();
  }
}

struct LoopRemaindersPass
    : tlxamd::impl::TlxAmdLoopRemaindersBase<LoopRemaindersPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      carryRemainders(loop);
  }
};

} // namespace
