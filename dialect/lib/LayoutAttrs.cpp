//===- LayoutAttrs.cpp - syntax and rules of the distributed layouts -----===//
//
// Every layout is written as a dictionary of snake_case fields:
//   #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8],
//                    warps_per_cta = [2, 2], order = [1, 0]}>
// Parameter rules are verifier errors that name the field and the numbers.
//
//===----------------------------------------------------------------------===//
#include "LayoutSyntax.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::layout_syntax;

#include "tlxamd/Dialect/TlxAmdAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tlxamd/Dialect/TlxAmdAttrs.cpp.inc"

void TlxAmdDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tlxamd/Dialect/TlxAmdAttrs.cpp.inc"
      >();
}

/// The typed vocabulary prints bare in op syntax (`sem acq_rel`) and as
/// `#tlxamd.sem<acq_rel>` on its own (Vocabulary.cpp).
template <typename... AttrTs>
static bool printAngled(Attribute attr, DialectAsmPrinter &printer) {
  return (... || [&] {
    auto a = dyn_cast<AttrTs>(attr);
    if (!a)
      return false;
    printer << AttrTs::getMnemonic() << "<";
    a.print(printer);
    printer << ">";
    return true;
  }());
}

Attribute TlxAmdDialect::parseAttribute(DialectAsmParser &parser,
                                        Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return succeeded(*result) ? attr : Attribute();
  parser.emitError(loc) << "unknown tlxamd attribute `" << mnemonic << "`";
  return {};
}

void TlxAmdDialect::printAttribute(Attribute attr,
                                   DialectAsmPrinter &printer) const {
  if (printAngled<CacheModifierAttr, MemSemanticAttr, MemScopeAttr,
                  OffsetUnitAttr, AtomicRMWKindAttr>(attr, printer))
    return;
  (void)generatedAttributePrinter(attr, printer);
}

DistributedLayoutAttr mlir::tlxamd::getDistributedLayout(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  return t ? asLayout(t.getEncoding()) : DistributedLayoutAttr();
}

//===----------------------------------------------------------------------===//
// blocked
//===----------------------------------------------------------------------===//

Attribute BlockedLayoutAttr::parse(AsmParser &parser, Type) {
  FieldReader r(parser, "blocked");
  if (failed(r.parse()))
    return {};
  auto spt = r.getUnsignedList("size_per_thread");
  auto tpw = r.getUnsignedList("threads_per_warp");
  auto wpc = r.getUnsignedList("warps_per_cta");
  auto order = r.getUnsignedList("order");
  if (failed(spt) || failed(tpw) || failed(wpc) || failed(order) ||
      failed(r.finish()))
    return {};
  return parser.getChecked<BlockedLayoutAttr>(parser.getContext(), *spt, *tpw,
                                              *wpc, *order);
}

void BlockedLayoutAttr::print(AsmPrinter &p) const {
  p << "<{size_per_thread = ";
  printList(p, getSizePerThread());
  p << ", threads_per_warp = ";
  printList(p, getThreadsPerWarp());
  p << ", warps_per_cta = ";
  printList(p, getWarpsPerCTA());
  p << ", order = ";
  printList(p, getOrder());
  p << "}>";
}

LogicalResult
BlockedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<unsigned> spt, ArrayRef<unsigned> tpw,
                          ArrayRef<unsigned> wpc, ArrayRef<unsigned> order) {
  unsigned rank = spt.size();
  if (rank == 0)
    return emitError() << "size_per_thread must have at least one entry";
  if (failed(checkRank(emitError, "threads_per_warp", tpw, rank)) ||
      failed(checkRank(emitError, "warps_per_cta", wpc, rank)) ||
      failed(checkRank(emitError, "order", order, rank)) ||
      failed(checkPow2List(emitError, "size_per_thread", spt)) ||
      failed(checkPow2List(emitError, "threads_per_warp", tpw)) ||
      failed(checkPow2List(emitError, "warps_per_cta", wpc)))
    return failure();
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d])
      return emitError() << "order must be a permutation of 0.." << rank - 1;
    seen[d] = true;
  }
  SmallVector<int64_t> tpw64(tpw.begin(), tpw.end());
  int64_t lanes = boundedProduct(tpw64, 64);
  if (lanes > 64)
    return emitError() << "threads_per_warp must multiply to a warp size (32 "
                          "or 64); got more than 64";
  if (lanes != 32 && lanes != 64)
    return emitError() << "threads_per_warp must multiply to a warp size (32 "
                          "or 64), got "
                       << lanes;
  if (failed(checkWarps(emitError, wpc)))
    return failure();
  SmallVector<int64_t> tile;
  for (unsigned d = 0; d < rank; ++d)
    tile.append({int64_t(spt[d]), int64_t(tpw[d]), int64_t(wpc[d])});
  return checkTile(emitError, tile);
}

