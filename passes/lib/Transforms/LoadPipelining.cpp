//===- LoadPipelining.cpp - tlxamd-pipeline -------------------------------===//
//
// The loads of an scf.for marked `tlxamd.num_stages` >= 2 issued one
// iteration ahead and carried in registers: a prologue load for the first
// iteration (masked by lb < ub) and, where the load was, the next
// iteration's (masked by iv + step < ub). Its address, mask and `other` are
// recomputed for the next counter by clones of the side-effect-free ops
// that compute them from the counter and values defined outside the loop.
//
//===----------------------------------------------------------------------===//
#include "PipelineSlices.h"
#include "SharedPipelining.h"

#include "tlxamd/Analysis/AxisInfo.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Dialect/TypeHelpers.h"
#include "tlxamd/Target/Arch.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDPIPELINE
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

constexpr llvm::StringLiteral kNumStagesAttr = "tlxamd.num_stages";

/// 32-bit registers per thread a tensor takes (32 lanes per warp: never an
/// underestimate).
int64_t registersPerThread(Type type, int64_t numWarps) {
  auto tensor = cast<RankedTensorType>(type);
  int64_t bits =
      tensor.getNumElements() * std::max(8u, tensor.getElementTypeBitWidth());
  return llvm::divideCeil(bits, 32 * 32 * numWarps);
}

/// 32-bit registers per thread the values of `load` (layout-free) arrive
/// in: accesses of the elements its pointers are proven consecutive and
/// aligned over along the last dimension (at most 16 bytes), each filling
/// whole registers (a byte loaded alone takes one).
int64_t loadRegisters(LoadOp load, int64_t numWarps, AxisInfoAnalysis &axis) {
  auto tensor = cast<RankedTensorType>(load.getType());
  int64_t bytes = std::max(1u, tensor.getElementTypeBitWidth() / 8);
  const AxisInfo &info = axis.get(load.getPtr());
  int64_t vec = 1;
  if (unsigned rank = info.getRank()) {
    int64_t run =
        std::min(info.contiguity[rank - 1], info.divisibility[rank - 1]);
    while (vec * 2 <= run && vec * 2 * bytes <= 16)
      vec *= 2;
  }
  int64_t perThread = llvm::divideCeil(tensor.getNumElements(), 32 * numWarps);
  vec = std::min(vec, std::max<int64_t>(1, perThread));
  return llvm::divideCeil(perThread, vec) *
         llvm::divideCeil(vec * bytes, int64_t(4));
}

/// The load of the iteration whose slice values `map` holds, `inRange`
/// and-ed into its mask.
Value cloneLoadFor(OpBuilder &b, LoadOp load, IRMapping &map, Value inRange) {
  Location loc = load.getLoc();
  Value ptr = map.lookupOrDefault(load.getPtr());
  Value in = tlxamd::SplatOp::create(b, loc, getI1Like(ptr.getType()), inRange);
  Value mask = load.getMask()
                   ? arith::AndIOp::create(
                         b, loc, map.lookupOrDefault(load.getMask()), in)
                   : in;
  Value other =
      load.getOther() ? map.lookupOrDefault(load.getOther()) : Value();
  auto clone = LoadOp::create(b, loc, ptr, mask, other, load.getCacheAttr());
  return clone.getResult();
}

