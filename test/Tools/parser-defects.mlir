// Input the released MLIR parser would abort on (an assertion, not a
// diagnostic) is refused by tlx-opt with its file and line before it is
// parsed, from a file or from stdin: exit status 1, no stack dump. The table
// (ParserDefects.h) is the one the Python parse and the fuzzer use.
// RUN: not tlx-opt %s 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=PLEASE
// RUN: not tlx-opt < %s 2>&1 | FileCheck %s --check-prefix=STDIN --implicit-check-not="Stack dump"
// RUN: sed 's/array<index: 1>/dense<["a"]> : tensor<1xi32>/' %s | not tlx-opt 2>&1 | FileCheck %s --check-prefix=DENSE --implicit-check-not="Stack dump"

// CHECK: parser-defects.mlir:12: error: an array<index: ...> attribute: use array<i64: ...> (the MLIR parser cannot report this one)
// STDIN: <stdin>:12: error: an array<index: ...> attribute
// DENSE: <stdin>:12: error: a dense<[...]> literal with a string element
func.func @f() attributes {x = array<index: 1>} {
  return
}
