//===- MemoryOps.cpp - buffer_load/store/atomic_add contracts ------------===//
//
// Every rule of the TLX buffer-op reference that can be decided at compile time
// (B1-B20 in the contract inventory) is checked here, with the numbers in the
// message. Target-dependent rules (B1) are checked by the conversion passes,
// which know the chip.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// The documented cache modifiers of loads and stores (B4).
ArrayRef<CacheModifier> mlir::tlxamd::getCacheModifiers(bool isLoad) {
  static constexpr CacheModifier load[] = {CacheModifier::ca, CacheModifier::cg,
                                           CacheModifier::cs,
                                           CacheModifier::cv};
  static constexpr CacheModifier store[] = {
      CacheModifier::wb, CacheModifier::cg, CacheModifier::cs,
      CacheModifier::wt};
  return isLoad ? ArrayRef<CacheModifier>(load)
                : ArrayRef<CacheModifier>(store);
}

/// B2, B5, B6, B7, B20: the rules all three ops share. `data` is the loaded,
/// stored or added tensor type.
static LogicalResult verifyBufferCommon(Operation *op, PtrType ptrType,
                                        RankedTensorType offsets,
                                        RankedTensorType data,
                                        int64_t contiguity,
                                        StringRef dataName) {
  if (ptrType.getAddressSpace() != 1)
    return op->emitOpError("ptr must point to global memory (address space "
                           "1), got address space ")
           << ptrType.getAddressSpace();
  if (data.getElementType() != ptrType.getPointeeType())
    return op->emitOpError()
           << dataName << " element type " << data.getElementType()
           << " must match the pointee type " << ptrType.getPointeeType();
  if (data.getShape() != offsets.getShape())
    return op->emitOpError() << dataName << " must have the shape of the "
                             << "offsets";
  if (contiguity <= 0 || !llvm::isPowerOf2_64(contiguity))
    return op->emitOpError("contiguity must be a positive power of two, got ")
           << contiguity;
  // Without a layout yet, layout assignment chooses one that satisfies B5.
  if (!offsets.getEncoding())
    return success();
  int64_t owned = getLinearLayout(offsets).getNumRegisters();
  if (owned % contiguity != 0)
    return op->emitOpError("contiguity ")
           << contiguity << " must divide the " << owned
           << " elements owned by each thread";
  return success();
}

LogicalResult mlir::tlxamd::verifyCacheModifier(
    Operation *op, std::optional<CacheModifier> cache, bool isLoad) {
  ArrayRef<CacheModifier> allowed = getCacheModifiers(isLoad);
  StringRef kind = isLoad ? "load" : "store";
  if (!cache || llvm::is_contained(allowed, *cache))
    return success();
  auto diag = op->emitOpError("cache modifier \"")
              << stringifyCacheModifier(*cache) << "\" is not one of the "
              << kind << " modifiers ";
  llvm::interleaveComma(allowed, diag, [&](CacheModifier c) {
    diag << "\"" << stringifyCacheModifier(c) << "\"";
  });
  return diag;
}

/// Layouts agree, or one side has none yet (layout assignment joins them).
static bool haveSameLayout(RankedTensorType a, RankedTensorType b) {
  return !a.getEncoding() || !b.getEncoding() ||
         a.getEncoding() == b.getEncoding();
}

/// B10/B17: a packed access may not span more registers than the layout
/// keeps adjacent in memory order.
static LogicalResult verifyAdjacency(Operation *op, RankedTensorType type,
                                     int64_t contiguity, StringRef rule,
                                     StringRef layoutName) {
  if (contiguity <= 1 || !type.getEncoding())
    return success();
  int64_t adjacency = getLinearLayout(type).getContiguousRegisters();
  if (contiguity <= adjacency)
    return success();
  return op->emitOpError("contiguity ")
         << contiguity << " exceeds the physical adjacency " << adjacency
         << " of the " << layoutName << " (" << rule << ")";
}

LogicalResult BufferLoadOp::verify() {
  if (failed(verifyBufferCommon(*this, getPtr().getType(),
                                getOffsets().getType(), getType(),
                                getContiguity(), "result")))
    return failure();
  if (!haveSameLayout(getType(), getOffsets().getType()))
    return emitOpError("result must have the layout of the offsets");
  if (getOther() && !getMask())
    return emitOpError("other requires a mask");
  if (getMaskedUndef() && (!getMask() || getOther()))
    return emitOpError("masked_undef requires a mask and no other");
  return verifyCacheModifier(*this, getCache(), /*isLoad=*/true);
}

LogicalResult BufferStoreOp::verify() {
  RankedTensorType valueType = getValue().getType();
  if (failed(verifyBufferCommon(*this, getPtr().getType(),
                                getOffsets().getType(), valueType,
                                getContiguity(), "stored value")))
    return failure();
  // B11: offsets (and, by the mask's type constraint, the mask) carry the
  // stored value's encoding.
  if (!haveSameLayout(getOffsets().getType(), valueType))
    return emitOpError("offsets must have the layout of the stored value");
  if (getContiguity() > 1) {
    // B9: the store layout is anchored by require_layout.
    if (!getValue().getDefiningOp<RequireLayoutOp>())
      return emitOpError("contiguity ")
             << getContiguity()
             << " requires the stored value to be pinned with "
                "tlxamd.require_layout";
    // B10: no wider than the pinned layout's physical adjacency.
    if (failed(verifyAdjacency(*this, valueType, getContiguity(), "B10",
                               "pinned layout")))
      return failure();
  }
  return verifyCacheModifier(*this, getCache(), /*isLoad=*/false);
}

LogicalResult BufferAtomicAddOp::verify() {
  RankedTensorType valueType = getValue().getType();
  if (failed(verifyBufferCommon(*this, getPtr().getType(),
                                getOffsets().getType(), valueType,
                                getContiguity(), "value")))
    return failure();
  if (!haveSameLayout(getOffsets().getType(), valueType))
    return emitOpError("offsets must have the layout of the value");
  Type elem = valueType.getElementType();
  if (!elem.isF32() && !elem.isF16() && !elem.isBF16() &&
      !elem.isSignlessInteger(32))
    return emitOpError("element type ")
           << elem << " is not supported (f32, i32, f16, bf16)";
  // B18: 16-bit floats are added as packed pairs.
  if ((elem.isF16() || elem.isBF16()) && getContiguity() < 2)
    return emitOpError("packed ")
           << elem << " atomics need contiguity >= 2, got " << getContiguity();
  // B17: a packed atomic keeps the layout and, as a store (B10), spans no
  // more registers than the layout keeps adjacent.
  return verifyAdjacency(*this, valueType, getContiguity(), "B17, B10",
                         "value's layout");
}
