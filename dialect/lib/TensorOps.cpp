//===- TensorOps.cpp - verifiers of the distributed tensor ops -----------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/IR/TypeUtilities.h"
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
  if (src.getRank() != dst.getRank())
    return emitOpError("source and result ranks differ");
  for (int64_t d = 0; d < src.getRank(); ++d)
    if (src.getDimSize(d) != dst.getDimSize(d) && src.getDimSize(d) != 1)
      return emitOpError("source dimension ")
             << d << " has extent " << src.getDimSize(d)
             << "; only extent-1 dimensions broadcast (to " << dst.getDimSize(d)
             << ")";
  if (src.getEncoding() == dst.getEncoding())
    return success();
  // Linear layouts describe one shape: the source's may differ from the
  // result's in the broadcast dimensions only (each thread's registers of
  // the result repeat registers of the source in the same thread).
  auto srcLayout = dyn_cast_or_null<DistributedLayoutAttr>(src.getEncoding());
  auto dstLayout = dyn_cast_or_null<DistributedLayoutAttr>(dst.getEncoding());
  if (srcLayout && dstLayout) {
    SmallVector<bool> zero;
    for (int64_t d = 0; d < src.getRank(); ++d)
      zero.push_back(src.getDimSize(d) == 1 && dst.getDimSize(d) != 1);
    if (LinearLayout::getRegisterMap(getLinearLayout(src), getLinearLayout(dst),
                                     {}, zero))
      return success();
  }
  return emitOpError("source and result layouts differ; use "
                     "tlxamd.convert_layout to change layouts");
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
  if (failed(verifyLayoutChange(*this, getSrc().getType(), getType())))
    return failure();
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (!getPin() || !getDistributedLayout(src))
    return success();
  if (!LinearLayout::getRegisterMap(getLinearLayout(src),
                                    getLinearLayout(getType()), {}, {}))
    return emitOpError("pin: the value must already be in ")
           << getType().getEncoding()
           << " up to the order of each thread's registers; going there "
              "from "
           << src.getEncoding() << " moves elements between threads";
  return success();
}

std::optional<SmallVector<int64_t>> ExtractSliceOp::getRegisterMap() {
  RankedTensorType src = getSrc().getType(), dst = getType();
  return LinearLayout::getRegisterMap(
      getLinearLayout(src), getLinearLayout(dst), {}, {}, getOffsets());
}

