// tcgen05 is Blackwell's: Hopper rejects the MMA and the scale copy (T6).
// RUN: not tlx-opt %s --tlxamd-verify-target=target=sm_90a 2>&1 | FileCheck %s

// CHECK: error: 'tlxamd.tmem_copy' op needs tensor memory and tcgen05, which sm_90a (Hopper) lacks (targets that have them: sm_100a)
// CHECK: error: 'tlxamd.async_dot_scaled' op needs tensor memory and tcgen05, which sm_90a (Hopper) lacks
#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#raw = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
!ss = !tlxamd.memdesc<1x512xi8, #raw, #tlxamd.shared_memory, mutable>
func.func @ops(%a: !a, %acc: !acc, %s: !sc, %ss: !ss, %u: i1) {
  tlxamd.tmem_copy %ss, %s : !ss, !sc
  tlxamd.async_dot_scaled %a, %a, %acc, %s, %s, %u a_format = "e4m3" b_format = "e4m3" : !a, !a, !acc, !sc, !sc
  return
}
