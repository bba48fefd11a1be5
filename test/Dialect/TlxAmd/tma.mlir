// Tensor descriptors, mbarriers and TMA copies round-trip (Gluon's
// tma.async_copy_global_to_shared / async_copy_shared_to_global / store_wait,
// fence_async_shared, mbarrier.init / expect / arrive / wait / invalidate).
// RUN: tlx-opt %s | tlx-opt | FileCheck %s

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!desc = !tlxamd.tensor_desc<64x128xf16, #nv>
!tile = !tlxamd.memdesc<64x128xf16, #nv, #tlxamd.shared_memory, mutable>
!bar = !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>

// CHECK-LABEL: gpu.func @tma
// CHECK-SAME: %{{.*}}: !tlxamd.tensor_desc<64x128xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>>
// CHECK: tlxamd.mbarrier_init %{{.*}}, 1 : !tlxamd.memdesc<1xi64
// CHECK: tlxamd.mbarrier_expect_tx %{{.*}}, 16384 : !tlxamd.memdesc<1xi64
// CHECK: tlxamd.async_tma_copy_global_to_shared %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}} : !tlxamd.tensor_desc<64x128xf16, {{.*}}>, !tlxamd.memdesc<64x128xf16, {{.*}}, mutable>, !tlxamd.memdesc<1xi64
// CHECK: tlxamd.async_tma_copy_global_to_shared %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: tlxamd.mbarrier_wait %{{.*}}, %{{.*}} : !tlxamd.memdesc<1xi64
// CHECK: tlxamd.mbarrier_wait %{{.*}}, %{{.*}}, %{{.*}} : !tlxamd.memdesc<1xi64
// CHECK: tlxamd.mbarrier_arrive %{{.*}}, 2, %{{.*}} : !tlxamd.memdesc<1xi64
// CHECK: tlxamd.mbarrier_expect_tx %{{.*}}, 0, %{{.*}} : !tlxamd.memdesc<1xi64
// CHECK: tlxamd.fence_async_shared{{$}}
// CHECK: tlxamd.fence_async_shared cluster
// CHECK: tlxamd.async_tma_copy_shared_to_global %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}} : !tlxamd.tensor_desc<64x128xf16, {{.*}}>, !tlxamd.memdesc<64x128xf16,
// CHECK: tlxamd.async_tma_copy_shared_to_global %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}} :
// CHECK: tlxamd.async_tma_store_wait 1 read
// CHECK: tlxamd.async_tma_store_wait 0{{$}}
// CHECK: tlxamd.mbarrier_invalidate %{{.*}} : !tlxamd.memdesc<1xi64
gpu.module @m {
  gpu.func @tma(%d: !desc, %r: i32, %p: i1) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bars = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x1xi64, #b, #tlxamd.shared_memory, mutable>
    %c0 = arith.constant 0 : i32
    %bar = tlxamd.memdesc_index %bars[%c0] : !tlxamd.memdesc<2x1xi64, #b, #tlxamd.shared_memory, mutable> -> !bar
    %buf = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %bar, 1 : !bar
    tlxamd.mbarrier_expect_tx %bar, 16384 : !bar
    tlxamd.async_tma_copy_global_to_shared %d[%r, %c0] %buf, %bar : !desc, !tile, !bar
    tlxamd.async_tma_copy_global_to_shared %d[%r, %c0] %buf, %bar, %p : !desc, !tile, !bar
    tlxamd.mbarrier_wait %bar, %c0 : !bar
    tlxamd.mbarrier_wait %bar, %c0, %p : !bar
    tlxamd.mbarrier_arrive %bar, 2, %p : !bar
    tlxamd.mbarrier_expect_tx %bar, 0, %p : !bar
    tlxamd.fence_async_shared
    tlxamd.fence_async_shared cluster
    tlxamd.async_tma_copy_shared_to_global %d[%r, %c0] %buf : !desc, !tile
    tlxamd.async_tma_copy_shared_to_global %d[%r, %c0] %buf, %p : !desc, !tile
    tlxamd.async_tma_store_wait 1 read
    tlxamd.async_tma_store_wait 0
    tlxamd.mbarrier_invalidate %bar : !bar
    gpu.return
  }
}
