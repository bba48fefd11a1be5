// T13 (tlxamd-verify-target): an async_dot's accumulator is read only
// after async_dot_wait, through loops; wgmma is Hopper's.
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=sm_90a -verify-diagnostics

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [4, 1], instr_shape = [16, 8]}>
!a = !tlxamd.memdesc<64x64xbf16, #a, #tlxamd.shared_memory, mutable>
func.func @loop_then_wait(%a: !a, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) {
    %d = tlxamd.warpgroup_dot %a, %a, %acc : tensor<64x64xf32, #mma> : !a, !a -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  %w = tlxamd.warpgroup_dot_wait %r pendings = 0 : tensor<64x64xf32, #mma>
  return %w : tensor<64x64xf32, #mma>
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [4, 1], instr_shape = [16, 8]}>
!a = !tlxamd.memdesc<64x64xbf16, #a, #tlxamd.shared_memory, mutable>
func.func @no_wait(%a: !a, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) {
    // expected-note @+1 {{the async_dot}}
    %d = tlxamd.warpgroup_dot %a, %a, %acc : tensor<64x64xf32, #mma> : !a, !a -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  // expected-error @+1 {{T13: reads the accumulator of an async_dot (warpgroup MMA) that may still be in flight: wait for it first (async_dot_wait)}}
  return %r : tensor<64x64xf32, #mma>
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [4, 1], instr_shape = [16, 8]}>
!a = !tlxamd.memdesc<64x64xbf16, #a, #tlxamd.shared_memory, mutable>
func.func @read_in_loop(%a: !a, %c: tensor<64x64xf32, #mma>, %x: tensor<64x64xf32, #mma>) {
  // expected-note @+1 {{the async_dot}}
  %d = tlxamd.warpgroup_dot %a, %a, %c : tensor<64x64xf32, #mma> : !a, !a -> tensor<64x64xf32, #mma>
  // expected-error @+1 {{T13: reads the accumulator of an async_dot (warpgroup MMA) that may still be in flight}}
  %s = arith.addf %d, %x : tensor<64x64xf32, #mma>
  return
}