BlockedLayoutAttr mlir::tlxamd::getBlockedLayoutFor(
    MLIRContext *ctx, ArrayRef<int64_t> shape, ArrayRef<unsigned> sizePerThread,
    ArrayRef<unsigned> order, unsigned numWarps, unsigned warpSize) {
  unsigned rank = shape.size();
  SmallVector<unsigned> lanes(rank, 1), warps(rank, 1);
  unsigned lanesLeft = warpSize, warpsLeft = numWarps;
  unsigned threadsLeft = numWarps * warpSize;
  // Every dimension but the slowest takes what its extent can use.
  for (unsigned i = 0; i + 1 < rank; ++i) {
    unsigned d = order[i];
    int64_t want = std::max<int64_t>(1, shape[d] / sizePerThread[d]);
    unsigned threads =
        std::clamp<int64_t>(threadsLeft, 1, std::max<int64_t>(1, want));
    lanes[d] = std::clamp<unsigned>(threads, 1, lanesLeft);
    warps[d] = std::clamp<unsigned>(threads / lanes[d], 1, warpsLeft);
    lanesLeft /= lanes[d];
    warpsLeft /= warps[d];
    threadsLeft /= threads;
  }
  lanes[order[rank - 1]] *= lanesLeft;
  warps[order[rank - 1]] *= warpsLeft;
  return BlockedLayoutAttr::get(ctx, sizePerThread, lanes, warps, order);
}

unsigned BlockedLayoutAttr::getRank() const { return getOrder().size(); }
unsigned BlockedLayoutAttr::getLanesPerWarp() const {
  return product(getThreadsPerWarp());
}
unsigned BlockedLayoutAttr::getWarpsPerProgram() const {
  return product(getWarpsPerCTA());
}
LogicalResult BlockedLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyShapeCommon(emitError, shape, getRank());
}

//===----------------------------------------------------------------------===//
// Syntax of the matrix-instruction layouts (rules: MatrixLayoutAttrs.cpp)
//===----------------------------------------------------------------------===//

namespace {
struct MatrixFields {
  unsigned version = 0;
  SmallVector<unsigned> instrShape, warpsPerCTA, tilesPerWarp;
  bool transposed = false;
};

/// version, instr_shape, transposed (default false), warps_per_cta and
/// tiles_per_warp (default all 1).
FailureOr<MatrixFields> readMatrixFields(FieldReader &r) {
  MatrixFields f;
  auto version = r.getUnsigned("version");
  auto instr = r.getUnsignedList("instr_shape");
  auto transposed = r.getBool("transposed", false);
  auto wpc = r.getUnsignedList("warps_per_cta");
  auto tiles = r.getUnsignedList("tiles_per_warp", /*required=*/false);
  if (failed(version) || failed(instr) || failed(transposed) || failed(wpc) ||
      failed(tiles))
    return failure();
  f.version = *version;
  f.instrShape = *instr;
  f.transposed = *transposed;
  f.warpsPerCTA = *wpc;
  f.tilesPerWarp =
      tiles->empty() ? SmallVector<unsigned>(wpc->size(), 1) : *tiles;
  return f;
}

void printMatrixFields(AsmPrinter &p, unsigned version,
                       ArrayRef<unsigned> instr, bool transposed,
                       ArrayRef<unsigned> wpc, ArrayRef<unsigned> tiles) {
  p << "<{version = " << version << ", instr_shape = ";
  printList(p, instr);
  p << ", transposed = " << (transposed ? "true" : "false")
    << ", warps_per_cta = ";
  printList(p, wpc);
  if (llvm::any_of(tiles, [](unsigned t) { return t != 1; })) {
    p << ", tiles_per_warp = ";
    printList(p, tiles);
  }
}
} // namespace

