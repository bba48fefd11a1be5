//===- LayoutAttrs.cpp - syntax and rules of the distributed layouts -----===//
//
// Every layout is written as a dictionary of snake_case fields:
//   #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8],
//                    warps_per_cta = [2, 2], order = [1, 0]}>
// Parameter rules are verifier errors that name the field and the numbers.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

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
                  OffsetUnitAttr>(attr, printer))
    return;
  (void)generatedAttributePrinter(attr, printer);
}

//===----------------------------------------------------------------------===//
// Dictionary syntax shared by all layouts
//===----------------------------------------------------------------------===//

namespace {
/// Reads the fields of `<{key = value, ...}>` with precise errors.
class FieldReader {
public:
  FieldReader(AsmParser &parser, StringRef mnemonic)
      : parser(parser), mnemonic(mnemonic), loc(parser.getCurrentLocation()) {}

  LogicalResult parse() {
    if (parser.parseLess() || parser.parseAttribute(dict) ||
        parser.parseGreater())
      return failure();
    return success();
  }

  FailureOr<Attribute> get(StringRef key, bool required = true) {
    seen.insert(key);
    Attribute a = dict.get(key);
    if (!a && required)
      return parser.emitError(loc) << "#tlxamd." << mnemonic
                                   << " is missing field '" << key << "'",
             failure();
    return a;
  }

  FailureOr<int64_t> getInt(StringRef key, std::optional<int64_t> def = {}) {
    FailureOr<Attribute> a = get(key, !def.has_value());
    if (failed(a))
      return failure();
    if (!*a)
      return *def;
    auto i = dyn_cast<IntegerAttr>(*a);
    if (!i || !i.getType().isSignlessInteger())
      return parser.emitError(loc) << "#tlxamd." << mnemonic << " field '"
                                   << key << "' must be an integer",
             failure();
    return i.getInt();
  }

  FailureOr<unsigned> getUnsigned(StringRef key,
                                  std::optional<int64_t> def = {}) {
    FailureOr<int64_t> v = getInt(key, def);
    if (failed(v))
      return failure();
    if (*v < 0 || *v > std::numeric_limits<int32_t>::max())
      return parser.emitError(loc) << "#tlxamd." << mnemonic << " field '"
                                   << key << "' must be a non-negative "
                                   << "32-bit integer, got " << *v,
             failure();
    return unsigned(*v);
  }

  FailureOr<bool> getBool(StringRef key, std::optional<bool> def = {}) {
    FailureOr<Attribute> a = get(key, !def.has_value());
    if (failed(a))
      return failure();
    if (!*a)
      return *def;
    auto b = dyn_cast<BoolAttr>(*a);
    if (!b)
      return parser.emitError(loc) << "#tlxamd." << mnemonic << " field '"
                                   << key << "' must be true or false",
             failure();
    return b.getValue();
  }

  /// A list of integers `[a, b, ...]`.
  FailureOr<SmallVector<int64_t>> getIntList(StringRef key,
                                             bool required = true) {
    FailureOr<Attribute> a = get(key, required);
    if (failed(a))
      return failure();
    SmallVector<int64_t> out;
    if (!*a)
      return out;
    auto arr = dyn_cast<ArrayAttr>(*a);
    if (!arr)
      return parser.emitError(loc) << "#tlxamd." << mnemonic << " field '"
                                   << key << "' must be a list of integers",
             failure();
    for (Attribute e : arr) {
      auto i = dyn_cast<IntegerAttr>(e);
      if (!i)
        return parser.emitError(loc) << "#tlxamd." << mnemonic << " field '"
                                     << key << "' must be a list of integers",
               failure();
      out.push_back(i.getInt());
    }
    return out;
  }

  FailureOr<SmallVector<unsigned>> getUnsignedList(StringRef key,
                                                   bool required = true) {
    FailureOr<SmallVector<int64_t>> l = getIntList(key, required);
    if (failed(l))
      return failure();
    SmallVector<unsigned> out;
    for (int64_t v : *l) {
      if (v < 0 || v > std::numeric_limits<int32_t>::max())
        return parser.emitError(loc) << "#tlxamd." << mnemonic << " field '"
                                     << key << "' entries must be "
                                     << "non-negative, got " << v,
               failure();
      out.push_back(unsigned(v));
    }
    return out;
  }

