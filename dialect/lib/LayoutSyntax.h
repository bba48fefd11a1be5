//===- LayoutSyntax.h - dictionary syntax of the layout attributes -*- C++
//-*-===//
//
// Shared by the layout attribute files: a field reader for
// `<{key = value, ...}>` with precise errors, printers, and the parameter
// checks every layout uses.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_LAYOUTSYNTAX_H
#define TLXAMD_DIALECT_LAYOUTSYNTAX_H

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tlxamd::layout_syntax {
using namespace mlir;
} // namespace mlir::tlxamd::layout_syntax

//===----------------------------------------------------------------------===//
// Dictionary syntax shared by all layouts
//===----------------------------------------------------------------------===//

namespace mlir::tlxamd::layout_syntax {
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
    std::optional<int64_t> i = getSignlessIntValue(*a);
    if (!i)
      return parser.emitError(loc) << "#tlxamd." << mnemonic << " field '"
                                   << key << "' must be an integer",
             failure();
    return *i;
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
      std::optional<int64_t> i = getSignlessIntValue(e);
      if (!i)
        return parser.emitError(loc) << "#tlxamd." << mnemonic << " field '"
                                     << key << "' must be a list of integers",
               failure();
      out.push_back(*i);
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
        std::optional<int64_t> i = getSignlessIntValue(c);
        if (!i)
          return err(), failure();
        flat.push_back(int32_t(*i));
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

inline void printList(AsmPrinter &p, ArrayRef<unsigned> v) {
  p << "[";
  llvm::interleaveComma(v, p);
  p << "]";
}

inline void printBases(AsmPrinter &p, ArrayRef<int32_t> flat, unsigned rank) {
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

inline unsigned product(ArrayRef<unsigned> v) {
  unsigned p = 1;
  for (unsigned x : v)
    p *= x;
  return p;
}

/// Every entry of a list is a positive power of two.
inline LogicalResult checkPow2List(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef name, ArrayRef<unsigned> v) {
  for (auto [i, x] : llvm::enumerate(v))
    if (x == 0 || !llvm::isPowerOf2_32(x))
      return emitError() << name << "[" << i << "] = " << x
                         << " must be a positive power of two";
  return success();
}

/// Triton's limit on the elements of one tensor (a distributed tensor type),
/// and on a layout's tile.
constexpr int64_t kMaxTensorElements = int64_t(1) << 20;
/// The largest shape the layout core is asked about (layout queries from
/// Python, reference data): far below where its int32 sizes overflow.
constexpr int64_t kMaxLayoutElements = int64_t(1) << 26;
/// The most warps a program has (`tlxamd.num_warps` <= 32).
constexpr int64_t kMaxWarps = 32;

/// `factors` multiplied in 64 bits, stopping once over `limit` (then the
/// result is limit + 1).
inline int64_t boundedProduct(ArrayRef<int64_t> factors, int64_t limit) {
  int64_t p = 1;
  for (int64_t f : factors) {
    p *= f;
    if (p > limit)
      return limit + 1;
  }
  return p;
}

/// The warps of a layout: at most kMaxWarps.
inline LogicalResult checkWarps(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<unsigned> wpc) {
  SmallVector<int64_t> f(wpc.begin(), wpc.end());
  if (boundedProduct(f, kMaxWarps) <= kMaxWarps)
    return success();
  auto diag = emitError() << "warps_per_cta multiplies to more than "
                          << kMaxWarps << " warps: ";
  llvm::interleave(wpc, diag, " x ");
  return diag;
}

/// A layout's tile (the elements one repetition covers): at most
/// kMaxTensorElements.
inline LogicalResult checkTile(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> factors) {
  int64_t tile = boundedProduct(factors, kMaxTensorElements);
  if (tile <= kMaxTensorElements)
    return success();
  return emitError() << "layout tile exceeds " << kMaxTensorElements
                     << " elements (2^20, the elements a tensor may have)";
}

inline LogicalResult checkRank(function_ref<InFlightDiagnostic()> emitError,
                               StringRef name, ArrayRef<unsigned> v,
                               unsigned rank) {
  if (v.size() != rank)
    return emitError() << name << " must have " << rank
                       << " entries (one per dimension), got " << v.size();
  return success();
}

/// The common shape rule: same rank, every extent a positive power of two.
inline LogicalResult
verifyShapeCommon(function_ref<InFlightDiagnostic()> emitError,
                  ArrayRef<int64_t> shape, unsigned rank) {
  if (shape.size() != rank)
    return emitError() << "layout of rank " << rank
                       << " cannot describe a rank-" << shape.size()
                       << " tensor";
  for (auto [i, s] : llvm::enumerate(shape))
    if (s <= 0 || !llvm::isPowerOf2_64(s))
      return emitError() << "distributed tensor dimension " << i << " is " << s
                         << "; it must be a positive power of two";
  if (boundedProduct(shape, kMaxLayoutElements) > kMaxLayoutElements)
    return emitError() << "shape has more than " << kMaxLayoutElements
                       << " elements (2^26, the layout core's limit)";
  return success();
}

/// A distributed tensor type: at most kMaxTensorElements.
inline LogicalResult
verifyTensorElements(function_ref<InFlightDiagnostic()> emitError,
                     ArrayRef<int64_t> shape) {
  if (boundedProduct(shape, kMaxTensorElements) <= kMaxTensorElements)
    return success();
  return emitError() << "distributed tensor has more than "
                     << kMaxTensorElements
                     << " elements (2^20, the limit of one tensor)";
}

inline DistributedLayoutAttr asLayout(Attribute a) {
  return dyn_cast_or_null<DistributedLayoutAttr>(a);
}
} // namespace mlir::tlxamd::layout_syntax

#endif // TLXAMD_DIALECT_LAYOUTSYNTAX_H
