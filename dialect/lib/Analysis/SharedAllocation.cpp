//===- SharedAllocation.cpp - offsets in a kernel's shared memory --------===//
#include "tlxamd/Analysis/SharedAllocation.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/TargetLegality.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

int64_t mlir::tlxamd::getSharedScratchBytes(Operation *op, unsigned warpSize) {
  if (isa<ConvertLayoutOp, RequireLayoutOp>(op)) {
    auto src = cast<RankedTensorType>(op->getOperand(0).getType());
    auto dst = cast<RankedTensorType>(op->getResult(0).getType());
    if (!getDistributedLayout(src) || !getDistributedLayout(dst) ||
        classifyLayoutChange(src, dst, warpSize) !=
            LayoutChangeKind::SharedMemory)
      return 0;
    return getLayoutChangeScratchBytes(dst);
  }
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    if (!getDistributedLayout(reduce.getSrcs()[0].getType()))
      return 0;
    FailureOr<ReductionPlan> plan = planReduction(reduce, warpSize);
    return succeeded(plan) ? plan->scratchBytes : 0;
  }
  // A scalar atomic: thread 0 performs it and shares the old value.
  if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
    Type type = op->getResult(0).getType();
    if (isa<RankedTensorType>(type))
      return 0;
    return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
  }
  return 0;
}

std::optional<int64_t> mlir::tlxamd::getSharedOffset(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(kSharedOffsetAttr))
    return attr.getInt();
  return std::nullopt;
}

bool mlir::tlxamd::isFirstSharedAccess(Operation *op) {
  return op->hasAttr(kFirstSharedAccessAttr);
}

/// Whether `op` may read or write shared memory: it owns an allocation or
/// scratch, handles a memory descriptor, or is an op the allocator cannot
/// see into (LLVM ops such as inline assembly, calls).
static bool mayAccessShared(Operation *op) {
  auto isMemDesc = [](Type t) { return isa<MemDescType>(t); };
  Dialect *dialect = op->getDialect();
  return getSharedOffset(op) || isa<CallOpInterface>(op) || !dialect ||
         dialect->getNamespace() == "llvm" ||
         llvm::any_of(op->getOperandTypes(), isMemDesc) ||
         llvm::any_of(op->getResultTypes(), isMemDesc);
}

/// The kernel's first shared-memory access, marked when it is an op with
/// scratch that every run reaches before any other access: first in a
/// pre-order walk, in single-block regions only and in no loop.
static void markFirstSharedAccess(FunctionOpInterface kernel) {
  kernel->walk([](Operation *op) { op->removeAttr(kFirstSharedAccessAttr); });
  kernel->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == kernel.getOperation() || !mayAccessShared(op))
      return WalkResult::advance();
    // (An allocation's first use is an op of its own.)
    bool straight =
        getSharedOffset(op).has_value() &&
        llvm::none_of(op->getResultTypes(), llvm::IsaPred<MemDescType>);
    for (Operation *p = op; straight && p != kernel.getOperation();
         p = p->getParentOp())
      straight = p->getParentRegion()->hasOneBlock() &&
                 (p == op || !isa<LoopLikeOpInterface, AsyncTasksOp>(p));
    if (straight)
      op->setAttr(kFirstSharedAccessAttr, UnitAttr::get(op->getContext()));
    return WalkResult::interrupt();
  });
}

void mlir::tlxamd::markFirstSharedAccesses(Operation *root) {
  root->walk([](FunctionOpInterface kernel) {
    if (!kernel.isExternal())
      markFirstSharedAccess(kernel);
  });
}

int64_t mlir::tlxamd::countDirectCopyInstructions(Operation *op,
                                                  const ArchInfo &arch) {
  auto copy = dyn_cast<BufferLoadToSharedOp>(op);
  if (!copy)
    return 0;
  FailureOr<DirectCopyPlan> plan = planDirectCopy(copy, arch, false);
  if (failed(plan))
    return 0;
  return plan->offsets.getNumRegisters() / plan->vec;
}

namespace {
/// One user of shared memory: its bytes, alignment and lifetime (op
/// numbers in a pre-order walk of the kernel, inclusive).
struct Buffer {
  Operation *owner;
  int64_t bytes, align;
  int64_t start, end;
  int64_t offset = -1;
  bool overlapsInTime(const Buffer &o) const {
    return start <= o.end && o.start <= end;
  }
};

/// Alignment a shared layout needs: a TMA swizzle atom (8 rows of the
/// swizzle) for the NVIDIA swizzles, else 16 bytes.
int64_t getSharedAlignment(Attribute layout) {
  if (auto n = dyn_cast<NvmmaSharedLayoutAttr>(layout))
    return std::max<int64_t>(128, 8 * n.getSwizzleBytes());
  return 16;
}

class KernelAllocator {
public:
  KernelAllocator(FunctionOpInterface kernel, const ArchInfo &arch)
      : kernel(kernel), arch(arch) {}

