// amd_set_priority (TLX warp_pipeline_stage) to ROCDL and to the gfx950
// machine code: rocdl.s.setprio 1 / 0 around the stage, s_setprio 1 / 0 in
// the loop.
// RUN: tlx-opt %S/Inputs/set_priority_gfx950.mlir --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))' | FileCheck %s --check-prefix=ROCDL
// RUN: %tlx-compile %S/Inputs/set_priority_gfx950.mlir --target gfx950 | FileCheck %s --check-prefix=ISA

// ROCDL: rocdl.s.setprio 1
// ROCDL: rocdl.raw.ptr.buffer.load
// ROCDL: rocdl.s.setprio 0
// ISA: [[LOOP:.LBB0_[0-9]+]]:
// ISA: s_setprio 1
// ISA: buffer_load_dword
// ISA: s_setprio 0
// ISA: s_cbranch_{{.*}} [[LOOP]]
