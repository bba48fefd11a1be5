//===- VerifyBarriers.cpp - tlxamd-verify-barriers -----------------------===//
//
// The mbarrier protocol of a warp-specialized kernel, checked before it
// runs. Each task's region is executed symbolically (integers that decide
// control flow and barrier / buffer indices are computed; the kernel's
// integer arguments take a sample value, program ids 0) into a trace of
// barrier and shared-memory events; the traces are then run together under
// mbarrier semantics (arrival counts, transaction bytes, phases, waits on a
// parity) with vector clocks, so that
//   - a wait no task will ever complete (too few arrivals, a task that
//     never arrives, transaction bytes that do not match the copies, a
//     wrong phase) is a deadlock, reported at the wait;
//   - a read of a tile before the write into it is known complete (a wait
//     on the wrong phase passes early), or a refill of a tile a reader has
//     not released, is a race, reported at the access.
// Kernels whose control flow or indices depend on loaded data are not
// checked (a remark says so).
//
//===----------------------------------------------------------------------===//
#include "BarrierTrace.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Sequence.h"

#include <map>
#include <set>

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDVERIFYBARRIERS
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::barriers;

namespace {
/// A vector clock over the tasks.
using Clock = SmallVector<int64_t, 8>;

void join(Clock &into, const Clock &from) {
  for (auto [a, b] : llvm::zip(into, from))
    a = std::max(a, b);
}

struct BarState {
  int64_t init = -1;
  int64_t pending = 0, tx = 0, phase = 0, copied = 0, expected = 0;
  Clock release;
  Clock done[2];
  bool completed[2] = {false, false};
  Operation *initOp = nullptr;
};

struct Access {
  int task;
  int64_t time;
  Operation *op;
};

struct TileState {
  std::optional<Access> write;
  SmallVector<Access> reads; // the latest per task
};

/// The traces run together under mbarrier semantics.
class Machine {
public:
  /// `order`: the order in which tasks take turns, each running up to
  /// `burst` events (0: until it must wait).
  Machine(ArrayRef<SmallVector<Event>> traces, ArrayRef<unsigned> order,
          unsigned burst)
      : traces(traces), order(order), burst(burst), pc(traces.size(), 0),
        clocks(traces.size(), Clock(traces.size(), 0)), dots(traces.size()) {
    // Epoch 1 is a task's first: 0 means "nothing of that task seen".
    for (unsigned t = 0; t < traces.size(); ++t)
      clocks[t][t] = 1;
    for (const SmallVector<Event> &trace : traces)
      for (const Event &e : trace)
        if (e.kind == Kind::Copy || e.kind == Kind::Write)
          for (Buf b : e.bufs)
            written.insert(std::make_pair(b.alloc, b.index));
  }

  /// Run the prologue's inits, then every task; false after a diagnostic.
  bool run(ArrayRef<Event> prologue) {
    for (const Event &e : prologue)
      if (e.kind == Kind::Init && !initBarrier(e))
        return false;
    while (true) {
      bool progress = false, all = true;
      for (unsigned t : order) {
        for (unsigned n = 0;
             pc[t] < traces[t].size() && (burst == 0 || n < burst); ++n) {
          std::optional<bool> r = exec(t, traces[t][pc[t]]);
          if (!r)
            return false;
          if (!*r)
            break;
          ++pc[t];
          progress = true;
        }
        all &= pc[t] == traces[t].size();
      }
      if (all)
        return true;
      if (!progress)
        return deadlock();
    }
  }

private:
  static std::string where(Operation *op) {
    std::string s;
    llvm::raw_string_ostream os(s);
    if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
      os << loc.getFilename().getValue() << ":" << loc.getLine() << ":"
         << loc.getColumn();
    else
      op->getLoc().print(os);
    return s;
  }
  std::string name(Buf b) {
    return "barrier " + std::to_string(b.index) + " of the allocation at " +
           where(b.alloc);
  }
  std::string tile(Buf b) {
    return "buffer " + std::to_string(b.index) + " of the allocation at " +
           where(b.alloc);
  }

  BarState &state(Buf b) {
    auto [it, fresh] =
        bars.try_emplace(std::make_pair(b.alloc, b.index), BarState());
    if (fresh) {
      it->second.release = Clock(traces.size(), 0);
      it->second.done[0] = it->second.done[1] = Clock(traces.size(), 0);
    }
    return it->second;
  }

  bool initBarrier(const Event &e) {
    BarState &s = state(e.bar);
    s.init = e.value;
    s.pending = e.value;
    s.initOp = e.op;
    return true;
  }

  /// One arrival (with its transaction bytes) by task t.
  bool arrive(unsigned t, const Event &e, int64_t count, int64_t tx) {
    BarState &s = state(e.bar);
    if (s.init < 0) {
      e.op->emitError("barrier protocol: task ")
          << t << " uses " << name(e.bar) << " before it is initialized";
      return false;
    }
    join(s.release, clocks[t]);
    s.pending -= count;
    s.tx += tx;
    if (tx > 0)
      s.expected += tx;
    if (s.pending < 0) {
      e.op->emitError("barrier protocol: task ")
          << t << " arrives on " << name(e.bar) << " more often than the "
          << s.init << " arrivals of a phase";
      return false;
    }
    if (s.pending == 0 && s.tx == 0)
      complete(s);
    ++clocks[t][t];
    return true;
  }

