//===- TensorMemoryOps.cpp - tensor memory and tcgen05 --------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Layout/TensorMemory.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::tlxamd;

LogicalResult TmemAllocOp::verify() {
  // Freed when the kernel returns: allocated once, on every path.
  if (!isa<FunctionOpInterface>((*this)->getParentOp()))
    return emitOpError("allocates for the whole kernel: it belongs at the "
                       "kernel's top level, outside loops and branches");
  MemDescType type = getType();
  if (!type.getMutableMemory())
    return emitOpError("allocates a mutable tile: the descriptor must be "
                       "mutable");
  if (auto tmem = dyn_cast<TensorMemoryLayoutAttr>(type.getEncoding());
      tmem && tmem.getCtaSplit() != 1)
    return emitOpError("allocates each CTA's own tile (cta_split = 1): a "
                       "two-CTA MMA's accumulator is 128 rows in each CTA "
                       "of the pair");
  int64_t columns = getTensorMemoryColumns(type);
  if (!TensorMemoryMap::getAllocColumns(columns))
    return emitOpError("needs ")
           << columns << " columns of tensor memory; an SM has "
           << TensorMemoryMap::kColumns;
  // Every allocation of the kernel holds its columns until the kernel
  // returns: together they fit (else tcgen05.alloc waits forever).
  // Reported at the first allocation that does not fit.
  int64_t total = 0;
  (*this)->getParentOp()->walk([&](TmemAllocOp alloc) {
    MemDescType t = alloc.getType();
    total +=
        TensorMemoryMap::getAllocColumns(getTensorMemoryColumns(t)).value_or(0);
    return alloc == *this ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (total > TensorMemoryMap::kColumns)
    return emitOpError("the kernel's tensor-memory allocations need ")
           << total << " columns together (each rounded to a power of two "
           << "of at least 32); an SM has " << TensorMemoryMap::kColumns;
  return success();
}

/// A tcgen05.ld / .st: one buffer, the tensor's shape and element type,
/// and (once laid out) the instruction's register layout.
static LogicalResult verifyTmemAccess(Operation *op, MemDescType mem,
                                      RankedTensorType tensor) {
  if (!isa<TensorMemoryLayoutAttr>(mem.getEncoding()))
    return op->emitOpError("moves 32-bit elements of a tile in the standard "
                           "tensor-memory layout (#tlxamd.tmem); MX scales "
                           "reach tensor memory through tmem_copy, got ")
           << mem;
  if (mem.isMultiBuffered())
    return op->emitOpError("accesses one buffer: select it first "
                           "(memdesc_index), got ")
           << mem;
  if (tensor.getShape() != mem.getTileShape() ||
      tensor.getElementType() != mem.getElementType())
    return op->emitOpError("moves the whole tile: ")
           << mem << " and " << tensor << " differ";
  DistributedLayoutAttr layout = getDistributedLayout(tensor);
  if (!layout)
    return success(); // laid out by tlxamd-assign-layouts
  unsigned warps = layout.getWarpsPerProgram();
  std::optional<LinearLayout> want =
      TensorMemoryMap::getRegisterLayout(tensor.getDimSize(1), warps);
  if (!want)
    return op->emitOpError("tcgen05.ld / .st (32x32b) run on 4 or 8 warps "
                           "over a power-of-two column count; got ")
           << warps << " warps and " << tensor.getDimSize(1) << " columns";
  if (!(toLinearLayout(layout, tensor.getShape()) == *want))
    return op->emitOpError("the registers are those tcgen05.ld / .st "
                           "(32x32b) move: ")
           << getLinearLayoutAttr(op->getContext(), *want) << ", got "
           << layout;
  return success();
}

LogicalResult TmemLoadOp::verify() {
  return verifyTmemAccess(*this, getSrc().getType(), getType());
}

LogicalResult TmemStoreOp::verify() {
  if (!getDest().getType().getMutableMemory())
    return emitOpError("stores into an immutable descriptor");
  return verifyTmemAccess(*this, getDest().getType(),
                          cast<RankedTensorType>(getValue().getType()));
}

LogicalResult TmemShiftOp::verify() {
  MemDescType type = getBuffer().getType();
  if (!type.getMutableMemory())
    return emitOpError("T11: shifts in place: the buffer must be mutable");
  if (!isa<TensorMemoryLayoutAttr>(type.getEncoding()))
    return emitOpError("T11: shifts a buffer in the standard tensor-memory "
                       "layout (#tlxamd.tmem), got ")
           << type.getEncoding();
  if (type.isMultiBuffered())
    return emitOpError("T11: shifts one rank-2 buffer: select it first "
                       "(memdesc_index), got ")
           << type;
  // 32-bit elements: one column each.
  int64_t columns = type.getTileShape()[1];
  if (columns % 8)
    return emitOpError("T11: the buffer's physical columns must be a "
                       "multiple of 8 (one 32-byte shift segment), got ")
           << columns;
  return success();
}

LogicalResult Tcgen05CommitOp::verify() {
  return checkBarrier(*this, getBarrier().getType());
}

//===----------------------------------------------------------------------===//
// T10: a shifted buffer is consumed after a commit and a wait
//===----------------------------------------------------------------------===//

namespace {

/// The allocation a descriptor views.
Value rootOf(Value v) {
  while (auto index = v.getDefiningOp<MemDescIndexOp>())
    v = index.getSrc();
  return v;
}

/// Per shifted allocation: the shift, and the barriers it may be committed
/// to (none: not committed yet).
struct Pending {
  Operation *shift;
  llvm::SmallSetVector<Value, 2> barriers;
  bool committed = false;
};
using State = llvm::MapVector<Value, Pending>;

/// Either path: a buffer pending on either is pending, committed only
/// where both committed it.
State join(const State &a, const State &b) {
  State out = a;
  for (const auto &[buf, p] : b) {
    auto it = out.find(buf);
    if (it == out.end()) {
      out.insert({buf, p});
      continue;
    }
    Pending &q = it->second;
    q.committed = q.committed && p.committed;
    q.barriers.insert(p.barriers.begin(), p.barriers.end());
  }
  return out;
}

class ShiftChecker {
public:
  LogicalResult run(Region &body) {
    State state;
    walk(body, state);
    return failure(failed);
  }

private:
  void walk(Region &region, State &state) {
    for (Block &block : region)
      for (Operation &op : block)
        visit(op, state);
  }

  void visit(Operation &op, State &state) {
    if (auto shift = dyn_cast<TmemShiftOp>(op)) {
      state[rootOf(shift.getBuffer())] = Pending{shift, {}};
    } else if (auto commit = dyn_cast<Tcgen05CommitOp>(op)) {
      for (auto &[buf, p] : state)
        if (!p.committed) {
          p.committed = true;
          p.barriers.insert(rootOf(commit.getBarrier()));
        }
    } else if (auto wait = dyn_cast<MBarrierWaitOp>(op)) {
      Value bar = rootOf(wait.getBarrier());
      state.remove_if([&](const auto &entry) {
        const Pending &p = entry.second;
        return p.committed && p.barriers.size() == 1 &&
               p.barriers.front() == bar;
      });
    } else if (auto load = dyn_cast<TmemLoadOp>(op)) {
      check(op, load.getSrc(), state);
    } else if (auto store = dyn_cast<TmemStoreOp>(op)) {
      check(op, store.getDest(), state);
    }
    if (op.getNumRegions() == 0)
      return;
    bool loop = isa<LoopLikeOpInterface>(op) ||
                op.getName().getStringRef() == "scf.while";
    // A region may run or not; a loop's body again after itself.
    State merged = state;
    for (Region &r : op.getRegions()) {
      State s = state;
      walk(r, s);
      if (loop) {
        State again = join(state, s);
        walk(r, again);
        s = again;
      }
      merged = join(merged, s);
    }
    state = std::move(merged);
  }

  void check(Operation &op, Value buffer, const State &state) {
    auto it = state.find(rootOf(buffer));
    if (it == state.end() || !reported.insert(&op).second)
      return;
    const Pending &p = it->second;
    InFlightDiagnostic d =
        op.emitOpError("T10: accesses a tensor-memory buffer whose tmem_shift "
                       "may still be in flight: ");
    d << (p.committed ? "wait on the barrier the shift was committed to "
                        "(tcgen05_commit) first"
                      : "commit the shift (tcgen05_commit) and wait on that "
                        "barrier first");
    d.attachNote(p.shift->getLoc()) << "shifted here";
    failed = true;
  }

  llvm::SmallPtrSet<Operation *, 4> reported;
  bool failed = false;
};

} // namespace

LogicalResult mlir::tlxamd::verifyTensorMemoryShifts(Operation *root) {
  bool failed = false;
  root->walk([&](FunctionOpInterface func) {
    if (!func.isExternal())
      failed |= mlir::failed(ShiftChecker().run(func.getFunctionBody()));
  });
  return failure(failed);
}