Attribute AmdMfmaLayoutAttr::parse(AsmParser &parser, Type) {
  FieldReader r(parser, "amd_mfma");
  if (failed(r.parse()))
    return {};
  auto f = readMatrixFields(r);
  auto ebw = r.getUnsigned("element_bit_width", 32);
  if (failed(f) || failed(ebw) || failed(r.finish()))
    return {};
  return parser.getChecked<AmdMfmaLayoutAttr>(
      parser.getContext(), f->version, f->instrShape, f->transposed,
      f->warpsPerCTA, f->tilesPerWarp, *ebw);
}

void AmdMfmaLayoutAttr::print(AsmPrinter &p) const {
  printMatrixFields(p, getVersion(), getInstrShape(), getTransposed(),
                    getWarpsPerCTA(), getTilesPerWarp());
  if (getElementBitWidth() != 32)
    p << ", element_bit_width = " << getElementBitWidth();
  p << "}>";
}

Attribute NvidiaMmaLayoutAttr::parse(AsmParser &parser, Type) {
  FieldReader r(parser, "nvidia_mma");
  if (failed(r.parse()))
    return {};
  auto version = r.getUnsignedList("version");
  auto wpc = r.getUnsignedList("warps_per_cta");
  auto instr = r.getUnsignedList("instr_shape");
  if (failed(version) || failed(wpc) || failed(instr) || failed(r.finish()))
    return {};
  return parser.getChecked<NvidiaMmaLayoutAttr>(parser.getContext(), *version,
                                                *wpc, *instr);
}

void NvidiaMmaLayoutAttr::print(AsmPrinter &p) const {
  p << "<{version = ";
  printList(p, getVersion());
  p << ", warps_per_cta = ";
  printList(p, getWarpsPerCTA());
  p << ", instr_shape = ";
  printList(p, getInstrShape());
  p << "}>";
}

Attribute AmdWmmaLayoutAttr::parse(AsmParser &parser, Type) {
  FieldReader r(parser, "amd_wmma");
  if (failed(r.parse()))
    return {};
  auto f = readMatrixFields(r);
  if (failed(f) || failed(r.finish()))
    return {};
  return parser.getChecked<AmdWmmaLayoutAttr>(parser.getContext(), f->version,
                                              f->instrShape, f->transposed,
                                              f->warpsPerCTA, f->tilesPerWarp);
}

void AmdWmmaLayoutAttr::print(AsmPrinter &p) const {
  printMatrixFields(p, getVersion(), getInstrShape(), getTransposed(),
                    getWarpsPerCTA(), getTilesPerWarp());
  p << "}>";
}

Attribute DotOperandLayoutAttr::parse(AsmParser &parser, Type) {
  FieldReader r(parser, "dot_operand");
  if (failed(r.parse()))
    return {};
  auto opIdx = r.getUnsigned("op_idx");
  auto parent = r.get("parent");
  auto kWidth = r.getUnsigned("k_width");
  if (failed(opIdx) || failed(parent) || failed(kWidth) || failed(r.finish()))
    return {};
  return parser.getChecked<DotOperandLayoutAttr>(parser.getContext(), *opIdx,
                                                 *parent, *kWidth);
}

