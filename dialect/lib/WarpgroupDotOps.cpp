//===- WarpgroupDotOps.cpp - Hopper warpgroup MMAs (T13) ------------------===//
//
// The contracts of wgmma: swizzled shared-memory operands the tensor core
// can describe, the accumulator layout of the instruction's registers,
// warpgroups of 4 warps stacked along M (64 rows each per instruction),
// instruction shapes (N a multiple of 8 up to 256, K of 16 or 32
// elements), K-major fp8 operands; and the wait that makes the result
// readable (T13).
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Layout/Wgmma.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::tlxamd;

Attribute mlir::tlxamd::getWarpgroupDotLayout(MLIRContext *ctx,
                                              unsigned numWarps) {
  return NvidiaMmaLayoutAttr::get(ctx, {2, 0}, {numWarps, 1}, {16, 8});
}

Attribute mlir::tlxamd::chooseWarpgroupDotLayout(Type type, Type elemType,
                                                 unsigned numWarps,
                                                 bool chained) {
  auto d = cast<RankedTensorType>(type);
  MLIRContext *ctx = type.getContext();
  // (a warp holds 16 of an instruction's rows)
  constexpr int64_t warpRows = WgmmaFragment::kRows / WgmmaFragment::kWarps;
  unsigned wm = WgmmaFragment::kWarps, wn = 1;
  while (wm * wn < numWarps)
    (d.getDimSize(0) > warpRows * wm ? wm : wn) *= 2;
  int64_t n = d.getDimSize(1) / wn;
  if (chained || wn == 1 || n % 8 || n > WgmmaFragment::kMaxN)
    return getWarpgroupDotLayout(ctx, numWarps);
  unsigned k = WgmmaFragment::kKBits / elemType.getIntOrFloatBitWidth();
  return NvidiaMmaLayoutAttr::get(ctx, {3, 0}, {wm, wn}, {16, unsigned(n), k});
}

namespace {

constexpr int64_t kWarpgroupRows = WgmmaFragment::kRows;
constexpr unsigned kWarpgroupWarps = WgmmaFragment::kWarps;

LogicalResult verifyAccumulator(WarpgroupDotOp op, RankedTensorType d) {
  auto layout = dyn_cast_or_null<NvidiaMmaLayoutAttr>(d.getEncoding());
  if (!d.getEncoding())
    return success(); // laid out by tlxamd-assign-layouts
  bool legacy = layout && layout.getVersion()[0] == 2 &&
                layout.getWarpsPerCTA()[0] % kWarpgroupWarps == 0 &&
                layout == getWarpgroupDotLayout(op.getContext(),
                                                layout.getWarpsPerCTA()[0]);
  if (!layout || !(legacy || layout.getVersion()[0] == 3))
    return op.emitOpError("accumulates in wgmma's registers: the layout is "
                          "nvidia_mma version [3, 0], or version [2, 0] with "
                          "warps [num_warps, 1] (whole warpgroups of 4) and "
                          "instr_shape [16, 8], got ")
           << d.getEncoding();
  std::string why;
  if (!WgmmaTiling::get(getLinearLayout(d), why))
    return op.emitOpError("the accumulator layout ")
           << d.getEncoding() << " over [" << d.getShape()
           << "] cannot be computed by warpgroups: " << why;
  return success();
}

/// A register operand A: f16 / bf16 in the accumulator's dot_operand
/// layout (two elements of K per 32-bit register).
LogicalResult verifyRegisterA(WarpgroupDotOp op, RankedTensorType a,
                              RankedTensorType d) {
  if (!a.getElementType().isF16() && !a.getElementType().isBF16())
    return op.emitOpError("a register operand A is f16 or bf16 (wgmma's "
                          "register form), got ")
           << a.getElementType();
  if (!a.getEncoding() || !d.getEncoding())
    return success();
  auto dot = dyn_cast<DotOperandLayoutAttr>(a.getEncoding());
  if (!dot || dot.getOpIdx() != 0 || dot.getParent() != d.getEncoding() ||
      dot.getKWidth() != 2)
    return op.emitOpError("a register operand A has the layout "
                          "#tlxamd.dot_operand<{op_idx = 0, parent = <the "
                          "accumulator's layout>, k_width = 2}>, got ")
           << a.getEncoding();
  return success();
}

} // namespace

