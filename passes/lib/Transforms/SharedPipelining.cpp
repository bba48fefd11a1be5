//===- SharedPipelining.cpp - tlxamd-pipeline through shared memory -------===//
//
// The loads feeding a dot in a loop with `num_stages` S >= 2, before
// layouts: S shared-memory buffers per operand, filled by asynchronous
// copies (buffer_load_to_shared: cp.async on NVIDIA, `buffer_load ... lds`
// on CDNA4) S - 1 iterations ahead of the dot that reads them.
//
//   prologue: copies of iterations 0 .. S-2 into buffers 0 .. S-2, one
//             commit group each (masked by `iv < ub`)
//   body:     async_wait(S - 2)            tile j landed; past the wait's
//                                          barrier nobody reads buffer j-1
//             copies of iteration j+S-1 into buffer (j+S-1) % S, commit
//             local_load(buffer j % S) where the load was (or, on Hopper,
//             warpgroup_dot straight from the two buffers and its wait)
//   after:    async_wait(0)                the tail's copies (masked off)
//
// Masks and `other` are the loads' own, recomputed for the iteration the
// copy is for; the tail's copies are masked off by the loop bound.
//
//===----------------------------------------------------------------------===//
#include "SharedPipelining.h"
#include "LayoutPropagation.h"
#include "PipelineSlices.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "tlxamd/Analysis/AxisInfo.h"
#include "tlxamd/Dialect/SharedMemory.h"
#include "tlxamd/Dialect/TypeHelpers.h"
#include "tlxamd/Target/TargetLegality.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// A load feeding operand `index` (0: A, 1: B) of `dot`.
struct Operand {
  LoadOp load;
  DotOp dot;
  unsigned index;
  unsigned fast; ///< the dimension consecutive in memory
  Value buffers;
  /// Through registers: the layout the tile is loaded in to be stored
  /// transposed (K-contiguous; null: as it comes).
  Attribute registers = {};
};

/// A tensor of zeros (a constant, or a splat of one).
bool isZeroTensor(Value v) {
  if (auto splat = v.getDefiningOp<SplatOp>())
    v = splat.getSrc();
  return matchPattern(v, m_Zero()) || matchPattern(v, m_AnyZeroFloat());
}

bool isWriteOp(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return !isPure(op) && (!effects || effects.hasEffect<MemoryEffects::Write>());
}

class SharedPipeliner {
public:
  SharedPipeliner(scf::ForOp loop, int64_t stages, const ArchInfo &arch,
                  int64_t numWarps, const PipelineRemark &remark)
      : loop(loop), stages(stages), arch(arch), numWarps(numWarps),
        remark(remark) {}

  /// The operands that can be staged; empty (with remarks) otherwise.
  LogicalResult analyze();
  /// Rewrites the loop (after a successful analyze()).
  void rewrite();

private:
  /// Why `load` cannot be copied asynchronously; empty when it can.
  std::string refusal(LoadOp load, LoopSlice &slice, unsigned &fast);
  /// Whether `dot` takes both operands straight from shared memory (wgmma).
  bool useWarpgroupMma(DotOp dot) const;
  Attribute sharedLayout(const Operand &operand) const;
  int64_t programsPerUnit(int64_t buffers, int64_t tileBytes) const;
  void chooseBuffers();
  void chooseResidentOperands(int64_t tileBytes);
  void replaceLoads(OpBuilder &b, Value read);
  Value buildCopies(OpBuilder &b, int64_t ahead, bool inLoop, Value stage);
  /// The counter of that iteration, whether it runs, the slice's clone.
  Value iterationSlice(OpBuilder &b, int64_t ahead, bool inLoop, Value &inRange,
                       IRMapping &map);
  SmallVector<Value> buildLoads(OpBuilder &b, int64_t ahead, bool inLoop);
  void rewriteThroughRegisters(OpBuilder &b, Value read);
  Value tileView(OpBuilder &b, const Operand &o, Value index);
  Value iterationCounter(OpBuilder &b, int64_t ahead);
  void retireMmaGroups(OpBuilder &b);
  void waitBeforeFirstUse(Value value, Operation *mma);

