//===- ScheduledMfmaOps.cpp - explicit MFMA scheduling --------------------===//
//
// amd_scheduled_mfma, amd_mfma_commit and the register-class ops: their
// static contracts (rules M3-M6, M12-M15 of docs/contracts.md). The chain rules
// of the commit (M13, M14) look along the use-def chains of the function:
// through scheduled MFMAs, loop-carried values of scf loops and the block
// arguments of unstructured loops.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::tlxamd;

static bool isRegisterClass(StringRef cls) {
  return cls == "agpr" || cls == "vgpr";
}

//===----------------------------------------------------------------------===//
// Register-class ops (M3, M4)
//===----------------------------------------------------------------------===//

/// M4: a distributed tensor of 16- or 32-bit integers or floats; M3: the
/// class is agpr or vgpr.
static LogicalResult verifyRegisterClassOperand(Operation *op,
                                                RankedTensorType type,
                                                StringRef cls) {
  if (!isRegisterClass(cls))
    return op->emitOpError("M3: register_class must be \"agpr\" or \"vgpr\", "
                           "got \"")
           << cls << "\"";
  Type elem = type.getElementType();
  unsigned bits = elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 0;
  if (bits != 16 && bits != 32)
    return op->emitOpError("M4: takes tensors of 16- or 32-bit integers or "
                           "floats, got ")
           << elem;
  return success();
}

LogicalResult AmdRegisterResidentOp::verify() {
  auto type = cast<RankedTensorType>(getValue().getType());
  if (failed(verifyRegisterClassOperand(*this, type, getRegisterClass())))
    return failure();
  unsigned r = getRegistersPerGroup();
  if (!llvm::is_contained({1u, 2u, 4u, 8u, 16u, 32u}, r))
    return emitOpError("M3: registers_per_group is the number of "
                       "consecutive 32-bit registers of a group, one of 1, 2, "
                       "4, 8, 16, 32; got ")
           << r;
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  int64_t perGroup = int64_t(r) * 32 / bits;
  int64_t perThread = getLinearLayout(type).getNumRegisters();
  if (perThread % perGroup != 0)
    return emitOpError("M3: a group of ")
           << r << " registers holds " << perGroup << " "
           << type.getElementType() << " elements; each thread's " << perThread
           << " elements do not divide into such groups";
  return success();
}

LogicalResult AmdRegisterClassAnchorOp::verify() {
  auto type = cast<RankedTensorType>(getValue().getType());
  return verifyRegisterClassOperand(*this, type, getRegisterClass());
}

//===----------------------------------------------------------------------===//
// amd_scheduled_mfma (M6)
//===----------------------------------------------------------------------===//

