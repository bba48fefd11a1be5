// RUN: tlx-opt %s | tlx-opt | FileCheck %s
// Shape ops relabel coordinates without moving elements: the result layouts
// below are the ones that keep every element in its thread (a transposed
// blocked layout stays blocked; the others are linear), or layouts that
// only reorder a thread's registers.
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
#bt = #tlxamd.blocked<{size_per_thread = [4, 1], threads_per_warp = [16, 4], warps_per_cta = [1, 4], order = [0, 1]}>
#b1 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#flat = #tlxamd.linear<{register = [[1], [2], [64], [2048], [4096]], lane = [[4], [8], [16], [32], [128], [256]], warp = [[512], [1024]], block = []}>
#cat = #tlxamd.linear<{register = [[1], [2], [1024]], lane = [[4], [8], [16], [32], [64], [128]], warp = [[256], [512]], block = []}>
// The rhs half first in each thread: the registers reordered.
#cat_swapped = #tlxamd.linear<{register = [[1024], [1], [2]], lane = [[4], [8], [16], [32], [64], [128]], warp = [[256], [512]], block = []}>
#pair = #tlxamd.linear<{register = [[0, 1], [1, 0], [2, 0]], lane = [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], warp = [[256, 0], [512, 0]], block = []}>

// CHECK-LABEL: func.func @shapes
func.func @shapes(%x: tensor<64x128xf32, #b>, %v: tensor<1024xf32, #b1>) {
  // CHECK: tlxamd.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x128xf32, #{{.*}}> -> tensor<128x64xf32, #{{.*}}>
  %t = tlxamd.trans %x {order = array<i32: 1, 0>} : tensor<64x128xf32, #b> -> tensor<128x64xf32, #bt>
  // CHECK: tlxamd.reshape %{{.*}} : tensor<64x128xf32, #{{.*}}> -> tensor<8192xf32, #tlxamd.linear<{register = {{\[\[}}1], [2], [64], [2048], [4096]]
  %r = tlxamd.reshape %x : tensor<64x128xf32, #b> -> tensor<8192xf32, #flat>
  // CHECK: tlxamd.cat %{{.*}}, %{{.*}} : tensor<1024xf32, #{{.*}}> -> tensor<2048xf32, #tlxamd.linear<{register = {{\[\[}}1], [2], [1024]]
  %c = tlxamd.cat %v, %v : tensor<1024xf32, #b1> -> tensor<2048xf32, #cat>
  // CHECK: tlxamd.cat {{.*}} -> tensor<2048xf32, #tlxamd.linear<{register = {{\[\[}}1024], [1], [2]]
  %c2 = tlxamd.cat %v, %v : tensor<1024xf32, #b1> -> tensor<2048xf32, #cat_swapped>
  // CHECK: tlxamd.join {{.*}} -> tensor<1024x2xf32, #tlxamd.linear<{register = {{\[\[}}0, 1], [1, 0], [2, 0]]
  %j = tlxamd.join %v, %v : tensor<1024xf32, #b1> -> tensor<1024x2xf32, #pair>
  // CHECK: %{{.*}}, %{{.*}} = tlxamd.split %{{.*}} : tensor<1024x2xf32, #{{.*}}> -> tensor<1024xf32, #{{.*}}>
  %l, %h = tlxamd.split %j : tensor<1024x2xf32, #pair> -> tensor<1024xf32, #b1>
  return
}

// Layout-free tensors (before layout assignment) give layout-free results.
// CHECK-LABEL: func.func @free
// CHECK: tlxamd.trans %{{.*}} {order = array<i32: 1, 2, 0>} : tensor<2x4x8xi32> -> tensor<4x8x2xi32>
// CHECK: tlxamd.reshape %{{.*}} : tensor<4x8x2xi32> -> tensor<64xi32>
// CHECK: tlxamd.split %{{.*}} : tensor<4x8x2xi32> -> tensor<4x8xi32>
// CHECK: tlxamd.join %{{.*}}, %{{.*}} : tensor<4x8xi32> -> tensor<4x8x2xi32>
// CHECK: tlxamd.cat %{{.*}}, %{{.*}} : tensor<4x8xi32> -> tensor<8x8xi32>
func.func @free(%x: tensor<2x4x8xi32>) {
  %t = tlxamd.trans %x {order = array<i32: 1, 2, 0>} : tensor<2x4x8xi32> -> tensor<4x8x2xi32>
  %r = tlxamd.reshape %t : tensor<4x8x2xi32> -> tensor<64xi32>
  %a, %b = tlxamd.split %t : tensor<4x8x2xi32> -> tensor<4x8xi32>
  %j = tlxamd.join %a, %b : tensor<4x8xi32> -> tensor<4x8x2xi32>
  %c = tlxamd.cat %a, %b : tensor<4x8xi32> -> tensor<8x8xi32>
  return
}
