//===- WarpPipeline.cpp - tlxamd-warp-pipeline ----------------------------===//
//
// Warp-pipelined loops (TLX's `warp_pipeline_stage`) as a ping-pong of the
// two halves of a program's waves. Both halves run the same code; the
// upper half passes one extra s_barrier before the loop, so that every
// barrier of the lower half meets the upper half's previous one: while the
// lower half runs stage s, the upper half runs stage s - 1.
//
// Numbering the stage intervals of the loop g = k * n + s (iteration k,
// stage s of n), the lower half runs interval g between rendezvous g and
// g + 1, the upper half between g + 1 and g + 2. A copy retired by the
// wait at the boundary before interval c is complete, in both halves, by
// rendezvous c + 1; a read in interval r starts, in the lower half, after
// rendezvous r: so c + 1 <= r (W12). A read in interval r is done (the
// boundary after it waits lgkmcnt) by rendezvous r + 2 in the upper half; a
// refill issued in interval w starts after rendezvous w in the lower half:
// so r + 2 <= w.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Analysis/SharedAllocation.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/Arch.h"
#include "tlxamd/Target/TargetLegality.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDWARPPIPELINE
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// Times before the loop: every access there is ordered before the loop by
/// the barrier that opens it.
constexpr int64_t kBeforeLoop = INT64_MIN / 4;
constexpr int64_t kNotDone = INT64_MAX / 4;

/// The loop body: its stages and what stands at each boundary.
struct PipelineBody {
  SmallVector<AmdWarpPipelineStageOp> begins;
  SmallVector<AmdWarpPipelineStageEndOp> ends;
  /// The async_wait at the boundary before stage i (i = 0: the wrap-around
  /// boundary, at the top or the bottom of the body).
  SmallVector<AsyncWaitOp> waits;
  /// Whether stage i touches shared memory (its closing barrier then waits
  /// for the LDS accesses).
  SmallVector<bool> touchesShared;

  /// Where `op` (top level) stands: stage index, or -(boundary + 1).
  DenseMap<Operation *, int> where;
};

FailureOr<PipelineBody> collectBody(scf::ForOp loop) {
  PipelineBody body;
  int stage = -1, boundary = 0;
  bool open = false;
  for (Operation &op : *loop.getBody()) {
    if (auto begin = dyn_cast<AmdWarpPipelineStageOp>(op)) {
      body.begins.push_back(begin);
      body.touchesShared.push_back(false);
      open = true;
      ++stage;
      continue;
    }
    if (auto end = dyn_cast<AmdWarpPipelineStageEndOp>(op)) {
      body.ends.push_back(end);
      open = false;
      boundary = stage + 1;
      continue;
    }
    body.where[&op] = open ? stage : -(boundary + 1);
    if (open) {
      bool shared = false;
      op.walk([&](Operation *inner) {
        shared |= isa<LocalLoadOp, LocalStoreOp, BufferLoadToSharedOp>(inner);
      });
      body.touchesShared[stage] = body.touchesShared[stage] || shared;
    }
  }
  int n = body.begins.size();
  body.waits.assign(n, AsyncWaitOp());
  for (auto &[op, w] : body.where) {
    auto wait = dyn_cast<AsyncWaitOp>(op);
    if (!wait || w >= 0)
      continue;
    int b = (-w - 1) % n;
    if (body.waits[b])
      return wait.emitOpError("W10: a second async_wait at the loop's "
                              "wrap-around boundary (the top and the bottom "
                              "of a warp-pipelined loop are one boundary)");
    body.waits[b] = wait;
    // A bottom wait belongs to the next iteration's boundary 0.
  }
  return body;
}

//===----------------------------------------------------------------------===//
// W12: the shared-memory accesses of the loop, run symbolically
//===----------------------------------------------------------------------===//

