//===- ShapeOps.cpp - trans, reshape, cat, join, split -------------------===//
//
// Shape ops relabel the coordinates of elements without moving them. Each
// has a "natural" result layout (the layout core's permuteOuts,
// reshapeOuts, an added or removed register bit) under which every thread
// keeps its registers in order; the verifier accepts a result layout that
// only reorders a thread's registers relative to it, and the lowering maps
// registers the same way.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/MaybeDiagnostic.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

LinearLayoutEncodingAttr
mlir::tlxamd::getLinearLayoutAttr(MLIRContext *ctx, const LinearLayout &ll) {
  auto flat = [&](LinearLayout::InDim in) {
    SmallVector<int32_t> out;
    for (const LinearLayout::Basis &b : ll.getBases(in))
      out.append(b.begin(), b.end());
    return out;
  };
  return LinearLayoutEncodingAttr::get(
      ctx, ll.getRank(), flat(LinearLayout::Register), flat(LinearLayout::Lane),
      flat(LinearLayout::Warp), flat(LinearLayout::Block));
}

//===----------------------------------------------------------------------===//
// The layout math of each op
//===----------------------------------------------------------------------===//

static SmallVector<unsigned> invertPermutation(ArrayRef<unsigned> order) {
  SmallVector<unsigned> inv(order.size());
  for (auto [j, d] : llvm::enumerate(order))
    inv[d] = j;
  return inv;
}

int mlir::tlxamd::getSplitRegisterBit(const LinearLayout &src) {
  unsigned last = src.getRank() - 1;
  LinearLayout::Basis pair(src.getRank(), 0);
  pair[last] = 1;
  return src.getSoleRegisterBitAlong(pair, last);
}

ShapeOpSpec ShapeOpSpec::get(Operation *op) {
  ShapeOpSpec spec;
  if (auto trans = dyn_cast<TransOp>(op)) {
    spec.kind = Trans;
    spec.order.assign(trans.getOrder().begin(), trans.getOrder().end());
  } else if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    spec.kind = Reshape;
    spec.resultShape.assign(reshape.getType().getShape().begin(),
                            reshape.getType().getShape().end());
  } else if (auto cat = dyn_cast<CatOp>(op)) {
    spec.kind = Cat;
    spec.dim = cat.getDim();
  } else {
    spec.kind = isa<JoinOp>(op) ? Join : Split;
  }
  return spec;
}

bool ShapeOpSpec::isShapeOp(Operation *op) {
  return isa<TransOp, ReshapeOp, CatOp, JoinOp, SplitOp>(op);
}

SmallVector<int64_t> ShapeOpSpec::getResultShape(ArrayRef<int64_t> src) const {
  SmallVector<int64_t> shape(src);
  switch (kind) {
  case Trans:
    shape.clear();
    for (unsigned d : order)
      shape.push_back(src[d]);
    break;
  case Reshape:
    return resultShape;
  case Cat:
    if (dim < shape.size())
      shape[dim] *= 2;
    break;
  case Join:
    shape.push_back(2);
    break;
  case Split:
    shape.pop_back();
    break;
  }
  return shape;
}

FailureOr<LinearLayout>
ShapeOpSpec::getResultLayout(const LinearLayout &src) const {
  unsigned rank = src.getRank();
  switch (kind) {
  case Trans:
    return src.permuteOuts(order);
  case Reshape:
    return src.reshapeOuts(resultShape);
  case Cat: {
    // The rhs registers follow the lhs ones: a top register bit.
    if (dim >= rank)
      return failure();
    LinearLayout::Basis half(rank, 0);
    half[dim] = src.getOutDimSize(dim);
    return src.withRegisterBasis(src.getInDimSizeLog2(LinearLayout::Register),
                                 half);
  }
  case Join: {
    // lhs and rhs interleaved: register bit 0 selects the pair element.
    LinearLayout::Basis pair(rank + 1, 0);
    pair[rank] = 1;
    return src.withOutDimInserted(rank).withRegisterBasis(0, pair);
  }
  case Split: {
    int bit = getSplitRegisterBit(src);
    if (bit < 0)
      return failure();
    return src.withoutRegisterBasis(bit).withOutDimRemoved(rank - 1);
  }
  }
  return failure();
}

