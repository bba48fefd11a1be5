//===- TensorOps.cpp - verifiers of the distributed tensor ops -----------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

LogicalResult MakeRangeOp::verify() {
  auto type = getType();
  if (type.getRank() != 1)
    return emitOpError("result must be a rank-1 tensor, got rank ")
           << type.getRank();
  // I32Attr getters are unsigned: the bounds are signed i32.
  int64_t start = int32_t(getStart()), end = int32_t(getEnd());
  if (end <= start)
    return emitOpError("end ")
           << end << " must be greater than start " << start;
  if (end - start != type.getDimSize(0))
    return emitOpError("range ")
           << start << " to " << end << " has " << end - start
           << " elements but the result has " << type.getDimSize(0);
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  RankedTensorType src = getSrc().getType(), dst = getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis > src.getRank())
    return emitOpError("axis ") << axis << " is out of range for a rank-"
                                << src.getRank() << " source";
  if (src.getElementType() != dst.getElementType())
    return emitOpError("source and result element types differ");
  SmallVector<int64_t> want(src.getShape());
  want.insert(want.begin() + axis, 1);
  if (dst.getShape() != ArrayRef<int64_t>(want))
    return emitOpError("result shape must be the source shape with 1 "
                       "inserted at axis ")
           << axis;
  if (!src.getEncoding() && !dst.getEncoding())
    return success();
  auto slice = dyn_cast_or_null<SliceLayoutAttr>(src.getEncoding());
  if (!slice || slice.getDim() != axis)
    return emitOpError("source layout must be #tlxamd.slice with dim = ")
           << axis;
  if (slice.getParent() != dst.getEncoding())
    return emitOpError("result layout must be the parent of the source's "
                       "slice layout");
  return success();
}

LogicalResult BroadcastOp::verify() {
  RankedTensorType src = getSrc().getType(), dst = getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("source and result element types differ");
  if (src.getEncoding() != dst.getEncoding())
    return emitOpError("source and result layouts differ; use "
                       "tlxamd.convert_layout to change layouts");
  if (src.getRank() != dst.getRank())
    return emitOpError("source and result ranks differ");
  for (int64_t d = 0; d < src.getRank(); ++d)
    if (src.getDimSize(d) != dst.getDimSize(d) && src.getDimSize(d) != 1)
      return emitOpError("source dimension ")
             << d << " has extent " << src.getDimSize(d)
             << "; only extent-1 dimensions broadcast (to " << dst.getDimSize(d)
             << ")";
  return success();
}

static LogicalResult verifyLayoutChange(Operation *op, RankedTensorType src,
                                        RankedTensorType dst) {
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return op->emitOpError("source and result must have the same shape and "
                           "element type");
  auto a = getDistributedLayout(src), b = getDistributedLayout(dst);
  if (!a)
    return success(); // a layout-free source takes the result's layout
  if (a.getWarpsPerProgram() != b.getWarpsPerProgram() ||
      a.getLanesPerWarp() != b.getLanesPerWarp())
    return op->emitOpError("source layout spans ")
           << a.getWarpsPerProgram() << " warps of " << a.getLanesPerWarp()
           << " lanes but the result layout " << b.getWarpsPerProgram()
           << " warps of " << b.getLanesPerWarp() << " lanes";
  return success();
}

LogicalResult ConvertLayoutOp::verify() {
  return verifyLayoutChange(*this, getSrc().getType(), getType());
}

LogicalResult RequireLayoutOp::verify() {
  return verifyLayoutChange(*this, getSrc().getType(), getType());
}

//===----------------------------------------------------------------------===//
// Layout changes
//===----------------------------------------------------------------------===//

LayoutChangeKind mlir::tlxamd::classifyLayoutChange(RankedTensorType src,
                                                    RankedTensorType dst,
                                                    unsigned warpSize) {
  LinearLayout from = getLinearLayout(src), to = getLinearLayout(dst);
  if (LinearLayout::getRegisterMap(from, to, {}, {}))
    return LayoutChangeKind::Registers;
  unsigned bits = getElementBitWidth(dst.getElementType());
  if (getDistributedLayout(dst).getLanesPerWarp() == warpSize && bits <= 32 &&
      LinearLayout::getWarpShuffles(from, to))
    return LayoutChangeKind::WarpShuffle;
  return LayoutChangeKind::SharedMemory;
}

int64_t mlir::tlxamd::getLayoutChangeScratchBytes(RankedTensorType type) {
  unsigned bits = getElementBitWidth(type.getElementType());
  return type.getNumElements() * ((bits + 7) / 8);
}
