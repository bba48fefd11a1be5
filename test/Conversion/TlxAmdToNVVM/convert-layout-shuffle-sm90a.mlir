// convert_layout with warp shuffles on a 32-lane target: 32-bit and narrower
// elements shuffle; 64-bit ones go through shared memory.
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s --check-prefix=NV

#g = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [1], order = [0]}>
#h = #tlxamd.linear<{register = [], lane = [[2], [1], [4], [8], [16]], warp = [], block = []}>
gpu.module @wide {
  // NV: llvm.mlir.global internal @__tlxamd_shared()
  // NV-NOT: llvm.mlir.global
  // NV-LABEL: llvm.func @wide_elements
  // The i64 values through shared memory, the i32 offsets by one shuffle.
  // NV-DAG: llvm.store %{{.*}}, %{{.*}} : i64, !llvm.ptr<3>
  // NV-DAG: llvm.load %{{.*}} : !llvm.ptr<3> -> i64
  // NV-DAG: nvvm.shfl.sync  idx
  // NV: llvm.return
  // NV-LABEL: llvm.func @narrow_elements
  // NV-NOT: llvm.mlir.global
  // NV: nvvm.shfl.sync  idx %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
  // NV-NOT: nvvm.barrier
  // NV: llvm.return
  gpu.func @wide_elements(%p: !tlxamd.ptr<i64>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %r = tlxamd.make_range 0 to 32 : tensor<32xi32, #g>
    %w = arith.extsi %r : tensor<32xi32, #g> to tensor<32xi64, #g>
    %s = tlxamd.convert_layout %w : tensor<32xi64, #g> -> tensor<32xi64, #h>
    %o = tlxamd.convert_layout %r : tensor<32xi32, #g> -> tensor<32xi32, #h>
    tlxamd.buffer_store %s, %p[%o] : tensor<32xi64, #h>, !tlxamd.ptr<i64>, tensor<32xi32, #h>
    gpu.return
  }
  gpu.func @narrow_elements(%p: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %r = tlxamd.make_range 0 to 32 : tensor<32xi32, #g>
    %o = tlxamd.convert_layout %r : tensor<32xi32, #g> -> tensor<32xi32, #h>
    tlxamd.buffer_store %o, %p[%o] : tensor<32xi32, #h>, !tlxamd.ptr<i32>, tensor<32xi32, #h>
    gpu.return
  }
}
