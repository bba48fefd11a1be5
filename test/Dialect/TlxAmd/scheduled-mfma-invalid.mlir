// The static contracts of explicit MFMA scheduling and register classes
// (docs/contracts.md M3-M6, M12-M15, M18, require_layout's pin), one diagnostic each.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m3_class(%y: tensor<32x64xbf16, #b>) {
  // expected-error @+1 {{M3: register_class must be "agpr" or "vgpr", got "sgpr"}}
  %r = tlxamd.amd_register_resident %y {register_class = "sgpr"} : tensor<32x64xbf16, #b>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m3_width(%y: tensor<32x64xbf16, #b>) {
  // expected-error @+1 {{M3: registers_per_group is the number of consecutive 32-bit registers of a group, one of 1, 2, 4, 8, 16, 32; got 3}}
  %r = tlxamd.amd_register_resident %y {register_class = "agpr", registers_per_group = 3 : i32} : tensor<32x64xbf16, #b>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m3_divide(%y: tensor<32x64xbf16, #b>) {
  // 16 bf16 per thread; a group of 16 registers holds 32.
  // expected-error @+1 {{M3: a group of 16 registers holds 32 'bf16' elements; each thread's 16 elements do not divide into such groups}}
  %r = tlxamd.amd_register_resident %y {register_class = "agpr", registers_per_group = 16 : i32} : tensor<32x64xbf16, #b>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
