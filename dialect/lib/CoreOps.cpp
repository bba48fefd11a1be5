//===- CoreOps.cpp - program ids and scalar memory ops -------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/IR/TypeUtilities.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// Scalar memory through a typed pointer is defined for global (1) and shared
/// (3) memory; other address spaces have no tlxamd meaning.
static LogicalResult verifyScalarAccess(Operation *op, PtrType ptrType) {
  unsigned as = ptrType.getAddressSpace();
  if (as != 1 && as != 3)
    return op->emitOpError("pointer address space must be 1 (global) or 3 "
                           "(shared), got ")
           << as;
  return success();
}

static PtrType getPtrType(Type type) {
  if (auto t = dyn_cast<RankedTensorType>(type))
    return cast<PtrType>(t.getElementType());
  return cast<PtrType>(type);
}

LogicalResult AddPtrOp::verify() {
  Type ptr = getPtr().getType(), offset = getOffset().getType();
  auto ptrs = dyn_cast<RankedTensorType>(ptr);
  auto offsets = dyn_cast<RankedTensorType>(offset);
  if (bool(ptrs) != bool(offsets))
    return emitOpError("a tensor of pointers needs a tensor of offsets and a "
                       "scalar pointer a scalar offset, got ")
           << ptr << " and " << offset;
  if (ptrs && (ptrs.getShape() != offsets.getShape() ||
               ptrs.getEncoding() != offsets.getEncoding()))
    return emitOpError("offsets ")
           << offset << " must have the shape and layout of the pointers "
           << ptr;
  return verifyScalarAccess(*this, getPtrType(ptr));
}

/// The int / pointer casts keep a tensor's layout (Elementwise checks the
/// shapes).
static LogicalResult verifySameLayout(Operation *op) {
  auto src = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto dst = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (src && dst && src.getEncoding() != dst.getEncoding())
    return op->emitOpError("result ")
           << dst << " must have the layout of the operand " << src;
  return success();
}

/// Integer <-> pointer casts address global memory (64-bit addresses).
static LogicalResult verifyGlobalPointer(Operation *op, Type type) {
  PtrType ptr = getPtrType(type);
  if (ptr.getAddressSpace() != 1)
    return op->emitOpError("converts global-memory pointers (address space "
                           "1) only, got ")
           << ptr;
  return success();
}

LogicalResult IntToPtrOp::verify() {
  if (failed(verifySameLayout(*this)))
    return failure();
  return verifyGlobalPointer(*this, getResult().getType());
}

LogicalResult PtrToIntOp::verify() {
  if (failed(verifySameLayout(*this)))
    return failure();
  return verifyGlobalPointer(*this, getSrc().getType());
}

LogicalResult PtrCastOp::verify() {
  if (failed(verifySameLayout(*this)))
    return failure();
  PtrType src = getPtrType(getSrc().getType());
  PtrType dst = getPtrType(getResult().getType());
  if (src.getAddressSpace() != dst.getAddressSpace())
    return emitOpError("keeps the address space: ") << src << " -> " << dst;
  return verifyScalarAccess(*this, dst);
}

/// A mask needs a tensor of pointers or a scalar pointer of global memory;
/// `other` needs a mask.
/// A cache modifier is lowered on tensors of global pointers (the buffer
/// path); a scalar access has no cache policy to carry it.
static LogicalResult verifyAccess(Operation *op, Type ptr, Value mask,
                                  Value other,
                                  std::optional<CacheModifier> cache,
                                  bool isLoad) {
  if (other && !mask)
    return op->emitOpError("other requires a mask");
  if (cache && !isa<RankedTensorType>(ptr))
    return op->emitOpError("a cache modifier needs a tensor of pointers; "
                           "scalar accesses take none");
  if (failed(verifyCacheModifier(op, cache, isLoad)))
    return failure();
  return verifyScalarAccess(op, getPtrType(ptr));
}

LogicalResult LoadOp::verify() {
  return verifyAccess(*this, getPtr().getType(), getMask(), getOther(),
                      getCache(), /*isLoad=*/true);
}

LogicalResult StoreOp::verify() {
  return verifyAccess(*this, getPtr().getType(), getMask(), Value(), getCache(),
                      /*isLoad=*/false);
}

/// Atomics: 32- or 64-bit integers and floats in global memory; bitwise
/// operations on integers only.
static LogicalResult verifyAtomic(Operation *op, Type ptrType,
                                  std::optional<AtomicRMWKind> kind) {
  Type elem = getElementTypeOrSelf(getPointeeLike(ptrType));
  unsigned bits = getElementBitWidth(elem);
  bool isInt = elem.isSignlessInteger(), isFloat = isa<FloatType>(elem);
  if (!(isInt || elem.isF32() || elem.isF64()) ||
      (isInt && bits != 32 && bits != 64))
    return op->emitOpError(
               "atomics take 32- or 64-bit integers, f32 or f64, got ")
           << elem
           << (isFloat ? " (16-bit floats: tlx.buffer_atomic_add adds them in "
                         "pairs)"
                       : "");
  if (kind && isFloat &&
      (*kind == AtomicRMWKind::And || *kind == AtomicRMWKind::Or ||
       *kind == AtomicRMWKind::Xor))
    return op->emitOpError("bitwise atomic '")
           << stringifyAtomicRMWKind(*kind) << "' needs integers, got " << elem;
  auto ptr = dyn_cast<PtrType>(getElementTypeOrSelf(ptrType));
  if (ptr && ptr.getAddressSpace() != 1)
    return op->emitOpError("atomics act on global memory (address space 1), "
                           "got address space ")
           << ptr.getAddressSpace();
  return success();
}

LogicalResult AtomicRMWOp::verify() {
  return verifyAtomic(*this, getPtr().getType(), getKind());
}

LogicalResult AtomicCASOp::verify() {
  return verifyAtomic(*this, getPtr().getType(), std::nullopt);
}

// `tlxamd.async_tasks`'s regions, `{...}, {...}`. A task region may name a
// value a later task region defines (the parser resolves the forward
// reference; the verifier rejects it as a dominance error). When a later
// region then fails to parse, the regions are destroyed last-first, which
// would destroy that definition while the earlier region still uses it (a
// fatal error): every parsed region drops its references first.
static ParseResult
parseTaskRegions(OpAsmParser &parser,
                 SmallVectorImpl<std::unique_ptr<Region>> &regions) {
  auto fail = [&] {
    for (std::unique_ptr<Region> &region : regions)
      region->dropAllReferences();
    return failure();
  };
  // No region at all parses (the verifier names the missing tasks).
  auto first = std::make_unique<Region>();
  OptionalParseResult parsed = parser.parseOptionalRegion(*first);
  if (!parsed.has_value())
    return success();
  regions.push_back(std::move(first));
  if (failed(*parsed))
    return fail();
  while (succeeded(parser.parseOptionalComma())) {
    regions.push_back(std::make_unique<Region>());
    if (parser.parseRegion(*regions.back()))
      return fail();
  }
  return success();
}

static void printTaskRegions(OpAsmPrinter &printer, Operation *,
                             MutableArrayRef<Region> regions) {
  llvm::interleaveComma(regions, printer,
                        [&](Region &region) { printer.printRegion(region); });
}

#define GET_OP_CLASSES
#include "tlxamd/Dialect/TlxAmdOps.cpp.inc"
