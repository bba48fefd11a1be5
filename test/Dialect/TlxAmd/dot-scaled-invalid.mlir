// The static contracts of dot_scaled (docs/contracts.md D3; formats, shapes,
// scales and layouts), one diagnostic each.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

func.func @format(%a: tensor<32x128xi8>, %b: tensor<128x32xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{lhs_format must be one of e2m1, e2m3, e3m2, e4m3, e5m2, bf16, fp16, got "e3m4"}}
  %d = tlxamd.dot_scaled %a, %b, %c lhs = "e3m4" rhs = "e4m3" : tensor<32x128xi8>, tensor<128x32xi8> -> tensor<32x32xf32>
  return
}

// -----

func.func @element(%a: tensor<32x128xi8>, %b: tensor<128x32xf8E5M2>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{rhs_format e4m3 holds f8E4M3FN or i8 elements, got 'f8E5M2'}}
  %d = tlxamd.dot_scaled %a, %b, %c lhs = "e4m3" rhs = "e4m3" : tensor<32x128xi8>, tensor<128x32xf8E5M2> -> tensor<32x32xf32>
  return
}

// -----

func.func @bf16_scale(%a: tensor<32x128xbf16>, %s: tensor<32x4xi8>, %b: tensor<128x32xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{lhs_format bf16 takes no scale}}
  %d = tlxamd.dot_scaled %a scale %s, %b, %c lhs = "bf16" rhs = "e4m3" : tensor<32x128xbf16> scale tensor<32x4xi8>, tensor<128x32xi8> -> tensor<32x32xf32>
  return
}

// -----

func.func @k_differs(%a: tensor<32x128xi8>, %b: tensor<128x32xi8>, %c: tensor<32x32xf32>) {
  // fp4 packed along K: 128 bytes hold 256 values
  // expected-error @+1 {{K differs: the lhs holds 256 values along K, the rhs 128}}
  %d = tlxamd.dot_scaled %a, %b, %c lhs = "e2m1" rhs = "e4m3" : tensor<32x128xi8>, tensor<128x32xi8> -> tensor<32x32xf32>
  return
}

// -----

func.func @m_packed(%a: tensor<32x128xi8>, %b: tensor<128x32xi8>, %c: tensor<32x32xf32>) {
  // fp4 packed along M: 32 bytes hold 64 rows
  // expected-error @+1 {{the accumulator is 32x32, the product 64x32}}
  %d = tlxamd.dot_scaled %a, %b, %c lhs = "e2m1" rhs = "e4m3" {lhs_k_pack = false} : tensor<32x128xi8>, tensor<128x32xi8> -> tensor<32x32xf32>
  return
}

// -----

func.func @acc_type(%a: tensor<32x128xi8>, %b: tensor<128x32xi8>, %c: tensor<32x32xf16>) {
  // expected-error @+1 {{accumulates in f32, got 'f16'}}
  %d = tlxamd.dot_scaled %a, %b, %c lhs = "e4m3" rhs = "e4m3" : tensor<32x128xi8>, tensor<128x32xi8> -> tensor<32x32xf16>
  return
}

// -----

func.func @rank(%a: tensor<2x32x128xi8>, %b: tensor<2x128x32xi8>, %c: tensor<2x32x32xf32>) {
  // expected-error @+1 {{multiplies matrices (rank 2), got ranks 3, 3 and 3}}
  %d = tlxamd.dot_scaled %a, %b, %c lhs = "e4m3" rhs = "e4m3" : tensor<2x32x128xi8>, tensor<2x128x32xi8> -> tensor<2x32x32xf32>
  return
}

// -----

func.func @scale_shape(%a: tensor<32x128xi8>, %b: tensor<128x32xi8>, %s: tensor<32x2xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{the rhs scale holds one E8M0 exponent per 32 K values of a row: tensor<32x4xi8>, got 'tensor<32x2xi8>'}}
  %d = tlxamd.dot_scaled %a, %b scale %s, %c lhs = "e4m3" rhs = "e4m3" : tensor<32x128xi8>, tensor<128x32xi8> scale tensor<32x2xi8> -> tensor<32x32xf32>
  return
}

// -----

func.func @scale_type(%a: tensor<32x128xi8>, %s: tensor<32x4xf32>, %b: tensor<128x32xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{the lhs scale holds one E8M0 exponent per 32 K values of a row: tensor<32x4xi8>, got 'tensor<32x4xf32>'}}
  %d = tlxamd.dot_scaled %a scale %s, %b, %c lhs = "e4m3" rhs = "e4m3" : tensor<32x128xi8> scale tensor<32x4xf32>, tensor<128x32xi8> -> tensor<32x32xf32>
  return
}

// -----

func.func @scale_block(%a: tensor<32x16xi8>, %s: tensor<32x1xi8>, %b: tensor<16x32xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{a scale covers 32 values of K; K = 16 is not a whole number of blocks}}
  %d = tlxamd.dot_scaled %a scale %s, %b, %c lhs = "e4m3" rhs = "e4m3" : tensor<32x16xi8> scale tensor<32x1xi8>, tensor<16x32xi8> -> tensor<32x32xf32>
  return
}

// -----

func.func @d3_entries(%a: tensor<32x128xi8>, %b: tensor<128x32xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{D3: tiles_per_warp has one entry per result dimension (2), got 1}}
  %d = tlxamd.dot_scaled %a, %b, %c lhs = "e4m3" rhs = "e4m3" {tiles_per_warp = array<i32: 2>} : tensor<32x128xi8>, tensor<128x32xi8> -> tensor<32x32xf32>
  return
}