void DotOperandLayoutAttr::print(AsmPrinter &p) const {
  p << "<{op_idx = " << getOpIdx() << ", parent = " << getParent()
    << ", k_width = " << getKWidth() << "}>";
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

Attribute SliceLayoutAttr::parse(AsmParser &parser, Type) {
  FieldReader r(parser, "slice");
  if (failed(r.parse()))
    return {};
  auto dim = r.getUnsigned("dim");
  auto parent = r.get("parent");
  if (failed(dim) || failed(parent) || failed(r.finish()))
    return {};
  return parser.getChecked<SliceLayoutAttr>(parser.getContext(), *dim, *parent);
}

void SliceLayoutAttr::print(AsmPrinter &p) const {
  p << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

LogicalResult
SliceLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned dim, Attribute parent) {
  auto p = asLayout(parent);
  if (!p)
    return emitError() << "slice parent must be a tlxamd distributed layout";
  if (p.getRank() < 2)
    return emitError() << "slice parent must have rank 2 or more, got "
                       << p.getRank();
  if (dim >= p.getRank())
    return emitError() << "slice dim " << dim << " is out of range for a "
                       << "rank-" << p.getRank() << " parent";
  return success();
}

unsigned SliceLayoutAttr::getRank() const {
  return asLayout(getParent()).getRank() - 1;
}
unsigned SliceLayoutAttr::getLanesPerWarp() const {
  return asLayout(getParent()).getLanesPerWarp();
}
unsigned SliceLayoutAttr::getWarpsPerProgram() const {
  return asLayout(getParent()).getWarpsPerProgram();
}
LogicalResult SliceLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyShapeCommon(emitError, shape, getRank())))
    return failure();
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + getDim(), 1);
  // A linear parent spans a fixed shape; its extent along the sliced
  // dimension is whatever it is (those bases become broadcasts).
  if (auto linear = dyn_cast<LinearLayoutEncodingAttr>(getParent());
      linear && linear.getRank() == parentShape.size())
    parentShape[getDim()] =
        toLinearLayout(linear, parentShape).getOutDimSize(getDim());
  return asLayout(getParent()).verifyShape(parentShape, emitError);
}

//===----------------------------------------------------------------------===//
// linear
//===----------------------------------------------------------------------===//

Attribute LinearLayoutEncodingAttr::parse(AsmParser &parser, Type) {
  FieldReader r(parser, "linear");
  if (failed(r.parse()))
    return {};
  std::optional<unsigned> rank;
  auto regs = r.getBases("register", rank);
  auto lanes = r.getBases("lane", rank);
  auto warps = r.getBases("warp", rank);
  auto blocks = r.getBases("block", rank);
  if (failed(regs) || failed(lanes) || failed(warps) || failed(blocks) ||
      failed(r.finish()))
    return {};
  if (!rank)
    return parser.emitError(r.loc) << "#tlxamd.linear needs at least one "
                                      "basis to know its rank",
           Attribute();
  return parser.getChecked<LinearLayoutEncodingAttr>(
      parser.getContext(), *rank, *regs, *lanes, *warps, *blocks);
}

void LinearLayoutEncodingAttr::print(AsmPrinter &p) const {
  p << "<{register = ";
  printBases(p, getRegisterBases(), getRank());
  p << ", lane = ";
  printBases(p, getLaneBases(), getRank());
  p << ", warp = ";
  printBases(p, getWarpBases(), getRank());
  p << ", block = ";
  printBases(p, getBlockBases(), getRank());
  p << "}>";
}

LogicalResult LinearLayoutEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned rank,
    ArrayRef<int32_t> regs, ArrayRef<int32_t> lanes, ArrayRef<int32_t> warps,
    ArrayRef<int32_t> blocks) {
  if (rank == 0)
    return emitError() << "linear layout bases need at least one coordinate";
  for (ArrayRef<int32_t> bs : {regs, lanes, warps, blocks}) {
    if (bs.size() % rank != 0)
      return emitError() << "linear layout bases must have " << rank
                         << " coordinates each";
    for (int32_t v : bs)
      if (v < 0)
        return emitError() << "linear layout basis coordinates must be "
                              "non-negative, got "
                           << v;
  }
  size_t laneBits = lanes.size() / rank;
  if (laneBits != 5 && laneBits != 6)
    return emitError() << "linear layout must have 5 or 6 lane bases (a warp "
                          "of 32 or 64 lanes), got "
                       << laneBits;
  if (!blocks.empty())
    return emitError() << "block bases are not supported (one program per "
                          "cluster)";
  if (warps.size() / rank > 5)
    return emitError() << "linear layout has " << warps.size() / rank
                       << " warp bases; at most 5 (32 warps)";
  if (regs.size() / rank > 20)
    return emitError() << "linear layout has " << regs.size() / rank
                       << " register bases; at most 20 (2^20 elements)";
  return success();
}

