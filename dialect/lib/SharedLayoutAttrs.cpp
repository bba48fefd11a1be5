//===- SharedLayoutAttrs.cpp - shared-memory layout attributes ------------===//
//
// Rules and printing of #tlxamd.swizzled_shared, #tlxamd.nvmma_shared and
// #tlxamd.padded_shared (their parsers sit with the attribute storage in
// LayoutAttrs.cpp). Their offset maps live in the layout core
// (LayoutConversions.cpp).
//
//===----------------------------------------------------------------------===//
#include "LayoutSyntax.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::layout_syntax;

namespace {
/// `order` is a permutation of 0..rank-1 (rank >= 1).
LogicalResult checkOrder(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<unsigned> order) {
  if (order.empty())
    return emitError() << "order must have at least one entry";
  SmallVector<bool> seen(order.size(), false);
  for (unsigned d : order) {
    if (d >= order.size() || seen[d])
      return emitError() << "order must be a permutation of 0.."
                         << order.size() - 1;
    seen[d] = true;
  }
  return success();
}

/// The rule every shared tile shares: its rank, power-of-two extents, at
/// most the layout core's elements.
LogicalResult checkSharedShape(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, unsigned rank,
                               StringRef mnemonic) {
  if (shape.size() != rank)
    return emitError() << "#tlxamd." << mnemonic << " of rank " << rank
                       << " cannot describe a rank-" << shape.size() << " tile";
  for (auto [i, s] : llvm::enumerate(shape))
    if (s <= 0 || !llvm::isPowerOf2_64(s))
      return emitError() << "shared tile dimension " << i << " is " << s
                         << "; it must be a positive power of two";
  if (boundedProduct(shape, kMaxLayoutElements) > kMaxLayoutElements)
    return emitError() << "shared tile has more than " << kMaxLayoutElements
                       << " elements (2^26, the layout core's limit)";
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// #tlxamd.swizzled_shared
//===----------------------------------------------------------------------===//

void SwizzledSharedLayoutAttr::print(AsmPrinter &p) const {
  p << "<{vec = " << getVec() << ", per_phase = " << getPerPhase()
    << ", max_phase = " << getMaxPhase() << ", order = ";
  printList(p, getOrder());
  p << "}>";
}

LogicalResult
SwizzledSharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned vec, unsigned perPhase,
                                 unsigned maxPhase, ArrayRef<unsigned> order) {
  for (auto [name, v] : {std::pair<StringRef, unsigned>{"vec", vec},
                         {"per_phase", perPhase},
                         {"max_phase", maxPhase}})
    if (v == 0 || !llvm::isPowerOf2_32(v) || v > 1024)
      return emitError() << name << " = " << v
                         << " must be a power of two between 1 and 1024";
  return checkOrder(emitError, order);
}

LogicalResult SwizzledSharedLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape, unsigned,
    function_ref<InFlightDiagnostic()> emitError) const {
  return checkSharedShape(emitError, shape, getRank(), "swizzled_shared");
}

//===----------------------------------------------------------------------===//
// #tlxamd.nvmma_shared
//===----------------------------------------------------------------------===//

void NvmmaSharedLayoutAttr::print(AsmPrinter &p) const {
  p << "<{swizzle_bytes = " << getSwizzleBytes()
    << ", element_bits = " << getElementBits()
    << ", transposed = " << (getTransposed() ? "true" : "false");
  if (getRank() != 2)
    p << ", rank = " << getRank();
  p << "}>";
}

LogicalResult
NvmmaSharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              unsigned swizzleBytes, unsigned elementBits,
                              bool transposed, unsigned rank) {
  if (swizzleBytes != 0 && swizzleBytes != 32 && swizzleBytes != 64 &&
      swizzleBytes != 128)
    return emitError() << "swizzle_bytes must be 0, 32, 64 or 128, got "
                       << swizzleBytes;
  if (elementBits != 8 && elementBits != 16 && elementBits != 32 &&
      elementBits != 64)
    return emitError() << "element_bits must be 8, 16, 32 or 64, got "
                       << elementBits;
  if (rank < 1 || rank > 5)
    return emitError() << "rank must be between 1 and 5 (TMA), got " << rank;
  if (swizzleBytes != 0 && rank < 2)
    return emitError() << "a swizzled nvmma_shared layout has rank >= 2";
  // Gluon maps a transposed box of rank 3 onto repeated offsets: only the
  // matrix form is defined.
  if (transposed && rank != 2)
    return emitError() << "a transposed nvmma_shared layout has rank 2, got "
                       << rank;
  return success();
}

LogicalResult NvmmaSharedLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape, unsigned elementBits,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(checkSharedShape(emitError, shape, getRank(), "nvmma_shared")))
    return failure();
  if (elementBits != getElementBits())
    return emitError() << "#tlxamd.nvmma_shared has element_bits = "
                       << getElementBits() << " but the elements have "
                       << elementBits << " bits";
  if (getSwizzleBytes() == 0)
    return success();
  // The swizzle pattern repeats every 8 rows of swizzle_bytes.
  unsigned contig = getTransposed() ? 0 : shape.size() - 1;
  int64_t rows = 1;
  for (auto [d, s] : llvm::enumerate(shape))
    if (d != contig)
      rows *= std::min<int64_t>(s, 256);
  int64_t cols = int64_t(getSwizzleBytes()) * 8 / getElementBits();
  if (shape[contig] < cols || rows < 8)
    return emitError() << "#tlxamd.nvmma_shared with swizzle_bytes = "
                       << getSwizzleBytes() << " needs at least " << cols
                       << " elements along dimension " << contig
                       << " and 8 rows across the others";
  return success();
}

//===----------------------------------------------------------------------===//
// #tlxamd.padded_shared
//===----------------------------------------------------------------------===//

void PaddedSharedLayoutAttr::print(AsmPrinter &p) const {
  p << "<{interval_padding_pairs = [";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getIntervals(), getPaddings()))) {
    if (i)
      p << ", ";
    p << "[" << std::get<0>(pair) << ", " << std::get<1>(pair) << "]";
  }
  p << "], order = ";
  printList(p, getOrder());
  p << "}>";
}

LogicalResult PaddedSharedLayoutAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> intervals,
    ArrayRef<unsigned> paddings, ArrayRef<unsigned> order) {
  if (intervals.empty())
    return emitError() << "interval_padding_pairs must have at least one pair";
  for (auto [i, interval] : llvm::enumerate(intervals)) {
    if (interval == 0 || !llvm::isPowerOf2_32(interval))
      return emitError() << "interval " << interval
                         << " must be a positive power of two";
    if (paddings[i] == 0 || !llvm::isPowerOf2_32(paddings[i]))
      return emitError() << "padding " << paddings[i]
                         << " must be a positive power of two";
    if (i && intervals[i - 1] >= interval)
      return emitError() << "intervals must increase strictly";
  }
  return checkOrder(emitError, order);
}

LogicalResult PaddedSharedLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape, unsigned,
    function_ref<InFlightDiagnostic()> emitError) const {
  return checkSharedShape(emitError, shape, getRank(), "padded_shared");
}

int64_t PaddedSharedLayoutAttr::getPaddedOffset(int64_t i) const {
  int64_t out = i;
  for (auto [interval, padding] : llvm::zip(getIntervals(), getPaddings()))
    out += (i / interval) * padding;
  return out;
}

unsigned mlir::tlxamd::getSharedLayoutElementBits(Attribute layout) {
  if (auto l = dyn_cast<NvmmaSharedLayoutAttr>(layout))
    return l.getElementBits();
  return 0;
}
