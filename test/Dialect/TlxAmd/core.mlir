// RUN: tlx-opt %s | tlx-opt | FileCheck %s
// RUN: tlx-opt %s --mlir-print-op-generic | tlx-opt | FileCheck %s

// Round trip of the core ops, the scalar pointer type and the kernel
// convention (gpu.func kernel + tlxamd.num_warps).

// CHECK-LABEL: gpu.module @kernels
gpu.module @kernels {
  // CHECK: gpu.func @scale(%[[X:.*]]: !tlxamd.ptr<f32>, %[[Y:.*]]: !tlxamd.ptr<f32, 3>, %[[B:.*]]: !tlxamd.ptr<bf16>)
  // CHECK-SAME: kernel attributes {tlxamd.num_warps = 4 : i32}
  gpu.func @scale(%x: !tlxamd.ptr<f32>, %y: !tlxamd.ptr<f32, 3>, %b: !tlxamd.ptr<bf16, 1>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // CHECK: %[[P0:.*]] = tlxamd.program_id 0 : i32
    %p0 = tlxamd.program_id 0 : i32
    // CHECK: tlxamd.program_id 2 : i32
    %p2 = tlxamd.program_id 2 : i32
    // CHECK: %[[Q:.*]] = tlxamd.addptr %[[X]], %[[P0]] : !tlxamd.ptr<f32>, i32
    %q = tlxamd.addptr %x, %p0 : !tlxamd.ptr<f32>, i32
    %i64 = arith.extsi %p2 : i32 to i64
    // CHECK: tlxamd.addptr %[[Y]], %{{.*}} : !tlxamd.ptr<f32, 3>, i64
    %r = tlxamd.addptr %y, %i64 : !tlxamd.ptr<f32, 3>, i64
    // CHECK: %[[V:.*]] = tlxamd.load %[[Q]] : !tlxamd.ptr<f32>
    %v = tlxamd.load %q : !tlxamd.ptr<f32>
    // CHECK: tlxamd.store %[[V]], %{{.*}} : !tlxamd.ptr<f32, 3>
    tlxamd.store %v, %r : !tlxamd.ptr<f32, 3>
    gpu.return
  }
}
