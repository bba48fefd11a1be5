//===- ParserDefects.h - inputs the released MLIR parser aborts on -*- C++
//-*-===//
//
// The one table of known defects of the released MLIR parser (inputs on
// which it asserts or reports a fatal error, ending the process instead of
// emitting a diagnostic). tlx-opt, the Python parse entry points
// (`tlxamd.ir.Module.parse`, the compile driver) and the fuzzer screen their
// input with it before parsing.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_PARSERDEFECTS_H
#define TLXAMD_DIALECT_PARSERDEFECTS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::tlxamd {

/// Where `text` first hits a known parser defect: its 1-based line and what
/// the user is told.
struct ParserDefect {
  unsigned line;
  std::string message;
};

/// With `withFatalErrors`, also the inputs on which the parser reports a
/// fatal error (which tlx-opt and the Python parse survive on their own,
/// and the fuzzer cannot).
std::optional<ParserDefect>
findUpstreamParserDefect(llvm::StringRef text, bool withFatalErrors = false);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_PARSERDEFECTS_H
