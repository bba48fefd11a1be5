//===- LayoutPropagation.cpp - how layouts relate across ops -------------===//
#include "LayoutPropagation.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tlxamd;

bool mlir::tlxamd::isSameLayoutOp(Operation *op) {
  if (isa<SplatOp, MakeRangeOp, BroadcastOp, AddPtrOp, IntToPtrOp, PtrToIntOp,
          PtrCastOp>(op))
    return true;
  if (isa<arith::ConstantOp>(op))
    return true;
  return op->hasTrait<OpTrait::Elementwise>() &&
         isa<arith::ArithDialect, math::MathDialect>(op->getDialect());
}

bool mlir::tlxamd::isLayoutLinkedOp(Operation *op) {
  return isSameLayoutOp(op) || isa<ExpandDimsOp, ReduceOp>(op) ||
         ShapeOpSpec::isShapeOp(op);
}

/// A broadcast's layout for its other side, when the given one describes
/// only its own shape (a linear layout): the same bases resized, broadcast
/// dimensions dropped to extent 1 or grown by registers.
static Attribute resizeBroadcastLayout(BroadcastOp op, Attribute layout,
                                       bool toOperand) {
  RankedTensorType from = toOperand ? op.getType() : op.getSrc().getType();
  RankedTensorType to = toOperand ? op.getSrc().getType() : op.getType();
  if (!isa_and_nonnull<DistributedLayoutAttr>(layout) ||
      describes(layout, to) || !describes(layout, from))
    return layout;
  LinearLayout l =
      toLinearLayout(layout, from.getShape())
          .resizedTo(to.getShape(), /*dropBroadcastRegisters=*/toOperand);
  return getLinearLayoutAttr(op.getContext(), l);
}

Attribute mlir::tlxamd::getResultLayoutFor(Operation *op,
                                           Attribute operandLayout) {
  if (auto broadcast = dyn_cast<BroadcastOp>(op))
    return resizeBroadcastLayout(broadcast, operandLayout, false);
  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    auto slice = dyn_cast<SliceLayoutAttr>(operandLayout);
    if (slice && slice.getDim() == expand.getAxis())
      return slice.getParent();
    return Attribute();
  }
  if (ShapeOpSpec::isShapeOp(op)) {
    auto src = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (!src || !isa_and_nonnull<DistributedLayoutAttr>(operandLayout) ||
        !describes(operandLayout, src))
      return Attribute();
    return ShapeOpSpec::get(op).inferResultEncoding(
        cast<RankedTensorType>(withLayout(src, operandLayout)));
  }
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    // Rank 1 reduces to scalars (no layout).
    auto type = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
    if (type.getRank() < 2 ||
        !isa_and_nonnull<DistributedLayoutAttr>(operandLayout))
      return Attribute();
    return SliceLayoutAttr::get(op->getContext(), reduce.getAxis(),
                                operandLayout);
  }
  return operandLayout;
}

bool mlir::tlxamd::isMemoryOp(Operation *op) {
  return isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, BufferLoadOp,
             BufferStoreOp, BufferAtomicAddOp, BufferLoadToSharedOp>(op);
}

SmallVector<Value> mlir::tlxamd::getMemoryOpMembers(Operation *op) {
  SmallVector<Value> members;
  for (Value v : op->getOperands())
    if (isa<RankedTensorType>(v.getType()))
      members.push_back(v);
  for (Value v : op->getResults())
    if (isa<RankedTensorType>(v.getType()))
      members.push_back(v);
  return members;
}

Type mlir::tlxamd::withLayout(Type type, Attribute layout) {
  auto t = cast<RankedTensorType>(type);
  return RankedTensorType::get(t.getShape(), t.getElementType(), layout);
}

Attribute mlir::tlxamd::getLayout(Value v) {
  auto t = dyn_cast<RankedTensorType>(v.getType());
  return t ? t.getEncoding() : Attribute();
}

bool mlir::tlxamd::isRematerializable(Operation *op) {
  if (!isSameLayoutOp(op) && !isa<ExpandDimsOp, TransOp, ReshapeOp>(op))
    return false;
  if (auto c = dyn_cast<arith::ConstantOp>(op))
    return isa<SplatElementsAttr>(c.getValue());
  return isMemoryEffectFree(op) && op->getNumResults() == 1;
}

