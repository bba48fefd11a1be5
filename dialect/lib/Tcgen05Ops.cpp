//===- Tcgen05Ops.cpp - tcgen05 MMAs and scale copies ---------------------===//
//
// The contracts of Blackwell's asynchronous MMAs: operand tiles the tensor
// core can describe (swizzled nvmma_shared tiles, an f32 accumulator in
// tensor memory), the instruction shapes, the MX formats (T3), the
// two-CTA split (T1), MX scales in tensor memory or in the shared-memory
// scale-factor order, and one CTA group per kernel.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Layout/Tcgen05.h"
#include "tlxamd/Layout/TensorMemory.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tlxamd;

int64_t mlir::tlxamd::getMmaOperandByteOffset(MemDescType type, bool isB,
                                              int64_t mn, int64_t k) {
  // A is [M, K], B is [K, N].
  SmallVector<int64_t, 2> c =
      isB ? SmallVector<int64_t, 2>{k, mn} : SmallVector<int64_t, 2>{mn, k};
  return getSharedOffsetOf(type.getEncoding(), type.getAllocTileShape(), c) *
         (type.getElementType().getIntOrFloatBitWidth() / 8);
}

std::optional<SmemMatrixDescriptor>
mlir::tlxamd::getMmaOperandDescriptor(MemDescType type, bool isB,
                                      int64_t instrMN, int64_t instrK,
                                      std::string &why) {
  auto layout = dyn_cast<NvmmaSharedLayoutAttr>(type.getEncoding());
  if (!layout || type.getTileShape().size() != 2) {
    why = "a tcgen05.mma operand is a rank-2 nvmma_shared tile";
    return std::nullopt;
  }
  int64_t elementBytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  auto byteOffset = [&](int64_t mn, int64_t k) {
    return getMmaOperandByteOffset(type, isB, mn, k);
  };
  return getOperandDescriptor(byteOffset, layout.getSwizzleBytes(),
                              !isMmaOperandMNMajor(type, isB), instrMN, instrK,
                              elementBytes, why);
}

bool mlir::tlxamd::isMmaOperandMNMajor(MemDescType type, bool isB) {
  auto layout = cast<NvmmaSharedLayoutAttr>(type.getEncoding());
  unsigned contiguous = layout.getTransposed() ? 0 : 1;
  return contiguous != (isB ? 0u : 1u);
}