/// M6: the operands' dot-operand layouts of the accumulator's unit-tile
/// MFMA layout, k_width 4 or 8.
static LogicalResult verifyScheduledLayouts(AmdScheduledMfmaOp op,
                                            RankedTensorType a,
                                            RankedTensorType b,
                                            RankedTensorType acc) {
  auto mfma = dyn_cast<AmdMfmaLayoutAttr>(acc.getEncoding());
  if (!mfma)
    return op.emitOpError("M6: the accumulator must have an #tlxamd.amd_mfma "
                          "layout, got ")
           << acc.getEncoding();
  if (llvm::any_of(mfma.getTilesPerWarp(), [](unsigned t) { return t != 1; }))
    return op.emitOpError("M6: the accumulator's MFMA layout must be the unit "
                          "tile (tiles_per_warp all 1)");
  if (mfma.getElementBitWidth() != 32)
    return op.emitOpError("M6: the accumulator's MFMA layout must hold 32-bit "
                          "elements");
  RankedTensorType operands[] = {a, b};
  for (auto [i, t] : llvm::enumerate(operands)) {
    auto dot = dyn_cast<DotOperandLayoutAttr>(t.getEncoding());
    if (!dot || dot.getOpIdx() != i || dot.getParent() != mfma)
      return op.emitOpError("M6: operand ")
             << (i ? "b" : "a") << " must have the layout #tlxamd.dot_operand"
             << "<{op_idx = " << i << ", parent = <the accumulator's layout>, "
             << "k_width = 4 or 8}>, got " << t.getEncoding();
    if (dot.getKWidth() != 4 && dot.getKWidth() != 8)
      return op.emitOpError("M6: operand ")
             << (i ? "b" : "a") << " has k_width " << dot.getKWidth()
             << "; scheduled MFMAs take k_width 4 or 8";
  }
  if (cast<DotOperandLayoutAttr>(a.getEncoding()).getKWidth() !=
      cast<DotOperandLayoutAttr>(b.getEncoding()).getKWidth())
    return op.emitOpError("M6: a and b have different k_width");
  unsigned rank = acc.getRank();
  ArrayRef<unsigned> instr = mfma.getInstrShape();
  int64_t dims[3] = {acc.getDimSize(rank - 2), acc.getDimSize(rank - 1),
                     a.getDimSize(rank - 1)};
  for (unsigned d = 0; d < 3; ++d)
    if (dims[d] % instr[d] != 0)
      return op.emitOpError("M6: the ") << "MNK"[d] << " extent " << dims[d]
                                        << " is not a whole number of native "
                                        << instr[d] << "-element fragments";
  if (rank == 3 && acc.getDimSize(0) != mfma.getWarpsPerCTA()[0])
    return op.emitOpError("M6: rank-3 tensors have one batch repetition per "
                          "wave: the batch extent ")
           << acc.getDimSize(0) << " must equal the layout's "
           << mfma.getWarpsPerCTA()[0] << " warps along the batch";
  return success();
}

LogicalResult AmdScheduledMfmaOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto acc = cast<RankedTensorType>(getAcc().getType());
  StringRef role = getAccumulatorRole();
  if (role != "transient" && role != "persistent")
    return emitOpError("accumulator_role must be \"transient\" or "
                       "\"persistent\", got \"")
           << role << "\"";
  if (auto r = getResidentOperand(); r && *r != "a" && *r != "b")
    return emitOpError("resident_operand names an operand, \"a\" or \"b\"; "
                       "got \"")
           << *r << "\"";
  if (auto c = getAccumulatorRegisterClass(); c && !isRegisterClass(*c))
    return emitOpError("M3: accumulator_register_class must be \"agpr\" or "
                       "\"vgpr\", got \"")
           << *c << "\"";
  unsigned rank = acc.getRank();
  if ((rank != 2 && rank != 3) || a.getRank() != rank || b.getRank() != rank)
    return emitOpError("M6: a, b and acc must all have rank 2 or all rank 3, "
                       "got ranks ")
           << a.getRank() << ", " << b.getRank() << " and " << rank;
  Type elem = a.getElementType();
  if ((!elem.isBF16() && !elem.isF16()) || b.getElementType() != elem)
    return emitOpError("M6: a and b must be matching bf16 or f16 tensors, got ")
           << elem << " and " << b.getElementType();
  if (!acc.getElementType().isF32())
    return emitOpError("M6: the accumulator must be f32, got ")
           << acc.getElementType();
  int64_t m = a.getDimSize(rank - 2), k = a.getDimSize(rank - 1),
          n = b.getDimSize(rank - 1);
  if (b.getDimSize(rank - 2) != k || acc.getDimSize(rank - 2) != m ||
      acc.getDimSize(rank - 1) != n)
    return emitOpError("M6: shapes do not chain: a is ")
           << m << "x" << k << ", b " << b.getDimSize(rank - 2) << "x" << n
           << ", acc " << acc.getDimSize(rank - 2) << "x"
           << acc.getDimSize(rank - 1);
  if (rank == 3 && (a.getDimSize(0) != acc.getDimSize(0) ||
                    b.getDimSize(0) != acc.getDimSize(0)))
    return emitOpError("M6: the batch extents of a, b and acc differ");
  return verifyScheduledLayouts(*this, a, b, acc);
}

//===----------------------------------------------------------------------===//
// amd_mfma_commit (M12-M15)
//===----------------------------------------------------------------------===//

LogicalResult AmdMfmaCommitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &out) {
  for (Value v : operands)
    out.push_back(v.getType());
  return success();
}

