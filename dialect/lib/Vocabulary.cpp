//===- Vocabulary.cpp - cache modifiers, orderings, scopes, offset units --===//
//
// The typed vocabulary of the ops in the documents' spellings: cache
// modifiers quoted (".cg"), the others as bare keywords (acq_rel, gpu,
// bytes). A wrong value names every allowed one.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {
/// Parse one value of an enum by its spelling.
template <typename EnumT>
FailureOr<EnumT>
parseSpelling(AsmParser &parser, StringRef what, uint64_t maxValue,
              function_ref<std::optional<EnumT>(uint32_t)> fromInt,
              function_ref<std::optional<EnumT>(StringRef)> fromString,
              function_ref<StringRef(EnumT)> stringify, bool quoted) {
  // `#tlxamd.sem<acq_rel>` on its own, bare in op syntax.
  bool angled = succeeded(parser.parseOptionalLess());
  SMLoc loc = parser.getCurrentLocation();
  std::string spelling;
  if (failed(parser.parseOptionalKeywordOrString(&spelling)))
    spelling = "";
  if (std::optional<EnumT> v = fromString(spelling)) {
    if (angled && failed(parser.parseGreater()))
      return failure();
    return *v;
  }
  auto diag = parser.emitError(loc) << what << " must be one of ";
  for (uint64_t i = 0; i <= maxValue; ++i) {
    if (i)
      diag << ", ";
    std::optional<EnumT> e = fromInt(i);
    diag << (quoted ? "\"" : "") << stringify(*e) << (quoted ? "\"" : "");
  }
  diag << "; got " << (quoted ? "\"" : "") << spelling << (quoted ? "\"" : "");
  return failure();
}
} // namespace

#define TLXAMD_VOCABULARY(AttrT, EnumT, what, quoted)                          \
  Attribute AttrT::parse(AsmParser &parser, Type) {                            \
    FailureOr<EnumT> v = parseSpelling<EnumT>(                                 \
        parser, what, getMaxEnumValFor##EnumT(),                               \
        [](uint32_t i) { return symbolize##EnumT(i); },                        \
        [](StringRef s) { return symbolize##EnumT(s); },                       \
        [](EnumT e) { return stringify##EnumT(e); }, quoted);                  \
    if (failed(v))                                                             \
      return {};                                                               \
    return AttrT::get(parser.getContext(), *v);                                \
  }                                                                            \
  void AttrT::print(AsmPrinter &printer) const {                               \
    if (quoted)                                                                \
      printer << "\"" << stringify##EnumT(getValue()) << "\"";                 \
    else                                                                       \
      printer << stringify##EnumT(getValue());                                 \
  }

TLXAMD_VOCABULARY(CacheModifierAttr, CacheModifier, "cache modifier (B4)", true)
TLXAMD_VOCABULARY(MemSemanticAttr, MemSemantic, "sem (B19)", false)
TLXAMD_VOCABULARY(MemScopeAttr, MemScope, "scope (B19)", false)
TLXAMD_VOCABULARY(OffsetUnitAttr, OffsetUnit, "offset_unit (B20)", false)
TLXAMD_VOCABULARY(AtomicRMWKindAttr, AtomicRMWKind, "atomic kind", false)
#undef TLXAMD_VOCABULARY

template <typename EnumT>
static llvm::json::Array spellings(uint64_t maxValue,
                                   std::optional<EnumT> (*fromInt)(uint32_t),
                                   StringRef (*stringify)(EnumT)) {
  llvm::json::Array out;
  for (uint64_t i = 0; i <= maxValue; ++i)
    out.push_back(stringify(*fromInt(i)));
  return out;
}

static llvm::json::Array cacheSpellings(bool isLoad) {
  llvm::json::Array out;
  for (CacheModifier c : getCacheModifiers(isLoad))
    out.push_back(stringifyCacheModifier(c));
  return out;
}

void mlir::tlxamd::printVocabularyJSON(llvm::raw_ostream &os) {
  os << llvm::json::Value(llvm::json::Object{
      {"load_cache_modifier", cacheSpellings(true)},
      {"store_cache_modifier", cacheSpellings(false)},
      {"cache_modifier", spellings<CacheModifier>(
                             getMaxEnumValForCacheModifier(),
                             symbolizeCacheModifier, stringifyCacheModifier)},
      {"sem",
       spellings<MemSemantic>(getMaxEnumValForMemSemantic(),
                              symbolizeMemSemantic, stringifyMemSemantic)},
      {"scope", spellings<MemScope>(getMaxEnumValForMemScope(),
                                    symbolizeMemScope, stringifyMemScope)},
      {"offset_unit",
       spellings<OffsetUnit>(getMaxEnumValForOffsetUnit(), symbolizeOffsetUnit,
                             stringifyOffsetUnit)},
      {"atomic_rmw_kind",
       spellings<AtomicRMWKind>(getMaxEnumValForAtomicRMWKind(),
                                symbolizeAtomicRMWKind,
                                stringifyAtomicRMWKind)}});
}
