// tlxamd-resolve-tmem-layouts: uint8 tensor-memory buffers read by
// async_dot_scaled get the scales layout (T5), one buffer (T7) as a matrix
// (T8); scales in shared memory get a tensor-memory buffer at the kernel's
// start and a tmem_copy just before the MMA.
// RUN: tlx-opt %s -split-input-file --tlxamd-resolve-tmem-layouts | FileCheck %s

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#raw = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 8, transposed = false, rank = 4}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!ss = !tlxamd.memdesc<1x1x32x16xi8, #raw, #tlxamd.shared_memory, mutable>
// CHECK-LABEL: func.func @placeholders
// CHECK-NEXT: %[[AS:.*]] = tlxamd.tmem_alloc : !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
// CHECK-NEXT: %[[BS:.*]] = tlxamd.tmem_alloc : !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
// CHECK-NOT: memdesc_index
// CHECK: tlxamd.tmem_copy %{{.*}}, %[[AS]]
// CHECK: tlxamd.tmem_copy %{{.*}}, %[[BS]]
// CHECK: tlxamd.async_dot_scaled %{{.*}}, %{{.*}}, %{{.*}}, %[[AS]], %[[BS]], %{{.*}} a_format = "e4m3"
// CHECK-NOT: tmem_placeholder
func.func @placeholders(%a: !a, %acc: !acc, %ss: !ss, %u: i1, %i: i32) {
  // T8: 1 x 128 x 4 is 128 x 4.
  %as = tlxamd.tmem_alloc : !tlxamd.memdesc<1x128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
  // T7: two buffers are one.
  %bs = tlxamd.tmem_alloc : !tlxamd.memdesc<2x128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
  %c0 = arith.constant 0 : i32
  %as0 = tlxamd.memdesc_index %as[%c0] : !tlxamd.memdesc<1x128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable> -> !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
  %bsi = tlxamd.memdesc_index %bs[%i] : !tlxamd.memdesc<2x128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable> -> !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
  tlxamd.tmem_copy %ss, %as0 : !ss, !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
  tlxamd.tmem_copy %ss, %bsi : !ss, !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
  tlxamd.async_dot_scaled %a, %a, %acc, %as0, %bsi, %u a_format = "e4m3" b_format = "e4m3" : !a, !a, !acc, !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>, !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#raw = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 8, transposed = false, rank = 4}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 256, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x256xf32, #tm, #tlxamd.tensor_memory, mutable>
!sa = !tlxamd.memdesc<1x1x32x16xi8, #raw, #tlxamd.shared_memory, mutable>
!sb = !tlxamd.memdesc<2x1x32x16xi8, #raw, #tlxamd.shared_memory, mutable>
// The TLX tensor-core reference's two-CTA example passes the scales in shared memory.
// CHECK-LABEL: func.func @shared_scales
// CHECK-NEXT: %[[B:.*]] = tlxamd.tmem_alloc : !tlxamd.memdesc<256x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
// CHECK-NEXT: %[[A:.*]] = tlxamd.tmem_alloc : !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
// CHECK: scf.for
// CHECK-NEXT: tlxamd.tmem_copy %{{.*}}, %[[A]] : !tlxamd.memdesc<1x1x32x16xi8
// CHECK-NEXT: tlxamd.tmem_copy %{{.*}}, %[[B]] : !tlxamd.memdesc<2x1x32x16xi8
// CHECK-NEXT: tlxamd.async_dot_scaled %{{.*}}, %{{.*}}, %{{.*}}, %[[A]], %[[B]], %{{.*}} a_format = "e4m3" b_format = "e4m3" two_ctas
func.func @shared_scales(%a: !a, %b: !b, %acc: !acc, %sa: !sa, %sb: !sb, %u: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %k = %c0 to %c4 step %c1 {
    tlxamd.async_dot_scaled %a, %b, %acc, %sa, %sb, %u a_format = "e4m3" b_format = "e4m3" two_ctas : !a, !b, !acc, !sa, !sb
  }
  return
}