Attribute mlir::tlxamd::getOperandLayoutFor(Operation *op, unsigned operand,
                                            Attribute resultLayout) {
  if (!isa<RankedTensorType>(op->getOperand(operand).getType()))
    return Attribute();
  if (auto broadcast = dyn_cast<BroadcastOp>(op))
    return resizeBroadcastLayout(broadcast, resultLayout, true);
  if (auto expand = dyn_cast<ExpandDimsOp>(op))
    return SliceLayoutAttr::get(op->getContext(), expand.getAxis(),
                                resultLayout);
  if (ShapeOpSpec::isShapeOp(op)) {
    auto result = cast<RankedTensorType>(op->getResult(0).getType());
    auto src = cast<RankedTensorType>(op->getOperand(operand).getType());
    if (!isa_and_nonnull<DistributedLayoutAttr>(resultLayout) ||
        !describes(resultLayout, result))
      return Attribute();
    return ShapeOpSpec::get(op).inferOperandEncoding(
        cast<RankedTensorType>(withLayout(result, resultLayout)),
        src.getShape());
  }
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    auto slice = dyn_cast_or_null<SliceLayoutAttr>(resultLayout);
    if (slice && slice.getDim() == reduce.getAxis())
      return slice.getParent();
    return Attribute();
  }
  return resultLayout;
}

bool mlir::tlxamd::describes(Attribute layout, Type type) {
  auto layoutAttr = dyn_cast_or_null<DistributedLayoutAttr>(layout);
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!layoutAttr || !tensor)
    return false;
  MLIRContext *ctx = layout.getContext();
  ScopedDiagnosticHandler silence(ctx, [](Diagnostic &) { return success(); });
  return succeeded(layoutAttr.verifyShape(
      tensor.getShape(), [&] { return emitError(UnknownLoc::get(ctx)); }));
}

void mlir::tlxamd::retypeConstant(Operation *constant, Type type) {
  auto c = cast<arith::ConstantOp>(constant);
  auto tensorType = cast<RankedTensorType>(type);
  if (auto splat = dyn_cast<SplatElementsAttr>(c.getValue()))
    c.setValueAttr(
        SplatElementsAttr::get(tensorType, splat.getSplatValue<Attribute>()));
  else if (auto dense = dyn_cast<DenseElementsAttr>(c.getValue()))
    c.setValueAttr(
        DenseElementsAttr::getFromRawBuffer(tensorType, dense.getRawData()));
  c.getResult().setType(type);
}

bool mlir::tlxamd::feedsProductA(Value v) {
  SmallVector<Value> work{v};
  llvm::DenseSet<Value> seen;
  while (!work.empty()) {
    Value x = work.pop_back_val();
    if (!seen.insert(x).second)
      continue;
    for (OpOperand &use : x.getUses()) {
      Operation *user = use.getOwner();
      if (isa<DotOp, WarpgroupDotOp>(user) && use.getOperandNumber() == 0)
        return true;
      if (user->getBlock() == v.getParentBlock())
        llvm::append_range(work, user->getResults());
    }
  }
  return false;
}

static bool pathBackFrom(Value from, Value to, SmallVector<Value> &path,
                         int depth) {
  path.push_back(from);
  if (from == to)
    return true;
  Operation *def = from.getDefiningOp();
  if (def && depth < 8 && def->getNumResults() == 1 &&
      def->getBlock() == to.getParentBlock() &&
      (isSameLayoutOp(def) || isa<WarpgroupDotWaitOp>(def)))
    for (Value operand : def->getOperands())
      if (pathBackFrom(operand, to, path, depth + 1))
        return true;
  path.pop_back();
  return false;
}

bool mlir::tlxamd::pathBack(Value from, Value to, SmallVector<Value> &path) {
  return pathBackFrom(from, to, path, 0);
}

bool mlir::tlxamd::repeatsMore(Attribute have, Attribute want, Value v) {
  ArrayRef<int64_t> shape = cast<RankedTensorType>(v.getType()).getShape();
  auto copies = [&](Attribute l) {
    return llvm::popcount(uint64_t(
        toLinearLayout(l, shape).getBroadcastMask(LinearLayout::Warp)));
  };
  return copies(have) > copies(want);
}

/// The shared memory the kernel of `op` allocates explicitly.
static int64_t allocatedSharedBytes(Operation *op) {
  int64_t total = 0;
  op->getParentOfType<FunctionOpInterface>()->walk([&](LocalAllocOp alloc) {
    MemDescType t = alloc.getType();
    total += t.getBufferCount() * t.getTileBytes();
  });
  return total;
}