/// M13's exception: `arg` is a block argument of a block ending in a
/// two-way branch, and its uses are in (or forwarded to) different
/// successors, so one executes per dynamic iteration.
static bool hasExclusiveBodyAndExitUses(BlockArgument arg) {
  Block *block = arg.getOwner();
  auto branch = dyn_cast_or_null<BranchOpInterface>(block->getTerminator());
  if (!branch || block->getNumSuccessors() != 2 ||
      block->getSuccessor(0) == block->getSuccessor(1))
    return false;
  SmallVector<unsigned> sides;
  for (OpOperand &use : arg.getUses()) {
    Operation *owner = use.getOwner();
    std::optional<unsigned> side;
    for (unsigned s = 0; s < 2; ++s) {
      if (owner == branch.getOperation()) {
        OperandRange fwd =
            branch.getSuccessorOperands(s).getForwardedOperands();
        unsigned i = use.getOperandNumber(), begin = fwd.getBeginOperandIndex();
        if (!fwd.empty() && i >= begin && i < begin + fwd.size())
          side = s;
      } else if (owner->getBlock() == block->getSuccessor(s)) {
        side = s;
      }
    }
    if (!side || llvm::is_contained(sides, *side))
      return false;
    sides.push_back(*side);
  }
  return true;
}

/// The values a loop-carried `v` takes from elsewhere, each with the op
/// passing it on (an scf loop's init and yield, the branches of
/// predecessors).
static SmallVector<std::pair<Value, Operation *>> getIncomingValues(Value v) {
  SmallVector<std::pair<Value, Operation *>> in;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Block *block = arg.getOwner();
    if (auto loop = dyn_cast_or_null<LoopLikeOpInterface>(block->getParentOp());
        loop && block->isEntryBlock()) {
      if (OpOperand *init = loop.getTiedLoopInit(arg))
        in.push_back({init->get(), init->getOwner()});
      if (OpOperand *yielded = loop.getTiedLoopYieldedValue(arg))
        in.push_back({yielded->get(), yielded->getOwner()});
      return in;
    }
    for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
      auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
      if (!branch)
        continue;
      for (unsigned s = 0; s < (*it)->getNumSuccessors(); ++s)
        if ((*it)->getSuccessor(s) == block)
          if (Value x = branch.getSuccessorOperands(s)[arg.getArgNumber()])
            in.push_back({x, branch});
    }
    return in;
  }
  auto result = cast<OpResult>(v);
  if (auto loop = dyn_cast<LoopLikeOpInterface>(result.getOwner()))
    if (auto yielded = loop.getYieldedValues();
        result.getResultNumber() < yielded.size())
      in.push_back({yielded[result.getResultNumber()], loop});
  return in;
}

/// M13: walk the F32 chain ending in `value` back through scheduled MFMAs
/// and loop-carried values; every link has one use (the next link), except
/// a block argument with mutually exclusive body and exit uses. Collects
/// the chain's scheduled MFMAs.
static LogicalResult
checkChain(AmdMfmaCommitOp op, Value value,
           SmallVectorImpl<AmdScheduledMfmaOp> &producers) {
  // (link, the op that continues the chain from it)
  SmallVector<std::pair<Value, Operation *>> work{{value, op}};
  llvm::SmallPtrSet<void *, 16> seen;
  while (!work.empty()) {
    auto [v, next] = work.pop_back_val();
    if (!seen.insert(v.getAsOpaquePointer()).second)
      continue;
    auto mfma = v.getDefiningOp<AmdScheduledMfmaOp>();
    SmallVector<std::pair<Value, Operation *>> incoming =
        mfma ? SmallVector<std::pair<Value, Operation *>>()
             : getIncomingValues(v);
    if (!mfma && incoming.empty())
      continue; // the chain's start (zeros, a load, ...)
    auto arg = dyn_cast<BlockArgument>(v);
    if (!v.hasOneUse() && !(arg && hasExclusiveBodyAndExitUses(arg))) {
      unsigned uses = std::distance(v.use_begin(), v.use_end());
      InFlightDiagnostic diag =
          op.emitOpError("M13: an F32 chain forks before the commit: ")
          << (mfma ? "a scheduled MFMA result" : "a loop-carried value")
          << " on its way here has " << uses
          << " uses; commit the chain before using its value elsewhere";
      llvm::SmallPtrSet<Operation *, 4> noted{next};
      for (OpOperand &use : v.getUses())
        if (noted.insert(use.getOwner()).second)
          diag.attachNote(use.getOwner()->getLoc()) << "other use here";
      return diag;
    }
    if (mfma) {
      producers.push_back(mfma);
      if (!mfma.getInitialize())
        work.push_back({mfma.getAcc(), mfma});
      continue;
    }
    llvm::append_range(work, incoming);
  }
  return success();
}