struct Access {
  Operation *op;
  Operation *alloc;            ///< the local_alloc (null: not found)
  std::optional<int64_t> slot; ///< the buffer index (nullopt: unknown)
  bool write, async;
  int64_t issue;               ///< interval (or kBeforeLoop)
  int64_t done = kNotDone;     ///< boundary whose wait completed it
  Operation *doneBy = nullptr; ///< that wait
};

class HazardCheck {
public:
  HazardCheck(scf::ForOp loop, const PipelineBody &body, bool tryFix)
      : loop(loop), body(body), n(body.begins.size()), tryFix(tryFix) {}

  /// After a failed run() without a diagnostic: the loop's wait that
  /// retires a copy one boundary too late, which may move one boundary
  /// earlier (no commit in between).
  AsyncWaitOp lateWait;

  LogicalResult run() {
    // What runs before the loop, in the loop's block.
    for (Operation &op : *loop->getBlock()) {
      if (&op == loop.getOperation())
        break;
      if (failed(visit(&op, kBeforeLoop, kBeforeLoop)))
        return failure();
    }
    std::optional<int64_t> lb = evalConst(loop.getLowerBound()),
                           step = evalConst(loop.getStep());
    if (!lb || !step || *step <= 0)
      return loop.emitOpError("W12: a warp-pipelined loop needs constant "
                              "lower bound and positive step (to tell which "
                              "buffers its iterations use)");
    int64_t iterations = std::min<int64_t>(16, 2 * maxBuffers() + 4);
    for (int64_t k = 0; k < iterations; ++k) {
      std::optional<int64_t> iv = llvm::checkedMulAdd(k, *step, *lb);
      if (!iv)
        return loop.emitOpError("W12: the warp-pipelined loop's counter "
                                "overflows 64 bits");
      env[loop.getInductionVar()] = *iv;
      for (Operation &op : *loop.getBody()) {
        auto it = body.where.find(&op);
        if (it == body.where.end())
          continue;
        int w = it->second;
        int64_t interval, boundary;
        if (w >= 0) {
          interval = k * n + w;
          boundary = interval;
        } else {
          // A boundary op: before stage b of this iteration, or (after the
          // last stage) before stage 0 of the next.
          int b = -w - 1;
          boundary = b == n ? (k + 1) * n : k * n + b;
          interval = boundary;
        }
        if (failed(visit(&op, interval, boundary)))
          return failure();
      }
    }
    return success();
  }

private:
  int64_t maxBuffers() {
    int64_t most = 1;
    loop->getParentOp()->walk([&](LocalAllocOp alloc) {
      MemDescType t = alloc.getType();
      if (t.getShape().size() > t.getTileShape().size())
        most = std::max<int64_t>(most, t.getShape().front());
    });
    return most;
  }

  std::optional<int64_t> evalConst(Value v) { return eval(v, 0); }