LogicalResult ExtractSliceOp::verify() {
  RankedTensorType src = getSrc().getType(), dst = getType();
  if (src.getElementType() != dst.getElementType() ||
      src.getRank() != dst.getRank())
    return emitOpError("the slice has the source's element type and rank");
  ArrayRef<int64_t> offsets = getOffsets();
  if (int64_t(offsets.size()) != src.getRank())
    return emitOpError("M18: one offset per dimension: ")
           << offsets.size() << " offsets for a rank-" << src.getRank()
           << " tensor";
  for (int64_t d = 0; d < src.getRank(); ++d) {
    int64_t off = offsets[d], size = dst.getDimSize(d);
    if (off < 0 || off + size > src.getDimSize(d))
      return emitOpError("M18: the slice [")
             << off << ", " << off + size << ") of dimension " << d
             << " is outside the source's extent " << src.getDimSize(d);
    if (off % size != 0)
      return emitOpError("M18: offset ")
             << off << " of dimension " << d
             << " is not a multiple of the slice's extent " << size
             << ": the slice is not an aligned register fragment";
  }
  if (!getRegisterMap())
    return emitOpError("M18: the slice of ")
           << src.getEncoding() << " in " << dst.getEncoding()
           << " is not a selection of each thread's own registers (it would "
              "move elements across lanes or warps)";
  return success();
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

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

Type ReduceOp::inferResultType(RankedTensorType src, unsigned axis) {
  if (src.getRank() == 1)
    return src.getElementType();
  SmallVector<int64_t> shape(src.getShape());
  shape.erase(shape.begin() + axis);
  Attribute layout;
  if (Attribute parent = src.getEncoding())
    layout = SliceLayoutAttr::get(src.getContext(), axis, parent);
  return RankedTensorType::get(shape, src.getElementType(), layout);
}

LogicalResult ReduceOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  auto first = cast<RankedTensorType>(getSrcs()[0].getType());
  int64_t axis = int32_t(getAxis());
  if (axis < 0 || axis >= first.getRank())
    return emitOpError("axis ") << axis << " is out of range for a rank-"
                                << first.getRank() << " operand";
  for (auto [i, src] : llvm::enumerate(getSrcs()))
    if (cast<RankedTensorType>(src.getType()).getEncoding() !=
        first.getEncoding())
      return emitOpError("operand ")
             << i << " has another layout than operand 0; operands of a "
             << "reduction share one layout";
  if (getNumResults() != getSrcs().size())
    return emitOpError("has ") << getSrcs().size() << " operands but "
                               << getNumResults() << " results";
  for (auto [i, src, result] : llvm::enumerate(getSrcs(), getResults())) {
    Type want =
        inferResultType(cast<RankedTensorType>(src.getType()), unsigned(axis));
    if (result.getType() != want)
      return emitOpError("result ")
             << i << " must be " << want << " (operand " << i
             << " reduced along axis " << axis << "), got " << result.getType();
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  Block &body = getCombineOp().front();
  unsigned n = getSrcs().size();
  if (body.getNumArguments() != 2 * n)
    return emitOpError("combine region must take ")
           << 2 * n << " arguments (two per operand), got "
           << body.getNumArguments();
  for (unsigned i = 0; i < 2 * n; ++i) {
    Type elem = getElementTypeOrSelf(getSrcs()[i % n].getType());
    if (body.getArgument(i).getType() != elem)
      return emitOpError("combine region argument ")
             << i << " must be " << elem << " (the element type of operand "
             << i % n << "), got " << body.getArgument(i).getType();
  }
  auto ret = dyn_cast<ReduceReturnOp>(body.getTerminator());
  if (!ret)
    return emitOpError("combine region must end in tlxamd.reduce.return");
  if (ret.getResults().size() != n)
    return ret.emitOpError("returns ")
           << ret.getResults().size() << " values; the reduction has " << n
           << " operands";
  for (unsigned i = 0; i < n; ++i) {
    Type elem = getElementTypeOrSelf(getSrcs()[i].getType());
    if (ret.getResults()[i].getType() != elem)
      return ret.emitOpError("value ") << i << " must be " << elem << ", got "
                                       << ret.getResults()[i].getType();
  }
  for (Operation &op : body.without_terminator())
    if (op.getNumRegions() || !isMemoryEffectFree(&op))
      return op.emitOpError("is not allowed in a reduction's combine "
                            "region (only side-effect-free scalar ops)");
  return success();
}

FailureOr<ReductionPlan> mlir::tlxamd::planReduction(ReduceOp op,
                                                     unsigned warpSize) {
  auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
  DistributedLayoutAttr layout = getDistributedLayout(type);
  if (!layout)
    return failure();
  LinearLayout ll = getLinearLayout(type);
  unsigned axis = op.getAxis();
  // Whether a basis moves along the axis; failure when it also moves along
  // another dimension.
  auto alongAxis = [&](const LinearLayout::Basis &b) -> FailureOr<bool> {
    bool other = false;
    for (unsigned d = 0; d < b.size(); ++d)
      other |= d != axis && b[d] != 0;
    if (b[axis] != 0 && other)
      return failure();
    return b[axis] != 0;
  };
  ReductionPlan plan;
  unsigned laneBits = ll.getInDimSizeLog2(LinearLayout::Lane);
  unsigned hwLaneBits = llvm::Log2_32(warpSize);
  for (auto in : {LinearLayout::Register, LinearLayout::Lane,
                  LinearLayout::Warp, LinearLayout::Block}) {
    for (auto [bit, basis] : llvm::enumerate(ll.getBases(in))) {
      FailureOr<bool> along = alongAxis(basis);
      if (failed(along))
        return op.emitOpError("cannot reduce along axis ")
               << axis << " of layout " << layout
               << ": a basis moves along the axis and another dimension at "
                  "once; convert_layout to a blocked layout first";
      if (!*along || in == LinearLayout::Register)
        continue;
      if (in == LinearLayout::Block)
        return op.emitOpError("cannot reduce across the programs of a "
                              "cluster (layout ")
               << layout << ")";
      if (in == LinearLayout::Lane && bit < hwLaneBits)
        plan.shuffleLaneBits.push_back(bit);
      else
        plan.sharedThreadBits.push_back(
            in == LinearLayout::Lane ? bit : laneBits + bit);
    }
  }
  if (!plan.sharedThreadBits.empty()) {
    int64_t partials = int64_t(1) << plan.sharedThreadBits.size();
    int64_t kept = type.getNumElements() / type.getDimSize(axis);
    for (Value src : op.getSrcs()) {
      unsigned bits = getElementBitWidth(getElementTypeOrSelf(src.getType()));
      int64_t bytes = partials * kept * std::max(1u, bits / 8);
      plan.scratchBytes += llvm::alignTo(bytes, 8);
    }
  }
  return plan;
}
