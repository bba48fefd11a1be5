//===- BarrierTrace.h - a task's barrier events, symbolically ---*- C++ -*-===//
//
// tlxamd-verify-barriers' first half: one task's region (or a kernel's
// prologue) executed symbolically into the trace of its mbarrier events
// and shared-memory tile accesses (VerifyBarriers.cpp runs the traces
// together).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TRANSFORMS_BARRIERTRACE_H
#define TLXAMD_TRANSFORMS_BARRIERTRACE_H

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"

#include <string>

namespace mlir::tlxamd::barriers {

/// The value the kernel's integer arguments take in the symbolic run, and
/// the programs `num_programs` counts.
constexpr int64_t kSampleArg = 1024;
constexpr int64_t kSamplePrograms = 2;
/// Events of all tasks together past which the kernel is not checked.
constexpr size_t kMaxEvents = 1 << 21;

/// One buffer (or barrier) of an allocation.
struct Buf {
  Operation *alloc = nullptr;
  int64_t index = 0;
  bool operator==(const Buf &o) const {
    return alloc == o.alloc && index == o.index;
  }
};

enum class Kind {
  Init,
  Arrive,
  ExpectTx,
  Copy,
  Wait,
  Read,
  Write,
  DotIssue,
  DotWait
};

struct Event {
  Kind kind;
  Operation *op;
  Buf bar;                  // barrier of Init / Arrive / ExpectTx / Copy / Wait
  SmallVector<Buf, 2> bufs; // tiles read or written
  int64_t value = 0;        // count, bytes, parity, pendings
};

/// Symbolic execution of one task (or a kernel's prologue) into events.
class Tracer {
public:
  Tracer(DenseMap<Value, int64_t> &ints, DenseMap<Value, Buf> &bufs,
         size_t &budget)
      : ints(ints), bufs(bufs), budget(budget) {}

  /// Run `block`'s ops; false (with `why` set) when something the protocol
  /// depends on is not computable.
  bool run(Block &block) {
    for (Operation &op : block)
      if (!step(&op))
        return false;
    return true;
  }

  SmallVector<Event> events;
  std::string why;
  Operation *whyOp = nullptr;

private:
  bool fail(Operation *op, const Twine &text) {
    why = text.str();
    whyOp = op;
    return false;
  }

  std::optional<int64_t> get(Value v) {
    auto it = ints.find(v);
    if (it != ints.end())
      return it->second;
    if (auto arg = dyn_cast<BlockArgument>(v))
      if (isa<FunctionOpInterface>(arg.getOwner()->getParentOp()) &&
          arg.getType().isIntOrIndex())
        return kSampleArg;
    return std::nullopt;
  }

  std::optional<Buf> buf(Value v) {
    auto it = bufs.find(v);
    if (it != bufs.end())
      return it->second;
    return std::nullopt;
  }

  bool emit(Event e) {
    if (budget == 0)
      return fail(e.op, "the kernel runs too many barrier events to check");
    --budget;
    events.push_back(std::move(e));
    return true;
  }

  bool needBuf(Operation *op, Value v, Buf &out) {
    std::optional<Buf> b = buf(v);
    if (!b)
      return fail(op, "a barrier or tile whose index is not computable");
    out = *b;
    return true;
  }

  bool arith(Operation *op);
  bool compare(arith::CmpIOp op, int64_t a, int64_t b);
  bool memory(Operation *op);
  bool barrier(Operation *op);
  bool access(Operation *op);
  bool predFalse(Value pred);
  bool one(Operation *op, Value v, Buf &out);
  bool loop(scf::ForOp op);
  bool branch(scf::IfOp op);
  bool step(Operation *op);

  DenseMap<Value, int64_t> &ints;
  DenseMap<Value, Buf> &bufs;
  size_t &budget;
  SmallVector<int64_t> yielded;
  SmallVector<Buf> yieldedBufs;
};

/// Integer arithmetic on computable operands (others stay unknown).

} // namespace mlir::tlxamd::barriers

#endif // TLXAMD_TRANSFORMS_BARRIERTRACE_H
