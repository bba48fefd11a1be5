// An upstream report_fatal_error (the released parser on a generic op whose
// name has no dialect prefix) is a one-line diagnostic and exit status 1 in
// tlx-opt, and a CompilationError in the compile driver: no abort, no stack
// dump.
// RUN: not tlx-opt %s 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=PLEASE
// RUN: not %tlx-compile %s --target gfx950 2>&1 | FileCheck %s --check-prefix=DRIVER --implicit-check-not=Traceback

// CHECK: tlx-opt: error: gpu created with unregistered dialect
// DRIVER: tlxamd.compiler: error: fatal error in the MLIR parser: gpu created with unregistered dialect

"gpu"() : () -> ()