  LogicalResult run() {
    number();
    collect();
    place();
    int64_t total = 0;
    for (const Buffer &b : buffers) {
      total = std::max(total, b.offset + b.bytes);
      b.owner->setAttr(kSharedOffsetAttr,
                       IntegerAttr::get(IntegerType::get(ctx(), 64), b.offset));
    }
    kernel->setAttr(kSharedBytesAttr,
                    IntegerAttr::get(IntegerType::get(ctx(), 64), total));
    if (total <= arch.sharedMemoryBytes)
      return success();
    return reportOversubscription(total);
  }

private:
  MLIRContext *ctx() { return kernel->getContext(); }

  void number() {
    kernel->walk<WalkOrder::PreOrder>(
        [&](Operation *op) { index[op] = next++; });
    kernel->walk<WalkOrder::PostOrder>([&](Operation *op) {
      last[op] = next - 1;
      // The last op nested in `op`: the largest number under it.
      int64_t end = index[op];
      for (Region &r : op->getRegions())
        for (Block &b : r)
          if (!b.empty())
            end = std::max(end, last[&b.back()]);
      last[op] = end;
    });
  }

  /// The end of the lifetime of an allocation: its last use through any
  /// view, seen from the allocation's block.
  int64_t lifetimeEnd(LocalAllocOp alloc) {
    Block *home = alloc->getBlock();
    int64_t end = index[alloc];
    SmallVector<Value> worklist{alloc.getResult()};
    llvm::DenseSet<Value> seen{alloc.getResult()};
    auto alias = [&](Value v) {
      if (isa<MemDescType>(v.getType()) && seen.insert(v).second)
        worklist.push_back(v);
    };
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        // A TMA store reads the tile after the op, until a wait the
        // allocator does not match: the tile stays reserved to the end.
        if (isa<AsyncTmaCopySharedToGlobalOp>(user))
          return last[kernel.getOperation()];
        if (Operation *anc = home->findAncestorOpInBlock(*user))
          end = std::max(end, last[anc]);
        // Views, loop-carried descriptors and results that may be it.
        for (Value r : user->getResults())
          alias(r);
        for (Region &region : user->getRegions())
          for (Block &b : region)
            for (BlockArgument a : b.getArguments())
              alias(a);
        if (user->hasTrait<OpTrait::IsTerminator>())
          if (Operation *parent = user->getParentOp())
            for (Value r : parent->getResults())
              alias(r);
      }
    }
    return end;
  }

  /// Unstructured control flow (after scf lowering): op numbers no longer
  /// order lifetimes, so every buffer lives through the whole kernel.
  bool isUnstructured() {
    bool multi = false;
    kernel->walk([&](Operation *op) {
      for (Region &r : op->getRegions())
        multi |= r.getBlocks().size() > 1;
    });
    return multi;
  }

  void collect() {
    bool whole = isUnstructured();
    kernel->walk([&](Operation *op) {
      if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
        MemDescType type = alloc.getType();
        buffers.push_back({op, type.getBufferCount() * type.getTileBytes(),
                           getSharedAlignment(type.getEncoding()), index[op],
                           lifetimeEnd(alloc)});
        return;
      }
      if (int64_t bytes = getSharedScratchBytes(op, arch.warpSize))
        buffers.push_back(
            {op, int64_t(llvm::alignTo(bytes, 16)), 16, index[op], index[op]});
    });
    if (whole)
      for (Buffer &b : buffers) {
        b.start = 0;
        b.end = next;
      }
    // Tasks run at the same time: what one of them uses lives through all
    // of them.
    for (Buffer &b : buffers)
      if (auto [tasks, task] = AsyncTasksOp::getEnclosingTask(b.owner); tasks) {
        b.start = std::min(b.start, index[tasks]);
        b.end = std::max(b.end, last[tasks]);
      }
  }

  /// First fit, largest first: each buffer takes the lowest aligned offset
  /// clear of the buffers already placed that live at the same time.
  void place() {
    SmallVector<Buffer *> order;
    for (Buffer &b : buffers)
      order.push_back(&b);
    llvm::stable_sort(order, [](const Buffer *a, const Buffer *b) {
      return a->bytes > b->bytes;
    });
    SmallVector<Buffer *> placed;
    for (Buffer *b : order) {
      SmallVector<int64_t> candidates{0};
      for (Buffer *p : placed)
        if (p->overlapsInTime(*b))
          candidates.push_back(p->offset + p->bytes);
      llvm::sort(candidates);
      for (int64_t c : candidates) {
        int64_t off = llvm::alignTo(c, b->align);
        bool clear = llvm::none_of(placed, [&](Buffer *p) {
          return p->overlapsInTime(*b) && off < p->offset + p->bytes &&
                 p->offset < off + b->bytes;
        });
        if (clear) {
          b->offset = off;
          break;
        }
      }
      placed.push_back(b);
    }
  }

  LogicalResult reportOversubscription(int64_t total) {
    // The moment the most memory is live: some buffer's first op.
    int64_t peakTime = 0, peakBytes = -1;
    for (const Buffer &b : buffers) {
      int64_t live = 0;
      for (const Buffer &o : buffers)
        if (o.start <= b.start && b.start <= o.end)
          live += o.bytes;
      if (live > peakBytes) {
        peakBytes = live;
        peakTime = b.start;
      }
    }
    InFlightDiagnostic diag =
        kernel->emitError()
        << "shared memory: the kernel needs " << total
        << " bytes, more than the " << arch.sharedMemoryBytes << " bytes of "
        << arch.name << " (" << arch.family << "; targets with enough: "
        << getArchNamesWhere(
               [&](const ArchInfo &a) { return a.sharedMemoryBytes >= total; })
        << ")";
    for (const Buffer &b : buffers)
      if (b.start <= peakTime && peakTime <= b.end)
        diag.attachNote(b.owner->getLoc())
            << "'" << b.owner->getName() << "' "
            << (isa<LocalAllocOp>(b.owner) ? "allocates " : "needs scratch of ")
            << b.bytes << " bytes at offset " << b.offset;
    return failure();
  }

  FunctionOpInterface kernel;
  const ArchInfo &arch;
  llvm::DenseMap<Operation *, int64_t> index, last;
  int64_t next = 0;
  SmallVector<Buffer> buffers;
};

