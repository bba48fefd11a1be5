// Bad input gives one diagnostic line and a non-zero exit, never a crash.
// RUN: not tlx-opt %s 2>&1 | FileCheck %s --check-prefix=PARSE --implicit-check-not="Stack dump"
// RUN: not tlx-opt %t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %tlx-compile %s --target gfx950 2>&1 | FileCheck %s --check-prefix=DRIVER-PARSE --implicit-check-not=Traceback
// RUN: not %tlx-compile %S/../Target/Inputs/scale.mlir --target gfx1200 2>&1 | FileCheck %s --check-prefix=DRIVER-TARGET --implicit-check-not=Traceback
// RUN: not %tlx-compile %t.missing --target gfx950 2>&1 | FileCheck %s --check-prefix=DRIVER-MISSING --implicit-check-not=Traceback

// PARSE: bad-input.mlir:[[@LINE+6]]:3: error: custom op 'tlxamd.frobnicate' is unknown
// MISSING: cannot open input file
// DRIVER-PARSE: tlxamd.compiler: error: {{.*}}custom op 'tlxamd.frobnicate' is unknown
// DRIVER-TARGET: tlxamd.compiler: error: unknown target 'gfx1200' (supported: gfx942, gfx950, gfx1250, sm_90a, sm_100a)
// DRIVER-MISSING: tlxamd.compiler: error: cannot read '{{.*}}.missing': No such file or directory
gpu.module @m {
  tlxamd.frobnicate
}
