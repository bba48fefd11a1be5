//===- TaskOps.cpp - async_tasks, named barriers, cluster launch control --===//
//
// Warp-specialized tasks: the warp counts and register budgets of
// `tlxamd.async_tasks`, what may cross a task's boundary, and the ids of
// the named barriers users may take; the answer tile of Blackwell's cluster
// launch control (the persistent scheduling of such kernels).
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Analysis/SharedAllocation.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/TargetLegality.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

int64_t AsyncTasksOp::getTotalWarps() {
  int64_t total = 0;
  for (int32_t w : getNumWarps())
    total += w;
  return total;
}

int64_t AsyncTasksOp::getFirstWarp(unsigned index) {
  int64_t first = 0;
  for (unsigned i = 0; i < index && i < getNumWarps().size(); ++i)
    first += getNumWarps()[i];
  return first;
}

std::pair<AsyncTasksOp, int> AsyncTasksOp::getEnclosingTask(Operation *op) {
  for (Operation *child = op; child; child = child->getParentOp()) {
    auto tasks = dyn_cast_or_null<AsyncTasksOp>(child->getParentOp());
    if (tasks)
      return {tasks, int(child->getParentRegion()->getRegionNumber())};
  }
  return {AsyncTasksOp(), -1};
}

static Operation *getKernel(Operation *op) {
  if (isa<FunctionOpInterface>(op))
    return op;
  return op->getParentOfType<FunctionOpInterface>();
}

std::optional<int64_t> mlir::tlxamd::getWarpsAt(Operation *op) {
  auto [tasks, index] = AsyncTasksOp::getEnclosingTask(op);
  if (tasks && index < int(tasks.getNumWarps().size()))
    return tasks.getNumWarps()[index];
  Operation *kernel = getKernel(op);
  return kernel ? getNumWarps(kernel) : std::nullopt;
}

std::optional<int64_t> mlir::tlxamd::getProgramWarps(Operation *kernel) {
  std::optional<int64_t> warps = getNumWarps(kernel);
  kernel->walk([&](AsyncTasksOp tasks) {
    warps = std::max(warps.value_or(0), tasks.getTotalWarps());
  });
  return warps;
}

int64_t mlir::tlxamd::getTaskRegisterLimit(int64_t threads,
                                           int64_t registersPerBlock) {
  if (threads <= 0)
    return 256;
  return std::min<int64_t>(256, registersPerBlock / threads / 8 * 8);
}

SmallVector<int64_t> mlir::tlxamd::getTaskRegisters(
    ArrayRef<int32_t> warps, ArrayRef<int64_t> firstWarps,
    ArrayRef<int32_t> budgets, int64_t warpSize, int64_t registersPerBlock) {
  SmallVector<int64_t> regs(warps.size(), 0);
  if (llvm::all_of(budgets, [](int32_t r) { return r == 0; }))
    return regs;
  int64_t threads = 0, sharing = 0;
  for (int32_t w : warps)
    threads += int64_t(w) * warpSize;
  // setmaxnreg moves registers within what the launch gave the program
  // (`limit` a thread): an increase beyond that pool never completes.
  int64_t share = getTaskRegisterLimit(threads, registersPerBlock);
  int64_t left = share * threads;
  bool wholeGroups = true;
  for (auto [i, w] : llvm::enumerate(warps)) {
    if (budgets[i]) {
      left -= int64_t(w) * warpSize * budgets[i];
      continue;
    }
    sharing += int64_t(w) * warpSize;
    wholeGroups &= w % 4 == 0 && firstWarps[i] % 4 == 0;
  }
  if (sharing && wholeGroups)
    share = left <= 0 ? 0 : std::min<int64_t>(256, left / sharing / 8 * 8);
  for (auto [i, r] : llvm::enumerate(budgets))
    regs[i] = r ? r : share;
  return regs;
}

/// The most task regions of any `tlxamd.async_tasks` of `op`'s kernel: the
/// named barrier ids 1 ... that many are the tasks'.
static int64_t getReservedBarrierIds(Operation *op) {
  int64_t regions = 0;
  if (Operation *kernel = getKernel(op))
    kernel->walk([&](AsyncTasksOp tasks) {
      regions = std::max<int64_t>(regions, tasks.getNumRegions());
    });
  return regions;
}

//===----------------------------------------------------------------------===//
// async_tasks
//===----------------------------------------------------------------------===//

