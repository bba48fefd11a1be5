// Attention's P V at head dimension 16 on gfx950 (tlxamd.kernels.attention's
// Triton-style forward as the frontend builds it): the accumulator reached
// the dot with the first dot's 16x16x16 MFMA layout (acc * alpha[:, None]),
// while a 64x16x64 product takes the 16x16x32 instruction. The dot keeps
// its instruction and the accumulator is converted in and out (it was left
// without operand layouts and failed verification).
// RUN: tlx-opt %s --tlxamd-assign-layouts=target=gfx950 | FileCheck %s

// CHECK: %[[ACC:.*]] = tlxamd.convert_layout %{{.*}} : tensor<64x16xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 16], transposed = true, warps_per_cta = [4, 1]}>> -> tensor<64x16xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32]
// CHECK-NEXT: %[[D:.*]] = tlxamd.dot %{{.*}}, %{{.*}}, %[[ACC]] : tensor<64x64xf16, #tlxamd.dot_operand<{op_idx = 0, parent = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32]
// CHECK-NEXT: tlxamd.convert_layout %[[D]] : tensor<64x16xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [4, 1]}>> -> tensor<64x16xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 16]

module {
  gpu.module @_attn_fwd_module {
    gpu.func @_attn_fwd(%arg0: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg3: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg4: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg5: f32, %arg6: i32) kernel attributes {tlxamd.num_stages = 3 : i32, tlxamd.num_warps = 4 : i32} {
      %0 = tlxamd.program_id 0 : i32
      %c64_i32 = arith.constant 64 : i32
      %1 = arith.muli %0, %c64_i32 : i32
      %2 = tlxamd.program_id 1 : i32
      %3 = arith.muli %2, %arg6 : i32
      %c16_i32 = arith.constant 16 : i32
      %4 = arith.muli %3, %c16_i32 : i32
      %5 = tlxamd.make_range 0 to 64 : tensor<64xi32>
      %6 = tlxamd.splat %1 : tensor<64xi32>
      %7 = arith.addi %6, %5 : tensor<64xi32>
      %8 = tlxamd.make_range 0 to 64 : tensor<64xi32>
      %9 = tlxamd.make_range 0 to 16 : tensor<16xi32>
      %10 = tlxamd.addptr %arg0, %4 : !tlxamd.ptr<f16>, i32
      %11 = tlxamd.expand_dims %7 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %c16_i32_0 = arith.constant 16 : i32
      %12 = tlxamd.splat %c16_i32_0 : tensor<64x1xi32>
      %13 = arith.muli %11, %12 : tensor<64x1xi32>
      %14 = tlxamd.splat %10 : tensor<64x1x!tlxamd.ptr<f16>>
      %15 = tlxamd.addptr %14, %13 : tensor<64x1x!tlxamd.ptr<f16>>, tensor<64x1xi32>
      %16 = tlxamd.expand_dims %9 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
      %17 = tlxamd.broadcast %15 : tensor<64x1x!tlxamd.ptr<f16>> -> tensor<64x16x!tlxamd.ptr<f16>>
      %18 = tlxamd.broadcast %16 : tensor<1x16xi32> -> tensor<64x16xi32>
      %19 = tlxamd.addptr %17, %18 : tensor<64x16x!tlxamd.ptr<f16>>, tensor<64x16xi32>
      %20 = tlxamd.expand_dims %7 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %21 = tlxamd.splat %arg6 : tensor<64x1xi32>
      %22 = arith.cmpi slt, %20, %21 : tensor<64x1xi32>
      %23 = tlxamd.broadcast %22 : tensor<64x1xi1> -> tensor<64x16xi1>
      %cst = arith.constant 0.000000e+00 : f16
      %24 = tlxamd.splat %cst : tensor<64x16xf16>
      %25 = tlxamd.load %19 mask %23 other %24 : tensor<64x16x!tlxamd.ptr<f16>>
      %cst_1 = arith.constant 1.44269502 : f32
      %26 = arith.mulf %arg5, %cst_1 fastmath<contract> : f32
      %cst_2 = arith.constant dense<0xFF800000> : tensor<64xf32>
      %cst_3 = arith.constant dense<0.000000e+00> : tensor<64xf32>
      %cst_4 = arith.constant dense<0.000000e+00> : tensor<64x16xf32>
      %c0_i32 = arith.constant 0 : i32
      %c64_i32_5 = arith.constant 64 : i32
      %27:3 = scf.for %arg7 = %c0_i32 to %arg6 step %c64_i32_5 iter_args(%arg8 = %cst_3, %arg9 = %cst_4, %arg10 = %cst_2) -> (tensor<64xf32>, tensor<64x16xf32>, tensor<64xf32>)  : i32 {
        %53 = tlxamd.splat %arg7 : tensor<64xi32>
        %54 = arith.addi %53, %8 : tensor<64xi32>
        %55 = tlxamd.addptr %arg1, %4 : !tlxamd.ptr<f16>, i32
        %56 = tlxamd.expand_dims %54 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
        %c16_i32_7 = arith.constant 16 : i32
        %57 = tlxamd.splat %c16_i32_7 : tensor<1x64xi32>
        %58 = arith.muli %56, %57 : tensor<1x64xi32>
        %59 = tlxamd.splat %55 : tensor<1x64x!tlxamd.ptr<f16>>
        %60 = tlxamd.addptr %59, %58 : tensor<1x64x!tlxamd.ptr<f16>>, tensor<1x64xi32>
        %61 = tlxamd.expand_dims %9 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
        %62 = tlxamd.broadcast %60 : tensor<1x64x!tlxamd.ptr<f16>> -> tensor<16x64x!tlxamd.ptr<f16>>
        %63 = tlxamd.broadcast %61 : tensor<16x1xi32> -> tensor<16x64xi32>
        %64 = tlxamd.addptr %62, %63 : tensor<16x64x!tlxamd.ptr<f16>>, tensor<16x64xi32>
        %65 = tlxamd.expand_dims %54 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
        %66 = tlxamd.splat %arg6 : tensor<1x64xi32>
        %67 = arith.cmpi slt, %65, %66 : tensor<1x64xi32>
        %68 = tlxamd.broadcast %67 : tensor<1x64xi1> -> tensor<16x64xi1>
        %cst_8 = arith.constant 0.000000e+00 : f16
        %69 = tlxamd.splat %cst_8 : tensor<16x64xf16>
        %70 = tlxamd.load %64 mask %68 other %69 : tensor<16x64x!tlxamd.ptr<f16>>
        %71 = tlxamd.expand_dims %54 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
        %72 = tlxamd.splat %arg6 : tensor<1x64xi32>
        %73 = arith.cmpi slt, %71, %72 : tensor<1x64xi32>
        %cst_9 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
        %74 = tlxamd.dot %25, %70, %cst_9 : tensor<64x16xf16>, tensor<16x64xf16> -> tensor<64x64xf32>
        %75 = tlxamd.splat %26 : tensor<64x64xf32>
        %76 = arith.mulf %74, %75 fastmath<contract> : tensor<64x64xf32>
        %cst_10 = arith.constant 0xFF800000 : f32
        %77 = tlxamd.splat %cst_10 : tensor<64x64xf32>
        %78 = tlxamd.broadcast %73 : tensor<1x64xi1> -> tensor<64x64xi1>
        %79 = arith.select %78, %76, %77 : tensor<64x64xi1>, tensor<64x64xf32>
        %80 = tlxamd.reduce %79 {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
        ^bb0(%arg11: f32, %arg12: f32):
          %112 = arith.maxnumf %arg11, %arg12 : f32
          tlxamd.reduce.return %112 : f32
        }
        %81 = arith.maximumf %arg10, %80 : tensor<64xf32>
        %82 = tlxamd.expand_dims %81 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
        %83 = tlxamd.broadcast %82 : tensor<64x1xf32> -> tensor<64x64xf32>
        %84 = arith.subf %79, %83 fastmath<contract> : tensor<64x64xf32>
        %85 = math.exp2 %84 : tensor<64x64xf32>
        %86 = arith.subf %arg10, %81 fastmath<contract> : tensor<64xf32>
        %87 = math.exp2 %86 : tensor<64xf32>
        %88 = arith.mulf %arg8, %87 fastmath<contract> : tensor<64xf32>
        %89 = tlxamd.reduce %85 {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
        ^bb0(%arg11: f32, %arg12: f32):
          %112 = arith.addf %arg11, %arg12 fastmath<contract> : f32
          tlxamd.reduce.return %112 : f32
        }
        %90 = arith.addf %88, %89 fastmath<contract> : tensor<64xf32>
        %91 = tlxamd.addptr %arg2, %4 : !tlxamd.ptr<f16>, i32
        %92 = tlxamd.expand_dims %54 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
        %c16_i32_11 = arith.constant 16 : i32
        %93 = tlxamd.splat %c16_i32_11 : tensor<64x1xi32>
        %94 = arith.muli %92, %93 : tensor<64x1xi32>
        %95 = tlxamd.splat %91 : tensor<64x1x!tlxamd.ptr<f16>>
        %96 = tlxamd.addptr %95, %94 : tensor<64x1x!tlxamd.ptr<f16>>, tensor<64x1xi32>
        %97 = tlxamd.expand_dims %9 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
        %98 = tlxamd.broadcast %96 : tensor<64x1x!tlxamd.ptr<f16>> -> tensor<64x16x!tlxamd.ptr<f16>>
        %99 = tlxamd.broadcast %97 : tensor<1x16xi32> -> tensor<64x16xi32>
        %100 = tlxamd.addptr %98, %99 : tensor<64x16x!tlxamd.ptr<f16>>, tensor<64x16xi32>
        %101 = tlxamd.expand_dims %54 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
        %102 = tlxamd.splat %arg6 : tensor<64x1xi32>
        %103 = arith.cmpi slt, %101, %102 : tensor<64x1xi32>
        %104 = tlxamd.broadcast %103 : tensor<64x1xi1> -> tensor<64x16xi1>
        %cst_12 = arith.constant 0.000000e+00 : f16
        %105 = tlxamd.splat %cst_12 : tensor<64x16xf16>
        %106 = tlxamd.load %100 mask %104 other %105 : tensor<64x16x!tlxamd.ptr<f16>>
        %107 = arith.truncf %85 : tensor<64x64xf32> to tensor<64x64xf16>
        %108 = tlxamd.expand_dims %87 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
        %109 = tlxamd.broadcast %108 : tensor<64x1xf32> -> tensor<64x16xf32>
        %110 = arith.mulf %arg9, %109 fastmath<contract> : tensor<64x16xf32>
        %111 = tlxamd.dot %107, %106, %110 : tensor<64x64xf16>, tensor<64x16xf16> -> tensor<64x16xf32>
        scf.yield %90, %111, %81 : tensor<64xf32>, tensor<64x16xf32>, tensor<64xf32>
      }
      %28 = tlxamd.splat %arg6 : tensor<64xi32>
      %29 = arith.cmpi slt, %7, %28 : tensor<64xi32>
      %30 = tlxamd.program_id 1 : i32
      %31 = arith.muli %30, %arg6 : i32
      %32 = tlxamd.addptr %arg4, %31 : !tlxamd.ptr<f32>, i32
      %33 = tlxamd.splat %32 : tensor<64x!tlxamd.ptr<f32>>
      %34 = tlxamd.addptr %33, %7 : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi32>
      %35 = math.log2 %27#0 : tensor<64xf32>
      %36 = arith.addf %27#2, %35 fastmath<contract> : tensor<64xf32>
      tlxamd.store %36, %34 mask %29 : tensor<64x!tlxamd.ptr<f32>>
      %37 = tlxamd.addptr %arg3, %4 : !tlxamd.ptr<f16>, i32
      %38 = tlxamd.expand_dims %7 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %c16_i32_6 = arith.constant 16 : i32
      %39 = tlxamd.splat %c16_i32_6 : tensor<64x1xi32>
      %40 = arith.muli %38, %39 : tensor<64x1xi32>
      %41 = tlxamd.splat %37 : tensor<64x1x!tlxamd.ptr<f16>>
      %42 = tlxamd.addptr %41, %40 : tensor<64x1x!tlxamd.ptr<f16>>, tensor<64x1xi32>
      %43 = tlxamd.expand_dims %9 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
      %44 = tlxamd.broadcast %42 : tensor<64x1x!tlxamd.ptr<f16>> -> tensor<64x16x!tlxamd.ptr<f16>>
      %45 = tlxamd.broadcast %43 : tensor<1x16xi32> -> tensor<64x16xi32>
      %46 = tlxamd.addptr %44, %45 : tensor<64x16x!tlxamd.ptr<f16>>, tensor<64x16xi32>
      %47 = tlxamd.expand_dims %27#0 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %48 = tlxamd.broadcast %47 : tensor<64x1xf32> -> tensor<64x16xf32>
      %49 = arith.divf %27#1, %48 : tensor<64x16xf32>
      %50 = arith.truncf %49 : tensor<64x16xf32> to tensor<64x16xf16>
      %51 = tlxamd.expand_dims %29 {axis = 1 : i32} : tensor<64xi1> -> tensor<64x1xi1>
      %52 = tlxamd.broadcast %51 : tensor<64x1xi1> -> tensor<64x16xi1>
      tlxamd.store %50, %46 mask %52 : tensor<64x16x!tlxamd.ptr<f16>>
      gpu.return
    }
  }
}