  /// A list of bases `[[a, b], [c, d], ...]`, flattened; `rank` is set from
  /// the first basis and checked on the others.
  FailureOr<SmallVector<int32_t>> getBases(StringRef key,
                                           std::optional<unsigned> &rank) {
    FailureOr<Attribute> a = get(key);
    if (failed(a))
      return failure();
    auto err = [&]() {
      return parser.emitError(loc)
             << "#tlxamd." << mnemonic << " field '" << key
             << "' must be a list of bases, each a list of integers";
    };
    auto arr = dyn_cast<ArrayAttr>(*a);
    if (!arr)
      return err(), failure();
    SmallVector<int32_t> flat;
    for (Attribute basis : arr) {
      auto b = dyn_cast<ArrayAttr>(basis);
      if (!b)
        return err(), failure();
      if (!rank)
        rank = b.size();
      if (b.size() != *rank)
        return parser.emitError(loc)
                   << "#tlxamd." << mnemonic << " bases must all have " << *rank
                   << " coordinates, '" << key << "' has one with " << b.size(),
               failure();
      for (Attribute c : b) {
        auto i = dyn_cast<IntegerAttr>(c);
        if (!i)
          return err(), failure();
        flat.push_back(int32_t(i.getInt()));
      }
    }
    return flat;
  }

  LogicalResult finish() {
    for (NamedAttribute f : dict)
      if (!seen.contains(f.getName().getValue()))
        return parser.emitError(loc)
               << "#tlxamd." << mnemonic << " has no field '"
               << f.getName().getValue() << "'";
    return success();
  }

  AsmParser &parser;
  StringRef mnemonic;
  SMLoc loc;
  DictionaryAttr dict;
  llvm::StringSet<> seen;
};

void printList(AsmPrinter &p, ArrayRef<unsigned> v) {
  p << "[";
  llvm::interleaveComma(v, p);
  p << "]";
}

void printBases(AsmPrinter &p, ArrayRef<int32_t> flat, unsigned rank) {
  p << "[";
  for (size_t i = 0; rank && i < flat.size(); i += rank) {
    if (i)
      p << ", ";
    p << "[";
    llvm::interleaveComma(flat.slice(i, rank), p);
    p << "]";
  }
  p << "]";
}

unsigned product(ArrayRef<unsigned> v) {
  unsigned p = 1;
  for (unsigned x : v)
    p *= x;
  return p;
}

/// Every entry of a list is a positive power of two.
LogicalResult checkPow2List(function_ref<InFlightDiagnostic()> emitError,
                            StringRef name, ArrayRef<unsigned> v) {
  for (auto [i, x] : llvm::enumerate(v))
    if (x == 0 || !llvm::isPowerOf2_32(x))
      return emitError() << name << "[" << i << "] = " << x
                         << " must be a positive power of two";
  return success();
}

LogicalResult checkRank(function_ref<InFlightDiagnostic()> emitError,
                        StringRef name, ArrayRef<unsigned> v, unsigned rank) {
  if (v.size() != rank)
    return emitError() << name << " must have " << rank
                       << " entries (one per dimension), got " << v.size();
  return success();
}

/// The common shape rule: same rank, every extent a positive power of two.
LogicalResult verifyShapeCommon(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> shape, unsigned rank) {
  if (shape.size() != rank)
    return emitError() << "layout of rank " << rank
                       << " cannot describe a rank-" << shape.size()
                       << " tensor";
  for (auto [i, s] : llvm::enumerate(shape))
    if (s <= 0 || !llvm::isPowerOf2_64(s))
      return emitError() << "distributed tensor dimension " << i << " is " << s
                         << "; it must be a positive power of two";
  return success();
}

DistributedLayoutAttr asLayout(Attribute a) {
  return dyn_cast_or_null<DistributedLayoutAttr>(a);
}
} // namespace

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
  unsigned lanes = product(tpw);
  if (lanes != 32 && lanes != 64)
    return emitError() << "threads_per_warp must multiply to a warp size (32 "
                          "or 64), got "
                       << lanes;
  return success();
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
// Fields shared by the matrix-instruction layouts (amd_mfma, amd_wmma)
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

