// RUN: tlx-opt %s -split-input-file -tlxamd-pipeline 2>/dev/null | FileCheck %s
// RUN: tlx-opt %s -split-input-file -tlxamd-pipeline=remarks=true -verify-diagnostics -o /dev/null

// A persistent row loop (the fused softmax's), tl.range(..., num_stages=2):
// the first row's load before the loop, masked by lb < ub as well; in the
// body, where the load was, the next row's, masked by iv + step < ub and
// carried to the next iteration; its uses read the carried value.
// CHECK-LABEL: gpu.func @rows
// CHECK: %[[FIRST:.*]] = arith.cmpi slt, %[[LB:.*]], %[[UB:.*]] : i32
// CHECK: %[[IN0:.*]] = tlxamd.splat %[[FIRST]] : tensor<1024xi1>
// CHECK: %[[M0:.*]] = arith.andi %{{.*}}, %[[IN0]] : tensor<1024xi1>
// CHECK: %[[L0:.*]] = tlxamd.load %{{.*}} mask %[[M0]] other %{{.*}} : tensor<1024x!tlxamd.ptr<f32>>
// CHECK: scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP:.*]] iter_args(%[[CUR:.*]] = %[[L0]]) -> (tensor<1024xf32>) : i32 {
// CHECK:   %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : i32
// CHECK:   %[[NIN:.*]] = arith.cmpi slt, %[[NEXT]], %[[UB]] : i32
// CHECK:   arith.muli %[[NEXT]]
// CHECK:   %[[IN1:.*]] = tlxamd.splat %[[NIN]] : tensor<1024xi1>
// CHECK:   %[[M1:.*]] = arith.andi %{{.*}}, %[[IN1]] : tensor<1024xi1>
// CHECK:   %[[L1:.*]] = tlxamd.load %{{.*}} mask %[[M1]] other %{{.*}} : tensor<1024x!tlxamd.ptr<f32>>
// CHECK-NOT: tlxamd.load
// CHECK:   arith.mulf %[[CUR]], %[[CUR]]
// CHECK:   tlxamd.store
// CHECK:   scf.yield %[[L1]] : tensor<1024xf32>
// CHECK: } {tlxamd.num_stages = 2 : i32}
gpu.module @m {
  gpu.func @rows(%x: !tlxamd.ptr<f32>, %y: !tlxamd.ptr<f32>, %lb: i32, %ub: i32, %step: i32, %stride: i32, %n: i32)
      kernel attributes {tlxamd.num_warps = 8 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %ns = tlxamd.splat %n : tensor<1024xi32>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
    %inf = arith.constant dense<0xFF800000> : tensor<1024xf32>
    // expected-remark@+1 {{pipelined 1 load(s) one iteration ahead, in registers}}
    scf.for %i = %lb to %ub step %step : i32 {
      %off = arith.muli %i, %stride : i32
      %row = tlxamd.addptr %x, %off : !tlxamd.ptr<f32>, i32
      %rs = tlxamd.splat %row : tensor<1024x!tlxamd.ptr<f32>>
      %p = tlxamd.addptr %rs, %r : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
      %v = tlxamd.load %p mask %m other %inf : tensor<1024x!tlxamd.ptr<f32>>
      %sq = arith.mulf %v, %v : tensor<1024xf32>
      %orow = tlxamd.addptr %y, %off : !tlxamd.ptr<f32>, i32
      %os = tlxamd.splat %orow : tensor<1024x!tlxamd.ptr<f32>>
      %q = tlxamd.addptr %os, %r : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
      tlxamd.store %sq, %q mask %m : tensor<1024x!tlxamd.ptr<f32>>
    } {tlxamd.num_stages = 2 : i32}
    gpu.return
  }
}

// -----

// What stays: a loop without stages; a load after a store in the body; a
// load through pointers the loop stores to; a load whose address is
// loop-carried; a load beyond the register budget
// (8 32-bit registers per thread: 8 warps of 32 lanes hold 2048 f32 in 8
// each, 8192 in 32).
// CHECK-LABEL: gpu.func @kept
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT: tlxamd.load
// CHECK: scf.for %{{.*}} iter_args(%{{.*}}) -> (tensor<1024xf32>) : i32 {
// CHECK: tlxamd.store
// CHECK-NEXT: tlxamd.load
// CHECK: scf.for %{{.*}} iter_args(%{{.*}}) -> (tensor<1024x!tlxamd.ptr<f32>>) : i32 {
// CHECK-NEXT: tlxamd.load
// CHECK-NEXT: tlxamd.load
gpu.module @m {
  gpu.func @kept(%x: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 8 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %xs = tlxamd.splat %x : tensor<1024x!tlxamd.ptr<f32>>
    %p = tlxamd.addptr %xs, %r : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %p2 = tlxamd.addptr %p, %r : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %v = tlxamd.load %p : tensor<1024x!tlxamd.ptr<f32>>
      tlxamd.store %v, %p : tensor<1024x!tlxamd.ptr<f32>>
    }
    // (the first load, before the store, is pipelined)
    // expected-remark@+1 {{pipelined 1 load(s) one iteration ahead, in registers}}
    scf.for %i = %c0 to %n step %c1 : i32 {
      %v = tlxamd.load %p : tensor<1024x!tlxamd.ptr<f32>>
      tlxamd.store %v, %p2 : tensor<1024x!tlxamd.ptr<f32>>
      // expected-remark@+1 {{not pipelined: it follows a write to memory in the loop body}}
      %w = tlxamd.load %p : tensor<1024x!tlxamd.ptr<f32>>
      tlxamd.store %w, %p2 : tensor<1024x!tlxamd.ptr<f32>>
    } {tlxamd.num_stages = 3 : i32}
    %big = tlxamd.make_range 0 to 8192 : tensor<8192xi32>
    %bs = tlxamd.splat %x : tensor<8192x!tlxamd.ptr<f32>>
    %bp = tlxamd.addptr %bs, %big : tensor<8192x!tlxamd.ptr<f32>>, tensor<8192xi32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%q = %p) -> (tensor<1024x!tlxamd.ptr<f32>>) : i32 {
      // expected-remark@+1 {{not pipelined: its address, mask or other depends on a loop-carried value that does not step by a loop-invariant amount, or on an op with side effects}}
      %v = tlxamd.load %q : tensor<1024x!tlxamd.ptr<f32>>
      // expected-remark@+1 {{not pipelined: 32 registers per thread exceed the loop's budget left (8, max-registers)}}
      %b = tlxamd.load %bp : tensor<8192x!tlxamd.ptr<f32>>
      %q2 = tlxamd.addptr %q, %r : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
      scf.yield %q2 : tensor<1024x!tlxamd.ptr<f32>>
    } {tlxamd.num_stages = 2 : i32}
    scf.for %i = %c0 to %n step %c1 : i32 {
      // expected-remark@+1 {{not pipelined: the loop stores through the same pointers (the next iteration's load would miss it)}}
      %v = tlxamd.load %p : tensor<1024x!tlxamd.ptr<f32>>
      %v2 = arith.addf %v, %v : tensor<1024xf32>
      tlxamd.store %v2, %p : tensor<1024x!tlxamd.ptr<f32>>
    } {tlxamd.num_stages = 2 : i32}
    gpu.return
  }
}