  scf::ForOp loop;
  int64_t stages;
  const ArchInfo &arch;
  int64_t numWarps;
  const PipelineRemark &remark;
  SmallVector<Operand> operands;
  LoopSlice slice; ///< of every staged load
  llvm::SmallPtrSet<Operation *, 4> wgmmaDots;
  /// Buffers per operand: `stages`, one more where every dot is a
  /// warpgroup MMA that keeps one group in flight across iterations.
  int64_t buffers = 0;
  /// Tiles loaded into registers `stages - 1` iterations ahead and stored
  /// into the buffer the dot read (no asynchronous copies).
  bool throughRegisters = false;
  /// Warpgroup MMAs left in flight across the iteration's end.
  llvm::SmallPtrSet<Operation *, 2> inFlightDots;
  /// The refill goes after the MMA's wait (the buffer it takes is the one
  /// the previous MMA read): in flight without the extra buffer.
  bool lateRefill = false;
  /// The copies and commits buildCopies made last (indexes included).
  SmallVector<Operation *> issued;
  /// Warpgroup MMAs whose A is loop-invariant and unstaged: written to
  /// shared memory once before the loop (Triton's choice for attention's
  /// Q), which frees its registers and the per-iteration conversion to the
  /// MMA's register fragment.
  llvm::SmallPtrSet<Operation *, 2> residentA;
  /// Room kept for a layout conversion's scratch: the largest tile's bytes.
  int64_t conversionBytes = 0;
  int64_t residentBytes = 0;
};

std::string SharedPipeliner::refusal(LoadOp load, LoopSlice &own,
                                     unsigned &fast) {
  auto type = cast<RankedTensorType>(load.getType());
  if (type.getRank() != 2)
    return "it is not a 2-D tile";
  for (Value v : load->getOperands())
    if (!collectSlice(v, loop, own))
      return "its address, mask or other depends on a loop-carried value "
             "that does not step by a loop-invariant amount, or on an op "
             "with side effects";
  AxisInfoAnalysis axis;
  const AxisInfo &info = axis.get(load.getPtr());
  fast = info.contiguity[0] > info.contiguity[1] ? 0 : 1;
  if (throughRegisters)
    return "";
  SmallVector<Value> parts;
  if (!splitPointerTensorParts(load.getPtr(), parts))
    return "its pointers are not one scalar base plus i32 offsets";
  if (arch.isAMD())
    for (Value part : parts)
      if (!isProvablyNonNegative(part))
        return "its offsets are not proven non-negative (a buffer copy's "
               "offsets are unsigned)";
  unsigned bytes = std::max(1u, type.getElementTypeBitWidth() / 8);
  int64_t vec =
      std::min<int64_t>({info.contiguity[fast], info.divisibility[fast],
                         kMaxSharedVectorBytes / bytes});
  if (load.getMask())
    vec = std::min<int64_t>(vec, axis.get(load.getMask()).constancy[fast]);
  // Every lane copies whole vectors: a tile too small for that is not
  // staged.
  int64_t lanes = numWarps * arch.warpSize;
  vec = std::min<int64_t>(vec,
                          std::max<int64_t>(1, type.getNumElements() / lanes));
  SmallVector<unsigned> widths = getDirectCopyBytes(arch);
  // CDNA copies 16 bytes a lane or the copies cost more than they save.
  bool ok = arch.isAMD() ? vec * bytes == 16
                         : llvm::is_contained(widths, vec * bytes);
  if (!ok)
    return (Twine("each lane would copy ") + Twine(vec * bytes) +
            " bytes (consecutive, aligned and under one mask value as far as "
            "proven, of the tile's share per lane); " +
            arch.name + " copies " + (arch.isAMD() ? "16" : "4, 8 or 16") +
            " bytes a lane")
        .str();
  return "";
}

bool SharedPipeliner::useWarpgroupMma(DotOp dot) const {
  if (!llvm::any_of(arch.matrixInstrs, [](const MatrixInstr &i) {
        return i.engine == MatrixEngine::WGMMA;
      }))
    return false;
  const Operand *a = nullptr, *b = nullptr;
  for (const Operand &o : operands)
    if (o.dot == dot)
      (o.index == 0 ? a : b) = &o;
  auto acc = cast<RankedTensorType>(dot.getC().getType());
  auto at = cast<RankedTensorType>(dot.getA().getType());
  Type elem = at.getElementType();
  // B staged: either way for 16-bit operands, K-major for fp8 (wgmma
  // transposes only 16-bit tiles); A staged K-major, or (16-bit) a tensor
  // in registers (attention's P, a loop-invariant Q).
  bool sixteen = elem.isF16() || elem.isBF16();
  bool fp8 = isa<Float8E4M3FNType, Float8E5M2Type>(elem);
  return b && (a ? a->fast == 1 : sixteen) &&
         (sixteen || (fp8 && b->fast == 0)) && acc.getElementType().isF32() &&
         numWarps % 4 == 0 && acc.getShape()[0] % 64 == 0 &&
         acc.getShape()[1] % 8 == 0 && acc.getShape()[1] <= 256 &&
         at.getShape()[1] % (fp8 ? 32 : 16) == 0;
}

