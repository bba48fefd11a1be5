// A tile a TMA store reads stays reserved to the end of the kernel: the copy
// engine reads it after the store op, until a wait the allocator does not
// match, so a tile allocated after the store's last use gets memory of its
// own (without the store, @plain's second tile reuses the first's).
// RUN: tlx-opt %s -split-input-file --tlxamd-allocate-shared-memory=target=sm_90a | FileCheck %s

// CHECK-LABEL: gpu.func @stored
// CHECK-SAME: tlxamd.shared_memory_bytes = 16384
// CHECK: tlxamd.local_alloc %{{.*}} {tlxamd.shared_offset = [[A:0|8192]] : i64}
// CHECK-NOT: tlxamd.shared_offset = [[A]] :
// CHECK: tlxamd.local_alloc %{{.*}} {tlxamd.shared_offset = {{0|8192}} : i64}
#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [4, 8], warps_per_cta = [4, 1], order = [1, 0]}>
gpu.module @m {
  gpu.func @stored(%d: !tlxamd.tensor_desc<64x64xf16, #nv>, %x: tensor<64x64xf16, #b>, %c: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %a = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory>
    tlxamd.async_tma_copy_shared_to_global %d[%c, %c] %a : !tlxamd.tensor_desc<64x64xf16, #nv>, !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory>
    %b = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory>
    %v = tlxamd.local_load %b : !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory> -> tensor<64x64xf16, #b>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @plain
// CHECK-SAME: tlxamd.shared_memory_bytes = 8192
#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [4, 8], warps_per_cta = [4, 1], order = [1, 0]}>
gpu.module @m {
  gpu.func @plain(%x: tensor<64x64xf16, #b>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %a = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory>
    %u = tlxamd.local_load %a : !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory> -> tensor<64x64xf16, #b>
    %b = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory>
    %v = tlxamd.local_load %b : !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory> -> tensor<64x64xf16, #b>
    gpu.return
  }
}
