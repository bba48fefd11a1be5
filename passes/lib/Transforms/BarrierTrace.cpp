//===- BarrierTrace.cpp - a task's barrier events, symbolically ----------===//
//
// A task's region executed symbolically: integers that decide control flow
// and barrier or tile indices are computed (the kernel's integer arguments
// take a sample value, program ids 0), loops run their trip counts, and
// the barrier ops and tile accesses become events.
//
//===----------------------------------------------------------------------===//
#include "BarrierTrace.h"

#include <limits>

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::barriers;

bool Tracer::compare(arith::CmpIOp op, int64_t a, int64_t b) {
  using P = arith::CmpIPredicate;
  int64_t r = 0;
  switch (op.getPredicate()) {
  case P::eq:
    r = a == b;
    break;
  case P::ne:
    r = a != b;
    break;
  case P::slt:
  case P::ult:
    r = a < b;
    break;
  case P::sle:
  case P::ule:
    r = a <= b;
    break;
  case P::sgt:
  case P::ugt:
    r = a > b;
    break;
  case P::sge:
  case P::uge:
    r = a >= b;
    break;
  }
  ints[op.getResult()] = r;
  return true;
}

/// Integer arithmetic on computable operands (others stay unknown).
bool Tracer::arith(Operation *op) {
  if (op->getNumResults() != 1 || !op->getResult(0).getType().isIntOrIndex())
    return true;
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      ints[c.getResult()] = i.getValue().getSExtValue();
    return true;
  }
  SmallVector<int64_t, 3> v;
  for (Value x : op->getOperands()) {
    std::optional<int64_t> k = get(x);
    if (!k)
      return true; // unknown: an error only where it is needed
    v.push_back(*k);
  }
  Value r = op->getResult(0);
  auto set = [&](int64_t x) {
    ints[r] = x;
    return true;
  };
  if (isa<arith::AddIOp>(op))
    return set(int64_t(uint64_t(v[0]) + uint64_t(v[1])));
  if (isa<arith::SubIOp>(op))
    return set(int64_t(uint64_t(v[0]) - uint64_t(v[1])));
  if (isa<arith::MulIOp>(op))
    return set(int64_t(uint64_t(v[0]) * uint64_t(v[1])));
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
          arith::CeilDivSIOp, arith::FloorDivSIOp>(op)) {
    // (unknown where the hardware's result would be: a zero divisor, the
    // one quotient that overflows)
    if (v[1] == 0 ||
        (v[1] == -1 && v[0] == std::numeric_limits<int64_t>::min()))
      return true;
    if (isa<arith::RemSIOp, arith::RemUIOp>(op))
      return set(v[0] % v[1]);
    if (isa<arith::CeilDivSIOp>(op))
      return set(v[0] / v[1] +
                 (v[0] % v[1] != 0 && (v[0] < 0) == (v[1] < 0) ? 1 : 0));
    return set(v[0] / v[1]);
  }
  if (isa<arith::AndIOp>(op))
    return set(v[0] & v[1]);
  if (isa<arith::OrIOp>(op))
    return set(v[0] | v[1]);
  if (isa<arith::XOrIOp>(op))
    return set(v[0] ^ v[1]);
  if (isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp>(op) &&
      (v[1] < 0 || v[1] >= 63))
    return true; // (poison in arith)
  if (isa<arith::ShLIOp>(op))
    return set(int64_t(uint64_t(v[0]) << v[1]));
  if (isa<arith::ShRSIOp, arith::ShRUIOp>(op))
    return set(v[0] >> v[1]);
  if (isa<arith::MinSIOp, arith::MinUIOp>(op))
    return set(std::min(v[0], v[1]));
  if (isa<arith::MaxSIOp, arith::MaxUIOp>(op))
    return set(std::max(v[0], v[1]));
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp,
          arith::IndexCastUIOp>(op))
    return set(v[0]);
  if (auto s = dyn_cast<arith::SelectOp>(op))
    return set(v[0] ? v[1] : v[2]);
  if (auto c = dyn_cast<arith::CmpIOp>(op))
    return compare(c, v[0], v[1]);
  if (isa<ProgramIdOp>(op))
    return set(0);
  if (isa<NumProgramsOp>(op))
    return set(kSamplePrograms);
  return true;
}