  /// `v` from constants and the loop counters being simulated.
  std::optional<int64_t> eval(Value v, int depth) {
    if (auto it = env.find(v); it != env.end())
      return it->second;
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c)))
      return c.getSExtValue();
    Operation *def = v.getDefiningOp();
    if (!def || depth > 16)
      return std::nullopt;
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp, arith::TruncIOp>(def))
      return eval(def->getOperand(0), depth + 1);
    if (def->getNumOperands() != 2)
      return std::nullopt;
    std::optional<int64_t> a = eval(def->getOperand(0), depth + 1),
                           b = eval(def->getOperand(1), depth + 1);
    if (!a || !b)
      return std::nullopt;
    // (Overflowing values are not followed: no index is that large.)
    if (isa<arith::AddIOp>(def))
      return llvm::checkedAdd(*a, *b);
    if (isa<arith::SubIOp>(def))
      return llvm::checkedSub(*a, *b);
    if (isa<arith::MulIOp>(def))
      return llvm::checkedMul(*a, *b);
    if (isa<arith::AndIOp>(def))
      return *a & *b;
    if (*b == 0 || *b == -1)
      return std::nullopt;
    if (isa<arith::RemSIOp>(def))
      return *a % *b;
    if (isa<arith::RemUIOp>(def) && *a >= 0 && *b > 0)
      return *a % *b;
    if (isa<arith::DivSIOp>(def))
      return *a / *b;
    if (isa<arith::DivUIOp>(def) && *a >= 0 && *b > 0)
      return *a / *b;
    return std::nullopt;
  }

  /// The allocation and buffer index a memdesc value views.
  std::pair<Operation *, std::optional<int64_t>> resolve(Value desc) {
    std::optional<int64_t> slot = 0;
    bool indexed = false;
    for (int depth = 0; depth < 16; ++depth) {
      Operation *def = desc.getDefiningOp();
      if (auto alloc = dyn_cast_or_null<LocalAllocOp>(def))
        return {alloc, slot};
      if (auto index = dyn_cast_or_null<MemDescIndexOp>(def)) {
        // The outermost index names the buffer; inner ones its parts.
        if (!indexed)
          slot = eval(index.getIndex(), 0);
        indexed = true;
        desc = index.getSrc();
        continue;
      }
      if (isa_and_nonnull<MemDescSubsliceOp, MemDescTransOp>(def)) {
        desc = def->getOperand(0);
        continue;
      }
      break;
    }
    return {nullptr, std::nullopt};
  }

  LogicalResult visit(Operation *root, int64_t interval, int64_t boundary) {
    WalkResult result = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      auto inner = dyn_cast<scf::ForOp>(op);
      if (inner && interval == kBeforeLoop) {
        // A loop before the pipelined one (a prologue): run it when its
        // bounds are constant.
        std::optional<int64_t> lb = evalConst(inner.getLowerBound()),
                               ub = evalConst(inner.getUpperBound()),
                               step = evalConst(inner.getStep());
        std::optional<int64_t> span =
            lb && ub ? llvm::checkedSub(*ub, *lb) : std::nullopt;
        if (!span || !step || *step <= 0 || *span / *step > 64) {
          if (hasAsync(op)) {
            op->emitOpError("W12: cannot follow the asynchronous copies of "
                            "this loop before a warp-pipelined loop (its "
                            "bounds are not constant)");
            return WalkResult::interrupt();
          }
          return WalkResult::skip();
        }
        int64_t trips = *span <= 0 ? 0 : *span / *step + (*span % *step != 0);
        for (int64_t t = 0; t < trips; ++t) {
          env[inner.getInductionVar()] = *lb + t * *step;
          for (Operation &child : *inner.getBody())
            if (failed(visit(&child, interval, boundary)))
              return WalkResult::interrupt();
        }
        return WalkResult::skip();
      }
      if (isa<LoopLikeOpInterface>(op) && interval != kBeforeLoop &&
          hasAsync(op)) {
        op->emitOpError("W12: a loop with shared-memory accesses inside a "
                        "warp-pipelined loop; its accesses cannot be "
                        "followed");
        return WalkResult::interrupt();
      }
      if (isa<scf::IfOp>(op) && hasCommitOrWait(op)) {
        op->emitOpError("W12: a commit or wait of asynchronous copies under "
                        "a condition; the copies a warp-pipelined loop "
                        "waits for cannot be followed");
        return WalkResult::interrupt();
      }
      if (failed(step(op, interval, boundary)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  static bool hasAsync(Operation *op) {
    return op
        ->walk([](Operation *o) {
          return isa<AsyncCommitGroupOp, AsyncWaitOp, BufferLoadToSharedOp,
                     LocalLoadOp, LocalStoreOp>(o)
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        })
        .wasInterrupted();
  }
  static bool hasCommitOrWait(Operation *op) {
    return op
        ->walk([](Operation *o) {
          return isa<AsyncCommitGroupOp, AsyncWaitOp>(o)
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        })
        .wasInterrupted();
  }

  LogicalResult step(Operation *op, int64_t interval, int64_t boundary) {
    if (isa<AsyncCommitGroupOp>(op)) {
      groups.push_back(std::move(pending));
      pending.clear();
      return success();
    }
    if (auto wait = dyn_cast<AsyncWaitOp>(op)) {
      int64_t keep = wait.getNum();
      for (int64_t g = 0, e = (int64_t)groups.size() - keep; g < e; ++g)
        for (size_t a : groups[g])
          if (accesses[a].done == kNotDone) {
            accesses[a].done = boundary;
            accesses[a].doneBy = wait;
          }
      return success();
    }
    Value desc;
    bool write = false, async = false;
    if (auto copy = dyn_cast<BufferLoadToSharedOp>(op)) {
      desc = copy.getDest();
      write = async = true;
    } else if (auto load = dyn_cast<LocalLoadOp>(op)) {
      desc = load.getSrc();
    } else if (auto store = dyn_cast<LocalStoreOp>(op)) {
      desc = store.getDst();
      write = true;
    } else {
      return success();
    }
    auto [alloc, slot] = resolve(desc);
    if (interval != kBeforeLoop && (!alloc || !slot))
      return op->emitOpError(
          "W12: cannot tell which buffer this shared-memory access of a "
          "warp-pipelined loop uses (its index must follow from the loop "
          "counter and constants: + - * / %), so the ping-pong of the wave "
          "halves cannot be checked");
    Access access{op, alloc, slot, write, async, interval};
    if (!async)
      access.done = write ? interval + 1 : interval;
    if (interval != kBeforeLoop && failed(check(access)))
      return failure();
    size_t index = accesses.size();
    accesses.push_back(access);
    if (async)
      pending.push_back(index);
    return success();
  }

  bool aliases(const Access &a, const Access &b) const {
    if (!a.alloc || !b.alloc)
      return true;
    return a.alloc == b.alloc && (!a.slot || !b.slot || *a.slot == *b.slot);
  }

  LogicalResult check(const Access &now) {
    // The latest earlier write and read of the same buffer.
    const Access *lastWrite = nullptr, *lastRead = nullptr;
    for (const Access &a : accesses) {
      if (!aliases(a, now))
        continue;
      (a.write ? lastWrite : lastRead) = &a;
    }
    if (lastWrite && lastWrite->done == kNotDone) {
      InFlightDiagnostic diag =
          now.op->emitOpError("W12: ")
          << (now.write ? "refills" : "reads")
          << " a buffer of a warp-pipelined loop while the copy into it is "
             "still in flight (no wait has retired it)";
      diag.attachNote(lastWrite->op->getLoc()) << "the copy";
      return diag;
    }
    if (lastWrite && lastWrite->done != kBeforeLoop &&
        lastWrite->done + 1 > now.issue) {
      if (AsyncWaitOp wait = movableWait(*lastWrite, now)) {
        lateWait = wait;
        return failure();
      }
      InFlightDiagnostic diag =
          now.op->emitOpError("W12: ")
          << (now.write ? "refills" : "reads")
          << " a buffer one stage after the wait that completed the copy "
             "into it: the other half of the waves runs one stage behind "
             "and has not waited for its part yet; wait for the copy at "
             "least one stage boundary earlier";
      diag.attachNote(lastWrite->op->getLoc()) << "the copy";
      return diag;
    }
    if (now.write && lastRead && lastRead->issue != kBeforeLoop &&
        lastRead->issue + 2 > now.issue) {
      InFlightDiagnostic diag =
          now.op->emitOpError("W12: refills a buffer ")
          << (now.issue == lastRead->issue ? "in the stage that reads it"
                                           : "one stage after reading it")
          << ": the other half of the waves runs one stage behind and may "
             "still be reading it; refill it at least two stage boundaries "
             "after the read";
      diag.attachNote(lastRead->op->getLoc()) << "the read";
      return diag;
    }
    return success();
  }

  /// The loop's wait that retired `write` one boundary before `read`, when
  /// it may move one boundary earlier: the stage between holds no commit
  /// (the same count then retires the same groups).
  AsyncWaitOp movableWait(const Access &write, const Access &read) {
    auto wait = dyn_cast_or_null<AsyncWaitOp>(write.doneBy);
    if (!tryFix || !wait || write.done != read.issue ||
        wait->getBlock() != loop.getBody())
      return {};
    int b = (-body.where.lookup(wait) - 1) % n;
    int stage = (b + n - 1) % n;
    for (auto &[op, where] : body.where)
      if (where == stage && op->walk([](AsyncCommitGroupOp) {
                                return WalkResult::interrupt();
                              }).wasInterrupted())
        return {};
    return wait;
  }

  scf::ForOp loop;
  const PipelineBody &body;
  int64_t n;
  bool tryFix;
  DenseMap<Value, int64_t> env;
  SmallVector<Access> accesses;
  SmallVector<SmallVector<size_t>> groups;
  SmallVector<size_t> pending;
};

//===----------------------------------------------------------------------===//
// The rewrite
//===----------------------------------------------------------------------===//

/// `s_waitcnt lgkmcnt(0)` (vmcnt and expcnt at their maxima: the
/// direct-to-LDS copies in flight stay in flight), then `s_barrier`.
void emitLdsBarrier(OpBuilder &b, Location loc) {
  ROCDL::SWaitcntOp::create(b, loc, 0xC07F);
  ROCDL::SBarrierOp::create(b, loc);
}

void emitBoundaryBarrier(OpBuilder &b, Location loc, bool lds) {
  ROCDL::SchedBarrier::create(b, loc, 0);
  if (lds)
    emitLdsBarrier(b, loc);
  else
    ROCDL::SBarrierOp::create(b, loc);
  ROCDL::SchedBarrier::create(b, loc, 0);
}

void emitCondBarrier(OpBuilder &b, Location loc, Value cond) {
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  ROCDL::SBarrierOp::create(b, loc);
}

void rewrite(scf::ForOp loop, PipelineBody &body, int64_t warps,
             unsigned warpSize) {
  Location loc = loop.getLoc();
  int n = body.begins.size();
  bool priorities = llvm::any_of(body.begins, [](AmdWarpPipelineStageOp s) {
    return s.getPriority() != 0;
  });
  OpBuilder b(loop);
  // Prelude: everything before the loop done, then the upper half one
  // barrier ahead (it waits there for the lower half's first stage).
  emitLdsBarrier(b, loc);
  Type i32 = b.getI32Type();
  Value tid = ROCDL::ThreadIdXOp::create(b, loc, i32);
  Value half = arith::ConstantIntOp::create(b, loc, warps / 2 * warpSize, 32);
  Value group = ROCDL::ReadfirstlaneOp::create(
      b, loc, i32, arith::DivUIOp::create(b, loc, tid, half));
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value upper =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, group, zero);
  Value lower =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, group, zero);
  emitCondBarrier(b, loc, upper);

  // One barrier per boundary: boundary i opens stage i; boundary 0 wraps.
  for (int i = 0; i < n; ++i) {
    bool lds = body.touchesShared[(i + n - 1) % n];
    if (AsyncWaitOp wait = body.waits[i]) {
      b.setInsertionPoint(wait);
      if (priorities)
        ROCDL::SetPrioOp::create(b, loc, body.begins[i].getPriority());
      ROCDL::SchedBarrier::create(b, loc, 0);
      b.setInsertionPointAfter(wait);
      ROCDL::SchedBarrier::create(b, loc, 0);
      continue;
    }
    b.setInsertionPoint(body.begins[i]);
    if (priorities)
      ROCDL::SetPrioOp::create(b, loc, body.begins[i].getPriority());
    emitBoundaryBarrier(b, loc, lds);
  }
  // The copies' readers are done before they issue (W12): no barrier.
  loop.getBody()->walk([&](BufferLoadToSharedOp copy) {
    copy->setAttr(kWarpPipelinedCopyAttr, b.getUnitAttr());
  });
  for (AmdWarpPipelineStageOp begin : body.begins)
    begin.erase();
  for (AmdWarpPipelineStageEndOp end : body.ends)
    end.erase();

  // Postlude: the lower half's extra barrier meets the upper half's last;
  // then both halves aligned again.
  // (An async_wait right after the loop is that aligned barrier already.)
  bool waitAfter = isa_and_nonnull<AsyncWaitOp>(loop->getNextNode());
  b.setInsertionPointAfter(loop);
  if (priorities)
    ROCDL::SetPrioOp::create(b, loc, 0);
  emitCondBarrier(b, loc, lower);
  if (!waitAfter)
    emitLdsBarrier(b, loc);
}

