// tl.dot's shapes, element types and layouts are checked with a diagnostic.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

func.func @f(%x: tensor<16x8xf16>, %y: tensor<4x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{shapes do not chain: a is 16x8, b 4x16, the accumulator 16x16 (M x K times K x N is M x N)}}
  %d = tlxamd.dot %x, %y, %c : tensor<16x8xf16>, tensor<4x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @f(%x: tensor<16x8xf16>, %y: tensor<8x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{operands have different element types, 'f16' and 'bf16'}}
  %d = tlxamd.dot %x, %y, %c : tensor<16x8xf16>, tensor<8x16xbf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @f(%x: tensor<16x8xf16>, %y: tensor<8x16xf16>, %c: tensor<16x16xf16>) {
  // expected-error @+1 {{accumulates 'f16' products in f32, got 'f16'}}
  %d = tlxamd.dot %x, %y, %c : tensor<16x8xf16>, tensor<8x16xf16> -> tensor<16x16xf16>
  return
}

// -----

func.func @f(%x: tensor<16x8xi8>, %y: tensor<8x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{accumulates 'i8' products in i32, got 'f32'}}
  %d = tlxamd.dot %x, %y, %c : tensor<16x8xi8>, tensor<8x16xi8> -> tensor<16x16xf32>
  return
}

// -----

func.func @f(%x: tensor<2x16x8xf16>, %y: tensor<8x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{multiplies matrices (rank 2), got ranks 3, 2 and 2}}
  %d = tlxamd.dot %x, %y, %c : tensor<2x16x8xf16>, tensor<8x16xf16> -> tensor<16x16xf32>
  return
}

// -----

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = false, warps_per_cta = [2, 2]}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mfma, k_width = 8}>
func.func @f(%x: tensor<64x32xbf16>, %y: tensor<32x64xbf16, #b>, %c: tensor<64x64xf32, #mfma>) {
  // expected-error @+1 {{operands and result have layouts or none does (layout assignment chooses them together)}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xbf16>, tensor<32x64xbf16, #b> -> tensor<64x64xf32, #mfma>
  return
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<64x32xbf16, #bl>, %y: tensor<32x64xbf16, #bl>, %c: tensor<64x64xf32, #bl>) {
  // expected-error @+1 {{the result's layout names the matrix instruction: an #tlxamd.amd_mfma, #tlxamd.amd_wmma or #tlxamd.nvidia_mma layout, got #tlxamd.blocked}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xbf16, #bl>, tensor<32x64xbf16, #bl> -> tensor<64x64xf32, #bl>
  return
}

// -----

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 8}>
func.func @f(%x: tensor<64x32xbf16, #a>, %y: tensor<32x64xbf16, #a>, %c: tensor<64x64xf32, #mfma>) {
  // expected-error @+1 {{operand b must have the layout #tlxamd.dot_operand<{op_idx = 1, parent = <the result's layout>, k_width = ...}>}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xbf16, #a>, tensor<32x64xbf16, #a> -> tensor<64x64xf32, #mfma>
  return
}

// -----

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mfma, k_width = 4}>
func.func @f(%x: tensor<64x32xbf16, #a>, %y: tensor<32x64xbf16, #b>, %c: tensor<64x64xf32, #mfma>) {
  // expected-error @+1 {{operands hold 8 and 4 elements of K per lane (k_width): one instruction takes both}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xbf16, #a>, tensor<32x64xbf16, #b> -> tensor<64x64xf32, #mfma>
  return
}

// -----

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mfma, k_width = 8}>
func.func @f(%x: tensor<64x8xbf16, #a>, %y: tensor<8x64xbf16, #b>, %c: tensor<64x64xf32, #mfma>) {
  // expected-error @+1 {{the K extent 8 is not a whole number of the instruction's 16}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x8xbf16, #a>, tensor<8x64xbf16, #b> -> tensor<64x64xf32, #mfma>
  return
}

// -----

#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 4}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 4}>
func.func @f(%x: tensor<64x32xbf16, #a>, %y: tensor<32x64xbf16, #b>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{mma.sync operand registers hold 32 bits of K: k_width must be 2 for 'bf16', got 4}}
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xbf16, #a>, tensor<32x64xbf16, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 4], transposed = false, warps_per_cta = [2, 2], element_bit_width = 64}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 1}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mfma, k_width = 1}>
func.func @f(%x: tensor<32x16xf32, #a>, %y: tensor<16x32xf32, #b>, %c: tensor<32x32xf32, #mfma>) {
  // expected-error @+1 {{the MFMA layout's element_bit_width 64 does not match the 'f32' accumulator}}
  %d = tlxamd.dot %x, %y, %c : tensor<32x16xf32, #a>, tensor<16x32xf32, #b> -> tensor<32x32xf32, #mfma>
  return
}
