//===- AssignLayouts.cpp - tlxamd-assign-layouts -------------------------===//
//
// Gives every tensor written without a layout one, as TritonGPU does:
//   1. memory ops choose first (in program order): the layout of a member
//      that already has one (an explicit layout, `require_layout`; for a
//      cheap access, one chosen before), or a coalesced blocked layout whose
//      threads own the widest run the axis analysis proves contiguous and
//      aligned (at most 128 bits; a buffer op's `contiguity` exactly), lanes
//      then warps along that dimension;
//   2. explicit layouts and those choices flow to the layout-free values
//      they reach through elementwise ops, splats, broadcasts, expand_dims
//      and reductions (as slices), shape ops (trans, reshape, cat, join,
//      split: the layouts that keep elements in place), pointer arithmetic
//      and loop-carried values;
//   3. what remains gets the default blocked layout for `num_warps` and the
//      warp size (the lanes of the kernel's explicit layouts if it has any,
//      else the target's), assigned from the last use backwards.
// Where two choices meet, a `convert_layout` joins them;
// tlxamd-remove-layout-conversions then recomputes cheap producers instead.
//
//===----------------------------------------------------------------------===//
#include "LayoutPropagation.h"

#include "tlxamd/Analysis/AxisInfo.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Layout/Preshuffle.h"
#include "tlxamd/Layout/TensorMemory.h"
#include "tlxamd/Target/TargetLegality.h"
#include "tlxamd/Target/TargetOption.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#include <deque>

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDASSIGNLAYOUTS
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

class LayoutAssignment {
public:
  /// Lays out the tensors of `root` (a kernel's body, or a task's region
  /// with the task's warps).
  LayoutAssignment(Region *root, unsigned numWarps, unsigned warpSize,
                   const ArchInfo &arch)
      : kernel(root), arch(arch), numWarps(numWarps), warpSize(warpSize),
        rowReduced(arch.isAMD() ? getRowReducedDotRows(root)
                                : llvm::DenseSet<int64_t>()) {}

