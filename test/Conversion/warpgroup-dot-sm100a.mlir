// wgmma is Hopper's: Blackwell's MMAs are tcgen05 (async_dot with a
// tensor-memory accumulator).
// RUN: not tlx-opt %s --tlxamd-verify-target=target=sm_100a 2>&1 | FileCheck %s

// CHECK: error: 'tlxamd.warpgroup_dot' op needs the warpgroup MMA (wgmma) of Hopper, which sm_100a (Blackwell) lacks (targets that have it: sm_90a)
#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [4, 1], instr_shape = [16, 8]}>
!a = !tlxamd.memdesc<64x64xbf16, #a, #tlxamd.shared_memory, mutable>
func.func @k(%a: !a) -> tensor<64x64xf32, #mma> {
  %d = tlxamd.warpgroup_dot %a, %a : !a, !a -> tensor<64x64xf32, #mma>
  %w = tlxamd.warpgroup_dot_wait %d pendings = 0 : tensor<64x64xf32, #mma>
  return %w : tensor<64x64xf32, #mma>
}