unsigned LinearLayoutEncodingAttr::getLanesPerWarp() const {
  return 1u << (getLaneBases().size() / getRank());
}
unsigned LinearLayoutEncodingAttr::getWarpsPerProgram() const {
  return 1u << (getWarpBases().size() / getRank());
}
LogicalResult LinearLayoutEncodingAttr::verifyShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyShapeCommon(emitError, shape, getRank())))
    return failure();
  LinearLayout ll = toLinearLayout(*this, shape);
  for (unsigned d = 0; d < getRank(); ++d)
    if (ll.getOutDimSize(d) != shape[d])
      return emitError() << "linear layout spans " << ll.getOutDimSize(d)
                         << " elements along dimension " << d
                         << " but the tensor has " << shape[d];
  if (!ll.isSurjective())
    return emitError() << "linear layout does not reach every element of "
                          "the tensor (its bases are not independent enough "
                          "to span it)";
  return success();
}

//===----------------------------------------------------------------------===//
// VerifiableTensorEncoding, shared by all layouts
//===----------------------------------------------------------------------===//

#define TLXAMD_VERIFY_ENCODING(Attr)                                           \
  LogicalResult Attr::verifyEncoding(                                          \
      ArrayRef<int64_t> shape, Type,                                           \
      function_ref<InFlightDiagnostic()> emitError) const {                    \
    if (failed(verifyShape(shape, emitError)))                                 \
      return failure();                                                        \
    return verifyTensorElements(emitError, shape);                             \
  }
TLXAMD_VERIFY_ENCODING(BlockedLayoutAttr)
TLXAMD_VERIFY_ENCODING(AmdMfmaLayoutAttr)
TLXAMD_VERIFY_ENCODING(AmdWmmaLayoutAttr)
TLXAMD_VERIFY_ENCODING(NvidiaMmaLayoutAttr)
TLXAMD_VERIFY_ENCODING(DotOperandLayoutAttr)
TLXAMD_VERIFY_ENCODING(SliceLayoutAttr)
TLXAMD_VERIFY_ENCODING(LinearLayoutEncodingAttr)
#undef TLXAMD_VERIFY_ENCODING

//===----------------------------------------------------------------------===//
// Syntax of the shared-memory layouts (rules: SharedLayoutAttrs.cpp)
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedLayoutAttr::parse(AsmParser &parser, Type) {
  FieldReader r(parser, "swizzled_shared");
  if (failed(r.parse()))
    return {};
  auto vec = r.getUnsigned("vec");
  auto perPhase = r.getUnsigned("per_phase");
  auto maxPhase = r.getUnsigned("max_phase");
  auto order = r.getUnsignedList("order");
  if (failed(vec) || failed(perPhase) || failed(maxPhase) || failed(order) ||
      failed(r.finish()))
    return {};
  return parser.getChecked<SwizzledSharedLayoutAttr>(
      parser.getContext(), *vec, *perPhase, *maxPhase, *order);
}

Attribute NvmmaSharedLayoutAttr::parse(AsmParser &parser, Type) {
  FieldReader r(parser, "nvmma_shared");
  if (failed(r.parse()))
    return {};
  auto swizzle = r.getUnsigned("swizzle_bytes");
  auto bits = r.getUnsigned("element_bits");
  auto transposed = r.getBool("transposed", false);
  auto rank = r.getUnsigned("rank", 2);
  if (failed(swizzle) || failed(bits) || failed(transposed) || failed(rank) ||
      failed(r.finish()))
    return {};
  return parser.getChecked<NvmmaSharedLayoutAttr>(parser.getContext(), *swizzle,
                                                  *bits, *transposed, *rank);
}

Attribute PaddedSharedLayoutAttr::parse(AsmParser &parser, Type) {
  FieldReader r(parser, "padded_shared");
  if (failed(r.parse()))
    return {};
  std::optional<unsigned> width = 2;
  auto pairs = r.getBases("interval_padding_pairs", width);
  auto order = r.getUnsignedList("order");
  if (failed(pairs) || failed(order) || failed(r.finish()))
    return {};
  SmallVector<unsigned> intervals, paddings;
  for (size_t i = 0; i + 1 < pairs->size(); i += 2) {
    if ((*pairs)[i] < 0 || (*pairs)[i + 1] < 0) {
      parser.emitError(r.loc) << "#tlxamd.padded_shared intervals and "
                                 "paddings must be non-negative";
      return {};
    }
    intervals.push_back((*pairs)[i]);
    paddings.push_back((*pairs)[i + 1]);
  }
  return parser.getChecked<PaddedSharedLayoutAttr>(parser.getContext(),
                                                   intervals, paddings, *order);
}