namespace {

/// One whole tile, not a view or a multi-buffered allocation.
LogicalResult checkWholeTile(Operation *op, MemDescType type, StringRef what) {
  if (type.isMultiBuffered())
    return op->emitOpError() << what << " is one buffer: select it first "
                             << "(memdesc_index), got " << type;
  if (type.getShape() != type.getAllocTileShape())
    return op->emitOpError()
           << what << " is a whole tile, not a view: " << type;
  return success();
}

/// The shared operands and the accumulator of a tcgen05.mma: [M, K] x [K,
/// N / (2 with two CTAs)] into an f32 [M, N] tile in tensor memory, an
/// instruction shape, K whole instructions of `instrK`, descriptors the
/// layouts can give. `kPackA` / `kPackB`: values per element along K.
LogicalResult verifyMmaOperands(Operation *op, MemDescType a, MemDescType b,
                                MemDescType acc, bool twoCtas, int64_t instrK,
                                int64_t kPackA = 1, int64_t kPackB = 1) {
  if (a.isTensorMemory() || b.isTensorMemory())
    return op->emitOpError("reads A and B from shared memory");
  if (failed(checkWholeTile(op, a, "A")) ||
      failed(checkWholeTile(op, b, "B")) ||
      failed(checkWholeTile(op, acc, "the accumulator")))
    return failure();
  if (a.getShape().size() != 2 || b.getShape().size() != 2)
    return op->emitOpError("multiplies matrices: A and B have rank 2");
  if (!isa<TensorMemoryLayoutAttr>(acc.getEncoding()) ||
      !acc.getElementType().isF32())
    return op->emitOpError("accumulates into an f32 tile in the standard "
                           "tensor-memory layout (#tlxamd.tmem), got ")
           << acc;
  int64_t m = acc.getShape()[0], n = acc.getShape()[1];
  int64_t k = a.getShape()[1] * kPackA;
  int64_t bn = b.getShape()[1];
  if (a.getShape()[0] != m || b.getShape()[0] * kPackB != k)
    return op->emitOpError("multiplies [M, K] by [K, N] into [M, N]: A is [")
           << a.getShape() << "], B [" << b.getShape() << "], the accumulator ["
           << acc.getShape() << "]";
  if (twoCtas ? bn * 2 != n : bn != n)
    return op->emitOpError()
           << (twoCtas ? "T1: with two_ctas each CTA holds half of B's "
                         "columns (N / 2 = "
                       : "B has the accumulator's N (")
           << (twoCtas ? n / 2 : n) << "), got " << bn;
  int64_t instrM = twoCtas ? 2 * m : m;
  if (!Tcgen05InstrDescriptor::isValidShape(instrM, n, twoCtas))
    return op->emitOpError()
           << "the MMA is M x N = " << instrM << " x " << n
           << (twoCtas ? " over the CTA pair" : "") << "; tcgen05.mma takes "
           << (twoCtas ? "M = 256 (128 rows per CTA) with N a multiple of "
                         "32 up to 256"
                       : "M = 128 with N a multiple of 16 up to 256");
  if (k % instrK)
    return op->emitOpError("K = ")
           << k << " is not a whole number of instructions (" << instrK
           << " elements of K each)";
  std::string why;
  if (!getMmaOperandDescriptor(a, /*isB=*/false, m, instrK / kPackA, why))
    return op->emitOpError("A: ") << why << ", got " << a;
  if (!getMmaOperandDescriptor(b, /*isB=*/true, bn, instrK / kPackB, why))
    return op->emitOpError("B: ") << why << ", got " << b;
  return success();
}

/// Whether a shared tile is unswizzled row-major (every coordinate bit at
/// its row-major offset).
bool isRowMajor(MemDescType type) {
  if (isa<PaddedSharedLayoutAttr>(type.getEncoding()))
    return false; // the padding moves the rows apart
  ArrayRef<int64_t> shape = type.getAllocTileShape();
  int64_t stride = 1;
  for (unsigned d = shape.size(); d-- > 0;) {
    for (int64_t bit = 1; bit < shape[d]; bit <<= 1) {
      SmallVector<int64_t> c(shape.size(), 0);
      c[d] = bit;
      if (getSharedOffsetOf(type.getEncoding(), shape, c) != bit * stride)
        return false;
    }
    stride *= shape[d];
  }
  return true;
}

/// MX scales in shared memory, in the scale-factor order tcgen05.cp
/// copies: `blocks` = [row blocks, scale blocks] as [rb, kb, 32, 16] or
/// [rb, kb * 512] bytes, row-major and unswizzled.
LogicalResult verifySharedScales(Operation *op, MemDescType type, int64_t rows,
                                 int64_t scales, StringRef what) {
  using SM = TensorMemoryScalesMap;
  if (!type.getElementType().isInteger(8))
    return op->emitOpError() << what << " holds uint8 / int8 E8M0 scales, got "
                             << type.getElementType();
  if (failed(checkWholeTile(op, type, what)))
    return failure();
  int64_t rb = rows / SM::kBlockRows, kb = scales / SM::kBlockScales;
  ArrayRef<int64_t> s = type.getShape();
  bool four = s.size() == 4 && s[0] == rb && s[1] == kb && s[2] == 32 &&
              s[3] == SM::kBlockBytes / 32;
  bool two = s.size() == 2 && s[0] == rb && s[1] == kb * SM::kBlockBytes;
  if (!four && !two)
    return op->emitOpError()
           << what << ": " << rows << " x " << scales
           << " scales in shared memory are " << rb << " x " << kb
           << " blocks of 512 bytes in the scale-factor order, as [" << rb
           << ", " << kb << ", 32, 16] or [" << rb << ", "
           << kb * SM::kBlockBytes << "]; got [" << s << "]";
  if (!isRowMajor(type))
    return op->emitOpError()
           << what << ": the scale blocks are read as they lie: an "
           << "unswizzled row-major layout, got " << type.getEncoding();
  return success();
}

/// A scale operand of async_dot_scaled: `rows` x `scales` in tensor memory
/// (the scales layout or the placeholder) or in shared memory.
LogicalResult verifyScaleOperand(Operation *op, MemDescType type, int64_t rows,
                                 int64_t scales, StringRef what) {
  if (!TensorMemoryScalesMap::isValidShape(rows, scales))
    return op->emitOpError()
           << what << " is " << rows << " x " << scales
           << " E8M0 scales; tcgen05's block scaling reads whole blocks of "
           << TensorMemoryScalesMap::kBlockRows << " rows x "
           << TensorMemoryScalesMap::kBlockScales << " scales";
  if (!type.isTensorMemory())
    return verifySharedScales(op, type, rows, scales, what);
  if (!isa<TensorMemoryScalesLayoutAttr, TensorMemoryPlaceholderLayoutAttr>(
          type.getEncoding()))
    return op->emitOpError()
           << what << " in tensor memory has the scales layout "
           << "(#tlxamd.tmem_scales, or the placeholder a uint8 allocation "
           << "starts with), got " << type.getEncoding();
  ArrayRef<int64_t> tile = type.getTileShape();
  if (tile[0] != rows || tile[1] != scales)
    return op->emitOpError()
           << what << " is [" << rows << ", " << scales
           << "] (one scale per 32 K elements), got [" << tile << "]";
  return success();
}

std::optional<bool> twoCtasOf(Operation *op) {
  if (auto d = dyn_cast<AsyncDotScaledOp>(op))
    return d.getTwoCtas();
  if (auto d = dyn_cast<AsyncDotOp>(op))
    return d.getTwoCtas();
  if (auto c = dyn_cast<Tcgen05CommitOp>(op))
    return c.getTwoCtas();
  return std::nullopt;
}

LogicalResult checkBarriers(Operation *op, ValueRange barriers) {
  for (Value b : barriers)
    if (failed(checkBarrier(op, cast<MemDescType>(b.getType()))))
      return failure();
  return success();
}

} // namespace