/// M14: after the boundary, the committed and preserved values are used
/// only through the commit's results.
static LogicalResult checkUsesAfter(AmdMfmaCommitOp op) {
  DominanceInfo dom(op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>());
  for (OpOperand &operand : op->getOpOperands()) {
    for (OpOperand &use : operand.get().getUses()) {
      Operation *user = use.getOwner();
      if (user == op || !dom.properlyDominates(op.getOperation(), user))
        continue;
      bool preserved = operand.get() == op.getPreserve();
      InFlightDiagnostic diag =
          op.emitOpError("M14: the ")
          << (preserved ? "preserved" : "committed")
          << " value is used after the commit; use the value the commit "
             "returns instead";
      diag.attachNote(user->getLoc()) << "use here";
      return diag;
    }
  }
  return success();
}

LogicalResult AmdMfmaCommitOp::verify() {
  if (getValues().empty())
    return emitOpError("M12: commits one F32 MFMA result or a nonempty tuple "
                       "of them, got none");
  for (Value v : getValues()) {
    auto t = cast<RankedTensorType>(v.getType());
    if (!t.getElementType().isF32() || !isa<AmdMfmaLayoutAttr>(t.getEncoding()))
      return emitOpError("M12: committed values are F32 tensors with an "
                         "#tlxamd.amd_mfma layout, got ")
             << t;
  }
  if (Value p = getPreserve()) {
    auto t = cast<RankedTensorType>(p.getType());
    if ((!t.getElementType().isBF16() && !t.getElementType().isF16()) ||
        !isa<DotOperandLayoutAttr>(t.getEncoding()))
      return emitOpError("M12: preserve is one BF16 or F16 tensor with a "
                         "#tlxamd.dot_operand layout, got ")
             << t;
  }
  for (Value v : getValues()) {
    SmallVector<AmdScheduledMfmaOp> producers;
    if (failed(checkChain(*this, v, producers)))
      return failure();
    if (!getPreserve())
      continue;
    for (AmdScheduledMfmaOp mfma : producers)
      if (mfma.isPersistent() &&
          mfma.getEffectiveAccumulatorClass() == "agpr") {
        InFlightDiagnostic diag = emitOpError(
            "M15: a boundary with preserve moves its results to VGPRs; "
            "committing an AGPR-resident persistent scheduled-MFMA result "
            "with preserve is rejected (use accumulator_register_class="
            "\"vgpr\" or commit without preserve)");
        diag.attachNote(mfma.getLoc()) << "AGPR-resident result from here";
        return diag;
      }
  }
  return checkUsesAfter(*this);
}

//===----------------------------------------------------------------------===//
// Warp-pipeline stages (W10)
//===----------------------------------------------------------------------===//