/// A copy of `wait` at the boundary before the one it stands at (merged
/// with a wait already there): the same groups retired one stage earlier.
void moveWaitEarlier(PipelineBody &body, AsyncWaitOp wait) {
  int n = body.begins.size();
  int b = (-body.where.lookup(wait) - 1) % n;
  int earlier = (b + n - 1) % n;
  if (AsyncWaitOp there = body.waits[earlier]) {
    there.setNum(std::min(there.getNum(), wait.getNum()));
    return;
  }
  OpBuilder builder(body.begins[earlier]);
  AsyncWaitOp::create(builder, wait.getLoc(), wait.getNum());
}

/// W10 once layouts exist: a layout conversion or reduction that goes
/// through shared memory puts barriers inside its stage.
LogicalResult checkScratch(const PipelineBody &body, unsigned warpSize) {
  for (auto &[top, where] : body.where) {
    if (where < 0)
      continue;
    Operation *bad = nullptr;
    top->walk([&](Operation *op) {
      if (getSharedScratchBytes(op, warpSize) > 0 && !bad)
        bad = op;
    });
    if (bad)
      return bad->emitOpError("W10: goes through shared memory (a layout "
                              "conversion or a reduction across warps), with "
                              "barriers, inside warp-pipeline stage '")
             << AmdWarpPipelineStageOp(body.begins[where]).getName()
             << "'; the two wave halves run one stage apart, so those "
                "barriers would not order them";
  }
  return success();
}

