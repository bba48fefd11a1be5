// Unknown and wrong-vendor targets are diagnosed in one line, without a crash.
// RUN: not tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx9999}))' 2>&1 | FileCheck %s --check-prefix=ROCDL
// RUN: not tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=sm_90a}))' 2>&1 | FileCheck %s --check-prefix=ROCDL-VENDOR
// RUN: not tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=gfx950}))' 2>&1 | FileCheck %s --check-prefix=NVVM-VENDOR
// RUN: not tlx-opt %s --tlxamd-to-llvm=target=gfx9999 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not tlx-opt %s --convert-tlxamd-to-rocdl=flavour=fast 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl))' 2>&1 | FileCheck %s --check-prefix=NOWARPS

// ROCDL: error: convert-tlxamd-to-rocdl: unsupported target 'gfx9999' (supported: gfx942, gfx950, gfx1250)
// ROCDL-VENDOR: error: convert-tlxamd-to-rocdl: unsupported target 'sm_90a' (supported: gfx942, gfx950, gfx1250)
// NVVM-VENDOR: error: convert-tlxamd-to-nvvm: unsupported target 'gfx950' (supported: sm_90a, sm_100a)
// PIPELINE: error: tlxamd-to-llvm: unsupported target 'gfx9999' (supported: gfx942, gfx950, gfx1250, sm_90a, sm_100a)
// OPTION: no such option flavour
// NOWARPS: error: kernel 'k' has no 'tlxamd.num_warps' attribute
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit

gpu.module @m {
  gpu.func @k() kernel {
    gpu.return
  }
}
