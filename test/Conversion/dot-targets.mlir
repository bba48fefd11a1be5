// tl.dot against the capability table: the MFMA generation of the
// target, an instruction for the operand type and [M, N, K], and its
// k_width; operands packed into 32-bit words (i8, fp8) are not lowered yet.
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx950 -verify-diagnostics
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx942 2>&1 | FileCheck %s --check-prefix=GFX942
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=sm_90a 2>&1 | FileCheck %s --check-prefix=SM90

// GFX942: error: 'tlxamd.dot' op the layout is of MFMA generation 4; gfx942 (CDNA3 (MI300)) has generation 3
// SM90: error: 'tlxamd.dot' op the layout is of MFMA generation 4; sm_90a (Hopper) has no MFMA

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mfma, k_width = 8}>
func.func @ok(%x: tensor<64x32xbf16, #a>, %y: tensor<32x64xbf16, #b>, %c: tensor<64x64xf32, #mfma>) {
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xbf16, #a>, tensor<32x64xbf16, #b> -> tensor<64x64xf32, #mfma>
  return
}

// -----

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mfma, k_width = 8}>
func.func @no_f32_instr(%x: tensor<64x32xf32, #a>, %y: tensor<32x64xf32, #b>, %c: tensor<64x64xf32, #mfma>) {
  // expected-error @+1 {{no 32x32x16 MFMA of 'f32' operands on gfx950 (CDNA4 (MI350))}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xf32, #a>, tensor<32x64xf32, #b> -> tensor<64x64xf32, #mfma>
  return
}

// -----

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 8], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mfma, k_width = 8}>
func.func @k_width(%x: tensor<64x32xbf16, #a>, %y: tensor<32x64xbf16, #b>, %c: tensor<64x64xf32, #mfma>) {
  // expected-error @+1 {{operands hold 8 elements of K per lane; mfma.f32.32x32x8bf16.1k takes 4 (k_width)}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xbf16, #a>, tensor<32x64xbf16, #b> -> tensor<64x64xf32, #mfma>
  return
}

// -----

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 32], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 16}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mfma, k_width = 16}>
// 8-bit operands are lowered (packed into 32-bit words): accepted.
func.func @packed(%x: tensor<64x32xi8, #a>, %y: tensor<32x64xi8, #b>, %c: tensor<64x64xi32, #mfma>) {
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xi8, #a>, tensor<32x64xi8, #b> -> tensor<64x64xi32, #mfma>
  return
}

// -----

#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>
#na = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 2}>
#nb = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 2}>
func.func @mma_on_amd(%x: tensor<64x32xbf16, #na>, %y: tensor<32x64xbf16, #nb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{result layout assumes 32 lanes per warp but gfx950 has 64}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xbf16, #na>, tensor<32x64xbf16, #nb> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [4, 64, 4], transposed = false, warps_per_cta = [1, 1]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 4}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mfma, k_width = 4}>
func.func @blocks(%x: tensor<4x16xf16, #a>, %y: tensor<16x64xf16, #b>, %c: tensor<4x64xf32, #mfma>) {
  // expected-error @+1 {{lowers the square 32x32 and 16x16 MFMA instructions; mfma.f32.4x4x4f16 (4x64 blocks) is not lowered}}
  %d = tlxamd.dot %x, %y, %c : tensor<4x16xf16, #a>, tensor<16x64xf16, #b> -> tensor<4x64xf32, #mfma>
  return
}