  void complete(BarState &s) {
    int p = s.phase & 1;
    s.done[p] = s.release;
    s.completed[p] = true;
    ++s.phase;
    s.pending = s.init;
    s.copied = s.expected = 0;
  }

  /// Whether task t may read / write `b` now; a diagnostic when not.
  bool checkRead(unsigned t, Buf b, Operation *op) {
    TileState &s = tiles[std::make_pair(b.alloc, b.index)];
    if (!s.write && written.count(std::make_pair(b.alloc, b.index))) {
      op->emitError("barrier protocol: task ")
          << t << " reads " << tile(b)
          << " before any write into it (a wait passed on a phase no write "
             "completed: a wrong phase?)";
      return false;
    }
    if (s.write && s.write->task != int(t) &&
        clocks[t][s.write->task] < s.write->time) {
      InFlightDiagnostic d =
          op->emitError("barrier protocol: task ")
          << t << " reads " << tile(b) << " before the write into it by task "
          << s.write->task
          << " is known complete (no wait on a barrier phase that the write "
             "completes comes first: a wrong phase?)";
      d.attachNote(s.write->op->getLoc()) << "the write";
      return false;
    }
    return true;
  }
  void recordRead(unsigned t, Buf b, Operation *op) {
    TileState &s = tiles[std::make_pair(b.alloc, b.index)];
    for (Access &r : s.reads)
      if (r.task == int(t)) {
        r = {int(t), clocks[t][t], op};
        return;
      }
    s.reads.push_back({int(t), clocks[t][t], op});
  }
  bool write(unsigned t, Buf b, Operation *op) {
    TileState &s = tiles[std::make_pair(b.alloc, b.index)];
    for (const Access &r : s.reads)
      if (r.task != int(t) && clocks[t][r.task] < r.time) {
        InFlightDiagnostic d =
            op->emitError("barrier protocol: task ")
            << t << " overwrites " << tile(b) << " while task " << r.task
            << " may still read it (no wait on a barrier that task " << r.task
            << " arrives on after its read comes first)";
        d.attachNote(r.op->getLoc()) << "the read";
        return false;
      }
    if (s.write && s.write->task != int(t) &&
        clocks[t][s.write->task] < s.write->time) {
      op->emitError("barrier protocol: task ")
          << t << " overwrites " << tile(b) << " before task " << s.write->task
          << "'s write into it is known complete";
      return false;
    }
    s.reads.clear();
    s.write = Access{int(t), clocks[t][t], op};
    return true;
  }

  /// Execute event e of task t: true when done, false when it must wait,
  /// nullopt after a diagnostic.
  std::optional<bool> exec(unsigned t, const Event &e) {
    switch (e.kind) {
    case Kind::Init:
      return initBarrier(e);
    case Kind::Arrive:
      return arrive(t, e, e.value, 0) ? std::optional<bool>(true)
                                      : std::nullopt;
    case Kind::ExpectTx:
      return arrive(t, e, 1, e.value) ? std::optional<bool>(true)
                                      : std::nullopt;
    case Kind::Copy: {
      if (!write(t, e.bufs[0], e.op))
        return std::nullopt;
      BarState &s = state(e.bar);
      s.copied += e.value;
      return arrive(t, e, 0, -e.value) ? std::optional<bool>(true)
                                       : std::nullopt;
    }
    case Kind::Wait: {
      BarState &s = state(e.bar);
      if (s.init < 0) {
        e.op->emitError("barrier protocol: task ")
            << t << " waits on " << name(e.bar) << " before it is initialized";
        return std::nullopt;
      }
      // try_wait.parity p passes once the current phase's parity is not p
      if ((s.phase & 1) == e.value)
        return false;
      if (s.completed[e.value])
        join(clocks[t], s.done[e.value]);
      return true;
    }
    case Kind::Read:
      for (Buf b : e.bufs) {
        if (!checkRead(t, b, e.op))
          return std::nullopt;
        recordRead(t, b, e.op);
      }
      return true;
    case Kind::Write:
      for (Buf b : e.bufs)
        if (!write(t, b, e.op))
          return std::nullopt;
      return true;
    case Kind::DotIssue:
      for (Buf b : e.bufs)
        if (!checkRead(t, b, e.op))
          return std::nullopt;
      dots[t].push_back(&e);
      return true;
    case Kind::DotWait:
      // the products retired here have read their tiles by now
      while (int64_t(dots[t].size()) > e.value) {
        const Event *d = dots[t].front();
        dots[t].erase(dots[t].begin());
        for (Buf b : d->bufs)
          recordRead(t, b, d->op);
      }
      return true;
    }
    return true;
  }

