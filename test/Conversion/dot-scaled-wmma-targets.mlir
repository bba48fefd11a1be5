// dot_scaled with a WMMA layout against gfx1250's scaled WMMA (16 x 16 x
// 128, f8f6f4): fp8 and fp4 packed along K are lowered, each operand holding
// the instruction's 16-byte K groups (k_width 16; an fp4 operand's parent
// counts K in its bytes, half the instruction's); each scale holds all four
// K blocks of its rows in every lane of the row (D4: tiles_per_warp is read
// here, by this lowering only).
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx1250 -verify-diagnostics

#w = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>
#w4 = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 64], transposed = true, warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #w4, k_width = 16}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #w, k_width = 16}>
#sa = #tlxamd.linear<{register = [[0, 1], [0, 2], [16, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0]], warp = [[0, 0], [32, 0]], block = []}>
#sb = #tlxamd.linear<{register = [[0, 1], [0, 2], [16, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0]], warp = [[32, 0], [0, 0]], block = []}>
func.func @fp4_fp8(%x: tensor<64x64xi8, #a>, %xs: tensor<64x4xi8, #sa>, %y: tensor<128x64xf8E4M3FN, #b>,
                   %ys: tensor<64x4xi8, #sb>, %z: tensor<64x64xf32, #w>) {
  %d = tlxamd.dot_scaled %x scale %xs, %y scale %ys, %z lhs = "e2m1" rhs = "e4m3" {tiles_per_warp = array<i32: 2, 2>}
      : tensor<64x64xi8, #a> scale tensor<64x4xi8, #sa>, tensor<128x64xf8E4M3FN, #b> scale tensor<64x4xi8, #sb> -> tensor<64x64xf32, #w>
  return
}

// -----

#w = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #w, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #w, k_width = 8}>
func.func @k_group(%x: tensor<32x128xi8, #a>, %y: tensor<128x32xi8, #b>, %z: tensor<32x32xf32, #w>) {
  // expected-error @+1 {{operand a holds 8 consecutive elements of K per lane; wmma.scale.f32.16x16x128.f8f6f4 takes them in groups of 16 bytes (k_width)}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" : tensor<32x128xi8, #a>, tensor<128x32xi8, #b> -> tensor<32x32xf32, #w>
  return
}

// -----

#w = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #w, k_width = 16}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #w, k_width = 16}>
func.func @fp6(%x: tensor<32x128xi8, #a>, %y: tensor<128x32xi8, #b>, %z: tensor<32x32xf32, #w>) {
  // expected-error @+1 {{wmma.scale.f32.16x16x128.f8f6f4 is lowered for fp8 and fp4 packed along K; lhs_format e2m3 is not (written without layouts, such a dot_scaled is upcast to the plain dot: tlxamd-decompose-dot-scaled)}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e2m3" rhs = "e4m3" : tensor<32x128xi8, #a>, tensor<128x32xi8, #b> -> tensor<32x32xf32, #w>
  return
}

// -----

#w = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #w, k_width = 16}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #w, k_width = 16}>
func.func @fp4_along_m(%x: tensor<16x128xi8, #a>, %y: tensor<128x32xi8, #b>, %z: tensor<32x32xf32, #w>) {
  // expected-error @+1 {{wmma.scale.f32.16x16x128.f8f6f4 is lowered for fp8 and fp4 packed along K; lhs_format e2m1 packed along M / N is not}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e2m1" rhs = "e4m3" {lhs_k_pack = false} : tensor<16x128xi8, #a>, tensor<128x32xi8, #b> -> tensor<32x32xf32, #w>
  return
}

// -----

#w = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #w, k_width = 16}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #w, k_width = 16}>
func.func @no_instr(%x: tensor<32x128xi8, #a>, %y: tensor<128x32xi8, #b>, %z: tensor<32x32xf32, #w>) {
  // expected-error @+1 {{no 16x16x64 scaled WMMA of generation 3 on gfx1250 (gfx1250)}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" : tensor<32x128xi8, #a>, tensor<128x32xi8, #b> -> tensor<32x32xf32, #w>
  return
}
