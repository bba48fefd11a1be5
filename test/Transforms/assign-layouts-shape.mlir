// RUN: tlx-opt %s -tlxamd-assign-layouts=target=gfx950 -tlxamd-remove-layout-conversions | FileCheck %s
// Shape ops in layout assignment: results take the layout that keeps each
// element in its thread (a transposed blocked layout stays blocked); a large
// store coalesces on its own, so a transposed tile is converted once before
// it; a split whose pairs straddle threads converts its operand to the
// layout with the pair in one thread's registers.

// CHECK-LABEL: gpu.func @trans_tile
// CHECK: %[[V:.*]] = tlxamd.load {{.*}} : tensor<64x128x!tlxamd.ptr<f32>, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [2, 32], warps_per_cta = [4, 1], order = [1, 0]}>>
// CHECK: %[[T:.*]] = tlxamd.trans %[[V]] {order = array<i32: 1, 0>} : {{.*}} -> tensor<128x64xf32, #tlxamd.blocked<{size_per_thread = [4, 1], threads_per_warp = [32, 2], warps_per_cta = [1, 4], order = [0, 1]}>>
// CHECK: %[[C:.*]] = tlxamd.convert_layout %[[T]] : {{.*}} -> tensor<128x64xf32, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>>
// CHECK: tlxamd.store %[[C]], {{.*}} : tensor<128x64x!tlxamd.ptr<f32>, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>>

// CHECK-LABEL: gpu.func @split_cols
// CHECK: %[[T:.*]] = tlxamd.trans {{.*}} -> tensor<256x2xf32, #tlxamd.blocked<{size_per_thread = [2, 1], threads_per_warp = [64, 1], warps_per_cta = [2, 2], order = [0, 1]}>>
// CHECK: %[[P:.*]] = tlxamd.convert_layout %[[T]] : {{.*}} -> tensor<256x2xf32, #tlxamd.linear<{register = {{\[\[}}0, 1]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = {{\[\[}}64, 0], [128, 0]], block = []}>>
// CHECK: tlxamd.split %[[P]] : {{.*}} -> tensor<256xf32, #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>>
// CHECK-NOT: convert_layout
gpu.module @trans_tile_module {
  gpu.func @trans_tile(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: i32 {tlxamd.divisibility = 64 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %3 = tlxamd.splat %1 : tensor<64xi32>
    %4 = arith.addi %3, %2 : tensor<64xi32>
    %5 = tlxamd.make_range 0 to 128 : tensor<128xi32>
    %6 = tlxamd.expand_dims %4 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c128_i32 = arith.constant 128 : i32
    %7 = tlxamd.splat %c128_i32 : tensor<64x1xi32>
    %8 = arith.muli %6, %7 : tensor<64x1xi32>
    %9 = tlxamd.splat %arg0 : tensor<64x1x!tlxamd.ptr<f32>>
    %10 = tlxamd.addptr %9, %8 : tensor<64x1x!tlxamd.ptr<f32>>, tensor<64x1xi32>
    %11 = tlxamd.expand_dims %5 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %12 = tlxamd.broadcast %10 : tensor<64x1x!tlxamd.ptr<f32>> -> tensor<64x128x!tlxamd.ptr<f32>>
    %13 = tlxamd.broadcast %11 : tensor<1x128xi32> -> tensor<64x128xi32>
    %14 = tlxamd.addptr %12, %13 : tensor<64x128x!tlxamd.ptr<f32>>, tensor<64x128xi32>
    %15 = tlxamd.load %14 : tensor<64x128x!tlxamd.ptr<f32>>
    %16 = tlxamd.expand_dims %5 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %17 = tlxamd.splat %arg2 : tensor<128x1xi32>
    %18 = arith.muli %16, %17 : tensor<128x1xi32>
    %19 = tlxamd.splat %arg1 : tensor<128x1x!tlxamd.ptr<f32>>
    %20 = tlxamd.addptr %19, %18 : tensor<128x1x!tlxamd.ptr<f32>>, tensor<128x1xi32>
    %21 = tlxamd.expand_dims %4 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %22 = tlxamd.broadcast %20 : tensor<128x1x!tlxamd.ptr<f32>> -> tensor<128x64x!tlxamd.ptr<f32>>
    %23 = tlxamd.broadcast %21 : tensor<1x64xi32> -> tensor<128x64xi32>
    %24 = tlxamd.addptr %22, %23 : tensor<128x64x!tlxamd.ptr<f32>>, tensor<128x64xi32>
    %25 = tlxamd.trans %15 {order = array<i32: 1, 0>} : tensor<64x128xf32> -> tensor<128x64xf32>
    tlxamd.store %25, %24 : tensor<128x64x!tlxamd.ptr<f32>>
    gpu.return
  }
}
gpu.module @split_cols_module {
  gpu.func @split_cols(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.make_range 0 to 2 : tensor<2xi32>
    %1 = tlxamd.expand_dims %0 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %2 = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %3 = tlxamd.expand_dims %2 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %c256_i32 = arith.constant 256 : i32
    %4 = tlxamd.splat %c256_i32 : tensor<2x1xi32>
    %5 = arith.muli %1, %4 : tensor<2x1xi32>
    %6 = tlxamd.splat %arg0 : tensor<2x1x!tlxamd.ptr<f32>>
    %7 = tlxamd.addptr %6, %5 : tensor<2x1x!tlxamd.ptr<f32>>, tensor<2x1xi32>
    %8 = tlxamd.broadcast %7 : tensor<2x1x!tlxamd.ptr<f32>> -> tensor<2x256x!tlxamd.ptr<f32>>
    %9 = tlxamd.broadcast %3 : tensor<1x256xi32> -> tensor<2x256xi32>
    %10 = tlxamd.addptr %8, %9 : tensor<2x256x!tlxamd.ptr<f32>>, tensor<2x256xi32>
    %11 = tlxamd.load %10 : tensor<2x256x!tlxamd.ptr<f32>>
    %12 = tlxamd.trans %11 {order = array<i32: 1, 0>} : tensor<2x256xf32> -> tensor<256x2xf32>
    %lhs, %rhs = tlxamd.split %12 : tensor<256x2xf32> -> tensor<256xf32>
    %13 = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %14 = tlxamd.splat %arg1 : tensor<256x!tlxamd.ptr<f32>>
    %15 = tlxamd.addptr %14, %13 : tensor<256x!tlxamd.ptr<f32>>, tensor<256xi32>
    %16 = arith.subf %lhs, %rhs : tensor<256xf32>
    tlxamd.store %16, %15 : tensor<256x!tlxamd.ptr<f32>>
    gpu.return
  }
}
