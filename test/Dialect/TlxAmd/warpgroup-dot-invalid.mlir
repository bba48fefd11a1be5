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
  // expected-error @+1 {{accumulates in wgmma's registers: the layout is nvidia_mma with warps [num_warps, 1] (whole warpgroups of 4) and instr_shape [16, 8], got #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>}}
  %d = tlxamd.warpgroup_dot %a, %b : !a, !b -> tensor<128x128xf32, #mma>
  return
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [8, 1], instr_shape = [16, 8]}>
!a = !tlxamd.memdesc<64x64xbf16, #a, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<64x128xbf16, #a, #tlxamd.shared_memory, mutable>
func.func @rows(%a: !a, %b: !b) {
  // expected-error @+1 {{M = 64 is not a whole number of 128-row blocks (64 rows per warpgroup per instruction)}}
  %d = tlxamd.warpgroup_dot %a, %b : !a, !b -> tensor<64x128xf32, #mma>
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