FailureOr<LinearLayout>
ShapeOpSpec::getOperandLayout(const LinearLayout &result,
                              ArrayRef<int64_t> srcShape) const {
  unsigned rank = result.getRank();
  std::optional<LinearLayout> l;
  switch (kind) {
  case Trans:
    l = result.permuteOuts(invertPermutation(order));
    break;
  case Reshape:
    l = result.reshapeOuts(srcShape);
    break;
  case Split: {
    LinearLayout::Basis pair(rank + 1, 0);
    pair[rank] = 1;
    l = result.withOutDimInserted(rank).withRegisterBasis(0, pair);
    break;
  }
  case Cat: {
    // Any register bit that steps by the lhs extent along `dim`.
    if (dim >= rank)
      return failure();
    LinearLayout::Basis half(rank, 0);
    half[dim] = int32_t(srcShape[dim]);
    const auto &regs = result.getBases(LinearLayout::Register);
    auto it = llvm::find(regs, half);
    if (it == regs.end())
      return failure();
    l = result.withoutRegisterBasis(it - regs.begin());
    break;
  }
  case Join: {
    LinearLayout::Basis pair(rank, 0);
    pair[rank - 1] = 1;
    int bit = result.getSoleRegisterBitAlong(pair, rank - 1);
    if (bit < 0)
      return failure();
    l = result.withoutRegisterBasis(bit).withOutDimRemoved(rank - 1);
    break;
  }
  }
  if (l->getOutShape() != SmallVector<int64_t>(srcShape))
    return failure();
  return *l;
}

/// tl.trans of a blocked layout stays blocked (its parameters permuted).
static Attribute transposeBlocked(ArrayRef<unsigned> order,
                                  BlockedLayoutAttr b) {
  SmallVector<unsigned> inv = invertPermutation(order);
  auto permute = [&](ArrayRef<unsigned> v) {
    SmallVector<unsigned> out;
    for (unsigned d : order)
      out.push_back(v[d]);
    return out;
  };
  SmallVector<unsigned> newOrder;
  for (unsigned d : b.getOrder())
    newOrder.push_back(inv[d]);
  return BlockedLayoutAttr::get(b.getContext(), permute(b.getSizePerThread()),
                                permute(b.getThreadsPerWarp()),
                                permute(b.getWarpsPerCTA()), newOrder);
}

Attribute ShapeOpSpec::inferResultEncoding(RankedTensorType src) const {
  if (!getDistributedLayout(src))
    return Attribute();
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(src.getEncoding());
      blocked && kind == Trans)
    return transposeBlocked(order, blocked);
  FailureOr<LinearLayout> ll = getResultLayout(getLinearLayout(src));
  if (failed(ll) || ll->getOutShape() != getResultShape(src.getShape()))
    return Attribute();
  return getLinearLayoutAttr(src.getContext(), *ll);
}

Attribute ShapeOpSpec::inferOperandEncoding(RankedTensorType result,
                                            ArrayRef<int64_t> srcShape) const {
  if (!getDistributedLayout(result))
    return Attribute();
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(result.getEncoding());
      blocked && kind == Trans)
    return transposeBlocked(invertPermutation(order), blocked);
  FailureOr<LinearLayout> ll =
      getOperandLayout(getLinearLayout(result), srcShape);
  if (failed(ll))
    return Attribute();
  return getLinearLayoutAttr(result.getContext(), *ll);
}

std::optional<SmallVector<int64_t>>
ShapeOpSpec::getRegisterMap(const LinearLayout &natural,
                            RankedTensorType result) {
  return LinearLayout::getRegisterMap(natural, getLinearLayout(result), {}, {});
}

//===----------------------------------------------------------------------===//
// Verification and type inference
//===----------------------------------------------------------------------===//