LogicalResult AsyncTasksOp::verify() {
  ArrayRef<int32_t> warps = getNumWarps();
  if (getNumRegions() == 0)
    return emitOpError("needs at least one task region");
  if (warps.size() != getNumRegions())
    return emitOpError("has ") << getNumRegions() << " task regions but "
                               << warps.size() << " warp counts";
  for (auto [i, w] : llvm::enumerate(warps))
    if (w <= 0 || !llvm::isPowerOf2_32(w))
      return emitOpError("task ")
             << i << " has " << w << " warps: a power of two is needed";
  if (!isa<FunctionOpInterface>((*this)->getParentOp()))
    return emitOpError("must be in the kernel's body, not in a loop, branch "
                       "or another task");
  if (auto func = dyn_cast<gpu::GPUFuncOp>((*this)->getParentOp());
      func && !func.isKernel())
    return emitOpError("must be in a kernel (its program's warps are the "
                       "tasks'), not in a device function");
  if (std::optional<int64_t> n =
          mlir::tlxamd::getNumWarps((*this)->getParentOp()))
    if (*n != warps[0])
      return emitOpError("default task (region 0) has ")
             << warps[0] << " warps but the kernel has "
             << TlxAmdDialect::getNumWarpsAttrName() << " = " << *n;
  if (getTotalWarps() > 32)
    return emitOpError("tasks take ")
           << getTotalWarps() << " warps; a program has at most 1024 threads";
  std::optional<ArrayRef<int32_t>> regs = getRegisters();
  if (!regs)
    return success();
  if (regs->size() != warps.size())
    return emitOpError("has ") << warps.size() << " tasks but " << regs->size()
                               << " register budgets";
  for (auto [i, r] : llvm::enumerate(*regs)) {
    if (r == 0)
      continue;
    if (r < 24 || r > 256 || r % 8 != 0)
      return emitOpError("task ")
             << i << " asks for " << r
             << " registers per thread: 0 or a multiple of 8 in [24, 256]";
    if (warps[i] % 4 != 0 || getFirstWarp(i) % 4 != 0)
      return emitOpError("task ")
             << i << " sets a register budget but runs warps "
             << getFirstWarp(i) << " ... " << getFirstWarp(i) + warps[i] - 1
             << ": setmaxnreg needs whole warpgroups (4 warps from a "
                "multiple of 4)";
  }
  return success();
}

/// A value `op` uses that is defined outside `tasks` and is a tensor.
static Value findCapturedTensor(Operation *op, AsyncTasksOp tasks) {
  for (Value v : op->getOperands()) {
    if (!isa<RankedTensorType>(v.getType()))
      continue;
    Operation *def = v.getDefiningOp();
    Region *defRegion = def ? def->getParentRegion()
                            : cast<BlockArgument>(v).getOwner()->getParent();
    if (!tasks->isProperAncestor(defRegion->getParentOp()) &&
        defRegion->getParentOp() != tasks.getOperation())
      return v;
  }
  return Value();
}