/// What would put a workgroup barrier inside a stage: with the two wave
/// halves one stage apart, a barrier there pairs each wave with the other
/// half's previous barrier, so the hazard it was placed for is not covered.
static Operation *findSynchronizingOp(Operation *root) {
  Operation *found = nullptr;
  root->walk([&](Operation *op) {
    bool sync = isa<AsyncWaitOp, LocalStoreOp, AsyncTasksOp, gpu::BarrierOp,
                    AmdWarpPipelineStageOp, AmdWarpPipelineStageEndOp,
                    MBarrierWaitOp, MBarrierArriveOp, MBarrierInitOp>(op);
    if (auto alloc = dyn_cast<LocalAllocOp>(op))
      sync = alloc.getSrc() != nullptr;
    if (!sync)
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

/// W10 for a whole loop body, checked once (from its first marker).
static LogicalResult verifyWarpPipelineBody(Operation *first) {
  Block *body = first->getBlock();
  Operation *open = nullptr;
  int stages = 0;
  Operation *boundaryWait = nullptr;
  for (Operation &op : *body) {
    if (auto begin = dyn_cast<AmdWarpPipelineStageOp>(op)) {
      if (open)
        return begin.emitOpError("W10: stage '")
               << begin.getName() << "' starts before stage '"
               << cast<AmdWarpPipelineStageOp>(open).getName()
               << "' has ended (stages do not nest)";
      open = &op;
      ++stages;
      boundaryWait = nullptr;
      continue;
    }
    if (isa<AmdWarpPipelineStageEndOp>(op)) {
      if (!open)
        return op.emitOpError("W10: ends a warp-pipeline stage that was "
                              "never started");
      open = nullptr;
      continue;
    }
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (open) {
      if (Operation *sync = findSynchronizingOp(&op)) {
        InFlightDiagnostic diag =
            sync->emitOpError("W10: synchronizes the workgroup inside "
                              "warp-pipeline stage '")
            << cast<AmdWarpPipelineStageOp>(open).getName()
            << "': in a warp-pipelined loop the two wave halves run one "
               "stage apart, so a barrier there does not order them; put "
               "async waits between stages";
        return diag;
      }
      continue;
    }
    // Between stages: pure ops, scheduling hints, and one async_wait per
    // boundary (its barrier separates the stages).
    if (isa<AmdSchedBarrierOp>(op))
      continue;
    if (isa<AsyncWaitOp>(op)) {
      if (boundaryWait)
        return op.emitOpError("W10: a second async_wait between the same "
                              "two warp-pipeline stages (one barrier "
                              "separates them)");
      boundaryWait = &op;
      continue;
    }
    if (op.getNumRegions() == 0 && isMemoryEffectFree(&op))
      continue;
    return op.emitOpError("W10: sits in a warp-pipelined loop outside its "
                          "stages; only pure ops and async waits may stand "
                          "between stages");
  }
  if (open)
    return open->emitOpError("W10: stage '")
           << cast<AmdWarpPipelineStageOp>(open).getName()
           << "' is not ended before the end of the loop body";
  if (stages < 2)
    return first->emitOpError("W10: a warp-pipelined loop needs at least "
                              "two stages, got ")
           << stages;
  return success();
}

static LogicalResult verifyStageMarkerPlacement(Operation *op) {
  if (!isa_and_nonnull<scf::ForOp>(op->getParentOp()))
    return op->emitOpError("W10: warp-pipeline stages are the body of an "
                           "scf.for loop (the stages of one iteration)");
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isa<AsyncTasksOp>(p))
      return op->emitOpError("W10: warp pipelining splits the program's "
                             "waves and cannot be used inside a task");
  return success();
}

LogicalResult AmdWarpPipelineStageOp::verify() {
  if (getName().empty())
    return emitOpError("W10: a warp-pipeline stage needs a name");
  if (failed(verifyStageMarkerPlacement(*this)))
    return failure();
  // The body is checked once, from its first marker.
  for (Operation &op : *(*this)->getBlock())
    if (isa<AmdWarpPipelineStageOp, AmdWarpPipelineStageEndOp>(op))
      return &op == getOperation() ? verifyWarpPipelineBody(&op) : success();
  return success();
}

LogicalResult AmdWarpPipelineStageEndOp::verify() {
  if (failed(verifyStageMarkerPlacement(*this)))
    return failure();
  for (Operation *p = (*this)->getPrevNode(); p; p = p->getPrevNode()) {
    if (isa<AmdWarpPipelineStageOp>(p))
      return success();
    if (isa<AmdWarpPipelineStageEndOp>(p))
      break;
  }
  return emitOpError("W10: ends a warp-pipeline stage that was never "
                     "started");
}