/// What type inference needs of the operand: trans a permutation, split a
/// last dimension of 2, reshape the same element count.
static LogicalResult checkShapeOperand(const ShapeOpSpec &spec,
                                       RankedTensorType src,
                                       function_ref<MaybeDiagnostic()> err) {
  int64_t rank = src.getRank();
  if (spec.kind == ShapeOpSpec::Trans) {
    SmallVector<bool> seen(rank, false);
    if (int64_t(spec.order.size()) != rank)
      return err() << "order has " << spec.order.size()
                   << " entries for a rank-" << rank << " tensor";
    for (unsigned d : spec.order) {
      if (d >= rank || seen[d])
        return err() << "order must be a permutation of 0.." << rank - 1;
      seen[d] = true;
    }
  }
  if (spec.kind == ShapeOpSpec::Cat && spec.dim >= rank)
    return err() << "dim " << spec.dim << " is out of range for rank-" << rank
                 << " operands";
  if (spec.kind == ShapeOpSpec::Split &&
      (rank < 2 || src.getShape().back() != 2))
    return err() << "the last dimension must have extent 2 and another "
                    "dimension must remain, got "
                 << src;
  if (spec.kind == ShapeOpSpec::Reshape) {
    int64_t n = 1;
    for (int64_t e : spec.resultShape)
      n *= e;
    if (n != src.getNumElements())
      return err() << "the result has " << n << " elements but the source "
                   << src.getNumElements();
  }
  return success();
}

static std::string printAttr(Attribute a) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << a;
  return s;
}

/// The op's contract: element types and shapes as the op defines them, one
/// layout for both operands of cat/join, and result layouts that keep every
/// element in its thread.
static LogicalResult verifyShapeOp(Operation *op) {
  ShapeOpSpec spec = ShapeOpSpec::get(op);
  auto src = cast<RankedTensorType>(op->getOperand(0).getType());
  auto err = [&]() { return op->emitOpError(); };
  if (failed(checkShapeOperand(
          spec, src, [&]() { return MaybeDiagnostic(op->emitOpError()); })))
    return failure();
  SmallVector<int64_t> shape = spec.getResultShape(src.getShape());
  for (Value result : op->getResults()) {
    auto type = cast<RankedTensorType>(result.getType());
    if (type.getElementType() != src.getElementType())
      return op->emitOpError("source and result element types differ");
    if (type.getShape() != ArrayRef<int64_t>(shape))
      return op->emitOpError("result shape must be ")
             << RankedTensorType::get(shape, src.getElementType()) << ", got "
             << type;
    if (!src.getEncoding() != !type.getEncoding())
      return op->emitOpError("source and result must both have layouts or "
                             "both have none");
  }
  if (!getDistributedLayout(src))
    return success();
  FailureOr<LinearLayout> natural = spec.getResultLayout(getLinearLayout(src));
  if (failed(natural))
    return op->emitOpError("the source's last dimension must be one register "
                           "bit of each thread (both elements of a pair in "
                           "the same thread); convert the source to such a "
                           "layout first");
  for (Value result : op->getResults()) {
    auto type = cast<RankedTensorType>(result.getType());
    if (!ShapeOpSpec::getRegisterMap(*natural, type))
      return op->emitOpError("result layout ")
             << type.getEncoding()
             << " would move elements between threads; the layout that keeps "
                "them in place is "
             << printAttr(spec.inferResultEncoding(src))
             << " (convert the result with tlxamd.convert_layout)";
  }
  return success();
}

LogicalResult TransOp::verify() { return verifyShapeOp(*this); }
LogicalResult ReshapeOp::verify() { return verifyShapeOp(*this); }
LogicalResult CatOp::verify() { return verifyShapeOp(*this); }
LogicalResult JoinOp::verify() { return verifyShapeOp(*this); }
LogicalResult SplitOp::verify() { return verifyShapeOp(*this); }

RankedTensorType ReshapeOp::inferResultType(RankedTensorType src,
                                            ArrayRef<int64_t> shape) {
  ShapeOpSpec spec;
  spec.kind = ShapeOpSpec::Reshape;
  spec.resultShape.assign(shape.begin(), shape.end());
  int64_t n = 1;
  for (int64_t e : shape) {
    if (e <= 0 || !llvm::isPowerOf2_64(e))
      return nullptr;
    n *= e;
  }
  if (n != src.getNumElements())
    return nullptr;
  Attribute enc = spec.inferResultEncoding(src);
  if (getDistributedLayout(src) && !enc)
    return nullptr;
  return RankedTensorType::get(shape, src.getElementType(), enc);
}