LogicalResult SharedPipeliner::analyze() {
  // CDNA without 16-byte direct-to-LDS copies (CDNA3) stages through
  // registers, as Triton's AMD stream pipeliner does.
  throughRegisters =
      arch.isAMD() && !llvm::is_contained(getDirectCopyBytes(arch), 16u);
  if ((!arch.isAMD() && getDirectCopyBytes(arch).empty()) ||
      (throughRegisters && stages < 2)) {
    remark(loop, Twine("not pipelined through shared memory: ") + arch.name +
                     " has no 16-byte global-to-shared copies" +
                     (throughRegisters ? " (with num_stages >= 2 the tiles "
                                         "are staged through registers)"
                                       : ""));
    return failure();
  }
  bool afterWrite = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    auto load = dyn_cast<LoadOp>(&op);
    if (!load) {
      afterWrite |= isWriteOp(&op);
      continue;
    }
    if (!load->hasOneUse())
      continue;
    auto dot = dyn_cast<DotOp>(*load->getUsers().begin());
    if (!dot || dot->getBlock() != loop.getBody() ||
        (dot.getA() != load && dot.getB() != load))
      continue;
    if (getDistributedLayout(load.getType())) {
      remark(load, "not pipelined through shared memory: layouts are "
                   "assigned already (the pass runs before layout "
                   "assignment)");
      continue;
    }
    if (afterWrite) {
      remark(load, "not pipelined: it follows a write to memory in the loop "
                   "body");
      continue;
    }
    LoopSlice own;
    unsigned fast = 1;
    std::string why = refusal(load, own, fast);
    if (!why.empty()) {
      remark(load, "not pipelined through shared memory: " + why);
      continue;
    }
    slice.ops.insert(own.ops.begin(), own.ops.end());
    slice.carried.insert(own.carried.begin(), own.carried.end());
    operands.push_back({load, dot, dot.getA() == load ? 0u : 1u, fast, {}});
  }
  if (operands.empty())
    return failure();
  // Body order (the union of the slices).
  SmallVector<Operation *> ordered(slice.ops.begin(), slice.ops.end());
  llvm::sort(ordered,
             [](Operation *x, Operation *y) { return x->isBeforeInBlock(y); });
  slice.ops = llvm::SetVector<Operation *>(ordered.begin(), ordered.end());
  for (const Operand &o : operands)
    if (useWarpgroupMma(o.dot))
      wgmmaDots.insert(o.dot);
  chooseBuffers();
  // A row-major B staged through registers is stored K-contiguous where
  // each thread can hold two or more of its rows (Triton's transposing
  // stores), so that the MFMA reads it 8 bytes a lane (not where the target
  // reads it transposed).
  for (Operand &o : operands)
    if (throughRegisters && o.index == 1 && o.fast == 1) {
      auto type = cast<RankedTensorType>(LoadOp(o.load).getType());
      if ((o.registers = getStagedRegisterLayout(
               type.getContext(), type.getShape(),
               type.getElementTypeBitWidth(), numWarps, arch)))
        o.fast = 0;
    }
  if (buffers < 1) {
    remark(loop, "not pipelined through shared memory: one buffer of the "
                 "tiles and their layout conversions exceed " +
                     arch.name + "'s shared memory");
    return failure();
  }
  return success();
}

