//===- TaskLowering.cpp - tlxamd.async_tasks as a warp dispatch -----------===//
//
// Warp-specialized tasks after their ops are lowered: each
// `tlxamd.async_tasks` becomes a branch on the (warp-uniform) warp id to
// its regions' blocks, each entered with the task's register limit and
// left for the code after the op. Inside a task, the lowering's thread id
// counts from the task's first thread and its program-wide barriers are the
// task's named barrier.
//
//===----------------------------------------------------------------------===//
#include "LayoutLowering.h"
#include "Patterns.h"
#include "TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tlxamd;

std::pair<AsyncTasksOp, int> TargetInfoBase::getTaskAt(RewriterBase &rewriter) {
  Block *block = rewriter.getInsertionBlock();
  Operation *parent = block ? block->getParentOp() : nullptr;
  if (!parent)
    return {AsyncTasksOp(), -1};
  if (auto tasks = dyn_cast<AsyncTasksOp>(parent))
    return {tasks, int(block->getParent()->getRegionNumber())};
  return AsyncTasksOp::getEnclosingTask(parent);
}

Value TargetInfoBase::threadId(RewriterBase &rewriter, Location loc) const {
  Value tid = programThreadId(rewriter, loc);
  auto [tasks, task] = getTaskAt(rewriter);
  if (!tasks || task == 0)
    return tid;
  int64_t first = tasks.getFirstWarp(task) * getWarpSize();
  return LLVM::SubOp::create(rewriter, loc, tid,
                             i32Const(rewriter, loc, first));
}

void TargetInfoBase::namedBarrier(RewriterBase &, Location, Value, Value,
                                  bool) const {
  llvm_unreachable("target legality rejects named barriers on this target");
}

bool TargetInfoBase::taskBarrier(RewriterBase &rewriter, Location loc) const {
  auto [tasks, task] = getTaskAt(rewriter);
  if (!tasks)
    return false;
  int64_t threads = int64_t(tasks.getNumWarps()[task]) * getWarpSize();
  namedBarrier(rewriter, loc, i32Const(rewriter, loc, task + 1),
               i32Const(rewriter, loc, threads), /*wait=*/true);
  return true;
}

/// `tasks` as a dispatch on the warp id: a chain of comparisons with each
/// task's last warp branches to the task's blocks (its register limit set
/// on entry), whose ends branch to the code after the op.
static void lowerTasks(AsyncTasksOp tasks, const TargetInfoBase &targetInfo) {
  IRRewriter rewriter(tasks);
  Location loc = tasks.getLoc();
  auto kernel = tasks->getParentOfType<LLVM::LLVMFuncOp>();
  unsigned lanes = targetInfo.getWarpSize();
  int64_t limit = getTaskRegisterLimit(tasks.getTotalWarps() * lanes,
                                       targetInfo.getArch().registersPerBlock);
  Block *before = tasks->getBlock();
  Block *after = rewriter.splitBlock(before, std::next(Block::iterator(tasks)));
  rewriter.setInsertionPoint(tasks);
  Value warp = LLVM::UDivOp::create(rewriter, loc,
                                    targetInfo.programThreadId(rewriter, loc),
                                    i32Const(rewriter, loc, lanes));
  warp = targetInfo.laneZeroValue(rewriter, loc, warp);

  SmallVector<Block *> entries;
  SmallVector<int64_t> regs(tasks.getNumWarps().size(), 0);
  if (std::optional<ArrayRef<int32_t>> budgets = tasks.getRegisters()) {
    SmallVector<int64_t> firsts;
    for (unsigned i = 0; i < regs.size(); ++i)
      firsts.push_back(tasks.getFirstWarp(i));
    regs = getTaskRegisters(tasks.getNumWarps(), firsts, *budgets, lanes,
                            targetInfo.getArch().registersPerBlock);
  }
  for (Region &region : tasks.getTasks()) {
    unsigned i = region.getRegionNumber();
    Block *entry = &region.front();
    entries.push_back(entry);
    for (Block &block : region)
      if (auto end = dyn_cast<AsyncTaskEndOp>(block.getTerminator())) {
        rewriter.setInsertionPoint(end);
        rewriter.replaceOpWithNewOp<LLVM::BrOp>(end, ValueRange(), after);
      }
    rewriter.setInsertionPointToStart(entry);
    targetInfo.setTaskRegisters(rewriter, loc, kernel, regs[i], limit);
    rewriter.inlineRegionBefore(region, after);
  }
  // warp < end of task 0 ? task 0 : (warp < end of task 1 ? task 1 : ...)
  Block *test = before;
  rewriter.setInsertionPoint(tasks);
  for (unsigned i = 0; i + 1 < entries.size(); ++i) {
    Value inTask = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::ult, warp,
        i32Const(rewriter, loc, tasks.getFirstWarp(i + 1)));
    Block *next = i + 2 < entries.size() ? rewriter.createBlock(entries[i + 1])
                                         : entries[i + 1];
    rewriter.setInsertionPointToEnd(test);
    LLVM::CondBrOp::create(rewriter, loc, inTask, entries[i], ValueRange(),
                           next, ValueRange());
    test = next;
    rewriter.setInsertionPointToStart(next);
  }
  if (entries.size() == 1) {
    rewriter.setInsertionPointToEnd(before);
    LLVM::BrOp::create(rewriter, loc, ValueRange(), entries[0]);
  }
  rewriter.eraseOp(tasks);
}

void mlir::tlxamd::lowerAsyncTasks(Operation *module,
                                   const TargetInfoBase &targetInfo) {
  SmallVector<AsyncTasksOp> all;
  module->walk([&](AsyncTasksOp tasks) { all.push_back(tasks); });
  for (AsyncTasksOp tasks : all)
    lowerTasks(tasks, targetInfo);
}