bool Tracer::predFalse(Value pred) {
  std::optional<int64_t> p = pred ? get(pred) : std::optional<int64_t>(1);
  return p && *p == 0;
}

/// The views that name a buffer, then barrier ops and tile accesses.
bool Tracer::memory(Operation *op) {
  if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
    bufs[alloc.getResult()] = Buf{op, -1};
    return true;
  }
  if (auto index = dyn_cast<MemDescIndexOp>(op)) {
    std::optional<Buf> src = buf(index.getSrc());
    std::optional<int64_t> i = get(index.getIndex());
    if (src && i && src->index == -1)
      bufs[index.getResult()] = Buf{src->alloc, *i};
    return true;
  }
  if (isa<MemDescSubsliceOp, MemDescTransOp>(op)) {
    if (std::optional<Buf> src = buf(op->getOperand(0)))
      bufs[op->getResult(0)] = *src;
    return true;
  }
  return barrier(op) && access(op);
}

bool Tracer::one(Operation *op, Value v, Buf &out) {
  if (!needBuf(op, v, out))
    return false;
  // A one-buffer allocation used whole is its buffer 0.
  if (out.index == -1)
    out.index = 0;
  return true;
}

/// mbarrier ops and the TMA copies that complete bytes on a barrier.
bool Tracer::barrier(Operation *op) {
  Event e{Kind::Init, op, {}, {}, 0};
  if (auto init = dyn_cast<MBarrierInitOp>(op)) {
    e.value = init.getCount();
    return one(op, init.getBarrier(), e.bar) && emit(e);
  }
  if (auto arrive = dyn_cast<MBarrierArriveOp>(op)) {
    if (predFalse(arrive.getPred()) || arrive.getRemoteCtaRank())
      return true;
    e.kind = Kind::Arrive;
    e.value = arrive.getCount();
    return one(op, arrive.getBarrier(), e.bar) && emit(e);
  }
  if (auto expect = dyn_cast<MBarrierExpectTxOp>(op)) {
    if (predFalse(expect.getPred()))
      return true;
    e.kind = Kind::ExpectTx;
    e.value = expect.getBytes();
    return one(op, expect.getBarrier(), e.bar) && emit(e);
  }
  if (isa<MBarrierWaitOp, MBarrierWaitWatchdogOp>(op)) {
    auto [barrier, phaseValue, pred] =
        isa<MBarrierWaitOp>(op)
            ? std::tuple(cast<MBarrierWaitOp>(op).getBarrier(),
                         cast<MBarrierWaitOp>(op).getPhase(),
                         cast<MBarrierWaitOp>(op).getPred())
            : std::tuple(cast<MBarrierWaitWatchdogOp>(op).getBarrier(),
                         cast<MBarrierWaitWatchdogOp>(op).getPhase(),
                         cast<MBarrierWaitWatchdogOp>(op).getPred());
    if (predFalse(pred))
      return true;
    std::optional<int64_t> phase = get(phaseValue);
    if (!phase)
      return fail(op, "a wait whose phase is not computable");
    e.kind = Kind::Wait;
    e.value = *phase & 1;
    return one(op, barrier, e.bar) && emit(e);
  }
  if (auto clc = dyn_cast<ClcTryCancelOp>(op)) {
    if (predFalse(clc.getPred()))
      return true;
    e.kind = Kind::Copy; // 16 bytes written by the async proxy
    e.value = 16;
    Buf dst;
    if (!one(op, clc.getBarrier(), e.bar) || !one(op, clc.getResponse(), dst))
      return false;
    e.bufs.push_back(dst);
    return emit(e);
  }
  if (auto copy = dyn_cast<AsyncTmaCopyGlobalToSharedOp>(op)) {
    if (predFalse(copy.getPred()))
      return true;
    e.kind = Kind::Copy;
    e.value = copy.getDest().getType().getTileBytes();
    Buf dst;
    if (!one(op, copy.getBarrier(), e.bar) || !one(op, copy.getDest(), dst))
      return false;
    e.bufs.push_back(dst);
    return emit(e);
  }
  return true;
}