/// Rank 2 or 3 (batch first), tiles_per_warp one entry per dimension, all
/// powers of two.
LogicalResult verifyMatrixTiling(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<unsigned> wpc,
                                 ArrayRef<unsigned> tiles) {
  if (wpc.size() != 2 && wpc.size() != 3)
    return emitError() << "warps_per_cta must have 2 or 3 entries (batch "
                          "first), got "
                       << wpc.size();
  if (failed(checkRank(emitError, "tiles_per_warp", tiles, wpc.size())) ||
      failed(checkPow2List(emitError, "warps_per_cta", wpc)) ||
      failed(checkPow2List(emitError, "tiles_per_warp", tiles)))
    return failure();
  return success();
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

//===----------------------------------------------------------------------===//
// amd_mfma
//===----------------------------------------------------------------------===//

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

/// `instr_shape` K must be the depth of an instruction of the capability
/// table's matrix catalog for that generation and M x N.
static LogicalResult verifyMatrixK(function_ref<InFlightDiagnostic()> emitError,
                                   MatrixEngine engine, StringRef engineName,
                                   unsigned version, unsigned m, unsigned n,
                                   unsigned k, bool perShape) {
  SmallVector<unsigned> ks = getMatrixKDepths(engine, version, m, n);
  if (llvm::is_contained(ks, k))
    return success();
  auto diag = emitError() << "instr_shape K = " << k << " is not offered by "
                          << engineName << " version " << version;
  if (perShape)
    diag << " for " << m << "x" << n;
  diag << " (valid: ";
  llvm::interleaveComma(ks, diag);
  return diag << ")";
}

LogicalResult
AmdMfmaLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned version, ArrayRef<unsigned> instr,
                          bool transposed, ArrayRef<unsigned> wpc,
                          ArrayRef<unsigned> tiles, unsigned ebw) {
  if (!isKnownMatrixVersion(MatrixEngine::MFMA, version))
    return emitError() << "version must be an MFMA generation of a supported "
                          "target: "
                       << describeMatrixVersions(MatrixEngine::MFMA) << "; got "
                       << version;
  if (instr.size() != 3)
    return emitError() << "instr_shape must be [M, N, K], got " << instr.size()
                       << " entries";
  unsigned m = instr[0], n = instr[1], k = instr[2];
  if (!((m == 32 && n == 32) || (m == 16 && n == 16) || (m == 64 && n == 4) ||
        (m == 4 && n == 64)))
    return emitError() << "instr_shape [M, N] must be [32, 32], [16, 16], "
                          "[64, 4] or [4, 64], got ["
                       << m << ", " << n << "]";
  if (failed(verifyMatrixK(emitError, MatrixEngine::MFMA, "MFMA", version, m, n,
                           k, /*perShape=*/true)))
    return failure();
  if (m == 64 && n == 4 && !transposed)
    return emitError() << "a 64x4 MFMA layout must be transposed";
  if (ebw != 32 && ebw != 64)
    return emitError() << "element_bit_width must be 32 or 64, got " << ebw;
  if (ebw == 64 && !(m == 16 && n == 16))
    return emitError() << "64-bit MFMA accumulators need instr_shape 16x16, "
                          "got "
                       << m << "x" << n;
  return verifyMatrixTiling(emitError, wpc, tiles);
}

unsigned AmdMfmaLayoutAttr::getRank() const { return getWarpsPerCTA().size(); }
unsigned AmdMfmaLayoutAttr::getLanesPerWarp() const { return 64; }
unsigned AmdMfmaLayoutAttr::getWarpsPerProgram() const {
  return product(getWarpsPerCTA());
}
LogicalResult AmdMfmaLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyShapeCommon(emitError, shape, getRank());
}

//===----------------------------------------------------------------------===//
// amd_wmma
//===----------------------------------------------------------------------===//

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

