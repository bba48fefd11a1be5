// tlxamd-resolve-tmem-layouts: a uint8 tensor-memory buffer no
// async_dot_scaled reads keeps its placeholder layout, an error (T5).
// RUN: tlx-opt %s -split-input-file --tlxamd-resolve-tmem-layouts -verify-diagnostics

#raw = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 8, transposed = false, rank = 4}>
!ss = !tlxamd.memdesc<1x1x32x16xi8, #raw, #tlxamd.shared_memory, mutable>
func.func @unused(%ss: !ss) {
  // expected-error @+1 {{T5: the placeholder layout of this uint8 tensor-memory buffer resolves when async_dot_scaled reads it as a scale, and nothing does}}
  %s = tlxamd.tmem_alloc : !tlxamd.memdesc<1x128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
  %c0 = arith.constant 0 : i32
  %s0 = tlxamd.memdesc_index %s[%c0] : !tlxamd.memdesc<1x128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable> -> !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
  tlxamd.tmem_copy %ss, %s0 : !ss, !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
  return
}
