// The loop of test/python/test_scale_preshuffle.py's mx_gemm (64 x 64 x 256,
// 4 warps, matrix_instr_nonkdim 16) as the frontend builds it, no layouts:
// shuffled scales loaded as [2, 256] bytes, un-shuffled by reshape / trans.
module {
  gpu.module @mx_gemm_module {
    gpu.func @mx_gemm(%arg0: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg3: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg4: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg5: i32, %arg6: i32, %arg7: i32 {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.matrix_instr_nonkdim = 16 : i32, tlxamd.num_stages = 1 : i32, tlxamd.num_warps = 4 : i32} {
      %0 = tlxamd.program_id 0 : i32
      %1 = tlxamd.program_id 1 : i32
      %c64_i32 = arith.constant 64 : i32
      %2 = arith.muli %0, %c64_i32 : i32
      %3 = tlxamd.make_range 0 to 64 : tensor<64xi32>
      %4 = tlxamd.splat %2 : tensor<64xi32>
      %5 = arith.addi %4, %3 : tensor<64xi32>
      %c64_i32_0 = arith.constant 64 : i32
      %6 = arith.muli %1, %c64_i32_0 : i32
      %7 = tlxamd.make_range 0 to 64 : tensor<64xi32>
      %8 = tlxamd.splat %6 : tensor<64xi32>
      %9 = arith.addi %8, %7 : tensor<64xi32>
      %10 = tlxamd.make_range 0 to 128 : tensor<128xi32>
      %11 = tlxamd.expand_dims %5 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %c2_i32 = arith.constant 2 : i32
      %12 = arith.divsi %arg7, %c2_i32 : i32
      %13 = tlxamd.splat %12 : tensor<64x1xi32>
      %14 = arith.muli %11, %13 : tensor<64x1xi32>
      %15 = tlxamd.splat %arg0 : tensor<64x1x!tlxamd.ptr<i8>>
      %16 = tlxamd.addptr %15, %14 : tensor<64x1x!tlxamd.ptr<i8>>, tensor<64x1xi32>
      %17 = tlxamd.expand_dims %10 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
      %18 = tlxamd.broadcast %16 : tensor<64x1x!tlxamd.ptr<i8>> -> tensor<64x128x!tlxamd.ptr<i8>>
      %19 = tlxamd.broadcast %17 : tensor<1x128xi32> -> tensor<64x128xi32>
      %20 = tlxamd.addptr %18, %19 : tensor<64x128x!tlxamd.ptr<i8>>, tensor<64x128xi32>
      %21 = tlxamd.expand_dims %10 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
      %22 = tlxamd.splat %arg1 : tensor<128x1x!tlxamd.ptr<i8>>
      %23 = tlxamd.addptr %22, %21 : tensor<128x1x!tlxamd.ptr<i8>>, tensor<128x1xi32>
      %24 = tlxamd.expand_dims %9 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %c2_i32_1 = arith.constant 2 : i32
      %25 = arith.divsi %arg7, %c2_i32_1 : i32
      %26 = tlxamd.splat %25 : tensor<1x64xi32>
      %27 = arith.muli %24, %26 : tensor<1x64xi32>
      %28 = tlxamd.broadcast %23 : tensor<128x1x!tlxamd.ptr<i8>> -> tensor<128x64x!tlxamd.ptr<i8>>
      %29 = tlxamd.broadcast %27 : tensor<1x64xi32> -> tensor<128x64xi32>
      %30 = tlxamd.addptr %28, %29 : tensor<128x64x!tlxamd.ptr<i8>>, tensor<128x64xi32>
      %31 = tlxamd.make_range 0 to 256 : tensor<256xi32>
      %c2_i32_2 = arith.constant 2 : i32
      %32 = arith.muli %0, %c2_i32_2 : i32
      %33 = tlxamd.make_range 0 to 2 : tensor<2xi32>
      %34 = tlxamd.splat %32 : tensor<2xi32>
      %35 = arith.addi %34, %33 : tensor<2xi32>
      %36 = tlxamd.expand_dims %35 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
      %37 = tlxamd.splat %arg7 : tensor<2x1xi32>
      %38 = arith.muli %36, %37 : tensor<2x1xi32>
      %39 = tlxamd.splat %arg3 : tensor<2x1x!tlxamd.ptr<i8>>
      %40 = tlxamd.addptr %39, %38 : tensor<2x1x!tlxamd.ptr<i8>>, tensor<2x1xi32>
      %41 = tlxamd.expand_dims %31 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
      %42 = tlxamd.broadcast %40 : tensor<2x1x!tlxamd.ptr<i8>> -> tensor<2x256x!tlxamd.ptr<i8>>
      %43 = tlxamd.broadcast %41 : tensor<1x256xi32> -> tensor<2x256xi32>
      %44 = tlxamd.addptr %42, %43 : tensor<2x256x!tlxamd.ptr<i8>>, tensor<2x256xi32>
      %c2_i32_3 = arith.constant 2 : i32
      %45 = arith.muli %1, %c2_i32_3 : i32
      %46 = tlxamd.make_range 0 to 2 : tensor<2xi32>
      %47 = tlxamd.splat %45 : tensor<2xi32>
      %48 = arith.addi %47, %46 : tensor<2xi32>
      %49 = tlxamd.expand_dims %48 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
      %50 = tlxamd.splat %arg7 : tensor<2x1xi32>
      %51 = arith.muli %49, %50 : tensor<2x1xi32>
      %52 = tlxamd.splat %arg4 : tensor<2x1x!tlxamd.ptr<i8>>
      %53 = tlxamd.addptr %52, %51 : tensor<2x1x!tlxamd.ptr<i8>>, tensor<2x1xi32>
      %54 = tlxamd.expand_dims %31 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
      %55 = tlxamd.broadcast %53 : tensor<2x1x!tlxamd.ptr<i8>> -> tensor<2x256x!tlxamd.ptr<i8>>
      %56 = tlxamd.broadcast %54 : tensor<1x256xi32> -> tensor<2x256xi32>
      %57 = tlxamd.addptr %55, %56 : tensor<2x256x!tlxamd.ptr<i8>>, tensor<2x256xi32>
      %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %c256_i32 = arith.constant 256 : i32
      %58 = arith.divsi %arg7, %c256_i32 : i32
      %c0_i32 = arith.constant 0 : i32
      %c1_i32 = arith.constant 1 : i32
      %59:5 = scf.for %arg8 = %c0_i32 to %58 step %c1_i32 iter_args(%arg9 = %cst, %arg10 = %20, %arg11 = %30, %arg12 = %44, %arg13 = %57) -> (tensor<64x64xf32>, tensor<64x128x!tlxamd.ptr<i8>>, tensor<128x64x!tlxamd.ptr<i8>>, tensor<2x256x!tlxamd.ptr<i8>>, tensor<2x256x!tlxamd.ptr<i8>>)  : i32 {
        %69 = tlxamd.load %arg12 : tensor<2x256x!tlxamd.ptr<i8>>
        %70 = tlxamd.reshape %69 : tensor<2x256xi8> -> tensor<2x1x4x16x2x2x1xi8>
        %71 = tlxamd.trans %70 {order = array<i32: 0, 5, 3, 1, 4, 2, 6>} : tensor<2x1x4x16x2x2x1xi8> -> tensor<2x2x16x1x2x4x1xi8>
        %72 = tlxamd.reshape %71 : tensor<2x2x16x1x2x4x1xi8> -> tensor<64x8xi8>
        %73 = tlxamd.load %arg13 : tensor<2x256x!tlxamd.ptr<i8>>
        %74 = tlxamd.reshape %73 : tensor<2x256xi8> -> tensor<2x1x4x16x2x2x1xi8>
        %75 = tlxamd.trans %74 {order = array<i32: 0, 5, 3, 1, 4, 2, 6>} : tensor<2x1x4x16x2x2x1xi8> -> tensor<2x2x16x1x2x4x1xi8>
        %76 = tlxamd.reshape %75 : tensor<2x2x16x1x2x4x1xi8> -> tensor<64x8xi8>
        %77 = tlxamd.load %arg10 : tensor<64x128x!tlxamd.ptr<i8>>
        %78 = tlxamd.load %arg11 : tensor<128x64x!tlxamd.ptr<i8>>
        %cst_4 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
        %79 = tlxamd.dot_scaled %77 scale %72, %78 scale %76, %cst_4 lhs = "e2m1" rhs = "e2m1" : tensor<64x128xi8> scale tensor<64x8xi8>, tensor<128x64xi8> scale tensor<64x8xi8> -> tensor<64x64xf32>
        %80 = arith.addf %arg9, %79 fastmath<contract> : tensor<64x64xf32>
        %c128_i32 = arith.constant 128 : i32
        %81 = tlxamd.splat %c128_i32 : tensor<64x128xi32>
        %82 = tlxamd.addptr %arg10, %81 : tensor<64x128x!tlxamd.ptr<i8>>, tensor<64x128xi32>
        %c128_i32_5 = arith.constant 128 : i32
        %83 = tlxamd.splat %c128_i32_5 : tensor<128x64xi32>
        %84 = tlxamd.addptr %arg11, %83 : tensor<128x64x!tlxamd.ptr<i8>>, tensor<128x64xi32>
        %c256_i32_6 = arith.constant 256 : i32
        %85 = tlxamd.splat %c256_i32_6 : tensor<2x256xi32>
        %86 = tlxamd.addptr %arg12, %85 : tensor<2x256x!tlxamd.ptr<i8>>, tensor<2x256xi32>
        %c256_i32_7 = arith.constant 256 : i32
        %87 = tlxamd.splat %c256_i32_7 : tensor<2x256xi32>
        %88 = tlxamd.addptr %arg13, %87 : tensor<2x256x!tlxamd.ptr<i8>>, tensor<2x256xi32>
        scf.yield %80, %82, %84, %86, %88 : tensor<64x64xf32>, tensor<64x128x!tlxamd.ptr<i8>>, tensor<128x64x!tlxamd.ptr<i8>>, tensor<2x256x!tlxamd.ptr<i8>>, tensor<2x256x!tlxamd.ptr<i8>>
      }
      %60 = tlxamd.expand_dims %5 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %61 = tlxamd.splat %arg6 : tensor<64x1xi32>
      %62 = arith.muli %60, %61 : tensor<64x1xi32>
      %63 = tlxamd.splat %arg2 : tensor<64x1x!tlxamd.ptr<f32>>
      %64 = tlxamd.addptr %63, %62 : tensor<64x1x!tlxamd.ptr<f32>>, tensor<64x1xi32>
      %65 = tlxamd.expand_dims %9 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %66 = tlxamd.broadcast %64 : tensor<64x1x!tlxamd.ptr<f32>> -> tensor<64x64x!tlxamd.ptr<f32>>
      %67 = tlxamd.broadcast %65 : tensor<1x64xi32> -> tensor<64x64xi32>
      %68 = tlxamd.addptr %66, %67 : tensor<64x64x!tlxamd.ptr<f32>>, tensor<64x64xi32>
      tlxamd.store %59#0, %68 : tensor<64x64x!tlxamd.ptr<f32>>
      gpu.return
    }
  }
}