Attribute mlir::tlxamd::getStoreLayoutFromValue(Operation *op, Attribute have,
                                                Value value,
                                                Attribute coalesced) {
  if (!isa<StoreOp, BufferStoreOp>(op) || !have ||
      !isa<AmdMfmaLayoutAttr, AmdWmmaLayoutAttr, NvidiaMmaLayoutAttr>(have))
    return {};
  auto type = cast<RankedTensorType>(value.getType());
  LinearLayout want = toLinearLayout(coalesced, type.getShape());
  int dim = -1;
  int64_t wanted = want.getContiguousRegisters(&dim);
  if (dim < 0)
    return {};
  int64_t run =
      toLinearLayout(have, type.getShape()).getContiguousRegistersAlong(dim);
  unsigned bits = getElementBitWidth(type.getElementType());
  bool narrowOk = isa<AmdMfmaLayoutAttr, AmdWmmaLayoutAttr>(have) &&
                  run * bits >= 64 &&
                  type.getNumElements() * bits / 8 > allocatedSharedBytes(op);
  return run >= wanted || narrowOk ? have : Attribute();
}

/// The values a loop or branch ties together: for an `scf.for` the init,
/// the region argument, the yielded value and the result of one iteration
/// variable; for an `scf.if` a result and what both branches yield.
void mlir::tlxamd::collectTiedValues(Value v, SmallVectorImpl<Value> &out) {
  auto tieFor = [&](scf::ForOp loop, unsigned i) {
    out.append({loop.getInitArgs()[i], loop.getRegionIterArgs()[i],
                loop.getYieldedValues()[i], loop.getResult(i)});
  };
  auto tieIf = [&](scf::IfOp ifOp, unsigned i) {
    out.push_back(ifOp.getResult(i));
    out.push_back(ifOp.thenYield().getOperand(i));
    if (!ifOp.getElseRegion().empty())
      out.push_back(ifOp.elseYield().getOperand(i));
  };
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
      if (arg.getArgNumber() > 0)
        tieFor(loop, arg.getArgNumber() - 1);
    return;
  }
  auto result = cast<OpResult>(v);
  if (auto loop = dyn_cast<scf::ForOp>(result.getOwner()))
    tieFor(loop, result.getResultNumber());
  if (auto ifOp = dyn_cast<scf::IfOp>(result.getOwner()))
    tieIf(ifOp, result.getResultNumber());
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (auto loop = dyn_cast<scf::ForOp>(user)) {
      if (use.getOperandNumber() >= loop.getNumControlOperands())
        tieFor(loop, use.getOperandNumber() - loop.getNumControlOperands());
    } else if (isa<scf::YieldOp>(user)) {
      Operation *parent = user->getParentOp();
      if (auto loop = dyn_cast<scf::ForOp>(parent))
        tieFor(loop, use.getOperandNumber());
      else if (auto ifOp = dyn_cast<scf::IfOp>(parent))
        tieIf(ifOp, use.getOperandNumber());
    }
  }
}

Value mlir::tlxamd::getAccessAddresses(Operation *op) {
  if (auto copy = dyn_cast<BufferLoadToSharedOp>(op))
    return copy.getOffsets();
  if (isa<BufferLoadOp, BufferStoreOp, BufferAtomicAddOp>(op))
    return op->getOperand(isa<BufferStoreOp>(op) ? 2 : 1);
  return op->getOperand(isa<StoreOp>(op) ? 1 : 0);
}

std::string mlir::tlxamd::getNonKDimNote(Operation *dot) {
  unsigned n = getMatrixInstrNonKDim(dot);
  return n ? " with matrix_instr_nonkdim = " + std::to_string(n) : "";
}

SmallVector<Attribute, 3>
mlir::tlxamd::getScaledDotLayouts(DotScaledOp dot,
                                  const ScaledDotLayoutChoice &choice) {
  MLIRContext *ctx = dot.getContext();
  Attribute aLayout =
      DotOperandLayoutAttr::get(ctx, 0, choice.aParent, choice.aKWidth);
  Attribute bLayout =
      DotOperandLayoutAttr::get(ctx, 1, choice.bParent, choice.bKWidth);
  SmallVector<Attribute, 3> layouts = {aLayout};
  if (dot.getAScale())
    layouts.push_back(getLinearLayoutAttr(ctx, dot.getScaleLayout(0, aLayout)));
  layouts.push_back(bLayout);
  if (dot.getBScale())
    layouts.push_back(getLinearLayoutAttr(ctx, dot.getScaleLayout(1, bLayout)));
  layouts.push_back(choice.layout);
  return layouts;
}