  /// Lay out the kernel; false when every tensor had a layout.
  bool run() {
    bool any = false;
    kernel->walk([&](Operation *op) {
      for (Value v : op->getResults())
        any |= isFree(v);
    });
    if (!any)
      return false;
    // Layouts tile power-of-two shapes (Triton's rule for tensors).
    kernel->walk([&](Operation *op) {
      for (Value v : op->getResults()) {
        auto t = dyn_cast<RankedTensorType>(v.getType());
        if (failed || !isFree(v) || llvm::all_of(t.getShape(), [](int64_t d) {
              return d > 0 && llvm::isPowerOf2_64(d);
            }))
          continue;
        op->emitOpError("result ")
            << t << " has a dimension that is not a power of two: tensors "
            << "are laid out in power-of-two tiles";
        failed = true;
      }
    });
    if (failed)
      return false;
    // 1. Memory ops and dots, in program order; loads of a dot_scaled's
    // scales once the instruction has chosen their layout.
    SmallVector<Operation *> scaleLoads;
    kernel->walk([&](Operation *op) {
      if (feedsScaleOperand(op))
        scaleLoads.push_back(op);
      else if (isMemoryOp(op))
        assignMemoryOp(op);
      else if (auto dot = dyn_cast<DotOp>(op))
        assignDot(dot);
      else if (auto dot = dyn_cast<DotScaledOp>(op))
        assignScaledDot(dot);
      else if (isa<TmemLoadOp, TmemStoreOp>(op))
        assignTensorMemoryAccess(op);
      else if (isa<WarpgroupDotOp, WarpgroupDotWaitOp>(op))
        assignWarpgroupDot(op);
    });
    for (Operation *op : scaleLoads)
      assignMemoryOp(op);
    // A preshuffled block no matrix instruction consumes: whole fragments
    // per thread, K bytes fastest (P4).
    kernel->walk([&](PreshuffledBLoadTileOp op) {
      if (isFree(op.getResult()))
        propagate(op.getResult(), fragmentLayout(op));
    });
    // 2. Explicit layouts flow to the values they reach.
    kernel->walk([&](Operation *op) {
      for (Value v : op->getResults())
        if (Attribute l = getLayout(v))
          propagate(v, l, /*force=*/true);
    });
    // 3. Defaults, from the last op backwards.
    SmallVector<Operation *> ops;
    kernel->walk([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : llvm::reverse(ops))
      for (Value v : op->getResults())
        if (isFree(v))
          propagate(v, defaultLayout(cast<RankedTensorType>(v.getType())));
    kernel->walk([&](Block *block) {
      for (BlockArgument arg : block->getArguments())
        if (isFree(arg))
          propagate(arg, defaultLayout(cast<RankedTensorType>(arg.getType())));
    });
    // A wait passes its operand's layout through (its users convert).
    for (Operation *wait : laterWaits)
      memoryLayouts[wait] = layoutOf(wait->getOperand(0));
    materialize();
    return true;
  }

private:
  bool isFree(Value v) const {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    return t && !t.getEncoding() && !chosen.count(v);
  }

  Attribute layoutOf(Value v) const {
    if (Attribute l = getLayout(v))
      return l;
    return chosen.lookup(v);
  }

  /// Give `v` (if free; `force` for a value that has its layout) `layout`
  /// and spread it to the free values that must share it.
  void propagate(Value v, Attribute layout, bool force = false) {
    std::deque<std::pair<Value, Attribute>> work{{v, layout}};
    bool first = force;
    while (!work.empty()) {
      auto [value, l] = work.front();
      work.pop_front();
      if (!first) {
        if (!isFree(value) || !describes(l, value.getType()))
          continue;
        chosen[value] = l;
      }
      first = false;
      SmallVector<Value> same;
      collectTiedValues(value, same);
      for (Value t : same)
        work.push_back({t, l});
      if (Operation *def = value.getDefiningOp();
          def && !isMemoryOp(def) && isLayoutLinkedOp(def)) {
        for (auto [i, operand] : llvm::enumerate(def->getOperands()))
          if (Attribute want = getOperandLayoutFor(def, i, l))
            work.push_back({operand, want});
        for (Value result : def->getResults())
          work.push_back({result, l});
      }
      for (Operation *user : value.getUsers()) {
        if (isMemoryOp(user) || !isLayoutLinkedOp(user))
          continue;
        for (Value operand : user->getOperands())
          work.push_back({operand, l});
        if (Attribute result = getResultLayoutFor(user, l))
          for (Value r : user->getResults())
            work.push_back({r, result});
      }
    }
  }

  void assignMemoryOp(Operation *op) {
    SmallVector<Value> members = getMemoryOpMembers(op);
    if (members.empty())
      return; // a scalar access
    // An explicit layout wins. A layout chosen for a member elsewhere is
    // taken only by a cheap access (fewer elements than threads, as
    // Triton's isExpensiveLoadOrStore): a large one coalesces on its own
    // and its operands are converted (a transposed store goes through
    // shared memory rather than scattering).
    auto type = cast<RankedTensorType>(members.front().getType());
    bool cheap = type.getNumElements() < int64_t(numWarps) * warpSize;
    Attribute layout;
    for (Value m : members)
      if ((layout = cheap ? layoutOf(m) : getLayout(m)))
        break;
    if (!layout) {
      layout = coalescedLayout(op);
      if (Attribute stored = getStoreLayoutFromValue(
              op, chosen.lookup(members.front()), members.front(), layout))
        layout = stored;
      else if (Attribute loaded = getLoadLayoutFromUse(
                   op, chosen.lookup(members.back()), layout,
                   [&](unsigned d) { return provenRun(op, d); }))
        layout = loaded;
    }
    for (Value m : members) {
      if (isFree(m))
        propagate(m, layout);
    }
    memoryLayouts[op] = layout;
  }

  /// A layout-free tl.dot: the target's matrix-instruction layout for the
  /// result and the accumulator, its dot-operand layouts for the operands
  /// (operands laid out already are converted to them).
  void assignDot(DotOp dot) {
    if (getLayout(dot.getD()))
      return;
    auto a = cast<RankedTensorType>(dot.getA().getType());
    auto d = cast<RankedTensorType>(dot.getD().getType());
    int64_t m = d.getDimSize(0), n = d.getDimSize(1), k = a.getDimSize(1);
    DotLayoutChoice choice = chooseDotLayout(
        dot.getContext(), arch, m, n, k, a.getElementType(), numWarps,
        rowReduced.contains(m), getMatrixInstrNonKDim(dot));
    // A result tied to an earlier dot's (one accumulator through several
    // loops) has that dot's layout already: the same choice. A layout that
    // reached the result from a neighbour (a mask built from the loads'
    // indices, `where(offs_m >= offs_n, dot(...), 0)`) is not the
    // instruction's: the dot keeps its own and its users convert.
    // An accumulator laid out by an earlier dot of the same instruction
    // (attention's `acc * alpha[:, None]`, alpha from the first dot's rows)
    // keeps its placement of warps: the dot adopts it rather than convert
    // the accumulator every iteration; one of another instruction (a dot of
    // another N, attention's P V at head dimension 16) is converted.
    if (!isFree(dot.getD()) &&
        isa<AmdMfmaLayoutAttr, AmdWmmaLayoutAttr, NvidiaMmaLayoutAttr>(
            layoutOf(dot.getD())) &&
        haveSameMatrixInstruction(layoutOf(dot.getD()), choice.layout))
      choice.layout = layoutOf(dot.getD());
    if (!choice.layout) {
      dot.emitOpError("has no matrix instruction on ")
          << arch.name << " (" << arch.family << ") for a " << m << "x" << n
          << "x" << k << " product of " << a.getElementType() << " operands"
          << getNonKDimNote(dot);
      failed = true;
      return;
    }
    MLIRContext *ctx = dot.getContext();
    SmallVector<Attribute, 3> layouts = {
        DotOperandLayoutAttr::get(ctx, 0, choice.layout, choice.kWidth),
        DotOperandLayoutAttr::get(ctx, 1, choice.layout, choice.kWidth),
        choice.layout};
    for (auto [operand, layout] : llvm::zip(dot->getOperands(), layouts))
      if (isFree(operand))
        propagate(operand, layout);
    propagate(dot.getD(), choice.layout);
    dotLayouts[dot] = layouts;
  }

  /// A layout-free dot_scaled: the scaled instruction's layout for the
  /// result, its dot-operand layouts for the operands and, for each scale,
  /// the layout of its operand's K blocks (DotScaledOp::getScaleLayout).
  void assignScaledDot(DotScaledOp dot) {
    if (getLayout(dot.getD()))
      return;
    SmallVector<int64_t, 3> mnk = dot.getLogicalShape();
    const ScaledFormat *lhs = getScaledFormat(dot.getLhsFormat());
    const ScaledFormat *rhs = getScaledFormat(dot.getRhsFormat());
    int64_t instrM = getScaledDotInstrM(dot, arch);
    auto choose = [&](ArrayRef<int32_t> tiles) {
      return chooseScaledDotLayout(dot.getContext(), arch, mnk[0], mnk[1],
                                   mnk[2], *lhs, *rhs, numWarps, instrM,
                                   dot.getLhsKPack(), dot.getRhsKPack(), tiles);
    };
    ScaledDotLayoutChoice choice =
        choose(dot.getTilesPerWarp().value_or(ArrayRef<int32_t>{}));
    // CDNA4 scales loaded in the instruction's layout: each warp a 2 x 2
    // block of instructions where that lets a thread load more of its
    // scales at once (Triton's preshuffled scales: 4 bytes, two K steps of
    // two tiles).
    if (choice.layout && arch.mfmaVersion && !dot.getTilesPerWarp()) {
      ScaledDotLayoutChoice tiled = choose({2, 2});
      if (tiled.layout && scaleRun(dot, tiled) > scaleRun(dot, choice))
        choice = tiled;
    }
    if (choice.layout && !isFree(dot.getD()) &&
        layoutOf(dot.getD()) != choice.layout)
      return;
    std::optional<ArrayRef<int32_t>> tpw = dot.getTilesPerWarp();
    if (!choice.layout && tpw && choose({}).layout) {
      dot.emitOpError("D3: with tiles_per_warp [")
          << (*tpw)[0] << ", " << (*tpw)[1] << "] no placement of the "
          << numWarps
          << " warps fits the layout period (instr_shape x warps_per_cta x "
             "tiles_per_warp) in the "
          << mnk[0] << "x" << mnk[1] << " result";
      failed = true;
      return;
    }
    if (!choice.layout) {
      dot.emitOpError("has no scaled matrix instruction on ")
          << arch.name << " (" << arch.family << ") for a " << mnk[0] << "x"
          << mnk[1] << "x" << mnk[2] << " product of " << lhs->name << " and "
          << rhs->name << " operands" << getNonKDimNote(dot);
      failed = true;
      return;
    }
    SmallVector<Attribute, 3> layouts = getScaledDotLayouts(dot, choice);
    for (auto [operand, layout] : llvm::zip(dot->getOperands(), layouts))
      if (isFree(operand))
        propagate(operand, layout);
    propagate(dot.getD(), choice.layout);
    dotLayouts[dot] = layouts;
  }

  /// The runs of the loads feeding `dot`'s scales under `choice`, summed.
  int64_t scaleRun(DotScaledOp dot, const ScaledDotLayoutChoice &choice) {
    SmallVector<Attribute, 3> layouts = getScaledDotLayouts(dot, choice);
    int64_t run = 0;
    for (auto [operand, layout] : llvm::zip(dot->getOperands(), layouts))
      if (operand == dot.getAScale() || operand == dot.getBScale())
        run += getScaleLoadRun(operand, layout, [&](Operation *op, unsigned d) {
          return provenRun(op, d);
        });
    return run;
  }

  /// tmem_load's result / tmem_store's value: the registers tcgen05.ld /
  /// .st (32x32b) move (TensorMemoryMap); other layouts are converted.
  void assignTensorMemoryAccess(Operation *op) {
    Value v = isa<TmemLoadOp>(op) ? op->getResult(0) : op->getOperand(0);
    auto type = cast<RankedTensorType>(v.getType());
    std::optional<LinearLayout> ll =
        TensorMemoryMap::getRegisterLayout(type.getDimSize(1), numWarps);
    if (!ll) {
      op->emitOpError("tcgen05.ld / .st (32x32b) run on 4 or 8 warps over a "
                      "power-of-two column count; the kernel has ")
          << numWarps << " warps and the tile " << type.getDimSize(1)
          << " columns";
      failed = true;
      return;
    }
    Attribute layout = getLinearLayoutAttr(op->getContext(), *ll);
    if (isFree(v))
      propagate(v, layout);
    memoryLayouts[op] = layout;
  }

  /// Lays a loop's accumulator cycle out in `layout`: the result (through
  /// waits) to the yield, the carried argument and result, the path back.
  bool relayAccumulator(WarpgroupDotOp dot, Attribute layout) {
    auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
    if (!loop || !dot.getC())
      return false;
    SmallVector<Value> cycle{dot.getD()};
    while (cycle.back().hasOneUse() &&
           isa<WarpgroupDotWaitOp>(*cycle.back().getUsers().begin()))
      cycle.push_back(cycle.back().getUsers().begin()->getResult(0));
    if (!cycle.back().hasOneUse() ||
        cycle.back().getUses().begin()->getOwner() !=
            loop.getBody()->getTerminator())
      return false;
    unsigned i = cycle.back().getUses().begin()->getOperandNumber();
    cycle.push_back(loop.getRegionIterArgs()[i]);
    cycle.push_back(loop.getResult(i));
    if (!pathBack(dot.getC(), loop.getRegionIterArgs()[i], cycle) ||
        llvm::any_of(cycle, [](Value v) { return bool(getLayout(v)); }))
      return false;
    for (Value v : cycle) {
      chosen[v] = layout;
      if (Operation *def = v.getDefiningOp(); def && memoryLayouts.count(def))
        memoryLayouts[def] = layout;
    }
    return true;
  }

  /// warpgroup_dot's accumulator and result: wgmma's registers (the
  /// accumulator's own nvidia_mma layout when it has one, Gluon's version 3,
  /// else warps [num_warps, 1]), a register A in its dot-operand layout;
  /// the wait passes its operand's layout through.
  void assignWarpgroupDot(Operation *op) {
    if (auto dot = dyn_cast<WarpgroupDotOp>(op)) {
      MLIRContext *ctx = op->getContext();
      Attribute given = dot.getC() ? layoutOf(dot.getC()) : Attribute();
      // A laid-out accumulator keeps its layout, unless that repeats the
      // tile over more warps and is a loop's own (attention's P V, laid
      // out by Q K^T's rows): the loop then carries the choice.
      Type aType = dot.getA().getType();
      Attribute layout = chooseWarpgroupDotLayout(
          dot.getD().getType(),
          isa<MemDescType>(aType) ? cast<MemDescType>(aType).getElementType()
                                  : getElementTypeOrSelf(aType),
          numWarps, feedsProductA(dot.getD()));
      if (isa_and_nonnull<NvidiaMmaLayoutAttr>(given) && given != layout &&
          !(repeatsMore(given, layout, dot.getD()) &&
            relayAccumulator(dot, layout)))
        layout = given;
      Attribute aLayout = DotOperandLayoutAttr::get(ctx, 0, layout, 2);
      if (isa<RankedTensorType>(dot.getA().getType()) && isFree(dot.getA()))
        propagate(dot.getA(), aLayout);
      if (isFree(dot.getD()))
        propagate(dot.getD(), layout);
      // A, B (shared), C; the result's layout last.
      dotLayouts[op] = {aLayout, Attribute(), layout, layout};
      return;
    }
    Attribute layout = layoutOf(op->getOperand(0));
    if (!layout) // (a carried value: its layout comes with the loop's)
      return laterWaits.push_back(op);
    if (isFree(op->getResult(0)))
      propagate(op->getResult(0), layout);
    memoryLayouts[op] = layout;
  }

  Attribute fragmentLayout(PreshuffledBLoadTileOp op) {
    auto type = cast<RankedTensorType>(op.getType());
    unsigned run = std::min<int64_t>(op.getLaneBytes(), type.getDimSize(0));
    return getBlockedLayoutFor(op.getContext(), type.getShape(), {run, 1},
                               {0, 1}, numWarps, warpSize);
  }

  /// The run along `d` an access's addresses are proven contiguous and
  /// aligned over (elements).
  /// (A buffer op's `contiguity` contract counts along its fastest
  /// dimension, B5.)
  int64_t provenRun(Operation *op, unsigned d) {
    const AxisInfo &info = axis.get(getAccessAddresses(op));
    int64_t run = std::min(info.contiguity[d], info.divisibility[d]);
    if (auto c = op->getAttrOfType<IntegerAttr>("contiguity");
        c && d == fastestDim(info))
      run = std::max(run, c.getInt());
    return std::max<int64_t>(1, run);
  }

  /// The dimension the addresses are most contiguous along (ties: the
  /// last).
  static unsigned fastestDim(const AxisInfo &info) {
    unsigned fast = info.getRank() - 1;
    for (unsigned d = info.getRank(); d-- > 0;)
      if (info.contiguity[d] > info.contiguity[fast])
        fast = d;
    return fast;
  }

  /// Triton's coalescing: the fastest dimension is the one the addresses
  /// are most contiguous along; each thread owns the widest aligned run (at
  /// most 128 bits and the tensor's share per thread).
  Attribute coalescedLayout(Operation *op) {
    Value addresses = getAccessAddresses(op);
    auto copy = dyn_cast<BufferLoadToSharedOp>(op);
    auto type = cast<RankedTensorType>(addresses.getType());
    unsigned rank = type.getRank();
    const AxisInfo info = axis.get(addresses);
    SmallVector<unsigned> order(rank);
    for (unsigned d = 0; d < rank; ++d)
      order[d] = rank - 1 - d;
    llvm::stable_sort(order, [&](unsigned a, unsigned b) {
      return info.contiguity[a] > info.contiguity[b];
    });
    unsigned fast = order[0];
    int64_t perThread;
    if (auto c = op->getAttrOfType<IntegerAttr>("contiguity")) {
      perThread = c.getInt(); // a buffer op's contract (B5; B14: 1 stays 1)
    } else {
      Type pointee = copy ? copy.getDest().getType().getElementType()
                          : getElementTypeOrSelf(getPointeeLike(type));
      int64_t bytes = std::max(1u, getElementBitWidth(pointee) / 8);
      int64_t run = std::min(info.contiguity[fast], info.divisibility[fast]);
      // A global-to-shared copy: the widest a lane copies on the target.
      int64_t widest = 16;
      if (copy && !getDirectCopyBytes(arch).empty())
        widest = getDirectCopyBytes(arch).back();
      perThread = std::max<int64_t>(1, std::min<int64_t>(run, widest / bytes));
      int64_t share = std::max<int64_t>(1, type.getNumElements() /
                                               int64_t(numWarps * warpSize));
      perThread = std::min(perThread, share);
    }
    perThread = std::min<int64_t>(perThread, type.getDimSize(fast));
    SmallVector<unsigned> spt(rank, 1);
    spt[fast] = perThread;
    return getBlockedLayoutFor(op->getContext(), type.getShape(), spt, order,
                               numWarps, warpSize);
  }

  Attribute defaultLayout(RankedTensorType type) {
    unsigned rank = type.getRank();
    SmallVector<unsigned> order(rank), spt(rank, 1);
    for (unsigned d = 0; d < rank; ++d)
      order[d] = rank - 1 - d;
    return getBlockedLayoutFor(kernel->getContext(), type.getShape(), spt,
                               order, numWarps, warpSize);
  }

  /// Write the chosen layouts into the types, then join disagreeing
  /// operands with conversions.
  void materialize() {
    for (auto [v, l] : chosen) {
      if (auto c = v.getDefiningOp<arith::ConstantOp>())
        retypeConstant(c, withLayout(v.getType(), l));
      else
        v.setType(withLayout(v.getType(), l));
    }
    kernel->walk([&](Operation *op) { joinOperands(op); });
  }

  void convertOperand(OpOperand &operand, Attribute layout) {
    Value v = operand.get();
    if (!layout || getLayout(v) == layout || !describes(layout, v.getType()))
      return;
    OpBuilder b(operand.getOwner());
    operand.set(ConvertLayoutOp::create(b, v.getLoc(),
                                        withLayout(v.getType(), layout), v));
  }

  void joinOperands(Operation *op) {
    if (auto it = dotLayouts.find(op); it != dotLayouts.end()) {
      for (auto [operand, layout] : llvm::zip(op->getOpOperands(), it->second))
        convertOperand(operand, layout);
      retypeResult(op, op->getResult(0), it->second.back());
      return;
    }
    if (auto it = memoryLayouts.find(op); it != memoryLayouts.end()) {
      for (OpOperand &operand : op->getOpOperands())
        if (isa<RankedTensorType>(operand.get().getType()))
          convertOperand(operand, it->second);
      // A result laid out before the op chose (a large access coalesces on
      // its own) is converted after it.
      for (Value result : op->getResults())
        if (isa<RankedTensorType>(result.getType()))
          retypeResult(op, result, it->second);
      return;
    }
    if (isa<ReduceOp>(op) || ShapeOpSpec::isShapeOp(op))
      return joinDerived(op);
    if (op->getNumResults() == 1 && getLayout(op->getResult(0)) &&
        (isSameLayoutOp(op) || isa<ExpandDimsOp>(op))) {
      for (OpOperand &operand : op->getOpOperands())
        convertOperand(operand,
                       getOperandLayoutFor(op, operand.getOperandNumber(),
                                           getLayout(op->getResult(0))));
      return;
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      for (auto [init, arg] :
           llvm::zip(loop.getInitArgsMutable(), loop.getRegionIterArgs()))
        if (isa<RankedTensorType>(arg.getType()))
          convertOperand(init, getLayout(arg));
      return;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      Operation *parent = op->getParentOp();
      if (!isa<scf::ForOp, scf::IfOp>(parent))
        return;
      for (OpOperand &operand : yield->getOpOperands())
        if (isa<RankedTensorType>(operand.get().getType()))
          convertOperand(operand, getLayout(parent->getResult(
                                      operand.getOperandNumber())));
    }
  }

  /// A reduction's or shape op's operands share the first one's layout and
  /// its results get the layout that implies (a slice; the shape op's
  /// inferred layout); a result given another layout (by a memory op that
  /// chose first) is converted after the op. A split whose pairs straddle
  /// threads converts its operand instead.
  void joinDerived(Operation *op) {
    Attribute layout = getLayout(op->getOperand(0));
    Attribute derived = getResultLayoutFor(op, layout);
    if (!derived && isa<SplitOp>(op)) {
      derived = getLayout(op->getResult(0));
      layout = getOperandLayoutFor(op, 0, derived);
    }
    for (OpOperand &operand : op->getOpOperands())
      convertOperand(operand, layout);
    for (Value result : op->getResults())
      if (derived)
        retypeResult(op, result, derived);
  }

  /// Give `result` of `op` the layout the op produces; its users keep the
  /// layout they were given, through a conversion after the op.
  void retypeResult(Operation *op, Value result, Attribute layout) {
    Attribute have = getLayout(result);
    if (!have || have == layout)
      return; // a scalar, or already so
    result.setType(withLayout(result.getType(), layout));
    if (result.use_empty())
      return;
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    auto convert = ConvertLayoutOp::create(
        b, op->getLoc(), withLayout(result.getType(), have), result);
    result.replaceAllUsesExcept(convert, convert);
  }

  Region *kernel;
  const ArchInfo &arch;
  unsigned numWarps, warpSize;
  /// CDNA: the M of dots whose rows stay in one warp (getRowReducedDotRows).
  llvm::DenseSet<int64_t> rowReduced;
  AxisInfoAnalysis axis;
  llvm::MapVector<Value, Attribute> chosen;
  llvm::DenseMap<Operation *, Attribute> memoryLayouts;
  /// Waits whose operand had no layout when they were visited.
  SmallVector<Operation *> laterWaits;
  llvm::DenseMap<Operation *, SmallVector<Attribute, 3>> dotLayouts;

public:
  /// A dot had no instruction (reported).
  bool failed = false;
};

struct TlxAmdAssignLayoutsPass
    : tlxamd::impl::TlxAmdAssignLayoutsBase<TlxAmdAssignLayoutsPass> {
  using TlxAmdAssignLayoutsBase::TlxAmdAssignLayoutsBase;

  LogicalResult initialize(MLIRContext *) override {
    resolved.resolve(target);
    return success();
  }

  void runOnOperation() override {
    const ArchInfo *arch =
        resolved.get(getOperation(), "tlxamd-assign-layouts");
    if (!arch)
      return signalPassFailure();
    WalkResult walk = getOperation()->walk([&](gpu::GPUFuncOp func) {
      std::optional<int64_t> numWarps = getNumWarps(func);
      if (!numWarps) {
        bool needsLayouts = false;
        func.walk([&](Operation *op) {
          for (Value v : op->getResults())
            if (auto t = dyn_cast<RankedTensorType>(v.getType()))
              needsLayouts |= !t.getEncoding();
        });
        if (!needsLayouts)
          return WalkResult::advance();
        func.emitError() << "kernel '" << func.getName() << "' has tensors "
                         << "without layouts but no '"
                         << TlxAmdDialect::getNumWarpsAttrName()
                         << "' to lay them out over";
        return WalkResult::interrupt();
      }
      // Lanes per warp: those of the kernel's explicit layouts (a wave64
      // layout on a 32-lane target runs as two hardware warps), else the
      // target's.
      unsigned lanes = arch->warpSize;
      func.walk([&](Operation *op) {
        for (Type t : op->getResultTypes())
          if (DistributedLayoutAttr layout = getDistributedLayout(t))
            lanes = layout.getLanesPerWarp();
      });
      // Each task's tensors spread over the task's warps (the verifier
      // keeps tensors out of the code around tasks).
      SmallVector<std::pair<Region *, unsigned>> roots;
      func.walk([&](AsyncTasksOp tasks) {
        for (auto [region, warps] :
             llvm::zip(tasks.getTasks(), tasks.getNumWarps()))
          roots.push_back({&region, unsigned(warps)});
      });
      if (roots.empty())
        roots.push_back({&func.getBody(), unsigned(*numWarps)});
      bool assigned = false, failed = false;
      for (auto [root, warps] : roots) {
        LayoutAssignment assignment(root, warps, lanes, *arch);
        assigned |= assignment.run();
        failed |= assignment.failed;
      }
      if (assigned)
        func->setAttr(TlxAmdDialect::getAssignedLayoutsAttrName(),
                      UnitAttr::get(func.getContext()));
      return failed ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }

  ResolvedTarget resolved;
};
} // namespace

std::unique_ptr<Pass>
mlir::tlxamd::createTlxAmdAssignLayoutsPass(StringRef target) {
  TlxAmdAssignLayoutsOptions options;
  options.target = target.str();
  return createTlxAmdAssignLayouts(options);
}