struct WarpPipelinePass
    : public tlxamd::impl::TlxAmdWarpPipelineBase<WarpPipelinePass> {
  using TlxAmdWarpPipelineBase::TlxAmdWarpPipelineBase;

  void runOnOperation() override {
    const ArchInfo *arch = lookupArch(target);
    if (!arch) {
      emitError(getOperation()->getLoc())
          << "tlxamd-warp-pipeline: unsupported target '" << target << "'";
      return signalPassFailure();
    }
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](AmdWarpPipelineStageOp stage) {
      auto loop = dyn_cast<scf::ForOp>(stage->getParentOp());
      if (loop && (loops.empty() || loops.back() != loop))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      AmdWarpPipelineStageOp first =
          *loop.getBody()->getOps<AmdWarpPipelineStageOp>().begin();
      if (failed(first.verifyForTarget(*arch)))
        return signalPassFailure();
      FailureOr<PipelineBody> body = collectBody(loop);
      if (failed(body) || failed(checkScratch(*body, arch->warpSize)))
        return signalPassFailure();
      // A wait one boundary late moves one boundary earlier (the TLX
      // tutorials' shape); anything else is reported.
      for (int attempt = 0;; ++attempt) {
        HazardCheck check(loop, *body, /*tryFix=*/attempt < 4);
        if (succeeded(check.run()))
          break;
        if (!check.lateWait)
          return signalPassFailure();
        moveWaitEarlier(*body, check.lateWait);
        body = collectBody(loop);
        if (failed(body))
          return signalPassFailure();
      }
      auto kernel = loop->getParentOfType<FunctionOpInterface>();
      std::optional<int64_t> warps =
          kernel ? getNumWarps(kernel) : std::nullopt;
      rewrite(loop, *body, warps.value_or(4), arch->warpSize);
    }
  }
};

} // namespace