  bool arrivesOn(unsigned u, Buf bar) {
    return llvm::any_of(traces[u], [&](const Event &x) {
      return (x.kind == Kind::Arrive || x.kind == Kind::ExpectTx) &&
             x.bar == bar;
    });
  }

  /// How likely the wait task t is stuck on is the cause: transaction bytes
  /// that never balance, then a barrier no task arrives on, then one whose
  /// phase got some of its arrivals.
  int blame(unsigned t) {
    const Event &e = traces[t][pc[t]];
    BarState &s = state(e.bar);
    if (s.pending == 0 && s.tx != 0)
      return 3;
    if (llvm::none_of(llvm::seq<unsigned>(0, traces.size()),
                      [&](unsigned u) { return arrivesOn(u, e.bar); }))
      return 2;
    return s.pending < s.init ? 1 : 0;
  }

  bool deadlock() {
    std::optional<unsigned> worst;
    for (unsigned t = 0; t < traces.size(); ++t)
      if (pc[t] < traces[t].size() && (!worst || blame(t) > blame(*worst)))
        worst = t;
    if (worst) {
      unsigned t = *worst;
      const Event &e = traces[t][pc[t]];
      BarState &s = state(e.bar);
      SmallVector<unsigned> arrivers;
      for (unsigned u = 0; u < traces.size(); ++u)
        if (arrivesOn(u, e.bar))
          arrivers.push_back(u);
      InFlightDiagnostic d = e.op->emitError("barrier protocol: task ")
                             << t << " waits forever on " << name(e.bar)
                             << " for the phase of parity " << e.value << ": ";
      if (arrivers.empty())
        d << "no task arrives on it";
      else if (s.pending == 0 && s.tx != 0)
        d << "its arrivals are in but " << s.expected
          << " transaction bytes were expected and the copies completing on "
             "it delivered "
          << s.copied;
      else
        d << (s.init - s.pending) << " of the " << s.init
          << " arrivals of phase " << s.phase
          << " came and no task can arrive again";
      if (s.initOp)
        d.attachNote(s.initOp->getLoc()) << "initialized here";
      return false;
    }
    return false;
  }

  ArrayRef<SmallVector<Event>> traces;
  ArrayRef<unsigned> order;
  unsigned burst;
  std::set<std::pair<Operation *, int64_t>> written;
  SmallVector<size_t> pc;
  SmallVector<Clock> clocks;
  SmallVector<SmallVector<const Event *>> dots;
  std::map<std::pair<Operation *, int64_t>, BarState> bars;
  std::map<std::pair<Operation *, int64_t>, TileState> tiles;
};

/// Check one kernel's `tasks`; failure after a diagnostic.
LogicalResult checkTasks(FunctionOpInterface kernel, AsyncTasksOp tasks,
                         bool remarks) {
  DenseMap<Value, int64_t> ints;
  DenseMap<Value, Buf> bufs;
  size_t budget = kMaxEvents;
  Tracer prologue(ints, bufs, budget);
  auto skip = [&](Tracer &tr) {
    if (remarks)
      (tr.whyOp ? tr.whyOp : tasks.getOperation())->emitRemark()
          << "barrier protocol not checked: " << tr.why;
    return success();
  };
  if (!prologue.run(kernel.getFunctionBody().front()))
    return skip(prologue);
  SmallVector<SmallVector<Event>> traces;
  for (Region &region : tasks.getTasks()) {
    DenseMap<Value, int64_t> taskInts = ints;
    DenseMap<Value, Buf> taskBufs = bufs;
    Tracer tracer(taskInts, taskBufs, budget);
    if (!tracer.run(region.front()))
      return skip(tracer);
    traces.push_back(std::move(tracer.events));
  }
  // Three schedules: the tasks taking turns one event at a time (a wait
  // that passes too early then reads before the write, a refill overtakes
  // a read), then each running until it must wait, the later tasks first
  // and the default task first.
  SmallVector<unsigned> order;
  for (unsigned t = 0; t < traces.size(); ++t)
    order.push_back(t);
  if (!Machine(traces, order, 1).run(prologue.events))
    return failure();
  SmallVector<unsigned> reversed(llvm::reverse(order));
  if (!Machine(traces, reversed, 0).run(prologue.events))
    return failure();
  return success(Machine(traces, order, 0).run(prologue.events));
}

struct TlxAmdVerifyBarriersPass
    : tlxamd::impl::TlxAmdVerifyBarriersBase<TlxAmdVerifyBarriersPass> {
  using TlxAmdVerifyBarriersBase::TlxAmdVerifyBarriersBase;

  void runOnOperation() override {
    if (failed(verifyBarrierProtocol(getOperation(), remarks)))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace

LogicalResult mlir::tlxamd::verifyBarrierProtocol(Operation *root,
                                                  bool remarks) {
  bool failed = false;
  root->walk([&](FunctionOpInterface kernel) {
    if (kernel.isExternal())
      return;
    for (auto tasks : kernel.getFunctionBody().getOps<AsyncTasksOp>())
      failed |= mlir::failed(checkTasks(kernel, tasks, remarks));
  });
  return success(!failed);
}