/// Reads and writes of shared-memory tiles (a warpgroup MMA reads until
/// the wait that retires it).
bool Tracer::access(Operation *op) {
  Event e{Kind::Read, op, {}, {}, 0};
  auto tiles = [&](Kind kind, ValueRange values) {
    e.kind = kind;
    for (Value t : values) {
      if (!isa<MemDescType>(t.getType()))
        continue;
      Buf b;
      if (!one(op, t, b))
        return false;
      e.bufs.push_back(b);
    }
    return e.bufs.empty() || emit(e);
  };
  if (auto load = dyn_cast<LocalLoadOp>(op))
    return tiles(Kind::Read, load.getSrc());
  if (auto query = dyn_cast<ClcQueryOp>(op))
    return tiles(Kind::Read, query.getResponse());
  if (auto store = dyn_cast<LocalStoreOp>(op))
    return tiles(Kind::Write, store.getDst());
  if (auto store = dyn_cast<AsyncTmaCopySharedToGlobalOp>(op))
    return tiles(Kind::Read, store.getSrc());
  if (auto dot = dyn_cast<WarpgroupDotOp>(op))
    return tiles(Kind::DotIssue, ValueRange{dot.getA(), dot.getB()});
  if (auto wait = dyn_cast<WarpgroupDotWaitOp>(op)) {
    e.kind = Kind::DotWait;
    e.value = wait.getPendings();
    return emit(e);
  }
  return true;
}

bool Tracer::loop(scf::ForOp op) {
  std::optional<int64_t> lb = get(op.getLowerBound()),
                         ub = get(op.getUpperBound()), st = get(op.getStep());
  if (!lb || !ub || !st || *st <= 0)
    return fail(op, "a loop whose bounds are not computable");
  Block &body = *op.getBody();
  SmallVector<std::optional<int64_t>> carried;
  SmallVector<std::optional<Buf>> carriedBufs;
  for (Value init : op.getInitArgs()) {
    carried.push_back(get(init));
    carriedBufs.push_back(buf(init));
  }
  int64_t next = 0;
  for (int64_t i = *lb; i < *ub;
       i = __builtin_add_overflow(i, *st, &next) ? *ub : next) {
    // each iteration counts against the budget, with events or without
    if (budget == 0)
      return fail(op, "the kernel runs too many loop iterations to check");
    --budget;
    ints[op.getInductionVar()] = i;
    for (auto [arg, v, b] :
         llvm::zip(op.getRegionIterArgs(), carried, carriedBufs)) {
      ints.erase(arg);
      bufs.erase(arg);
      if (v)
        ints[arg] = *v;
      if (b)
        bufs[arg] = *b;
    }
    if (!run(body))
      return false;
    auto yield = cast<scf::YieldOp>(body.getTerminator());
    for (auto [k, v] : llvm::enumerate(yield.getOperands())) {
      carried[k] = get(v);
      carriedBufs[k] = buf(v);
    }
  }
  for (auto [r, v, b] : llvm::zip(op.getResults(), carried, carriedBufs)) {
    if (v)
      ints[r] = *v;
    if (b)
      bufs[r] = *b;
  }
  return true;
}

bool Tracer::branch(scf::IfOp op) {
  std::optional<int64_t> cond = get(op.getCondition());
  if (!cond)
    return fail(op, "a branch whose condition is not computable");
  Region &region = *cond ? op.getThenRegion() : op.getElseRegion();
  if (region.empty())
    return true;
  Block &block = region.front();
  if (!run(block))
    return false;
  auto yield = cast<scf::YieldOp>(block.getTerminator());
  for (auto [r, v] : llvm::zip(op.getResults(), yield.getOperands())) {
    if (std::optional<int64_t> k = get(v))
      ints[r] = *k;
    if (std::optional<Buf> b = buf(v))
      bufs[r] = *b;
  }
  return true;
}

bool Tracer::step(Operation *op) {
  if (auto f = dyn_cast<scf::ForOp>(op))
    return loop(f);
  if (auto i = dyn_cast<scf::IfOp>(op))
    return branch(i);
  if (isa<scf::WhileOp>(op))
    return fail(op, "a while loop");
  if (isa<AsyncTasksOp>(op))
    return true; // the tasks run after the prologue
  return arith(op) && memory(op);
}
