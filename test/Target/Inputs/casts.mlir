// Casts as the frontend writes them (bench/gpu/suite.py runs them on the H200).
gpu.module @m {
  gpu.func @to_e4m3fn(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f8E4M3FN> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %3 = tlxamd.splat %1 : tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tlxamd.splat %arg0 : tensor<1024x!tlxamd.ptr<f32>>
    %6 = tlxamd.addptr %5, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %7 = tlxamd.load %6 : tensor<1024x!tlxamd.ptr<f32>>
    %8 = arith.truncf %7 : tensor<1024xf32> to tensor<1024xf8E4M3FN>
    %9 = tlxamd.splat %arg1 : tensor<1024x!tlxamd.ptr<f8E4M3FN>>
    %10 = tlxamd.addptr %9, %4 : tensor<1024x!tlxamd.ptr<f8E4M3FN>>, tensor<1024xi32>
    tlxamd.store %8, %10 : tensor<1024x!tlxamd.ptr<f8E4M3FN>>
    %11 = tlxamd.splat %arg2 : tensor<1024x!tlxamd.ptr<f32>>
    %12 = tlxamd.addptr %11, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %13 = arith.extf %8 : tensor<1024xf8E4M3FN> to tensor<1024xf32>
    tlxamd.store %13, %12 : tensor<1024x!tlxamd.ptr<f32>>
    gpu.return
  }
  gpu.func @to_e4m3fn_rtz(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f8E4M3FN> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %3 = tlxamd.splat %1 : tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tlxamd.splat %arg0 : tensor<1024x!tlxamd.ptr<f32>>
    %6 = tlxamd.addptr %5, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %7 = tlxamd.load %6 : tensor<1024x!tlxamd.ptr<f32>>
    %8 = arith.truncf %7 toward_zero : tensor<1024xf32> to tensor<1024xf8E4M3FN>
    %9 = tlxamd.splat %arg1 : tensor<1024x!tlxamd.ptr<f8E4M3FN>>
    %10 = tlxamd.addptr %9, %4 : tensor<1024x!tlxamd.ptr<f8E4M3FN>>, tensor<1024xi32>
    tlxamd.store %8, %10 : tensor<1024x!tlxamd.ptr<f8E4M3FN>>
    %11 = tlxamd.splat %arg2 : tensor<1024x!tlxamd.ptr<f32>>
    %12 = tlxamd.addptr %11, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %13 = arith.extf %8 : tensor<1024xf8E4M3FN> to tensor<1024xf32>
    tlxamd.store %13, %12 : tensor<1024x!tlxamd.ptr<f32>>
    gpu.return
  }
  gpu.func @to_e5m2fnuz(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f8E5M2FNUZ> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %3 = tlxamd.splat %1 : tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tlxamd.splat %arg0 : tensor<1024x!tlxamd.ptr<f32>>
    %6 = tlxamd.addptr %5, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %7 = tlxamd.load %6 : tensor<1024x!tlxamd.ptr<f32>>
    %8 = arith.truncf %7 : tensor<1024xf32> to tensor<1024xf8E5M2FNUZ>
    %9 = tlxamd.splat %arg1 : tensor<1024x!tlxamd.ptr<f8E5M2FNUZ>>
    %10 = tlxamd.addptr %9, %4 : tensor<1024x!tlxamd.ptr<f8E5M2FNUZ>>, tensor<1024xi32>
    tlxamd.store %8, %10 : tensor<1024x!tlxamd.ptr<f8E5M2FNUZ>>
    %11 = tlxamd.splat %arg2 : tensor<1024x!tlxamd.ptr<f32>>
    %12 = tlxamd.addptr %11, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %13 = arith.extf %8 : tensor<1024xf8E5M2FNUZ> to tensor<1024xf32>
    tlxamd.store %13, %12 : tensor<1024x!tlxamd.ptr<f32>>
    gpu.return
  }
  gpu.func @to_f16_rtz(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %3 = tlxamd.splat %1 : tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tlxamd.splat %arg0 : tensor<1024x!tlxamd.ptr<f32>>
    %6 = tlxamd.addptr %5, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %7 = tlxamd.load %6 : tensor<1024x!tlxamd.ptr<f32>>
    %8 = arith.truncf %7 toward_zero : tensor<1024xf32> to tensor<1024xf16>
    %9 = tlxamd.splat %arg1 : tensor<1024x!tlxamd.ptr<f16>>
    %10 = tlxamd.addptr %9, %4 : tensor<1024x!tlxamd.ptr<f16>>, tensor<1024xi32>
    tlxamd.store %8, %10 : tensor<1024x!tlxamd.ptr<f16>>
    %11 = tlxamd.splat %arg2 : tensor<1024x!tlxamd.ptr<f32>>
    %12 = tlxamd.addptr %11, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %13 = arith.extf %8 : tensor<1024xf16> to tensor<1024xf32>
    tlxamd.store %13, %12 : tensor<1024x!tlxamd.ptr<f32>>
    gpu.return
  }
  gpu.func @to_bf16_rtz(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %3 = tlxamd.splat %1 : tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tlxamd.splat %arg0 : tensor<1024x!tlxamd.ptr<f32>>
    %6 = tlxamd.addptr %5, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %7 = tlxamd.load %6 : tensor<1024x!tlxamd.ptr<f32>>
    %8 = arith.truncf %7 toward_zero : tensor<1024xf32> to tensor<1024xbf16>
    %9 = tlxamd.splat %arg1 : tensor<1024x!tlxamd.ptr<bf16>>
    %10 = tlxamd.addptr %9, %4 : tensor<1024x!tlxamd.ptr<bf16>>, tensor<1024xi32>
    tlxamd.store %8, %10 : tensor<1024x!tlxamd.ptr<bf16>>
    %11 = tlxamd.splat %arg2 : tensor<1024x!tlxamd.ptr<f32>>
    %12 = tlxamd.addptr %11, %4 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %13 = arith.extf %8 : tensor<1024xbf16> to tensor<1024xf32>
    tlxamd.store %13, %12 : tensor<1024x!tlxamd.ptr<f32>>
    gpu.return
  }
}
