//===- CooperativeLoads.cpp - shared-memory reads lanes make for others ---===//
//
// The target-neutral half of the cooperative matrix loads (NVIDIA ldmatrix,
// the AMD transposing LDS reads): the layout core plans which offset each
// lane addresses (getMatrixLoad, getTransposedLoad); here the addresses are
// computed and the target's instruction emitted once per planned address.
//
//===----------------------------------------------------------------------===//
#include "BufferAccess.h"
#include "LayoutLowering.h"
#include "Patterns.h"
#include "SharedAccess.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// The constant a lowered memory descriptor's field holds, looking through
/// the insert / extract pairs descriptors are built and taken apart with.
static std::optional<int64_t> getConstantField(Value v) {
  while (auto ex = v.getDefiningOp<LLVM::ExtractValueOp>()) {
    Value c = ex.getContainer();
    auto ins = c.getDefiningOp<LLVM::InsertValueOp>();
    while (ins && ins.getPosition() != ex.getPosition())
      ins = ins.getContainer().getDefiningOp<LLVM::InsertValueOp>();
    if (!ins)
      return std::nullopt;
    v = ins.getValue();
  }
  APInt value;
  if (!matchPattern(v, m_ConstantInt(&value)))
    return std::nullopt;
  return value.getSExtValue();
}

/// Whether every row of `run` elements a cooperative matrix load reads at a
/// `run`-aligned offset of `tile` stays whole and aligned: the view's origin
/// is a known multiple of `run` and padding falls between rows.
static bool keepsSharedRows(const SharedTile &tile, int64_t run) {
  std::optional<int64_t> origin =
      tile.xorOffset ? getConstantField(tile.xorOffset) : 0;
  if (!origin || (*origin % run))
    return false;
  if (tile.padding)
    for (auto [interval, padding] :
         llvm::zip(tile.padding.getIntervals(), tile.padding.getPaddings()))
      if (interval % run || padding % run)
        return false;
  return true;
}

LogicalResult mlir::tlxamd::lowerCooperativeLoad(
    ConversionPatternRewriter &rewriter, LocalLoadOp op, Value src,
    const TargetInfoBase &targetInfo, const TypeConverter &converter,
    unsigned lanes, unsigned bits, int64_t run,
    function_ref<std::optional<LinearLayout>(const LinearLayout &)> plan,
    function_ref<SmallVector<Value>(Value, Type)> load) {
  RankedTensorType type = op.getType();
  Type elemType = type.getElementType();
  if (!elemType.isIntOrFloat() || elemType.getIntOrFloatBitWidth() != bits ||
      getDistributedLayout(type).getLanesPerWarp() != lanes)
    return failure();
  std::optional<LinearLayout> offsets =
      getMemDescOffsets(type, op.getSrc().getType());
  std::optional<LinearLayout> addresses =
      offsets ? plan(*offsets) : std::nullopt;
  if (!addresses)
    return failure();
  Location loc = op.getLoc();
  SharedTile tile = unpackMemDesc(rewriter, loc, src, op.getSrc().getType());
  if (!keepsSharedRows(tile, run))
    return failure();
  ThreadIndex thread = emitThreadIndex(rewriter, loc, targetInfo, lanes);
  Type elem = converter.convertType(type.getElementType());
  SmallVector<Value> regs =
      emitCooperativeReads(rewriter, loc, tile, *addresses, thread, elem, load);
  rewriter.replaceOp(
      op, packRegisters(rewriter, loc, converter.convertType(type), regs));
  return success();
}

SmallVector<Value> mlir::tlxamd::emitCooperativeReads(
    RewriterBase &rewriter, Location loc, const SharedTile &tile,
    const LinearLayout &addresses, const ThreadIndex &thread, Type elem,
    function_ref<SmallVector<Value>(Value, Type)> load) {
  auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext(), 3);
  SmallVector<Value> ptrs, regs;
  for (auto &coord : emitCoordinates(rewriter, loc, addresses, thread)) {
    Value off = finishSharedOffset(rewriter, loc, tile, coord[0]);
    ptrs.push_back(LLVM::GEPOp::create(rewriter, loc, ptrType, elem, tile.base,
                                       ValueRange{off}));
  }
  for (Value ptr : ptrs)
    llvm::append_range(regs, load(ptr, elem));
  return regs;
}