// -----

func.func @d3_positive(%a: tensor<32x128xi8>, %b: tensor<128x32xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{D3: tiles_per_warp[0] must be a positive power of two, got 0}}
  %d = tlxamd.dot_scaled %a, %b, %c lhs = "e4m3" rhs = "e4m3" {tiles_per_warp = array<i32: 0, 1>} : tensor<32x128xi8>, tensor<128x32xi8> -> tensor<32x32xf32>
  return
}

// -----

func.func @d3_power_of_two(%a: tensor<32x128xi8>, %b: tensor<128x32xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{D3: tiles_per_warp[1] must be a positive power of two, got 3}}
  %d = tlxamd.dot_scaled %a, %b, %c lhs = "e4m3" rhs = "e4m3" {tiles_per_warp = array<i32: 1, 3>} : tensor<32x128xi8>, tensor<128x32xi8> -> tensor<32x32xf32>
  return
}

// -----

// One period of this layout is 32 x 2 x 2 = 128 along M and N.
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 32}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
func.func @d3_period(%x: tensor<64x128xi8, #a>, %y: tensor<128x64xi8, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{D3: the layout period along M, instr_shape x warps_per_cta x tiles_per_warp = 32 x 2 x 2 = 128, does not fit the result's 64}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" {tiles_per_warp = array<i32: 2, 2>} : tensor<64x128xi8, #a>, tensor<128x64xi8, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

// The WMMA layout itself refuses a period larger than its tensor.
#wmma = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = false, warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>
// expected-error @+1 {{D3: tiles_per_warp period 16 x 2 x 2 = 64 along dimension 0 exceeds the tensor extent 32}}
func.func @d3_wmma_period(%z: tensor<32x32xf32, #wmma>) {
  return
}

// -----

#wmma = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = false, warps_per_cta = [2, 2], tiles_per_warp = [1, 1]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #wmma, k_width = 16}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #wmma, k_width = 16}>
func.func @d3_layout(%x: tensor<64x128xi8, #a>, %y: tensor<128x64xi8, #b>, %z: tensor<64x64xf32, #wmma>) {
  // expected-error @+1 {{D3: tiles_per_warp[0] = 2 but the result layout has 1}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" {tiles_per_warp = array<i32: 2, 2>} : tensor<64x128xi8, #a>, tensor<128x64xi8, #b> -> tensor<64x64xf32, #wmma>
  return
}

// -----

#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 4}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 4}>
func.func @d3_nvidia(%x: tensor<32x128xi8, #a>, %y: tensor<128x32xi8, #b>, %z: tensor<32x32xf32, #mma>) {
  // expected-error @+1 {{D3: tiles_per_warp shapes an AMD matrix layout; the result has #tlxamd.nvidia_mma}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" {tiles_per_warp = array<i32: 1, 1>} : tensor<32x128xi8, #a>, tensor<128x32xi8, #b> -> tensor<32x32xf32, #mma>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 32}>
func.func @some_layouts(%x: tensor<64x128xi8, #a>, %y: tensor<128x64xi8>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{operands, scales and result have layouts or none does}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" : tensor<64x128xi8, #a>, tensor<128x64xi8> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 32}>
func.func @op_idx(%x: tensor<64x128xi8, #a>, %y: tensor<128x64xi8, #a>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{operand b must have the layout #tlxamd.dot_operand<{op_idx = 1, parent = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>, k_width = ...}>}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" : tensor<64x128xi8, #a>, tensor<128x64xi8, #a> -> tensor<64x64xf32, #mma>
  return
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [16, 4], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @result_layout(%x: tensor<64x128xi8, #bl>, %y: tensor<128x64xi8, #bl>, %z: tensor<64x64xf32, #bl>) {
  // expected-error @+1 {{the result's layout names the scaled matrix instruction: an #tlxamd.amd_mfma or #tlxamd.amd_wmma layout, got #tlxamd.blocked}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" : tensor<64x128xi8, #bl>, tensor<128x64xi8, #bl> -> tensor<64x64xf32, #bl>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 16}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
#bl = #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [16, 4], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @scale_layout(%x: tensor<64x64xi8, #a>, %xs: tensor<64x4xi8, #bl>, %y: tensor<128x64xf8E4M3FN, #b>, %z: tensor<64x64xf32, #mma>) {
  // Lane l of an instruction needs row l % 32's scale of K block l / 32.
  // expected-error @+1 {{the lhs scale's layout must give each lane the scales of the K blocks its operand fragment covers: #tlxamd.linear<{register = [[0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [[0, 0], [32, 0]], block = []}>, got #tlxamd.blocked}}
  %d = tlxamd.dot_scaled %x scale %xs, %y, %z lhs = "e2m1" rhs = "e4m3" : tensor<64x64xi8, #a> scale tensor<64x4xi8, #bl>, tensor<128x64xf8E4M3FN, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 32}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
func.func @whole_instructions(%x: tensor<64x32xi8, #a>, %y: tensor<32x64xi8, #b>, %z: tensor<64x64xf32, #mma>) {
  // K = 32 is half a 32x32x64 instruction: no K step would be emitted
  // expected-error @+1 {{the K extent 32 is not a whole number of the instruction's 64}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" : tensor<64x32xi8, #a>, tensor<32x64xi8, #b> -> tensor<64x64xf32, #mma>
  return
}