func.func @m4_element(%x: tensor<64x64xf64, #mma>) {
  // expected-error @+1 {{M4: takes tensors of 16- or 32-bit integers or floats, got 'f64'}}
  %r = tlxamd.amd_register_class_anchor %x : tensor<64x64xf64, #mma>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m6_element(%x: tensor<64x16xf32, #a>, %y: tensor<16x64xf32, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{M6: a and b must be matching bf16 or f16 tensors, got 'f32' and 'f32'}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<64x16xf32, #a>, tensor<16x64xf32, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 2}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 2}>
func.func @m6_k_width(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{M6: operand a has k_width 2; scheduled MFMAs take k_width 4 or 8}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

#blocked = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m6_acc_layout(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{M6: the accumulator must have an #tlxamd.amd_mfma layout}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #blocked>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2], tiles_per_warp = [2, 1]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m6_unit_tile(%x: tensor<128x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<128x64xf32, #mma>) {
  // expected-error @+1 {{M6: the accumulator's MFMA layout must be the unit tile (tiles_per_warp all 1)}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<128x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<128x64xf32, #mma>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#other = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #other, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m6_parent(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{M6: operand a must have the layout #tlxamd.dot_operand<{op_idx = 0, parent = <the accumulator's layout>, k_width = 4 or 8}>}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m6_shapes(%x: tensor<64x32xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{M6: shapes do not chain: a is 64x32, b 16x64, acc 64x64}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<64x32xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma3 = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 1, 1]}>
#a3 = #tlxamd.dot_operand<{op_idx = 0, parent = #mma3, k_width = 8}>
#b3 = #tlxamd.dot_operand<{op_idx = 1, parent = #mma3, k_width = 8}>
func.func @m6_batch(%x: tensor<4x32x16xbf16, #a3>, %y: tensor<4x16x32xbf16, #b3>, %z: tensor<4x32x32xf32, #mma3>) {
  // expected-error @+1 {{M6: rank-3 tensors have one batch repetition per wave: the batch extent 4 must equal the layout's 2 warps along the batch}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<4x32x16xbf16, #a3>, tensor<4x16x32xbf16, #b3> -> tensor<4x32x32xf32, #mma3>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#mma3 = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 1, 1]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b3 = #tlxamd.dot_operand<{op_idx = 1, parent = #mma3, k_width = 8}>
func.func @m6_rank(%x: tensor<32x16xbf16, #a>, %y: tensor<2x16x32xbf16, #b3>, %z: tensor<2x32x32xf32, #mma3>) {
  // expected-error @+1 {{M6: a, b and acc must all have rank 2 or all rank 3, got ranks 2, 3 and 3}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<32x16xbf16, #a>, tensor<2x16x32xbf16, #b3> -> tensor<2x32x32xf32, #mma3>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @role(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{accumulator_role must be "transient" or "persistent", got "eager"}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z {accumulator_role = "eager"} : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m12_value(%y: tensor<16x64xbf16, #b>) {
  // expected-error @+1 {{M12: committed values are F32 tensors with an #tlxamd.amd_mfma layout}}
  %c = tlxamd.amd_mfma_commit %y : tensor<16x64xbf16, #b>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
func.func @m12_preserve(%z: tensor<64x64xf32, #mma>, %w: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{M12: preserve is one BF16 or F16 tensor with a #tlxamd.dot_operand layout}}
  %c, %l = tlxamd.amd_mfma_commit %z preserve %w : tensor<64x64xf32, #mma> preserve tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m13_fork(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %d0 = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  // expected-note @+1 {{other use here}}
  %e = arith.addf %d0, %d0 : tensor<64x64xf32, #mma>
  %d1 = tlxamd.amd_scheduled_mfma %x, %y, %d0 : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  // expected-error @+1 {{M13: an F32 chain forks before the commit: a scheduled MFMA result on its way here has 3 uses; commit the chain before using its value elsewhere}}
  %c = tlxamd.amd_mfma_commit %d1 : tensor<64x64xf32, #mma>
  return %e : tensor<64x64xf32, #mma>
}

// -----

// M13: a loop block argument whose two uses are both in the body is a fork.
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m13_loop_fork(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^header(%z, %c0 : tensor<64x64xf32, #mma>, i32)
^header(%acc: tensor<64x64xf32, #mma>, %i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  // expected-note @+1 {{other use here}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %acc : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  // expected-note @+1 {{other use here}}
  %e = arith.addf %acc, %acc : tensor<64x64xf32, #mma>
  %next = arith.addi %i, %c1 : i32
  cf.br ^header(%d, %next : tensor<64x64xf32, #mma>, i32)
^exit:
  // expected-error @+1 {{M13: an F32 chain forks before the commit: a loop-carried value on its way here has 4 uses}}
  %c = tlxamd.amd_mfma_commit %acc : tensor<64x64xf32, #mma>
  return %c : tensor<64x64xf32, #mma>
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m14_preserve(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) -> tensor<16x64xbf16, #b> {
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z {initialize} : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  // expected-error @+1 {{M14: the preserved value is used after the commit; use the value the commit returns instead}}
  %c, %l = tlxamd.amd_mfma_commit %d preserve %y : tensor<64x64xf32, #mma> preserve tensor<16x64xbf16, #b>
  // expected-note @+1 {{use here}}
  %r = tlxamd.amd_register_class_anchor %y : tensor<16x64xbf16, #b>
  return %r : tensor<16x64xbf16, #b>
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
func.func @m14_result(%z: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  // expected-error @+1 {{M14: the committed value is used after the commit; use the value the commit returns instead}}
  %c = tlxamd.amd_mfma_commit %z : tensor<64x64xf32, #mma>
  // expected-note @+1 {{use here}}
  %e = arith.addf %z, %c : tensor<64x64xf32, #mma>
  return %e : tensor<64x64xf32, #mma>
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m15(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-note @+1 {{AGPR-resident result from here}}
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z {accumulator_role = "persistent"} : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  // expected-error @+1 {{M15: a boundary with preserve moves its results to VGPRs; committing an AGPR-resident persistent scheduled-MFMA result with preserve is rejected}}
  %c, %l = tlxamd.amd_mfma_commit %d preserve %y : tensor<64x64xf32, #mma> preserve tensor<16x64xbf16, #b>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m18_lanes(%y: tensor<32x128xbf16, #b>) {
  // N 16..31 of a warp's 32 columns lie in other lanes.
  // expected-error @+1 {{M18: the slice of}}
  %s = tlxamd.extract_slice %y [0, 16] : tensor<32x128xbf16, #b> -> tensor<32x16xbf16, #b>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m18_aligned(%y: tensor<32x128xbf16, #b>) {
  // expected-error @+1 {{M18: offset 32 of dimension 1 is not a multiple of the slice's extent 64: the slice is not an aligned register fragment}}
  %s = tlxamd.extract_slice %y [0, 32] : tensor<32x128xbf16, #b> -> tensor<32x64xbf16, #b>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
func.func @m18_bounds(%y: tensor<32x128xbf16, #b>) {
  // expected-error @+1 {{M18: the slice [128, 192) of dimension 1 is outside the source's extent 128}}
  %s = tlxamd.extract_slice %y [0, 128] : tensor<32x128xbf16, #b> -> tensor<32x64xbf16, #b>
  return
}

// -----

#blocked = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
func.func @pin(%z: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{pin: the value must already be in}}
  %p = tlxamd.require_layout %z {pin} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
  return
}