LogicalResult
AmdWmmaLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned version, ArrayRef<unsigned> instr,
                          bool transposed, ArrayRef<unsigned> wpc,
                          ArrayRef<unsigned> tiles) {
  if (!isKnownMatrixVersion(MatrixEngine::WMMA, version))
    return emitError() << "version must be a WMMA generation of a supported "
                          "target: "
                       << describeMatrixVersions(MatrixEngine::WMMA) << "; got "
                       << version;
  if (instr.size() != 3 || instr[0] != 16 || instr[1] != 16)
    return emitError() << "instr_shape must be [16, 16, K]";
  if (failed(verifyMatrixK(emitError, MatrixEngine::WMMA, "WMMA", version, 16,
                           16, instr[2], /*perShape=*/false)))
    return failure();
  // D3: one positive entry per result dimension.
  return verifyMatrixTiling(emitError, wpc, tiles);
}

unsigned AmdWmmaLayoutAttr::getRank() const { return getWarpsPerCTA().size(); }
unsigned AmdWmmaLayoutAttr::getLanesPerWarp() const { return 32; }
unsigned AmdWmmaLayoutAttr::getWarpsPerProgram() const {
  return product(getWarpsPerCTA());
}
LogicalResult AmdWmmaLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyShapeCommon(emitError, shape, getRank())))
    return failure();
  // D3: the period instr_shape x warps_per_cta x tiles_per_warp fits.
  unsigned rank = getRank();
  for (unsigned i = 0; i < 2; ++i) {
    unsigned d = rank - 2 + i;
    int64_t period = int64_t(getInstrShape()[i]) * getWarpsPerCTA()[d] *
                     getTilesPerWarp()[d];
    if (getTilesPerWarp()[d] > 1 && period > shape[d])
      return emitError() << "tiles_per_warp period " << getInstrShape()[i]
                         << " x " << getWarpsPerCTA()[d] << " x "
                         << getTilesPerWarp()[d] << " = " << period
                         << " along dimension " << d
                         << " exceeds the tensor extent " << shape[d];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// dot_operand
//===----------------------------------------------------------------------===//

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

LogicalResult
DotOperandLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             unsigned opIdx, Attribute parent,
                             unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "op_idx must be 0 (A) or 1 (B), got " << opIdx;
  if (!isa<AmdMfmaLayoutAttr, AmdWmmaLayoutAttr>(parent))
    return emitError() << "dot_operand parent must be an #tlxamd.amd_mfma or "
                          "#tlxamd.amd_wmma layout";
  if (kWidth == 0 || !llvm::isPowerOf2_32(kWidth) || kWidth > 32)
    return emitError() << "k_width must be a power of two between 1 and 32, "
                          "got "
                       << kWidth;
  return success();
}

unsigned DotOperandLayoutAttr::getRank() const {
  return asLayout(getParent()).getRank();
}
unsigned DotOperandLayoutAttr::getLanesPerWarp() const {
  return asLayout(getParent()).getLanesPerWarp();
}
unsigned DotOperandLayoutAttr::getWarpsPerProgram() const {
  return asLayout(getParent()).getWarpsPerProgram();
}
LogicalResult DotOperandLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyShapeCommon(emitError, shape, getRank());
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
  return success();
}

//===----------------------------------------------------------------------===//
// VerifiableTensorEncoding, shared by all layouts
//===----------------------------------------------------------------------===//

#define TLXAMD_VERIFY_ENCODING(Attr)                                           \
  LogicalResult Attr::verifyEncoding(                                          \
      ArrayRef<int64_t> shape, Type,                                           \
      function_ref<InFlightDiagnostic()> emitError) const {                    \
    return verifyShape(shape, emitError);                                      \
  }
TLXAMD_VERIFY_ENCODING(BlockedLayoutAttr)
TLXAMD_VERIFY_ENCODING(AmdMfmaLayoutAttr)
TLXAMD_VERIFY_ENCODING(AmdWmmaLayoutAttr)
TLXAMD_VERIFY_ENCODING(DotOperandLayoutAttr)
TLXAMD_VERIFY_ENCODING(SliceLayoutAttr)
TLXAMD_VERIFY_ENCODING(LinearLayoutEncodingAttr)
#undef TLXAMD_VERIFY_ENCODING