/// Buffers per operand and where the MMA's wait goes.
void SharedPipeliner::chooseBuffers() {
  int64_t tileBytes = 0;
  for (const Operand &o : operands) {
    auto type = cast<RankedTensorType>(LoadOp(o.load).getType());
    int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
    tileBytes += bytes;
    conversionBytes = std::max(conversionBytes, bytes);
  }
  // Through registers: S - 1 buffers, fewer where they would leave no
  // room for a tile's worth of layout conversions beside them.
  if (throughRegisters) {
    buffers =
        std::min<int64_t>(stages - 1, arch.sharedMemoryBytes / tileBytes - 1);
    stages = buffers + 1; // (the loads run as many iterations ahead)
    return;
  }
  // A warpgroup MMA whose result only goes round the loop can stay in
  // flight while the next tile is waited for: the buffer a copy refills is
  // then the one read two iterations before (one more buffer), retired by
  // the previous iteration's waits and the barrier of this iteration's
  // copy wait. Where the accumulator comes back into this MMA alone
  // (a GEMM), the next MMA's wait retires it; else (attention's rescaled
  // P V product) a wait before the carried value's first use does.
  auto carried = [&](Operation *dot) -> Value {
    if (!dot->hasOneUse() || !isa<scf::YieldOp>(*dot->getUsers().begin()))
      return Value();
    return loop.getRegionIterArgs()[dot->getUses().begin()->getOperandNumber()];
  };
  bool allStagedForMma = llvm::all_of(
      operands, [&](const Operand &o) { return wgmmaDots.contains(o.dot); });
  bool accumulateOnly = true;
  for (Operation *dot : wgmmaDots) {
    Value c = carried(dot);
    if (!c)
      continue;
    inFlightDots.insert(dot);
    accumulateOnly &= c.hasOneUse() && c.getUses().begin()->getOwner() == dot &&
                      cast<DotOp>(dot).getC() == c;
  }
  accumulateOnly &= inFlightDots.size() == wgmmaDots.size();
  if (stages < 2 || !allStagedForMma)
    inFlightDots.clear();
  // The staged buffers leave room for one tile's layout conversion (its
  // scratch lives beside them): fewer stages (not under 2) where they
  // would not.
  while (stages > 2 &&
         stages * tileBytes + conversionBytes > arch.sharedMemoryBytes)
    --stages;
  chooseResidentOperands(tileBytes);
  // The extra buffer where it costs no program on the multiprocessor;
  // else (accumulating MMAs) the refill waits for the MMA that read its
  // buffer (one more barrier per iteration), or the MMAs are waited for
  // at once.
  int64_t capacity = arch.sharedMemoryBytes - residentBytes - conversionBytes;
  bool extra = !inFlightDots.empty() && (stages + 1) * tileBytes <= capacity &&
               programsPerUnit(stages + 1, tileBytes) ==
                   programsPerUnit(stages, tileBytes);
  if (!extra && !accumulateOnly)
    inFlightDots.clear();
  lateRefill = !inFlightDots.empty() && !extra;
  buffers = stages + (extra ? 1 : 0);
}

/// The warpgroup MMAs' loop-invariant A operands held in shared memory,
/// where they fit beside the staged buffers.
void SharedPipeliner::chooseResidentOperands(int64_t tileBytes) {
  for (Operation *op : wgmmaDots) {
    auto dot = cast<DotOp>(op);
    if (llvm::any_of(
            operands,
            [&](const Operand &o) { return o.dot == dot && o.index == 0; }) ||
        !loop.isDefinedOutsideOfLoop(dot.getA()))
      continue;
    auto type = cast<RankedTensorType>(dot.getA().getType());
    int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
    if (stages * tileBytes + residentBytes + bytes + conversionBytes >
        arch.sharedMemoryBytes)
      continue;
    residentA.insert(dot);
    residentBytes += bytes;
  }
}

/// How many programs of the kernel a multiprocessor holds at once with
/// `buffers` stages of `tileBytes`: bounded by shared memory, threads and
/// registers (estimated: the accumulators' f32 registers per thread and 48
/// for the rest, the MMA loop's usual share).
int64_t SharedPipeliner::programsPerUnit(int64_t buffers,
                                         int64_t tileBytes) const {
  int64_t threads = numWarps * arch.warpSize;
  int64_t accumulators = 0;
  for (Operation *dot : wgmmaDots)
    accumulators +=
        cast<RankedTensorType>(dot->getResult(0).getType()).getNumElements();
  int64_t registers = accumulators / threads + 48;
  int64_t n = arch.sharedMemoryBytes / (buffers * tileBytes + residentBytes);
  if (arch.maxThreadsPerUnit)
    n = std::min(n, int64_t(arch.maxThreadsPerUnit) / threads);
  if (arch.registersPerBlock)
    n = std::min(n, int64_t(arch.registersPerBlock) / (threads * registers));
  return n;
}