LogicalResult WarpgroupDotOp::verify() {
  MemDescType b = getB().getType();
  auto aMem = dyn_cast<MemDescType>(getA().getType());
  auto aReg = dyn_cast<RankedTensorType>(getA().getType());
  auto d = cast<RankedTensorType>(getD().getType());
  if (getC() && getC().getType() != d)
    return emitOpError("the accumulator has the result's type: ")
           << getC().getType() << " vs " << d;
  if (aReg && aReg.getRank() != 2)
    return emitOpError("A is a rank-2 tensor, got ") << aReg;
  SmallVector<std::pair<MemDescType, const char *>> tiles{{b, "B"}};
  if (aMem)
    tiles.insert(tiles.begin(), {aMem, "A"});
  for (auto [t, what] : tiles)
    if (t.isMultiBuffered() || t.getShape() != t.getAllocTileShape() ||
        t.getShape().size() != 2)
      return emitOpError() << what << " is one whole rank-2 tile, got " << t;
  Type e = aMem ? aMem.getElementType() : aReg.getElementType();
  ArrayRef<int64_t> aShape = aMem ? aMem.getShape() : aReg.getShape();
  bool f8 = isa<Float8E4M3FNType, Float8E5M2Type>(e);
  if (e != b.getElementType() || !(e.isF16() || e.isBF16() || f8))
    return emitOpError("multiplies f16, bf16 or fp8 (e4m3, e5m2) tiles of "
                       "one type, got ")
           << e << " and " << b.getElementType();
  if (d.getRank() != 2 || !d.getElementType().isF32())
    return emitOpError("accumulates in f32, got ") << d;
  int64_t m = d.getDimSize(0), n = d.getDimSize(1), k = aShape[1];
  if (aShape[0] != m || b.getShape()[0] != k || b.getShape()[1] != n)
    return emitOpError("multiplies [M, K] by [K, N] into [M, N]: A is [")
           << aShape << "], B [" << b.getShape() << "], the result ["
           << d.getShape() << "]";
  if (n % 8 || n > WgmmaFragment::kMaxN)
    return emitOpError("N = ")
           << n << "; wgmma takes N a multiple of 8 up to 256";
  int64_t instrK = WgmmaFragment::kKBits / e.getIntOrFloatBitWidth();
  if (k % instrK)
    return emitOpError("K = ") << k << " is not a whole number of "
                               << "instructions (" << instrK << " elements)";
  if (m % kWarpgroupRows)
    return emitOpError("M = ") << m << " is not a whole number of "
                               << kWarpgroupRows << "-row blocks (one "
                               << "warpgroup instruction)";
  if (aReg && failed(verifyRegisterA(*this, aReg, d)))
    return failure();
  if (failed(verifyAccumulator(*this, d)))
    return failure();
  std::string why;
  SmallVector<std::pair<MemDescType, bool>> operands{{b, true}};
  if (aMem)
    operands.insert(operands.begin(), {aMem, false});
  for (auto [t, isB] : operands) {
    if (!getMmaOperandDescriptor(t, isB, isB ? n : m, instrK, why))
      return emitOpError() << (isB ? "B: " : "A: ") << why << ", got " << t;
    if (f8 && isMmaOperandMNMajor(t, isB))
      return emitOpError() << (isB ? "B" : "A")
                           << ": wgmma reads fp8 operands K-major; got an "
                           << "MN-major tile " << t;
  }
  return success();
}

LogicalResult WarpgroupDotWaitOp::verify() {
  if (!getInp().getType().getElementType().isF32())
    return emitOpError("waits on a warpgroup_dot accumulator (f32), got ")
           << getInp().getType();
  if (getPendings() < 0)
    return emitOpError("pendings is a count of MMA groups, got ")
           << getPendings();
  return success();
}

//===----------------------------------------------------------------------===//
// T13: an async_dot's accumulator is read after async_dot_wait
//===----------------------------------------------------------------------===//

namespace {

/// The values a yielded value becomes: the parent's result and, for a
/// loop, the next iteration's argument.
void yieldedValues(OpOperand &use, SmallVectorImpl<Value> &out) {
  Operation *parent = use.getOwner()->getParentOp();
  unsigned i = use.getOperandNumber();
  if (i < parent->getNumResults())
    out.push_back(parent->getResult(i));
  if (auto loop = dyn_cast<LoopLikeOpInterface>(parent))
    if (auto args = loop.getRegionIterArgs(); i < args.size())
      out.push_back(args[i]);
}

LogicalResult checkInFlight(WarpgroupDotOp dot) {
  SmallVector<Value> work{dot.getD()};
  llvm::SmallPtrSet<Value, 8> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (isa<WarpgroupDotWaitOp>(user))
        continue;
      if (auto next = dyn_cast<WarpgroupDotOp>(user);
          next && use.get() == next.getC()) {
        continue; // the next MMA accumulates into it (checked itself)
      }
      if (user->hasTrait<OpTrait::IsTerminator>() &&
          isa<RegionBranchOpInterface>(user->getParentOp())) {
        yieldedValues(use, work);
        continue;
      }
      if (auto loop = dyn_cast<LoopLikeOpInterface>(user)) {
        // An initial value: the loop's argument and result.
        for (auto [init, arg] :
             llvm::zip(loop.getInitsMutable(), loop.getRegionIterArgs()))
          if (&init == &use)
            work.push_back(arg);
        continue;
      }
      InFlightDiagnostic d = user->emitOpError(
          "T13: reads the accumulator of an async_dot (warpgroup MMA) that "
          "may still be in flight: wait for it first (async_dot_wait)");
      d.attachNote(dot.getLoc()) << "the async_dot";
      return d;
    }
  }
  return success();
}

} // namespace

LogicalResult mlir::tlxamd::verifyWarpgroupDotWaits(Operation *root) {
  bool failed = false;
  root->walk(
      [&](WarpgroupDotOp dot) { failed |= mlir::failed(checkInFlight(dot)); });
  return failure(failed);
}