/// AMD: the copy instructions an async_wait may leave in flight: those of
/// the copies after the `num`-th most recent commit, walking back in
/// program order. Where the walk cannot see (a region with copies or
/// commits in it, the start of the kernel), it stops: fewer outstanding
/// copies only makes the wait stricter.
class OutstandingCopies {
public:
  explicit OutstandingCopies(const ArchInfo &arch) : arch(arch) {}

  int64_t count(AsyncWaitOp wait) {
    stop = wait;
    return walk(wait->getBlock(), Block::iterator(wait), wait.getNum(), 0,
                /*wrapped=*/false);
  }

private:
  /// Continue before `it` in `block` with `commits` more commits to pass
  /// and `copies` counted so far.
  int64_t walk(Block *block, Block::iterator it, int64_t commits,
               int64_t copies, bool wrapped) {
    while (it != block->begin()) {
      Operation &op = *--it;
      if (&op == stop) // around the loop and back at the wait
        return copies;
      if (isa<AsyncCommitGroupOp>(op)) {
        if (commits-- == 0)
          return copies;
        continue;
      }
      if (isa<BufferLoadToSharedOp>(op)) {
        copies += countDirectCopyInstructions(&op, arch);
        continue;
      }
      if (op.getNumRegions() && hasAsync(&op))
        return copies;
    }
    // The start of a loop body: the previous iteration's tail, or what ran
    // before the loop; the smaller count holds on both paths.
    auto loop = dyn_cast<scf::ForOp>(block->getParentOp());
    if (!loop || wrapped)
      return copies;
    int64_t viaLoop = walk(block, block->end(), commits, copies, true);
    int64_t viaEntry =
        walk(loop->getBlock(), Block::iterator(loop), commits, copies, wrapped);
    return std::min(viaLoop, viaEntry);
  }

  static bool hasAsync(Operation *op) {
    return op
        ->walk([](Operation *o) {
          return isa<AsyncCommitGroupOp, BufferLoadToSharedOp>(o)
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        })
        .wasInterrupted();
  }

  const ArchInfo &arch;
  Operation *stop = nullptr;
};
} // namespace

LogicalResult mlir::tlxamd::allocateSharedMemory(Operation *root,
                                                 const ArchInfo &arch) {
  bool failed = false;
  root->walk([&](FunctionOpInterface kernel) {
    if (kernel.isExternal())
      return;
    failed |= mlir::failed(KernelAllocator(kernel, arch).run());
    markFirstSharedAccess(kernel);
    if (!arch.isAMD())
      return;
    OutstandingCopies outstanding(arch);
    kernel->walk([&](AsyncWaitOp wait) {
      wait->setAttr(kAsyncOutstandingAttr,
                    IntegerAttr::get(IntegerType::get(wait.getContext(), 32),
                                     outstanding.count(wait)));
    });
  });
  return failure(failed);
}