LogicalResult AsyncDotScaledOp::verify() {
  const ScaledFormat *formats[2];
  StringRef names[2] = {getAFormat(), getBFormat()};
  MemDescType types[2] = {getA().getType(), getB().getType()};
  for (int i = 0; i < 2; ++i) {
    formats[i] = getScaledFormat(names[i]);
    if (!formats[i] || !Tcgen05InstrDescriptor::getMxTypeCode(names[i]))
      return emitOpError("T3: ")
             << (i ? "B" : "A") << "_format is one of the FP8 / FP6 / FP4 "
             << "kinds of kind::mxf8f6f4 (e4m3, e5m2, e2m3, e3m2, e2m1), got \""
             << names[i] << "\"";
    if (!isScaledFormatElement(*formats[i], types[i].getElementType()))
      return emitOpError() << (i ? "B" : "A") << " in format " << names[i]
                           << " holds "
                           << describeScaledFormatElements(*formats[i])
                           << ", got " << types[i].getElementType();
  }
  int64_t packA = formats[0]->bits == 4 ? 2 : 1;
  int64_t packB = formats[1]->bits == 4 ? 2 : 1;
  MemDescType acc = getAcc().getType();
  if (failed(verifyMmaOperands(*this, types[0], types[1], acc, getTwoCtas(),
                               Tcgen05InstrDescriptor::kMxK, packA, packB)))
    return failure();
  int64_t scales = types[0].getShape()[1] * packA / kScaleBlockSize;
  // T1: B's scales are not split: every CTA holds all N columns'.
  if (failed(verifyScaleOperand(*this, getAScale().getType(), acc.getShape()[0],
                                scales, "A_scale")) ||
      failed(verifyScaleOperand(*this, getBScale().getType(), acc.getShape()[1],
                                scales, "B_scale")))
    return failure();
  return checkBarriers(*this, getBarriers());
}

LogicalResult AsyncDotOp::verify() {
  Type ea = getA().getType().getElementType();
  Type eb = getB().getType().getElementType();
  if (ea != eb || !(ea.isF16() || ea.isBF16()))
    return emitOpError("multiplies f16 or bf16 tiles of one type "
                       "(kind::f16), got ")
           << ea << " and " << eb;
  if (failed(verifyMmaOperands(*this, getA().getType(), getB().getType(),
                               getAcc().getType(), getTwoCtas(),
                               Tcgen05InstrDescriptor::kF16K)))
    return failure();
  return checkBarriers(*this, getBarriers());
}

LogicalResult TmemCopyOp::verify() {
  MemDescType src = getSrc().getType(), dst = getDest().getType();
  if (!isa<TensorMemoryScalesLayoutAttr, TensorMemoryPlaceholderLayoutAttr>(
          dst.getEncoding()))
    return emitOpError("copies MX scales: the destination is a uint8 "
                       "tensor-memory buffer in the scales layout, got ")
           << dst;
  if (!dst.getMutableMemory())
    return emitOpError("writes a mutable buffer");
  if (dst.isMultiBuffered() &&
      !isa<TensorMemoryPlaceholderLayoutAttr>(dst.getEncoding()))
    return emitOpError("copies into one buffer, got ") << dst;
  ArrayRef<int64_t> tile = dst.getTileShape();
  return verifySharedScales(*this, src, tile[0], tile[1], "the source");
}

unsigned mlir::tlxamd::getCtaGroup(Operation *op) {
  Operation *func = isa<FunctionOpInterface>(op)
                        ? op
                        : op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return 1;
  bool two = false;
  func->walk([&](Operation *o) {
    std::optional<bool> t = twoCtasOf(o);
    two = t && *t;
    return two ? WalkResult::interrupt() : WalkResult::advance();
  });
  return two ? 2 : 1;
}

LogicalResult mlir::tlxamd::verifyCtaGroups(Operation *root) {
  bool failed = false;
  root->walk([&](FunctionOpInterface func) {
    Operation *first = nullptr;
    bool firstTwo = false;
    func->walk([&](Operation *op) {
      std::optional<bool> two = twoCtasOf(op);
      if (!two)
        return;
      if (!first) {
        first = op;
        firstTwo = *two;
        return;
      }
      if (*two == firstTwo)
        return;
      InFlightDiagnostic d =
          op->emitOpError("uses cta_group::")
          << (*two ? 2 : 1) << " in a kernel whose tcgen05 operations use "
          << "cta_group::" << (firstTwo ? 2 : 1)
          << ": every tcgen05 operation of a kernel uses one CTA group "
          << "(two_ctas on all of its MMAs and commits, or on none)";
      d.attachNote(first->getLoc()) << "the first one is here";
      failed = true;
    });
    if (first && firstTwo && getNumCtas(func) != 2) {
      first->emitOpError("T1: a two-CTA MMA runs across the two CTAs of a "
                         "cluster: the kernel needs num_ctas = 2, got ")
          << getNumCtas(func);
      failed = true;
    }
  });
  return failure(failed);
}
