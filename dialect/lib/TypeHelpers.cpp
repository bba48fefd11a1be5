//===- TypeHelpers.cpp - type and kernel helpers --------------------------===//
//
// Helpers over the dialect's types and kernel attributes that every family
// uses (TypeHelpers.h): i1 and pointee types like a given one, element
// widths, valid pointees, integer attribute values, a kernel's warps and
// CTAs.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

using namespace mlir;
using namespace mlir::tlxamd;

Type mlir::tlxamd::getI1TensorLike(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t)
    return Type();
  return RankedTensorType::get(
      t.getShape(), IntegerType::get(t.getContext(), 1), t.getEncoding());
}

bool mlir::tlxamd::isTlxAmdTensorType(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  return t && (!t.getEncoding() || getDistributedLayout(t));
}

Type mlir::tlxamd::getI1Like(Type type) {
  if (isa<RankedTensorType>(type))
    return getI1TensorLike(type);
  return IntegerType::get(type.getContext(), 1);
}

Type mlir::tlxamd::getPointeeLike(Type type) {
  if (auto ptr = dyn_cast<PtrType>(type))
    return ptr.getPointeeType();
  auto t = dyn_cast<RankedTensorType>(type);
  auto ptr = t ? dyn_cast<PtrType>(t.getElementType()) : PtrType();
  if (!ptr)
    return Type();
  return RankedTensorType::get(t.getShape(), ptr.getPointeeType(),
                               t.getEncoding());
}

unsigned mlir::tlxamd::getElementBitWidth(Type elementType) {
  if (isa<PtrType>(elementType))
    return 64;
  return elementType.getIntOrFloatBitWidth();
}

bool mlir::tlxamd::isValidPointeeType(Type type) {
  return type.isIntOrFloat() && type.getIntOrFloatBitWidth() % 8 == 0;
}

std::optional<int64_t> mlir::tlxamd::getSignlessIntValue(Attribute attr) {
  auto i = dyn_cast_or_null<IntegerAttr>(attr);
  if (!i || !(i.getType().isSignlessInteger() || i.getType().isIndex()) ||
      i.getValue().getSignificantBits() > 64)
    return std::nullopt;
  return i.getValue().getSExtValue();
}

std::optional<int64_t> mlir::tlxamd::getNumWarps(Operation *kernel) {
  return getSignlessIntValue(
      kernel->getAttr(TlxAmdDialect::getNumWarpsAttrName()));
}

unsigned mlir::tlxamd::getMatrixInstrNonKDim(Operation *op) {
  for (; op; op = op->getParentOp())
    if (std::optional<int64_t> n = getSignlessIntValue(
            op->getAttr(TlxAmdDialect::getMatrixInstrNonKDimAttrName())))
      return unsigned(*n);
  return 0;
}

int64_t mlir::tlxamd::getNumCtas(Operation *op) {
  for (; op; op = op->getParentOp())
    if (std::optional<int64_t> n = getSignlessIntValue(
            op->getAttr(TlxAmdDialect::getNumCtasAttrName())))
      return *n;
  return 1;
}
