// tl.dot with a WMMA layout against the capability table: gfx1250's WMMA
// generation, an instruction of the layout's shape for the operand type,
// and operands holding its K groups (8 consecutive values of K per lane
// for 16- and 8-bit operands, 2 for f32). NVIDIA targets have no WMMA
// (CDNA ones reject the layout's 32 lanes first).
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx1250 -verify-diagnostics
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=sm_90a 2>&1 | FileCheck %s --check-prefix=SM90

// SM90: error: 'tlxamd.dot' op the layout is of WMMA generation 3; sm_90a (Hopper) has no WMMA

#w = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #w, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #w, k_width = 8}>
func.func @ok(%x: tensor<64x64xf16, #a>, %y: tensor<64x64xf16, #b>, %c: tensor<64x64xf32, #w>) {
  %d = tlxamd.dot %x, %y, %c : tensor<64x64xf16, #a>, tensor<64x64xf16, #b> -> tensor<64x64xf32, #w>
  return
}

// -----

#w = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #w, k_width = 16}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #w, k_width = 16}>
func.func @k_group(%x: tensor<64x64xf16, #a>, %y: tensor<64x64xf16, #b>, %c: tensor<64x64xf32, #w>) {
  // expected-error @+1 {{operands hold 16 consecutive elements of K per lane; wmma.f32.16x16x32.f16 takes them in groups of 8 (k_width)}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x64xf16, #a>, tensor<64x64xf16, #b> -> tensor<64x64xf32, #w>
  return
}

// -----

#w = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 32], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #w, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #w, k_width = 8}>
func.func @no_instr(%x: tensor<64x64xi8, #a>, %y: tensor<64x64xi8, #b>, %c: tensor<64x64xi32, #w>) {
  // expected-error @+1 {{no 16x16x32 WMMA of 'i8' operands on gfx1250 (gfx1250)}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x64xi8, #a>, tensor<64x64xi8, #b> -> tensor<64x64xi32, #w>
  return
}

// -----

#w = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 4], transposed = false, warps_per_cta = [1, 1]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #w, k_width = 2}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #w, k_width = 2}>
func.func @f32(%x: tensor<16x8xf32, #a>, %y: tensor<8x16xf32, #b>, %c: tensor<16x16xf32, #w>) {
  %d = tlxamd.dot %x, %y, %c : tensor<16x8xf32, #a>, tensor<8x16xf32, #b> -> tensor<16x16xf32, #w>
  return
}

// -----

#m = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #m, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #m, k_width = 8}>
func.func @mfma_on_gfx1250(%x: tensor<64x64xf16, #a>, %y: tensor<64x64xf16, #b>, %c: tensor<64x64xf32, #m>) {
  // expected-error @+1 {{the layout is of MFMA generation 4; gfx1250 (gfx1250) has no MFMA}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x64xf16, #a>, tensor<64x64xf16, #b> -> tensor<64x64xf32, #m>
  return
}
