// Reductions as the frontend writes them (tl.max, tl.sum, tl.argmax;
// bench/gpu/suite.py runs the same on the H200).
gpu.module @m {
  // tl.max(v, axis=1) of a [64, 128] tile (layout-free; the load's coalesced
  // layout puts a row's 128 elements in the lanes of one warp: registers,
  // then shuffles, no shared memory).
  gpu.func @row_max(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
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
    %16 = tlxamd.splat %arg1 : tensor<64x!tlxamd.ptr<f32>>
    %17 = tlxamd.addptr %16, %4 : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi32>
    %18 = tlxamd.reduce %15 {axis = 1 : i32} : tensor<64x128xf32> -> tensor<64xf32> {
    ^bb0(%arg2: f32, %arg3: f32):
      %19 = arith.maxnumf %arg2, %arg3 : f32
      tlxamd.reduce.return %19 : f32
    }
    tlxamd.store %18, %17 : tensor<64x!tlxamd.ptr<f32>>
    gpu.return
  }

  // tl.sum over 1024 elements in 4 warps: registers, shuffles, then the
  // warps' partials through shared memory.
  gpu.func @block_sum(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %3 = tlxamd.splat %1 : tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tlxamd.splat %arg0 : tensor<1024x!tlxamd.ptr<f32>>
    %6 = tlxamd.addptr %5, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %7 = tlxamd.load %6 : tensor<1024x!tlxamd.ptr<f32>>
    %8 = tlxamd.reduce %7 {axis = 0 : i32} : tensor<1024xf32> -> f32 {
    ^bb0(%arg2: f32, %arg3: f32):
      %11 = arith.addf %arg2, %arg3 : f32
      tlxamd.reduce.return %11 : f32
    }
    %9 = tlxamd.program_id 0 : i32
    %10 = tlxamd.addptr %arg1, %9 : !tlxamd.ptr<f32>, i32
    tlxamd.store %8, %10 : !tlxamd.ptr<f32>
    gpu.return
  }

  // tl.argmax: values and indices reduced together.
  gpu.func @block_argmax(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %3 = tlxamd.splat %1 : tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tlxamd.program_id 0 : i32
    %6 = tlxamd.addptr %arg1, %5 : !tlxamd.ptr<i32>, i32
    %7 = tlxamd.splat %arg0 : tensor<1024x!tlxamd.ptr<f32>>
    %8 = tlxamd.addptr %7, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %9 = tlxamd.load %8 : tensor<1024x!tlxamd.ptr<f32>>
    %10 = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %11:2 = tlxamd.reduce %9, %10 {axis = 0 : i32} : tensor<1024xf32>, tensor<1024xi32> -> f32, i32 {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %12 = arith.cmpf ogt, %arg2, %arg4 : f32
      %13 = arith.cmpf oeq, %arg2, %arg4 : f32
      %14 = arith.cmpi slt, %arg3, %arg5 : i32
      %15 = arith.andi %13, %14 : i1
      %16 = arith.ori %12, %15 : i1
      %17 = arith.select %16, %arg2, %arg4 : f32
      %18 = arith.select %16, %arg3, %arg5 : i32
      tlxamd.reduce.return %17, %18 : f32, i32
    }
    tlxamd.store %11#1, %6 : !tlxamd.ptr<i32>
    gpu.return
  }

  // A persistent grid: rows strided by tl.num_programs(0).
  gpu.func @grid_stride(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %1 = tlxamd.program_id 0 : i32
    %2 = tlxamd.num_programs 0 : i32
    scf.for %arg3 = %1 to %arg2 step %2  : i32 {
      %c256_i32 = arith.constant 256 : i32
      %3 = arith.muli %arg3, %c256_i32 : i32
      %4 = tlxamd.addptr %arg0, %3 : !tlxamd.ptr<f32>, i32
      %5 = tlxamd.splat %4 : tensor<256x!tlxamd.ptr<f32>>
      %6 = tlxamd.addptr %5, %0 : tensor<256x!tlxamd.ptr<f32>>, tensor<256xi32>
      %7 = tlxamd.load %6 : tensor<256x!tlxamd.ptr<f32>>
      %8 = tlxamd.addptr %arg1, %arg3 : !tlxamd.ptr<f32>, i32
      %9 = arith.mulf %7, %7 : tensor<256xf32>
      %10 = tlxamd.reduce %9 {axis = 0 : i32} : tensor<256xf32> -> f32 {
      ^bb0(%arg4: f32, %arg5: f32):
        %11 = arith.addf %arg4, %arg5 : f32
        tlxamd.reduce.return %11 : f32
      }
      tlxamd.store %10, %8 : !tlxamd.ptr<f32>
    }
    gpu.return
  }
}
