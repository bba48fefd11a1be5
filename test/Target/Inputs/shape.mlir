// Shape ops as the frontend writes them (bench/gpu/suite.py runs the same on the H200).
gpu.module @m {
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
  gpu.func @split_pairs(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c2048_i32 = arith.constant 2048 : i32
    %1 = arith.muli %0, %c2048_i32 : i32
    %2 = tlxamd.make_range 0 to 2048 : tensor<2048xi32>
    %3 = tlxamd.splat %1 : tensor<2048xi32>
    %4 = arith.addi %3, %2 : tensor<2048xi32>
    %5 = tlxamd.splat %arg0 : tensor<2048x!tlxamd.ptr<f32>>
    %6 = tlxamd.addptr %5, %4 : tensor<2048x!tlxamd.ptr<f32>>, tensor<2048xi32>
    %7 = tlxamd.load %6 : tensor<2048x!tlxamd.ptr<f32>>
    %8 = tlxamd.reshape %7 : tensor<2048xf32> -> tensor<1024x2xf32>
    %lhs, %rhs = tlxamd.split %8 : tensor<1024x2xf32> -> tensor<1024xf32>
    %9 = tlxamd.splat %arg1 : tensor<2048x!tlxamd.ptr<f32>>
    %10 = tlxamd.addptr %9, %4 : tensor<2048x!tlxamd.ptr<f32>>, tensor<2048xi32>
    %11 = arith.mulf %lhs, %lhs : tensor<1024xf32>
    %12 = arith.mulf %rhs, %rhs : tensor<1024xf32>
    %13 = arith.addf %11, %12 : tensor<1024xf32>
    %14 = tlxamd.join %rhs, %13 : tensor<1024xf32> -> tensor<1024x2xf32>
    %15 = tlxamd.reshape %14 : tensor<1024x2xf32> -> tensor<2048xf32>
    tlxamd.store %15, %10 : tensor<2048x!tlxamd.ptr<f32>>
    gpu.return
  }
  gpu.func @cat_rows(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tlxamd.addptr %arg0, %1 : !tlxamd.ptr<f32>, i32
    %3 = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %4 = tlxamd.splat %2 : tensor<1024x!tlxamd.ptr<f32>>
    %5 = tlxamd.addptr %4, %3 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %6 = tlxamd.load %5 : tensor<1024x!tlxamd.ptr<f32>>
    %c2048_i32 = arith.constant 2048 : i32
    %7 = arith.muli %0, %c2048_i32 : i32
    %8 = tlxamd.addptr %arg1, %7 : !tlxamd.ptr<f32>, i32
    %9 = tlxamd.make_range 0 to 2048 : tensor<2048xi32>
    %10 = tlxamd.splat %8 : tensor<2048x!tlxamd.ptr<f32>>
    %11 = tlxamd.addptr %10, %9 : tensor<2048x!tlxamd.ptr<f32>>, tensor<2048xi32>
    %cst = arith.constant 2.000000e+00 : f32
    %12 = tlxamd.splat %cst : tensor<1024xf32>
    %13 = arith.mulf %6, %12 : tensor<1024xf32>
    %cst_0 = arith.constant 1.000000e+00 : f32
    %14 = tlxamd.splat %cst_0 : tensor<1024xf32>
    %15 = arith.addf %13, %14 : tensor<1024xf32>
    %16 = tlxamd.cat %6, %15 : tensor<1024xf32> -> tensor<2048xf32>
    tlxamd.store %16, %11 : tensor<2048x!tlxamd.ptr<f32>>
    gpu.return
  }
  gpu.func @reshape_sum(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c2048_i32 = arith.constant 2048 : i32
    %1 = arith.muli %0, %c2048_i32 : i32
    %2 = tlxamd.addptr %arg0, %1 : !tlxamd.ptr<f32>, i32
    %3 = tlxamd.make_range 0 to 2048 : tensor<2048xi32>
    %4 = tlxamd.splat %2 : tensor<2048x!tlxamd.ptr<f32>>
    %5 = tlxamd.addptr %4, %3 : tensor<2048x!tlxamd.ptr<f32>>, tensor<2048xi32>
    %6 = tlxamd.load %5 : tensor<2048x!tlxamd.ptr<f32>>
    %7 = tlxamd.reshape %6 : tensor<2048xf32> -> tensor<64x32xf32>
    %c64_i32 = arith.constant 64 : i32
    %8 = arith.muli %0, %c64_i32 : i32
    %9 = tlxamd.addptr %arg1, %8 : !tlxamd.ptr<f32>, i32
    %10 = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %11 = tlxamd.splat %9 : tensor<64x!tlxamd.ptr<f32>>
    %12 = tlxamd.addptr %11, %10 : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi32>
    %13 = tlxamd.reduce %7 {axis = 1 : i32} : tensor<64x32xf32> -> tensor<64xf32> {
    ^bb0(%arg2: f32, %arg3: f32):
      %14 = arith.addf %arg2, %arg3 : f32
      tlxamd.reduce.return %14 : f32
    }
    tlxamd.store %13, %12 : tensor<64x!tlxamd.ptr<f32>>
    gpu.return
  }
}
