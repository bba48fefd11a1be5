// Hopper's warpgroup MMA (TLX's async_dot with a register accumulator,
// async_dot_wait: T13): operand tiles, shapes, the accumulator layout of
// wgmma's registers, K-major fp8; with a positive case.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [4, 1], instr_shape = [16, 8]}>
!a = !tlxamd.memdesc<128x64xbf16, #a, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<64x128xbf16, #a, #tlxamd.shared_memory, mutable>
func.func @ok(%a: !a, %b: !b, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
  %d = tlxamd.warpgroup_dot %a, %b, %c : tensor<128x128xf32, #mma> : !a, !b -> tensor<128x128xf32, #mma>
  %e = tlxamd.warpgroup_dot %a, %b : !a, !b -> tensor<128x128xf32, #mma>
  %r = tlxamd.warpgroup_dot_wait %d pendings = 0 : tensor<128x128xf32, #mma>
  return %r : tensor<128x128xf32, #mma>
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>
!a = !tlxamd.memdesc<128x64xbf16, #a, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<64x128xbf16, #a, #tlxamd.shared_memory, mutable>
func.func @layout(%a: !a, %b: !b) {
  // expected-error @+1 {{accumulates in wgmma's registers: the layout is nvidia_mma version [3, 0], or version [2, 0] with warps [num_warps, 1] (whole warpgroups of 4) and instr_shape [16, 8], got #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>}}
  %d = tlxamd.warpgroup_dot %a, %b : !a, !b -> tensor<128x128xf32, #mma>
  return
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [8, 1], instr_shape = [16, 8]}>
!a = !tlxamd.memdesc<32x64xbf16, #a, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<64x128xbf16, #a, #tlxamd.shared_memory, mutable>
func.func @rows(%a: !a, %b: !b) {
  // expected-error @+1 {{M = 32 is not a whole number of 64-row blocks (one warpgroup instruction)}}
  %d = tlxamd.warpgroup_dot %a, %b : !a, !b -> tensor<32x128xf32, #mma>
  return
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
!a = !tlxamd.memdesc<64x64xbf16, #a, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<64x512xbf16, #a, #tlxamd.shared_memory, mutable>
func.func @n(%a: !a, %b: !b) {
  // expected-error @+1 {{N = 512; wgmma takes N a multiple of 8 up to 256}}
  %d = tlxamd.warpgroup_dot %a, %b : !a, !b -> tensor<64x512xf32>
  return
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 8, transposed = false}>
#b = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
!a = !tlxamd.memdesc<64x64xf8E4M3FN, #a, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<64x128xf8E4M3FN, #b, #tlxamd.shared_memory, mutable>
func.func @fp8_mn_major(%a: !a, %b: !b) {
  // expected-error @+1 {{B: wgmma reads fp8 operands K-major; got an MN-major tile}}
  %d = tlxamd.warpgroup_dot %a, %b : !a, !b -> tensor<64x128xf32>
  return
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 16, transposed = false}>
!a = !tlxamd.memdesc<64x64xf16, #a, #tlxamd.shared_memory, mutable>
func.func @unswizzled(%a: !a) {
  // expected-error @+1 {{A: a tcgen05.mma operand is a swizzled nvmma_shared tile (32, 64 or 128 bytes)}}
  %d = tlxamd.warpgroup_dot %a, %a : !a, !a -> tensor<64x64xf32>
  return
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 32, transposed = false}>
!a = !tlxamd.memdesc<64x64xf32, #a, #tlxamd.shared_memory, mutable>
func.func @types(%a: !a) {
  // expected-error @+1 {{multiplies f16, bf16 or fp8 (e4m3, e5m2) tiles of one type, got 'f32' and 'f32'}}
  %d = tlxamd.warpgroup_dot %a, %a : !a, !a -> tensor<64x64xf32>
  return
}

// -----

func.func @wait_type(%x: tensor<64x64xi32>) {
  // expected-error @+1 {{waits on a warpgroup_dot accumulator (f32), got 'tensor<64x64xi32>'}}
  %r = tlxamd.warpgroup_dot_wait %x pendings = 0 : tensor<64x64xi32>
  return
}

// -----

// Gluon's wgmma layout (version [3, 0]): a register A in the accumulator's
// dot_operand layout, warpgroups along N; the wrong A layout, a 32-bit
// register A, and a tlxamd.dot (mma.sync) on a version 3 layout.
#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#v3 = #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 2], instr_shape = [16, 64, 16]}>
#opA = #tlxamd.dot_operand<{op_idx = 0, parent = #v3, k_width = 2}>
!b = !tlxamd.memdesc<64x128xf16, #a, #tlxamd.shared_memory, mutable>
func.func @register_a(%a: tensor<64x64xf16, #opA>, %b: !b, %c: tensor<64x128xf32, #v3>) -> tensor<64x128xf32, #v3> {
  %d = tlxamd.warpgroup_dot %a, %b, %c : tensor<64x128xf32, #v3> : tensor<64x64xf16, #opA>, !b -> tensor<64x128xf32, #v3>
  return %d : tensor<64x128xf32, #v3>
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#v3 = #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 1], instr_shape = [16, 64, 16]}>
#opA = #tlxamd.dot_operand<{op_idx = 0, parent = #v3, k_width = 4}>
!b = !tlxamd.memdesc<64x64xf16, #a, #tlxamd.shared_memory, mutable>
func.func @register_a_kwidth(%a: tensor<64x64xf16, #opA>, %b: !b) {
  // expected-error @+1 {{a register operand A has the layout #tlxamd.dot_operand<{op_idx = 0, parent = <the accumulator's layout>, k_width = 2}>}}
  %d = tlxamd.warpgroup_dot %a, %b : tensor<64x64xf16, #opA>, !b -> tensor<64x64xf32, #v3>
  return
}

// -----

#v3 = #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 1], instr_shape = [16, 64, 16]}>
#opA = #tlxamd.dot_operand<{op_idx = 0, parent = #v3, k_width = 2}>
#s = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 32, transposed = false}>
!b = !tlxamd.memdesc<64x64xf32, #s, #tlxamd.shared_memory, mutable>
func.func @register_a_f32(%a: tensor<64x64xf32, #opA>, %b: !b) {
  // expected-error @+1 {{multiplies f16, bf16 or fp8 (e4m3, e5m2) tiles of one type, got 'f32' and 'f32'}}
  %d = tlxamd.warpgroup_dot %a, %b : tensor<64x64xf32, #opA>, !b -> tensor<64x64xf32, #v3>
  return
}

// -----

#v3 = #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 1], instr_shape = [16, 64, 16]}>
#opA = #tlxamd.dot_operand<{op_idx = 0, parent = #v3, k_width = 2}>
#opB = #tlxamd.dot_operand<{op_idx = 0, parent = #v3, k_width = 2}>
func.func @dot_on_v3(%a: tensor<64x16xf16, #opA>, %b: tensor<16x64xf16, #opB>, %c: tensor<64x64xf32, #v3>) {
  // expected-error @+1 {{a version [3, 0] nvidia_mma layout is wgmma's: multiply with warpgroup_dot}}
  %d = tlxamd.dot %a, %b, %c : tensor<64x16xf16, #opA>, tensor<16x64xf16, #opB> -> tensor<64x64xf32, #v3>
  return
}

// -----

// expected-error @+1 {{version [3, 0] (wgmma) takes instr_shape [16, n, k] with n a multiple of 8 in [8, 256] and k 8, 16 or 32}}
#bad = #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 1], instr_shape = [16, 12, 16]}>
func.func @bad_instr(%c: tensor<64x64xf32, #bad>) {
  return
}

// -----

// expected-error @+1 {{version [3, 0] (wgmma) needs warps_per_cta[0] a multiple of 4}}
#bad = #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [2, 2], instr_shape = [16, 64, 16]}>
func.func @bad_warps(%c: tensor<64x64xf32, #bad>) {
  return
}

// -----

#v3 = #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 1], instr_shape = [16, 64, 16]}>
// expected-error @+1 {{a wgmma (version [3, 0]) parent has a register operand A only (op_idx 0)}}
#opB = #tlxamd.dot_operand<{op_idx = 1, parent = #v3, k_width = 2}>
func.func @bad_b(%b: tensor<16x64xf16, #opB>) {
  return
}

// -----

#s = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#t = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = true}>
func.func @trans(%m: !tlxamd.memdesc<128x64xf16, #s, #tlxamd.shared_memory, mutable>) {
  %ok = tlxamd.memdesc_trans %m : !tlxamd.memdesc<128x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x128xf16, #t, #tlxamd.shared_memory, mutable>
  // expected-error @+1 {{the transposed view of '!tlxamd.memdesc<128x64xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>, #tlxamd.shared_memory, mutable>' is '!tlxamd.memdesc<64x128xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = true}>, #tlxamd.shared_memory, mutable>'}}
  %bad = tlxamd.memdesc_trans %m : !tlxamd.memdesc<128x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x128xf16, #s, #tlxamd.shared_memory, mutable>
  return
}

// -----

#s = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
func.func @trans_buffers(%m: !tlxamd.memdesc<2x128x64xf16, #s, #tlxamd.shared_memory, mutable>) {
  // expected-error @+1 {{transposes one whole rank-2 tile}}
  %bad = tlxamd.memdesc_trans %m : !tlxamd.memdesc<2x128x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x128xf16, #s, #tlxamd.shared_memory, mutable>
  return
}
