// Explicit MFMA scheduling against the capability table: gfx950 takes AGPR
// accumulators; gfx942 rejects every explicit AGPR accumulator and a
// persistent call that does not choose "vgpr" (M10); NVIDIA has no MFMA or
// AGPRs and no AMD scheduling barrier (M1, M17).
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx950 -verify-diagnostics
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx942 2>&1 | FileCheck %s --check-prefix=GFX942
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=sm_90a 2>&1 | FileCheck %s --check-prefix=SM90

// GFX942: error: 'tlxamd.amd_scheduled_mfma' op the layout is of MFMA generation 4; gfx942 (CDNA3 (MI300)) has generation 3
// SM90: error: 'tlxamd.amd_scheduled_mfma' op M1: explicit MFMA scheduling is for the native BF16 / F16 MFMAs of gfx942, gfx950; sm_90a (Hopper) has none
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @gfx950(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) {
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z {accumulator_role = "persistent", accumulator_register_class = "agpr"} : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  %c = tlxamd.amd_mfma_commit %d : tensor<64x64xf32, #mma>
  return
}

// -----

// GFX942: error: 'tlxamd.amd_scheduled_mfma' op M10: gfx942 (CDNA3 (MI300)) rejects accumulator_register_class="agpr"
// SM90: error: 'tlxamd.amd_scheduled_mfma' op M1: explicit MFMA scheduling
#mma = #tlxamd.amd_mfma<{version = 3, instr_shape = [32, 32, 8], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 4}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 4}>
func.func @gfx942_agpr(%x: tensor<64x8xbf16, #a>, %y: tensor<8x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{the layout is of MFMA generation 3; gfx950 (CDNA4 (MI350)) has generation 4}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z {accumulator_register_class = "agpr"} : tensor<64x8xbf16, #a>, tensor<8x64xbf16, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

// GFX942: error: 'tlxamd.amd_scheduled_mfma' op M10: persistent accumulators default to AGPRs, which gfx942 (CDNA3 (MI300)) rejects: choose accumulator_register_class="vgpr" explicitly
#mma = #tlxamd.amd_mfma<{version = 3, instr_shape = [32, 32, 8], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 4}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 4}>
func.func @gfx942_persistent(%x: tensor<64x8xbf16, #a>, %y: tensor<8x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{the layout is of MFMA generation 3; gfx950 (CDNA4 (MI350)) has generation 4}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z {accumulator_role = "persistent"} : tensor<64x8xbf16, #a>, tensor<8x64xbf16, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

// GFX942-NOT: gfx942_vgpr
// SM90: error: 'tlxamd.amd_register_resident' op M1: register-class constraints are AMD-only; sm_90a (Hopper) is not an AMD target
#blocked = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @register_classes(%x: tensor<64x64xf32, #blocked>) {
  %r = tlxamd.amd_register_resident %x {register_class = "agpr", registers_per_group = 4 : i32} : tensor<64x64xf32, #blocked>
  %v = tlxamd.amd_register_class_anchor %r : tensor<64x64xf32, #blocked>
  return
}

// -----

// SM90: error: 'tlxamd.amd_sched_barrier' op M17: amd_sched_barrier is AMD-only; sm_90a (Hopper) is not an AMD target
func.func @sched_barrier() {
  tlxamd.amd_sched_barrier 0
  return
}

// -----

// SM90: error: 'tlxamd.amd_set_priority' op s_setprio (warp_pipeline_stage priorities) is AMD-only; sm_90a (Hopper) is not an AMD target
func.func @set_priority() {
  tlxamd.amd_set_priority 2
  return
}
