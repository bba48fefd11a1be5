// Tiles only the async proxy touches (written by TMA copies, read by
// warpgroup MMAs; mbarriers order them) need no generic-to-async proxy
// fence and no program barrier before the copy or the MMA; a tile the
// threads also read (or write) keeps both.
// RUN: tlx-opt %s --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<64x64xbf16, #nv, #tlxamd.shared_memory, mutable>
!desc = !tlxamd.tensor_desc<64x64xbf16, #nv>
gpu.module @m {
  // CHECK-LABEL: llvm.func @async_only
  // CHECK: mbarrier.init.shared
  // CHECK: nvvm.barrier0
  // CHECK-NOT: nvvm.fence.proxy
  // CHECK-NOT: nvvm.barrier
  // CHECK: cp.async.bulk.tensor.2d
  // CHECK-NOT: nvvm.fence.proxy
  // CHECK-NOT: nvvm.barrier
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: wgmma.mma_async
  gpu.func @async_only(%d: !desc, %y: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !bar
    %a = tlxamd.local_alloc : () -> !tile
    %b = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %bar, 1 : !bar
    %c0 = arith.constant 0 : i32
    tlxamd.mbarrier_expect_tx %bar, 16384 : !bar
    tlxamd.async_tma_copy_global_to_shared %d[%c0, %c0] %a, %bar : !desc, !tile, !bar
    tlxamd.async_tma_copy_global_to_shared %d[%c0, %c0] %b, %bar : !desc, !tile, !bar
    tlxamd.mbarrier_wait %bar, %c0 : !bar
    %acc = tlxamd.warpgroup_dot %a, %b : !tile, !tile -> tensor<64x64xf32>
    %r = tlxamd.warpgroup_dot_wait %acc pendings = 0 : tensor<64x64xf32>
    %p = tlxamd.splat %y : tensor<64x64x!tlxamd.ptr<f32>>
    tlxamd.store %r, %p : tensor<64x64x!tlxamd.ptr<f32>>
    gpu.return
  }

  // CHECK-LABEL: llvm.func @read_by_threads
  // CHECK: mbarrier.arrive.expect_tx
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: nvvm.fence.proxy
  // CHECK: cp.async.bulk.tensor.2d
  gpu.func @read_by_threads(%d: !desc, %y: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !bar
    %a = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %bar, 1 : !bar
    %c0 = arith.constant 0 : i32
    tlxamd.mbarrier_expect_tx %bar, 8192 : !bar
    tlxamd.async_tma_copy_global_to_shared %d[%c0, %c0] %a, %bar : !desc, !tile, !bar
    tlxamd.mbarrier_wait %bar, %c0 : !bar
    %v = tlxamd.local_load %a : !tile -> tensor<64x64xbf16>
    %p = tlxamd.splat %y : tensor<64x64x!tlxamd.ptr<bf16>>
    tlxamd.store %v, %p : tensor<64x64x!tlxamd.ptr<bf16>>
    gpu.return
  }
}