struct TlxAmdPipelinePass
    : tlxamd::impl::TlxAmdPipelineBase<TlxAmdPipelinePass> {
  using TlxAmdPipelineBase::TlxAmdPipelineBase;

  void runOnOperation() override {
    const ArchInfo *arch = nullptr;
    if (!target.empty() && !(arch = lookupArch(target))) {
      getOperation()->emitError("tlxamd-pipeline: unsupported target '")
          << target << "' (supported: " << getSupportedArchNames() << ")";
      return signalPassFailure();
    }
    target_ = arch;
    SmallVector<std::pair<scf::ForOp, int64_t>> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      // (staged when the kernel was built: said again)
      if (loop->hasAttr(kPipelinedAttr) &&
          llvm::any_of(loop.getBody()->getOperations(), [](Operation &op) {
            return isa<BufferLoadToSharedOp, LocalStoreOp>(op);
          }))
        remark(loop, describeStagedLoop(loop));
      // (one stage: loads feeding a dot still go through shared memory)
      int64_t stages = stagesOf(loop);
      if (stages >= 1)
        loops.push_back({loop, stages});
    });
    PipelineRemark note = [&](Operation *op, const Twine &text) {
      remark(op, text);
    };
    for (auto [loop, stages] : loops) {
      loop = scalarizeCarriedPointers(loop);
      if (arch && pipelineThroughSharedMemory(loop, stages, *arch,
                                              numWarps(loop), note))
        continue;
      // A loop whose only product is a dot_scaled (the native scaled
      // instruction) inherits the kernel's stages for its carried pointers
      // alone: its loads held a step ahead in registers cost more than they
      // hide there (gfx950 / gfx1250 K loops: 30 - 40 more instructions
      // a step, guards and copies); tl.range(..., num_stages=N) asks for it.
      bool scaledOnly =
          !loop->hasAttr(kNumStagesAttr) &&
          llvm::none_of(loop.getBody()->getOperations(),
                        [](Operation &op) { return isa<DotOp>(op); });
      if (registers && stages >= 2 && !scaledOnly)
        pipeline(loop);
    }
  }

  /// The loop's `tlxamd.num_stages`; else, for an innermost loop with a
  /// dot or dot_scaled in its body, the kernel's (Triton's `num_stages`);
  /// 0 for a loop pipelined already.
  static int64_t stagesOf(scf::ForOp loop) {
    if (loop->hasAttr(kPipelinedAttr))
      return 0;
    if (auto stages = loop->getAttrOfType<IntegerAttr>(kNumStagesAttr))
      return stages.getValue().getSExtValue();
    if (llvm::none_of(loop.getBody()->getOperations(), [](Operation &op) {
          return isa<DotOp, DotScaledOp>(op);
        }))
      return 0;
    IntegerAttr stages = getInheritedStages(loop);
    return stages ? stages.getValue().getSExtValue() : 0;
  }

  /// The warps running `op` (its task's, else the kernel's
  /// `tlxamd.num_warps`; 4 when neither is known).
  static int64_t numWarps(Operation *op) {
    return std::max<int64_t>(1, getWarpsAt(op).value_or(4));
  }

  void remark(Operation *op, const Twine &text) {
    if (remarks)
      op->emitRemark(text);
  }

  struct Candidate {
    LoadOp load;
    LoopSlice slice;
  };

  /// The target (null without one).
  const ArchInfo *target_ = nullptr;

  /// Registers an MMA loop (a dot or warpgroup MMA in its body) has to
  /// spare beyond `max-registers` on NVIDIA: half of what its accumulators
  /// leave of 64 per thread (a 64 x 64 f32 tile over 4 warps, 32
  /// registers, leaves 16: its decoded operands' loads go ahead; a 128 x
  /// 128 tile none). None on AMD, where the loads held ahead cost CDNA
  /// occupancy (gfx942's decomposed MX GEMM: 196 -> 268 VGPRs, 2 waves a
  /// SIMD -> 1).
  int64_t mmaSlack(scf::ForOp loop, int64_t warps) const {
    if (!target_ || !target_->isNVIDIA())
      return 0;
    int64_t accumulators = 0;
    bool mma = false;
    for (Operation &op : loop.getBody()->without_terminator())
      if (isa<DotOp, WarpgroupDotOp>(op)) {
        mma = true;
        accumulators += registersPerThread(op.getResult(0).getType(), warps);
      }
    return mma ? std::max<int64_t>(0, 64 - accumulators) / 2 : 0;
  }

  SmallVector<Candidate> candidates(scf::ForOp loop) {
    SmallVector<Candidate> out;
    int64_t warps = numWarps(loop);
    int64_t budget = maxRegisters + mmaSlack(loop, warps);
    AxisInfoAnalysis axis;
    bool afterWrite = false;
    for (Operation &op : loop.getBody()->without_terminator()) {
      auto load = dyn_cast<LoadOp>(&op);
      if (!load || !isa<RankedTensorType>(load.getType())) {
        // An op that may write (one without the interface, nested ops
        // included, may).
        auto effects = dyn_cast<MemoryEffectOpInterface>(&op);
        afterWrite |= !isPure(&op) &&
                      (!effects || effects.hasEffect<MemoryEffects::Write>());
        continue;
      }
      if (afterWrite) {
        remark(load, "not pipelined: it follows a write to memory in the "
                     "loop body");
        continue;
      }
      if (llvm::any_of(load.getPtr().getUsers(), [&](Operation *user) {
            return isa<StoreOp>(user) && loop->isAncestor(user);
          })) {
        remark(load, "not pipelined: the loop stores through the same "
                     "pointers (the next iteration's load would miss it)");
        continue;
      }
      LoopSlice slice;
      bool ok = true;
      for (Value v : load->getOperands())
        ok = ok && collectSlice(v, loop, slice);
      if (!ok) {
        remark(load, "not pipelined: its address, mask or other depends on "
                     "a loop-carried value that does not step by a "
                     "loop-invariant amount, or on an op with side effects");
        continue;
      }
      int64_t regs = loadRegisters(load, warps, axis);
      if (regs > budget) {
        remark(load, "not pipelined: " + Twine(regs) +
                         " registers per thread exceed the loop's budget "
                         "left (" +
                         Twine(budget) + ", max-registers)");
        continue;
      }
      budget -= regs;
      out.push_back({load, std::move(slice)});
    }
    return out;
  }

  void pipeline(scf::ForOp loop) {
    SmallVector<Candidate> loads = candidates(loop);
    if (loads.empty())
      return;
    Location loc = loop.getLoc();
    auto pred = loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                      : arith::CmpIPredicate::slt;
    OpBuilder b(loop);
    Value first = arith::CmpIOp::create(b, loc, pred, loop.getLowerBound(),
                                        loop.getUpperBound());
    SmallVector<Value> prologue;
    for (Candidate &c : loads) {
      IRMapping map = cloneSlice(b, loop, c.slice, loop.getLowerBound(),
                                 advanceCarried(b, loop, c.slice, 0, false));
      prologue.push_back(cloneLoadFor(b, c.load, map, first));
    }
    b.setInsertionPointToStart(loop.getBody());
    Value next =
        arith::AddIOp::create(b, loc, loop.getInductionVar(), loop.getStep());
    Value nextIn =
        arith::CmpIOp::create(b, loc, pred, next, loop.getUpperBound());
    SmallVector<Value> ahead;
    for (Candidate &c : loads) {
      b.setInsertionPoint(c.load);
      IRMapping map = cloneSlice(b, loop, c.slice, next,
                                 advanceCarried(b, loop, c.slice, 1, true));
      ahead.push_back(cloneLoadFor(b, c.load, map, nextIn));
    }
    IRRewriter rewriter(loop);
    unsigned carried = loop.getNumRegionIterArgs();
    FailureOr<LoopLikeOpInterface> widened =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(
                rewriter, prologue, /*replaceInitOperandUsesInLoop=*/false,
                [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                  return SmallVector<Value>(ahead);
                });
    if (failed(widened))
      return;
    auto newLoop = cast<scf::ForOp>(widened->getOperation());
    for (auto [i, c] : llvm::enumerate(loads)) {
      c.load.getResult().replaceAllUsesWith(
          newLoop.getRegionIterArgs()[carried + i]);
      c.load.erase();
    }
    remark(newLoop, "pipelined " + Twine(loads.size()) +
                        " load(s) one iteration ahead, in registers");
  }
};

} // namespace