bool mlir::tlxamd::feedsScaleOperand(Operation *op) {
  if (!isa<LoadOp, BufferLoadOp>(op) || op->getNumResults() != 1)
    return false;
  Value v = op->getResult(0);
  while (v.hasOneUse()) {
    OpOperand &use = *v.getUses().begin();
    Operation *user = use.getOwner();
    if (auto dot = dyn_cast<DotScaledOp>(user))
      return v == dot.getAScale() || v == dot.getBScale();
    if (!isa<ReshapeOp, TransOp>(user))
      return false;
    v = user->getResult(0);
  }
  return false;
}

/// The register order of `have` (on `type`) that gives a thread the
/// longest run of elements a load proves contiguous (`provenRun`), and that
/// run: the scale layout's registers in any order, since a load's may put a
/// thread's contiguous elements first (its result is then a renaming of
/// registers away from the instruction's layout, free).
static std::pair<LinearLayout, int64_t>
widestLoadRegisters(RankedTensorType type, Attribute have,
                    llvm::function_ref<int64_t(unsigned)> provenRun) {
  LinearLayout ll = toLinearLayout(have, type.getShape()), best = ll;
  int64_t bestRun = 1;
  for (unsigned d = 0; d < type.getRank(); ++d) {
    LinearLayout reordered = ll.withContiguousRegistersFirst(d);
    int64_t run =
        std::min(reordered.getContiguousRegistersAlong(d), provenRun(d));
    if (run > bestRun)
      std::tie(best, bestRun) = std::make_pair(reordered, run);
  }
  return {best, bestRun};
}

Attribute mlir::tlxamd::getLoadLayoutFromUse(
    Operation *op, Attribute have, Attribute coalesced,
    llvm::function_ref<int64_t(unsigned)> provenRun) {
  if (!isa_and_nonnull<DistributedLayoutAttr>(have) || !feedsScaleOperand(op))
    return {};
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  if (!describes(have, type))
    return {};
  int dim = -1;
  int64_t wanted =
      toLinearLayout(coalesced, type.getShape()).getContiguousRegisters(&dim);
  wanted = dim < 0 ? 1 : std::min(wanted, provenRun(dim));
  auto [best, run] = widestLoadRegisters(type, have, provenRun);
  // As wide, and where one element at a time, no more loads per thread
  // (a scale layout repeats a row's scales over lanes: gfx1250's scaled
  // WMMA gives every lane of a row all four of its K blocks).
  auto perThread = [&](const LinearLayout &ll) { return ll.getNumRegisters(); };
  if (run < wanted ||
      (run == 1 &&
       perThread(best) > perThread(toLinearLayout(coalesced, type.getShape())) /
                             std::max<int64_t>(1, wanted)))
    return {};
  return best == toLinearLayout(have, type.getShape())
             ? have
             : getLinearLayoutAttr(op->getContext(), best);
}

int64_t mlir::tlxamd::getScaleLoadRun(
    Value scale, Attribute layout,
    llvm::function_ref<int64_t(Operation *, unsigned)> provenRun) {
  Value v = scale;
  for (Operation *def = v.getDefiningOp(); layout && def;
       def = v.getDefiningOp()) {
    if (feedsScaleOperand(def)) {
      auto type = cast<RankedTensorType>(v.getType());
      if (!describes(layout, type))
        return 0;
      return widestLoadRegisters(type, layout,
                                 [&](unsigned d) { return provenRun(def, d); })
          .second;
    }
    if (!isa<ReshapeOp, TransOp>(def))
      return 0;
    layout = getOperandLayoutFor(def, 0, layout);
    v = def->getOperand(0);
  }
  return 0;
}

llvm::DenseSet<int64_t> mlir::tlxamd::getRowReducedDotRows(Region *root) {
  llvm::DenseSet<int64_t> rows;
  root->walk([&](ReduceOp reduce) {
    auto t = dyn_cast<RankedTensorType>(reduce.getSrcs()[0].getType());
    if (!t || t.getRank() != 2 || reduce.getAxis() != 1)
      return;
    SmallVector<Value> work(reduce.getSrcs());
    for (int steps = 0; !work.empty() && steps < 32; ++steps) {
      Value v = work.pop_back_val();
      Operation *def = v.getDefiningOp();
      if (auto dot = dyn_cast_or_null<DotOp>(def)) {
        rows.insert(dot.getD().getType().getDimSize(0));
        continue;
      }
      if (!def || !isSameLayoutOp(def) || isa<BroadcastOp, SplatOp>(def))
        continue;
      for (Value operand : def->getOperands())
        if (auto ot = dyn_cast<RankedTensorType>(operand.getType());
            ot && ot.getShape() == t.getShape())
          work.push_back(operand);
    }
  });
  return rows;
}