Attribute SharedPipeliner::sharedLayout(const Operand &operand) const {
  auto type = cast<RankedTensorType>(LoadOp(operand.load).getType());
  return getStagedOperandLayout(type.getContext(), type.getShape(),
                                type.getElementTypeBitWidth(), operand.fast,
                                wgmmaDots.contains(operand.dot));
}

/// `v` as i32 (the counter may be i64 or index).
static Value toI32(OpBuilder &b, Location loc, Value v) {
  Type i32 = b.getI32Type();
  if (v.getType() == i32)
    return v;
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, i32, v);
  return arith::TruncIOp::create(b, loc, i32, v);
}

static Value constantLike(OpBuilder &b, Location loc, Value like, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(like.getType(), v));
}

/// Buffer `index` of operand `o`'s buffers.
Value SharedPipeliner::tileView(OpBuilder &b, const Operand &o, Value index) {
  auto bufType = cast<MemDescType>(o.buffers.getType());
  auto tileType =
      MemDescType::get(b.getContext(), bufType.getTileShape(),
                       bufType.getElementType(), bufType.getEncoding(), true);
  return MemDescIndexOp::create(b, loop.getLoc(), tileType, o.buffers, index);
}

/// The counter `ahead` iterations after the current one (in the body).
Value SharedPipeliner::iterationCounter(OpBuilder &b, int64_t ahead) {
  Location loc = loop.getLoc();
  Value step = loop.getStep();
  if (ahead != 1)
    step =
        arith::MulIOp::create(b, loc, step, constantLike(b, loc, step, ahead));
  return arith::AddIOp::create(b, loc, loop.getInductionVar(), step);
}

/// The copies of iteration `ahead` (before the loop) or of `ahead`
/// iterations after the current one (`inLoop`) into buffer `stage`, one
/// commit group.
Value SharedPipeliner::iterationSlice(OpBuilder &b, int64_t ahead, bool inLoop,
                                      Value &inRange, IRMapping &map) {
  Location loc = loop.getLoc();
  Value iv;
  if (inLoop) {
    iv = iterationCounter(b, ahead);
  } else {
    Value lb = loop.getLowerBound();
    iv = ahead == 0
             ? lb
             : arith::AddIOp::create(
                   b, loc, lb,
                   arith::MulIOp::create(b, loc, loop.getStep(),
                                         constantLike(b, loc, lb, ahead)));
  }
  auto pred = loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                    : arith::CmpIPredicate::slt;
  inRange = arith::CmpIOp::create(b, loc, pred, iv, loop.getUpperBound());
  SmallVector<Value> carried = advanceCarried(b, loop, slice, ahead, inLoop);
  map = cloneSlice(b, loop, slice, iv, carried);
  return iv;
}

/// Each staged load of the iteration `ahead` (as buildCopies), into
/// registers.
SmallVector<Value> SharedPipeliner::buildLoads(OpBuilder &b, int64_t ahead,
                                               bool inLoop) {
  Value inRange;
  IRMapping map;
  iterationSlice(b, ahead, inLoop, inRange, map);
  SmallVector<Value> tiles;
  for (Operand &o : operands) {
    LoadOp load = o.load;
    Location loc = load.getLoc();
    Value in =
        SplatOp::create(b, loc, getI1Like(load.getPtr().getType()), inRange);
    Value mask = load.getMask()
                     ? Value(arith::AndIOp::create(
                           b, loc, map.lookupOrDefault(load.getMask()), in))
                     : in;
    SmallVector<Value, 3> members = {
        map.lookupOrDefault(load.getPtr()), mask,
        load.getOther() ? map.lookupOrDefault(load.getOther()) : Value()};
    for (Value &v : members)
      if (v && o.registers)
        v = RequireLayoutOp::create(b, loc,
                                    withLayout(v.getType(), o.registers), v);
    tiles.push_back(LoadOp::create(b, loc, members[0], members[1], members[2],
                                   load.getCacheAttr()));
  }
  return tiles;
}

