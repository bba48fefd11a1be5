//===- ParserDefects.cpp - inputs the released MLIR parser aborts on ------===//
#include "tlxamd/Dialect/ParserDefects.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"

using namespace mlir::tlxamd;

namespace {
struct Defect {
  const char *pattern;
  const char *message;
  /// report_fatal_error rather than an assertion: tlx-opt and the Python
  /// parse turn it into a diagnostic themselves (their fatal-error guards).
  bool fatalError;
};

/// The pattern (an extended regex; `^` / `$` match at line ends) and what
/// the user is told. Each names the upstream code that aborts.
const Defect kDefects[] = {
    // OperationParser::parseGenericOperation: report_fatal_error on a quoted
    // op name without a dialect prefix.
    {"(^|=)[ \t]*\"[^\".\\\\]*\"[ \t]*\\(",
     "a generic operation name without a dialect prefix (\"dialect.op\")",
     true},
    // TensorLiteralParser::getIntAttrElements: tlxamd has no string tensors.
    {"dense<[^>]*\"",
     "a dense<[...]> literal with a string element: tlxamd has no string "
     "tensors",
     false},
    // Parser::parseDenseArrayAttr: an `index` element type has no storage
    // width (getIntOrFloatBitWidth asserts).
    {"array<[ \t]*index", "an array<index: ...> attribute: use array<i64: ...>",
     false},
};
} // namespace

std::optional<ParserDefect>
mlir::tlxamd::findUpstreamParserDefect(llvm::StringRef text,
                                       bool withFatalErrors) {
  // Comments (to the end of the line, outside string literals) are blanked:
  // the parser never reads them.
  std::string code = text.str();
  bool inString = false;
  for (size_t i = 0; i < code.size(); ++i) {
    if (code[i] == '\n') {
      inString = false;
    } else if (inString) {
      if (code[i] == '\\')
        ++i;
      else if (code[i] == '"')
        inString = false;
    } else if (code[i] == '"') {
      inString = true;
    } else if (code[i] == '/' && i + 1 < code.size() && code[i + 1] == '/') {
      for (; i < code.size() && code[i] != '\n'; ++i)
        code[i] = ' ';
      --i;
    }
  }
  text = code;
  std::optional<ParserDefect> first;
  for (const Defect &d : kDefects) {
    if (d.fatalError && !withFatalErrors)
      continue;
    llvm::Regex re(d.pattern, llvm::Regex::Newline);
    llvm::SmallVector<llvm::StringRef, 2> match;
    if (!re.match(text, &match))
      continue;
    size_t at = match[0].data() - text.data();
    unsigned line = 1 + text.take_front(at).count('\n');
    if (!first || line < first->line)
      first = ParserDefect{line, d.message};
  }
  return first;
}