static LogicalResult inferShapeOpTypes(const ShapeOpSpec &spec,
                                       ValueRange operands, unsigned results,
                                       SmallVectorImpl<Type> &out) {
  if (operands.empty())
    return failure();
  auto src = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!src || src.getRank() == 0)
    return failure();
  auto none = [&]() { return MaybeDiagnostic(); };
  if (failed(checkShapeOperand(spec, src, none)))
    return failure();
  SmallVector<int64_t> shape = spec.getResultShape(src.getShape());
  Attribute enc = spec.inferResultEncoding(src);
  if (getDistributedLayout(src) && !enc)
    return failure();
  out.assign(results, RankedTensorType::get(shape, src.getElementType(), enc));
  return success();
}

/// Results may carry any layout the verifier accepts (registers reordered).
static bool areShapeOpTypesCompatible(TypeRange l, TypeRange r) {
  if (l.size() != r.size())
    return false;
  for (auto [a, b] : llvm::zip(l, r)) {
    auto ta = dyn_cast<RankedTensorType>(a), tb = dyn_cast<RankedTensorType>(b);
    if (!ta || !tb || ta.getShape() != tb.getShape() ||
        ta.getElementType() != tb.getElementType())
      return false;
  }
  return true;
}

LogicalResult TransOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        ValueRange operands,
                                        DictionaryAttr attrs,
                                        OpaqueProperties props,
                                        RegionRange regions,
                                        SmallVectorImpl<Type> &out) {
  TransOp::Adaptor adaptor(operands, attrs, props, regions);
  ShapeOpSpec spec;
  spec.kind = ShapeOpSpec::Trans;
  if (!adaptor.getOrderAttr())
    return failure();
  for (int32_t d : adaptor.getOrder()) {
    if (d < 0)
      return failure();
    spec.order.push_back(unsigned(d));
  }
  return inferShapeOpTypes(spec, operands, 1, out);
}

LogicalResult CatOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                      ValueRange operands, DictionaryAttr attrs,
                                      OpaqueProperties props, RegionRange,
                                      SmallVectorImpl<Type> &out) {
  // `dim` may be absent (its default, 0) from both the properties and the
  // attribute dictionary of a generic builder.
  IntegerAttr dim;
  if (auto *p = props.as<CatOp::Properties *>())
    dim = p->getDim();
  if (!dim && attrs)
    dim = attrs.getAs<IntegerAttr>("dim");
  ShapeOpSpec spec;
  spec.kind = ShapeOpSpec::Cat;
  std::optional<int64_t> d = getSignlessIntValue(dim);
  if (dim && (!d || *d < 0))
    return failure(); // the verifier names the attribute
  spec.dim = d ? unsigned(*d) : 0;
  return inferShapeOpTypes(spec, operands, 1, out);
}

#define TLXAMD_SHAPE_OP_INFERENCE(OpTy, Kind, Results)                         \
  LogicalResult OpTy::inferReturnTypes(MLIRContext *, std::optional<Location>, \
                                       ValueRange operands, DictionaryAttr,    \
                                       OpaqueProperties, RegionRange,          \
                                       SmallVectorImpl<Type> &out) {           \
    ShapeOpSpec spec;                                                          \
    spec.kind = ShapeOpSpec::Kind;                                             \
    return inferShapeOpTypes(spec, operands, Results, out);                    \
  }
TLXAMD_SHAPE_OP_INFERENCE(JoinOp, Join, 1)
TLXAMD_SHAPE_OP_INFERENCE(SplitOp, Split, 2)
#undef TLXAMD_SHAPE_OP_INFERENCE

#define TLXAMD_SHAPE_OP_COMPATIBLE(OpTy)                                       \
  bool OpTy::isCompatibleReturnTypes(TypeRange l, TypeRange r) {               \
    return areShapeOpTypesCompatible(l, r);                                    \
  }
TLXAMD_SHAPE_OP_COMPATIBLE(TransOp)
TLXAMD_SHAPE_OP_COMPATIBLE(CatOp)
TLXAMD_SHAPE_OP_COMPATIBLE(JoinOp)
TLXAMD_SHAPE_OP_COMPATIBLE(SplitOp)
#undef TLXAMD_SHAPE_OP_COMPATIBLE