/// The copies of iteration `ahead` (before the loop) or of `ahead`
/// iterations after the current one (`inLoop`) into buffer `stage`, one
/// commit group.
Value SharedPipeliner::buildCopies(OpBuilder &b, int64_t ahead, bool inLoop,
                                   Value stage) {
  Location loc = loop.getLoc();
  Value inRange;
  IRMapping map;
  Value iv = iterationSlice(b, ahead, inLoop, inRange, map);
  for (Operand &o : operands) {
    LoadOp load = o.load; // (a handle)
    auto [base, offsets] =
        *splitPointerTensor(b, map.lookupOrDefault(load.getPtr()));
    auto ptrType = cast<RankedTensorType>(load.getPtr().getType());
    if (!offsets)
      offsets = arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(
              RankedTensorType::get(ptrType.getShape(), b.getI32Type()),
              b.getI32IntegerAttr(0)));
    Value in = SplatOp::create(b, loc, getI1Like(ptrType), inRange);
    Value mask = load.getMask()
                     ? Value(arith::AndIOp::create(
                           b, loc, map.lookupOrDefault(load.getMask()), in))
                     : in;
    Value other =
        load.getOther() ? map.lookupOrDefault(load.getOther()) : Value();
    Value dest = tileView(b, o, stage);
    issued.push_back(dest.getDefiningOp());
    issued.push_back(BufferLoadToSharedOp::create(
        b, loc, dest, base, offsets, mask, other, load.getCacheAttr()));
  }
  issued.push_back(AsyncCommitGroupOp::create(b, loc));
  return iv;
}

/// The MMA group that produced the carried `value` (left in flight by the
/// previous iteration) retired before the value's first use other than as
/// `mma`'s accumulator (which chains on the pending registers).
void SharedPipeliner::waitBeforeFirstUse(Value value, Operation *mma) {
  Operation *first = nullptr;
  for (Operation *user : value.getUsers()) {
    if (user == mma)
      continue;
    Operation *at = loop.getBody()->findAncestorOpInBlock(*user);
    if (at && (!first || at->isBeforeInBlock(first)))
      first = at;
  }
  if (!first)
    return;
  OpBuilder b(first);
  auto wait = WarpgroupDotWaitOp::create(b, first->getLoc(), value.getType(),
                                         value, b.getI32IntegerAttr(0));
  value.replaceUsesWithIf(wait, [&](OpOperand &use) {
    return use.getOwner() != wait && use.getOwner() != mma;
  });
}

/// After the loop: the last MMA group of each accumulator retired before
/// it is read.
void SharedPipeliner::retireMmaGroups(OpBuilder &b) {
  for (OpOperand &use : loop.getBody()->getTerminator()->getOpOperands()) {
    auto wait = use.get().getDefiningOp<WarpgroupDotWaitOp>();
    if (!wait || wait.getPendings() != 1)
      continue;
    Value result = loop.getResult(use.getOperandNumber());
    auto done = WarpgroupDotWaitOp::create(b, loop.getLoc(), result.getType(),
                                           result, b.getI32IntegerAttr(0));
    result.replaceAllUsesExcept(done, done);
  }
}

/// Where the loads were: reads of this iteration's buffers (`read`), or
/// the warpgroup MMA straight from them.
void SharedPipeliner::replaceLoads(OpBuilder &b, Value read) {
  Location loc = loop.getLoc();
  auto view = [&](OpBuilder &at, const Operand &o) {
    return tileView(at, o, read);
  };
  for (Operand &o : operands) {
    if (wgmmaDots.contains(o.dot))
      continue;
    b.setInsertionPoint(o.load);
    Value tile =
        LocalLoadOp::create(b, o.load.getLoc(), o.load.getType(), view(b, o));
    o.load.getResult().replaceAllUsesWith(tile);
    o.load.erase();
  }
  for (Operation *op : wgmmaDots) {
    auto dot = cast<DotOp>(op);
    b.setInsertionPoint(dot);
    Value a = dot.getA(), bt; // (A in registers unless staged)
    if (residentA.contains(dot)) {
      OpBuilder before(loop);
      auto type = cast<RankedTensorType>(a.getType());
      auto memType = MemDescType::get(
          b.getContext(), type.getShape(), type.getElementType(),
          getStagedOperandLayout(b.getContext(), type.getShape(),
                                 type.getElementTypeBitWidth(), 1, true),
          false);
      a = LocalAllocOp::create(before, loc, memType, a);
    }
    for (Operand &o : operands)
      if (o.dot == dot)
        (o.index == 0 ? a : bt) = view(b, o);
    // (a zero accumulator is not read: the first MMA step ignores it)
    Value c = dot.getC();
    if (isZeroTensor(c))
      c = Value();
    auto mma = WarpgroupDotOp::create(b, dot.getLoc(), dot.getType(), a, bt, c);
    bool inFlight = inFlightDots.contains(op);
    Value done = WarpgroupDotWaitOp::create(b, dot.getLoc(), mma.getType(), mma,
                                            b.getI32IntegerAttr(inFlight));
    Value carried = inFlight ? loop.getRegionIterArgs()
                                   [dot->getUses().begin()->getOperandNumber()]
                             : Value();
    dot.getResult().replaceAllUsesWith(done);
    dot.erase();
    if (carried)
      waitBeforeFirstUse(carried, mma);
  }
  for (Operand &o : operands)
    if (wgmmaDots.contains(o.dot))
      o.load.erase();
}