std::string mlir::tlxamd::describeStagedLoop(scf::ForOp loop) {
  int64_t loads = 0, buffers = 0, ahead = 0;
  bool wgmma = false, inFlight = false;
  int64_t residentA = 0;
  bool throughRegisters = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    throughRegisters |= isa<LocalStoreOp>(op);
    if (auto view = dyn_cast<MemDescIndexOp>(op);
        view && llvm::any_of(view->getUsers(), [](Operation *user) {
          return isa<LocalLoadOp, WarpgroupDotOp>(user);
        })) {
      ++loads;
      buffers = view.getSrc().getType().getBufferCount();
    }
    // (the first op: the wait for a tile copied ahead)
    if (auto wait = dyn_cast<AsyncWaitOp>(op);
        wait && &op == &loop.getBody()->front())
      ahead = wait.getNum() + 1;
    wgmma |= isa<WarpgroupDotOp>(op);
    if (auto dot = dyn_cast<WarpgroupDotOp>(op))
      if (auto alloc = dot.getA().getDefiningOp<LocalAllocOp>())
        residentA += !loop->isAncestor(alloc);
    if (auto wait = dyn_cast<WarpgroupDotWaitOp>(op))
      inFlight |= wait.getPendings() > 0;
  }
  if (throughRegisters) // (the tiles of `buffers` iterations ahead)
    return (Twine("pipelined ") + Twine(loads) +
            " load(s) feeding dots through " + Twine(buffers) +
            " shared-memory buffers each, staged through registers (loads " +
            Twine(buffers) + " iteration(s) ahead, stored after the dot)")
        .str();
  return (Twine("pipelined ") + Twine(loads) +
          " load(s) feeding dots through " + Twine(buffers) +
          " shared-memory buffers each (asynchronous copies " + Twine(ahead) +
          " iteration(s) ahead" +
          (wgmma ? "; warpgroup MMA from shared memory" : "") +
          (inFlight ? ", one group in flight" : "") +
          (residentA ? "; a loop-invariant A held in shared memory)" : ")"))
      .str();
}
