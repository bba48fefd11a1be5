// tcgen05 MMAs on their targets (tlxamd-verify-target): sm_100a only (T6
// for tmem_copy), FP8 operands lowered, one CTA group per kernel (every
// tcgen05 op of a kernel two_ctas or none), a two-CTA kernel in clusters
// of 2 (T1).
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=sm_100a -verify-diagnostics

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!h = !tlxamd.memdesc<128x64xf8E4M3FN, #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 8, transposed = false}>, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
!bar = !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @mixed(%a: !a, %h: !h, %acc: !acc, %s: !sc, %u: i1, %bar: !bar) kernel attributes {tlxamd.num_ctas = 2 : i32} {
    // expected-note @+1 {{the first one is here}}
    tlxamd.async_dot_scaled %a, %h, %acc, %s, %s, %u a_format = "e4m3" b_format = "e4m3" two_ctas : !a, !h, !acc, !sc, !sc
    // expected-error @+1 {{uses cta_group::1 in a kernel whose tcgen05 operations use cta_group::2: every tcgen05 operation of a kernel uses one CTA group (two_ctas on all of its MMAs and commits, or on none)}}
    tlxamd.tcgen05_commit %bar : !bar
    gpu.return
  }
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!h = !tlxamd.memdesc<128x64xf8E4M3FN, #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 8, transposed = false}>, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
func.func @no_cluster(%a: !a, %h: !h, %acc: !acc, %s: !sc, %u: i1) {
  // expected-error @+1 {{T1: a two-CTA MMA runs across the two CTAs of a cluster: the kernel needs num_ctas = 2, got 1}}
  tlxamd.async_dot_scaled %a, %h, %acc, %s, %s, %u a_format = "e4m3" b_format = "e4m3" two_ctas : !a, !h, !acc, !sc, !sc
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xi8, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
func.func @fp6(%a: !a, %acc: !acc, %s: !sc, %u: i1) {
  // expected-error @+1 {{lowers FP8 operands (e4m3, e5m2); e2m3 operands, which kind::mxf8f6f4 reads from shared memory in a padded layout, are not lowered}}
  tlxamd.async_dot_scaled %a, %a, %acc, %s, %s, %u a_format = "e2m3" b_format = "e4m3" : !a, !a, !acc, !sc, !sc
  return
}