void SharedPipeliner::rewrite() {
  Location loc = loop.getLoc();
  int64_t ahead = stages - 1;
  // The buffers this iteration reads and refills, carried round the ring.
  SmallVector<Value> ring;
  {
    OpBuilder before(loop);
    auto start = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(before, loc, before.getI32Type(), v);
    };
    SmallVector<WrappingCounter> counters{{start(0), 1 % buffers, buffers}};
    if (!throughRegisters)
      counters.push_back({start(ahead % buffers), 1 % buffers, buffers});
    SmallVector<unsigned> carried; // (the old body's arguments go)
    for (BlockArgument arg : slice.carried)
      carried.push_back(arg.getArgNumber());
    loop = addWrappingCounters(loop, counters, ring);
    assert(loop && "an scf.for grows carried values");
    slice.carried.clear();
    for (unsigned n : carried)
      slice.carried.insert(loop.getBody()->getArgument(n));
  }
  OpBuilder b(loop);
  for (Operand &o : operands) {
    auto type = cast<RankedTensorType>(o.load.getType());
    SmallVector<int64_t> shape{buffers};
    shape.append(type.getShape().begin(), type.getShape().end());
    auto bufType = MemDescType::get(
        b.getContext(), shape, type.getElementType(), sharedLayout(o), true);
    o.buffers = LocalAllocOp::create(b, loc, bufType, Value());
  }
  for (int64_t s = 0; s < ahead; ++s) {
    Value stage = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(s));
    if (!throughRegisters) {
      buildCopies(b, s, /*inLoop=*/false, stage);
      continue;
    }
    for (auto [o, tile] : llvm::zip(operands, buildLoads(b, s, false)))
      LocalStoreOp::create(b, loc, tile, tileView(b, o, stage));
  }
  // The body: wait for this iteration's tile, refill the buffer the
  // previous iteration read.
  b.setInsertionPointToStart(loop.getBody());
  if (ahead > 0 && !throughRegisters)
    AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(ahead - 1));
  Value read = ring[0];
  if (throughRegisters)
    return rewriteThroughRegisters(b, read);
  issued.clear();
  buildCopies(b, ahead, /*inLoop=*/true, ring[1]);
  // One stage: this iteration's own tile, waited for at once (staged all
  // the same: no registers, the reads the dot wants).
  if (ahead == 0)
    AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(0));
  replaceLoads(b, read);
  b.setInsertionPointAfter(loop);
  AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(0));
  if (!inFlightDots.empty())
    retireMmaGroups(b);
  if (lateRefill) // after the MMAs' waits; the copy's barrier retires them
    for (Operation *op : issued)
      op->moveBefore(loop.getBody()->getTerminator());
  loop->setAttr(kPipelinedAttr, b.getUnitAttr());
  remark(loop, describeStagedLoop(loop));
}

/// Through registers: the tiles `stages - 1` iterations ahead loaded
/// first, the dot reading this iteration's buffer, the tiles stored into
/// it after the dot (the stores synchronize with its reads).
void SharedPipeliner::rewriteThroughRegisters(OpBuilder &b, Value read) {
  SmallVector<Value> tiles = buildLoads(b, stages - 1, /*inLoop=*/true);
  replaceLoads(b, read);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  for (auto [o, tile] : llvm::zip(operands, tiles))
    LocalStoreOp::create(b, loop.getLoc(), tile, tileView(b, o, read));
  loop->setAttr(kPipelinedAttr, b.getUnitAttr());
  remark(loop, describeStagedLoop(loop));
}

} // namespace

bool mlir::tlxamd::pipelineThroughSharedMemory(scf::ForOp loop, int64_t stages,
                                               const ArchInfo &arch,
                                               int64_t numWarps,
                                               const PipelineRemark &remark) {
  SharedPipeliner pipeliner(loop, stages, arch, numWarps, remark);
  if (failed(pipeliner.analyze()))
    return false;
  pipeliner.rewrite();
  return true;
}