LogicalResult AsyncTasksOp::verifyRegions() {
  for (Region &region : getTasks()) {
    if (region.empty())
      return emitOpError("task ")
             << region.getRegionNumber() << " has no block";
    Block &block = region.front();
    if (block.getNumArguments() != 0)
      return emitOpError("task regions take no arguments");
    if (block.empty() || !isa<AsyncTaskEndOp>(block.back()))
      return emitOpError("task ") << region.getRegionNumber()
                                  << " must end with tlxamd.async_task_end";
    unsigned index = region.getRegionNumber();
    int64_t warps = getNumWarps()[index], first = getFirstWarp(index);
    WalkResult walk = region.walk([&](Operation *op) {
      if (isa<AsyncTasksOp>(op)) {
        op->emitOpError("may not be nested in another task");
        return WalkResult::interrupt();
      }
      // The hardware groups warps by their index: warpgroup MMAs run on
      // warps 4k ... 4k + 3, and a warp reaches the tensor-memory lanes of
      // its index mod 4.
      if (isa<WarpgroupDotOp, WarpgroupDotWaitOp, TmemLoadOp, TmemStoreOp>(
              op) &&
          (warps % 4 != 0 || first % 4 != 0)) {
        InFlightDiagnostic d =
            emitOpError("task ")
            << index << " runs warps " << first << " ... " << first + warps - 1
            << ": warpgroup MMAs and tensor-memory accesses need whole "
               "warpgroups (4 warps from a multiple of 4)";
        d.attachNote(op->getLoc()) << "used here";
        return WalkResult::interrupt();
      }
      if (Value v = findCapturedTensor(op, *this)) {
        InFlightDiagnostic d =
            emitOpError("task ")
            << region.getRegionNumber() << " uses a tensor of type "
            << v.getType()
            << " defined outside the tasks: tasks exchange data through "
               "shared memory, tensor memory and barriers only";
        d.attachNote(op->getLoc()) << "used here";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
  }
  // Code outside the tasks runs on every warp of the program, which no
  // distributed tensor is spread over.
  Operation *kernel = (*this)->getParentOp();
  Operation *outside = nullptr;
  kernel->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<AsyncTasksOp>(op))
      return WalkResult::skip();
    if (op != kernel &&
        llvm::any_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>)) {
      outside = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (outside) {
    InFlightDiagnostic d =
        emitOpError("a kernel with tasks computes tensors in its tasks only: "
                    "code outside them runs on all ")
        << getTotalWarps() << " warps";
    d.attachNote(outside->getLoc()) << "tensor computed outside the tasks";
    return d;
  }
  return success();
}

/// W5 on a target with one workgroup barrier (CDNA): the tasks run as a
/// dispatch on the wave id and cannot synchronize, so nothing in them may
/// need a barrier or exchange data through shared memory.
static LogicalResult verifyUnsynchronizedTasks(AsyncTasksOp tasks,
                                               const ArchInfo &arch) {
  auto named = [](const ArchInfo &a) { return a.namedBarriers > 0; };
  for (Region &region : tasks.getTasks()) {
    Operation *bad = nullptr;
    region.walk([&](Operation *op) {
      bool shared =
          isa<gpu::BarrierOp, AsyncWaitOp, AsyncCommitGroupOp, LocalAllocOp,
              LocalLoadOp, LocalStoreOp, BufferLoadToSharedOp>(op) ||
          getSharedScratchBytes(op, arch.warpSize) > 0;
      if (!shared)
        return WalkResult::advance();
      bad = op;
      return WalkResult::interrupt();
    });
    if (!bad)
      continue;
    InFlightDiagnostic d =
        bad->emitOpError("W5: in task ")
        << region.getRegionNumber() << " on " << arch.name << " ("
        << arch.family
        << "), which has one workgroup barrier and no named ones: tasks run "
           "as a dispatch on the wave id and cannot synchronize, so they "
           "may not use shared memory or anything that needs a barrier "
           "(targets with named barriers: "
        << getArchNamesWhere(named) << ")";
    d.attachNote(tasks.getLoc()) << "the tasks";
    return d;
  }
  return success();
}

LogicalResult AsyncTasksOp::verifyForTarget(const ArchInfo &arch) {
  auto named = [](const ArchInfo &a) { return a.namedBarriers > 0; };
  if (!named(arch) && !arch.isAMD())
    return emitOpError("needs named barriers for each task to synchronize "
                       "its own warps; ")
           << arch.name << " (" << arch.family
           << ") has one workgroup barrier (targets that have them: "
           << getArchNamesWhere(named) << ")";
  if (!named(arch) && failed(verifyUnsynchronizedTasks(*this, arch)))
    return failure();
  // The dispatch counts the target's hardware warps: a task's tensors laid
  // out over warps of another width would not be its warps.
  WalkResult widths = walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (DistributedLayoutAttr l = getDistributedLayout(t);
          l && l.getLanesPerWarp() != arch.warpSize) {
        op->emitOpError("in a task, a layout of ")
            << l.getLanesPerWarp() << " lanes per warp; " << arch.name
            << "'s tasks dispatch on its " << arch.warpSize
            << "-lane hardware warps";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (widths.wasInterrupted())
    return failure();
  int64_t threads = getTotalWarps() * arch.warpSize;
  if (threads > 1024)
    return emitOpError("tasks take ")
           << getTotalWarps() << " warps of " << arch.warpSize
           << " lanes: more than 1024 threads";
  if (named(arch) && int64_t(getNumRegions()) + 1 > int64_t(arch.namedBarriers))
    return emitOpError("has ")
           << getNumRegions() << " tasks, each needing a named barrier; "
           << arch.name << " has " << arch.namedBarriers
           << " (barrier 0 is the program's)";
  std::optional<ArrayRef<int32_t>> regs = getRegisters();
  if (!regs || llvm::all_of(*regs, [](int32_t r) { return r == 0; }))
    return success();
  if (!arch.registerReallocation)
    return emitOpError("sets register budgets, which need register "
                       "reallocation (setmaxnreg); ")
           << arch.name << " (" << arch.family
           << ") lacks it (targets that have it: "
           << getArchNamesWhere(
                  [](const ArchInfo &a) { return a.registerReallocation; })
           << ")";
  SmallVector<int64_t> firsts;
  for (unsigned i = 0; i < getNumWarps().size(); ++i)
    firsts.push_back(getFirstWarp(i));
  SmallVector<int64_t> per = getTaskRegisters(
      getNumWarps(), firsts, *regs, arch.warpSize, arch.registersPerBlock);
  int64_t used = 0,
          pool =
              getTaskRegisterLimit(threads, arch.registersPerBlock) * threads;
  for (auto [i, w] : llvm::enumerate(getNumWarps())) {
    used += int64_t(w) * arch.warpSize * per[i];
    if (!(*regs)[i] && per[i] < 24)
      return emitOpError("register budgets leave ")
             << per[i] << " registers per thread to task " << i
             << ", which sets none; setmaxnreg takes at least 24";
  }
  if (used > pool)
    return emitOpError("register budgets take ")
           << used << " registers; the launch gives the program's " << threads
           << " threads " << pool / threads << " each (" << pool
           << "), all setmaxnreg can hand out";
  return success();
}

//===----------------------------------------------------------------------===//
// Named barriers
//===----------------------------------------------------------------------===//

template <typename OpTy> static LogicalResult verifyNamedBarrier(OpTy op) {
  int64_t id = op.getId(), reserved = getReservedBarrierIds(op);
  if (id >= 1 && id <= reserved)
    return op.emitOpError("named barrier ")
           << id << " is one of the ids 1 ... " << reserved
           << " the kernel's tasks synchronize with";
  return success();
}

template <typename OpTy>
static LogicalResult verifyNamedBarrierTarget(OpTy op, const ArchInfo &arch) {
  auto named = [](const ArchInfo &a) { return a.namedBarriers > 0; };
  if (!named(arch))
    return op.emitOpError("needs named barriers; ")
           << arch.name << " (" << arch.family
           << ") has one workgroup barrier (targets that have them: "
           << getArchNamesWhere(named) << ")";
  int64_t threads = op.getThreads();
  if (threads % arch.warpSize != 0)
    return op.emitOpError("counts ")
           << threads << " threads: a multiple of the warp size ("
           << arch.warpSize << ") is needed";
  Operation *kernel = getKernel(op);
  if (std::optional<int64_t> warps =
          kernel ? getProgramWarps(kernel) : std::nullopt)
    if (threads > *warps * arch.warpSize)
      return op.emitOpError("counts ")
             << threads << " threads but the program has "
             << *warps * arch.warpSize;
  return success();
}

LogicalResult NamedBarrierWaitOp::verify() { return verifyNamedBarrier(*this); }

LogicalResult NamedBarrierArriveOp::verify() {
  return verifyNamedBarrier(*this);
}

LogicalResult NamedBarrierWaitOp::verifyForTarget(const ArchInfo &arch) {
  return verifyNamedBarrierTarget(*this, arch);
}

LogicalResult NamedBarrierArriveOp::verifyForTarget(const ArchInfo &arch) {
  return verifyNamedBarrierTarget(*this, arch);
}

//===----------------------------------------------------------------------===//
// Cluster launch control
//===----------------------------------------------------------------------===//

/// The 16-byte answer of a try_cancel: a `2xi64` tile in shared memory.
static LogicalResult checkClcResponse(Operation *op, MemDescType type,
                                      bool written) {
  if (type.isTensorMemory() || type.getShape() != ArrayRef<int64_t>{2} ||
      !type.getElementType().isSignlessInteger(64))
    return op->emitOpError("response must be one 2xi64 shared-memory tile "
                           "(the 16-byte answer), got ")
           << type;
  if (written && !type.getMutableMemory())
    return op->emitOpError("response must be mutable");
  return success();
}

LogicalResult ClcTryCancelOp::verify() {
  if (failed(checkClcResponse(*this, getResponse().getType(), true)))
    return failure();
  return checkBarrier(*this, getBarrier().getType());
}

LogicalResult ClcQueryOp::verify() {
  return checkClcResponse(*this, getResponse().getType(), false);
}
