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

// Tensors of pointers and tensors without layouts (as the frontend writes
// them, before tlxamd-assign-layouts): tl.load / tl.store through `ptr +
// offsets`.
// CHECK-LABEL: gpu.func @copy
gpu.module @pointer_tensors {
  gpu.func @copy(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // CHECK: tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %ns = tlxamd.splat %n : tensor<1024xi32>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
    // CHECK: %[[P:.*]] = tlxamd.splat %{{.*}} : tensor<1024x!tlxamd.ptr<f32>>
    %ps = tlxamd.splat %src : tensor<1024x!tlxamd.ptr<f32>>
    // CHECK: %[[A:.*]] = tlxamd.addptr %[[P]], %{{.*}} : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %a = tlxamd.addptr %ps, %r : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %o = arith.constant dense<1.0> : tensor<1024xf32>
    // CHECK: %[[V:.*]] = tlxamd.load %[[A]] mask %{{.*}} other %{{.*}} cache ".cg" : tensor<1024x!tlxamd.ptr<f32>>
    %v = tlxamd.load %a mask %m other %o cache ".cg" : tensor<1024x!tlxamd.ptr<f32>>
    %pd = tlxamd.splat %dst : tensor<1024x!tlxamd.ptr<f32>>
    %d = tlxamd.addptr %pd, %r : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    // CHECK: tlxamd.store %[[V]], %{{.*}} mask %{{.*}} : tensor<1024x!tlxamd.ptr<f32>>
    tlxamd.store %v, %d mask %m : tensor<1024x!tlxamd.ptr<f32>>
    // CHECK: tlxamd.expand_dims %{{.*}} {axis = 1 : i32} : tensor<1024xi32> -> tensor<1024x1xi32>
    %e = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<1024xi32> -> tensor<1024x1xi32>
    // CHECK: tlxamd.broadcast %{{.*}} : tensor<1024x1xi32> -> tensor<1024x4xi32>
    %b = tlxamd.broadcast %e : tensor<1024x1xi32> -> tensor<1024x4xi32>
    gpu.return
  }
}
