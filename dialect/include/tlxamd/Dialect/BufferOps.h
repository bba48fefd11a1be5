//===- BufferOps.h - buffer ops and their vocabulary ------------*- C++ -*-===//
//
// Declarations of the dialect's buffer ops and their vocabulary family,
// included by TlxAmdDialect.h after the generated op classes (include that
// header, not this one).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_BUFFEROPS_H
#define TLXAMD_DIALECT_BUFFEROPS_H

namespace mlir::tlxamd {

/// The documented cache modifiers of loads or of stores (B4).
ArrayRef<CacheModifier> getCacheModifiers(bool isLoad);

/// B4: `cache`, when present, is one of the load (or store) modifiers.
LogicalResult verifyCacheModifier(Operation *op,
                                  std::optional<CacheModifier> cache,
                                  bool isLoad);

/// The spellings of the ops' typed vocabulary (cache modifiers, orderings,
/// scopes, offset units) as a JSON object of arrays, for the Python layer.
void printVocabularyJSON(llvm::raw_ostream &os);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_BUFFEROPS_H
