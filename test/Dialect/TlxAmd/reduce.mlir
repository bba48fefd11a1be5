// RUN: tlx-opt %s | tlx-opt | FileCheck %s
// Reductions: results are the operands' shape without the axis, in the slice
// of the operands' layout; rank 1 reduces to a scalar; layout-free operands
// give layout-free results.
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
#b1 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// CHECK-LABEL: func.func @row_sum
// CHECK: tlxamd.reduce %{{.*}} {axis = 1 : i32} : tensor<64x128xf32, #{{.*}}> -> tensor<64xf32, #tlxamd.slice<{dim = 1, parent = #{{.*}}}>>
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK: tlxamd.reduce.return %[[S]] : f32
func.func @row_sum(%x: tensor<64x128xf32, #b>) -> tensor<64xf32, #tlxamd.slice<{dim = 1, parent = #b}>> {
  %s = tlxamd.reduce %x {axis = 1 : i32} : tensor<64x128xf32, #b> -> tensor<64xf32, #tlxamd.slice<{dim = 1, parent = #b}>> {
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tlxamd.reduce.return %t : f32
  }
  return %s : tensor<64xf32, #tlxamd.slice<{dim = 1, parent = #b}>>
}

// CHECK-LABEL: func.func @argmax_scalar
// CHECK: tlxamd.reduce %{{.*}}, %{{.*}} {axis = 0 : i32} : tensor<1024xf32, #{{.*}}>, tensor<1024xi32, #{{.*}}> -> f32, i32
func.func @argmax_scalar(%v: tensor<1024xf32, #b1>, %i: tensor<1024xi32, #b1>) -> i32 {
  %m:2 = tlxamd.reduce %v, %i {axis = 0 : i32} : tensor<1024xf32, #b1>, tensor<1024xi32, #b1> -> f32, i32 {
  ^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
    %gt = arith.cmpf ogt, %v0, %v1 : f32
    %eq = arith.cmpf oeq, %v0, %v1 : f32
    %lt = arith.cmpi slt, %i0, %i1 : i32
    %tie = arith.andi %eq, %lt : i1
    %first = arith.ori %gt, %tie : i1
    %v2 = arith.select %first, %v0, %v1 : f32
    %i2 = arith.select %first, %i0, %i1 : i32
    tlxamd.reduce.return %v2, %i2 : f32, i32
  }
  return %m#1 : i32
}

// CHECK-LABEL: func.func @layout_free
// CHECK: tlxamd.reduce %{{.*}} {axis = 0 : i32} : tensor<64x128xf32> -> tensor<128xf32>
func.func @layout_free(%x: tensor<64x128xf32>) -> tensor<128xf32> {
  %s = tlxamd.reduce %x {axis = 0 : i32} : tensor<64x128xf32> -> tensor<128xf32> {
  ^bb0(%a: f32, %c: f32):
    %t = arith.maximumf %a, %c : f32
    tlxamd.reduce.return %t : f32
  }
  return %s : tensor<128xf32>
}
