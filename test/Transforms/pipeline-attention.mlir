// Attention's forward loop on Hopper (the Triton-style kernel of
// test_pipeline_dot.py, 64 x 64 tiles, D 64, 8 warps, 3 stages, before
// layouts): K and V staged; Q, loop-invariant, written to shared memory
// once before the loop and read by the Q K^T warpgroup MMA from there (no
// registers, no per-step conversion to wgmma's fragment); Q K^T's zero
// accumulator not passed (the MMA does not read it); the P V product left
// in flight across the step's end: its wait(1) after it, a wait(0) before
// the carried accumulator's first use in the next step, a fourth buffer so
// that the refill never takes the tile an MMA in flight reads; the last
// group retired after the loop.
// RUN: tlx-opt %s --tlxamd-pipeline=target=sm_90a | FileCheck %s --check-prefix=PIPE
// Layouts: Q K^T feeds P V's A, so its warps keep whole rows ([8, 1], the
// two warpgroups computing the same 64 rows); P V's 64 rows leave the
// second warpgroup to N ([4, 2], wgmma's version 3): the loop carries the
// accumulator in that layout, the 64 x 1 rescale factor is converted (a
// renaming of registers) rather than the 64 x 64 accumulator.
// RUN: tlx-opt %s --tlxamd-pipeline=target=sm_90a --tlxamd-assign-layouts=target=sm_90a --tlxamd-remove-layout-conversions | FileCheck %s --check-prefix=LAYOUT
// RUN: tlx-opt %s --tlxamd-to-llvm=target=sm_90a -o /dev/null

// PIPE-LABEL: gpu.func @attention_fwd
// PIPE-COUNT-2: tlxamd.local_alloc  : () -> !tlxamd.memdesc<4x64x64xf16
// PIPE: %[[Q:.*]] = tlxamd.local_alloc %{{.*}} : (tensor<64x64xf16>) -> !tlxamd.memdesc<64x64xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>, #tlxamd.shared_memory>
// PIPE-NEXT: scf.for {{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}, %[[ACC:[^ ]*]] = %{{[^ ]*}},
// PIPE-NEXT: tlxamd.async_wait {num = 1 : i32}
// PIPE: %[[QK:.*]] = tlxamd.warpgroup_dot %[[Q]], %{{[^ ]*}} : !tlxamd.memdesc
// PIPE-NEXT: tlxamd.warpgroup_dot_wait %[[QK]] pendings = 0
// PIPE: %[[READY:.*]] = tlxamd.warpgroup_dot_wait %[[ACC]] pendings = 0
// PIPE-NEXT: %[[SCALED:.*]] = arith.mulf %[[READY]],
// PIPE: %[[PV:.*]] = tlxamd.warpgroup_dot %{{.*}}, %{{.*}}, %[[SCALED]] : tensor<64x64xf32> : tensor<64x64xf16>, !tlxamd.memdesc
// PIPE-NEXT: %[[INFLIGHT:.*]] = tlxamd.warpgroup_dot_wait %[[PV]] pendings = 1
// PIPE: scf.yield %{{.*}}, %[[INFLIGHT]],
// PIPE: tlxamd.async_wait {num = 0 : i32}
// PIPE-NEXT: tlxamd.warpgroup_dot_wait %{{.*}}#1 pendings = 0

// LAYOUT-LABEL: gpu.func @attention_fwd
// LAYOUT: scf.for
// LAYOUT: tlxamd.warpgroup_dot_wait %{{.*}} pendings = 0 : tensor<64x64xf32, #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [8, 1], instr_shape = [16, 8]}>>
// LAYOUT-NOT: tlxamd.convert_layout {{.*}} : tensor<64x64xf32
// LAYOUT: tlxamd.convert_layout %{{.*}} : tensor<64x1xf32, #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [8, 1], instr_shape = [16, 8]}>> -> tensor<64x1xf32, #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 2], instr_shape = [16, 32, 16]}>>
// LAYOUT-NOT: tlxamd.convert_layout {{.*}} : tensor<64x64xf32
// LAYOUT: tlxamd.warpgroup_dot_wait %{{.*}} pendings = 0 : tensor<64x64xf32, #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 2], instr_shape = [16, 32, 16]}>>
// LAYOUT-NOT: tlxamd.convert_layout {{.*}} : tensor<64x64xf32
// LAYOUT: tlxamd.warpgroup_dot {{.*}} -> tensor<64x64xf32, #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 2], instr_shape = [16, 32, 16]}>>
// LAYOUT: scf.yield

module {
  gpu.module @attention_fwd_module {
    gpu.func @attention_fwd(%arg0: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg3: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg4: f32, %arg5: i32 {tlxamd.divisibility = 16 : i32}, %arg6: i32 {tlxamd.divisibility = 16 : i32}, %arg7: i32 {tlxamd.divisibility = 16 : i32}, %arg8: i32 {tlxamd.divisibility = 16 : i32}, %arg9: i32 {tlxamd.divisibility = 16 : i32}, %arg10: i32 {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_stages = 3 : i32, tlxamd.num_warps = 8 : i32} {
      %c0_i32 = arith.constant 0 : i32
      %0 = arith.cmpi sgt, %arg8, %c0_i32 : i32
      llvm.intr.assume %0 : i1
      %c0_i32_0 = arith.constant 0 : i32
      %1 = arith.cmpi sgt, %arg9, %c0_i32_0 : i32
      llvm.intr.assume %1 : i1
      %2 = tlxamd.program_id 1 : i32
      %3 = arith.muli %2, %arg6 : i32
      %4 = tlxamd.addptr %arg0, %3 : !tlxamd.ptr<f16>, i32
      %5 = tlxamd.addptr %arg1, %3 : !tlxamd.ptr<f16>, i32
      %6 = tlxamd.addptr %arg2, %3 : !tlxamd.ptr<f16>, i32
      %7 = tlxamd.addptr %arg3, %3 : !tlxamd.ptr<f16>, i32
      %8 = tlxamd.program_id 0 : i32
      %c64_i32 = arith.constant 64 : i32
      %9 = arith.muli %8, %c64_i32 : i32
      %10 = tlxamd.make_range 0 to 64 : tensor<64xi32>
      %11 = tlxamd.splat %9 : tensor<64xi32>
      %12 = arith.addi %11, %10 : tensor<64xi32>
      %13 = tlxamd.make_range 0 to 64 : tensor<64xi32>
      %14 = tlxamd.make_range 0 to 64 : tensor<64xi32>
      %15 = tlxamd.expand_dims %12 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %16 = tlxamd.splat %arg7 : tensor<64x1xi32>
      %17 = arith.muli %15, %16 : tensor<64x1xi32>
      %18 = tlxamd.splat %4 : tensor<64x1x!tlxamd.ptr<f16>>
      %19 = tlxamd.addptr %18, %17 : tensor<64x1x!tlxamd.ptr<f16>>, tensor<64x1xi32>
      %20 = tlxamd.expand_dims %14 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %21 = tlxamd.broadcast %19 : tensor<64x1x!tlxamd.ptr<f16>> -> tensor<64x64x!tlxamd.ptr<f16>>
      %22 = tlxamd.broadcast %20 : tensor<1x64xi32> -> tensor<64x64xi32>
      %23 = tlxamd.addptr %21, %22 : tensor<64x64x!tlxamd.ptr<f16>>, tensor<64x64xi32>
      %24 = tlxamd.load %23 : tensor<64x64x!tlxamd.ptr<f16>>
      %cst = arith.constant dense<0xFF800000> : tensor<64xf32>
      %cst_1 = arith.constant dense<0.000000e+00> : tensor<64xf32>
      %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %25 = tlxamd.expand_dims %14 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %26 = tlxamd.splat %5 : tensor<64x1x!tlxamd.ptr<f16>>
      %27 = tlxamd.addptr %26, %25 : tensor<64x1x!tlxamd.ptr<f16>>, tensor<64x1xi32>
      %28 = tlxamd.expand_dims %13 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %29 = tlxamd.splat %arg8 : tensor<1x64xi32>
      %30 = arith.muli %28, %29 : tensor<1x64xi32>
      %31 = tlxamd.broadcast %27 : tensor<64x1x!tlxamd.ptr<f16>> -> tensor<64x64x!tlxamd.ptr<f16>>
      %32 = tlxamd.broadcast %30 : tensor<1x64xi32> -> tensor<64x64xi32>
      %33 = tlxamd.addptr %31, %32 : tensor<64x64x!tlxamd.ptr<f16>>, tensor<64x64xi32>
      %34 = tlxamd.expand_dims %13 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %35 = tlxamd.splat %arg9 : tensor<64x1xi32>
      %36 = arith.muli %34, %35 : tensor<64x1xi32>
      %37 = tlxamd.splat %6 : tensor<64x1x!tlxamd.ptr<f16>>
      %38 = tlxamd.addptr %37, %36 : tensor<64x1x!tlxamd.ptr<f16>>, tensor<64x1xi32>
      %39 = tlxamd.expand_dims %14 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %40 = tlxamd.broadcast %38 : tensor<64x1x!tlxamd.ptr<f16>> -> tensor<64x64x!tlxamd.ptr<f16>>
      %41 = tlxamd.broadcast %39 : tensor<1x64xi32> -> tensor<64x64xi32>
      %42 = tlxamd.addptr %40, %41 : tensor<64x64x!tlxamd.ptr<f16>>, tensor<64x64xi32>
      %c0_i32_3 = arith.constant 0 : i32
      %c64_i32_4 = arith.constant 64 : i32
      %43:5 = scf.for %arg11 = %c0_i32_3 to %arg5 step %c64_i32_4 iter_args(%arg12 = %cst_1, %arg13 = %cst_2, %arg14 = %cst, %arg15 = %33, %arg16 = %42) -> (tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64x!tlxamd.ptr<f16>>, tensor<64x64x!tlxamd.ptr<f16>>)  : i32 {
        %57 = tlxamd.load %arg15 : tensor<64x64x!tlxamd.ptr<f16>>
        %cst_5 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
        %58 = tlxamd.dot %24, %57, %cst_5 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
        %59 = tlxamd.splat %arg4 : tensor<64x64xf32>
        %60 = arith.mulf %58, %59 fastmath<contract> : tensor<64x64xf32>
        %61 = tlxamd.reduce %60 {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
        ^bb0(%arg17: f32, %arg18: f32):
          %84 = arith.maxnumf %arg17, %arg18 : f32
          tlxamd.reduce.return %84 : f32
        }
        %62 = arith.maximumf %arg14, %61 : tensor<64xf32>
        %63 = tlxamd.expand_dims %62 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
        %64 = tlxamd.broadcast %63 : tensor<64x1xf32> -> tensor<64x64xf32>
        %65 = arith.subf %60, %64 fastmath<contract> : tensor<64x64xf32>
        %66 = math.exp %65 : tensor<64x64xf32>
        %67 = arith.subf %arg14, %62 fastmath<contract> : tensor<64xf32>
        %68 = math.exp %67 : tensor<64xf32>
        %69 = arith.mulf %arg12, %68 fastmath<contract> : tensor<64xf32>
        %70 = tlxamd.reduce %66 {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
        ^bb0(%arg17: f32, %arg18: f32):
          %84 = arith.addf %arg17, %arg18 fastmath<contract> : f32
          tlxamd.reduce.return %84 : f32
        }
        %71 = arith.addf %69, %70 fastmath<contract> : tensor<64xf32>
        %72 = tlxamd.expand_dims %68 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
        %73 = tlxamd.broadcast %72 : tensor<64x1xf32> -> tensor<64x64xf32>
        %74 = arith.mulf %arg13, %73 fastmath<contract> : tensor<64x64xf32>
        %75 = tlxamd.load %arg16 : tensor<64x64x!tlxamd.ptr<f16>>
        %76 = arith.truncf %66 : tensor<64x64xf32> to tensor<64x64xf16>
        %77 = tlxamd.dot %76, %75, %74 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
        %c64_i32_6 = arith.constant 64 : i32
        %78 = arith.muli %c64_i32_6, %arg8 : i32
        %79 = tlxamd.splat %78 : tensor<64x64xi32>
        %80 = tlxamd.addptr %arg15, %79 : tensor<64x64x!tlxamd.ptr<f16>>, tensor<64x64xi32>
        %c64_i32_7 = arith.constant 64 : i32
        %81 = arith.muli %c64_i32_7, %arg9 : i32
        %82 = tlxamd.splat %81 : tensor<64x64xi32>
        %83 = tlxamd.addptr %arg16, %82 : tensor<64x64x!tlxamd.ptr<f16>>, tensor<64x64xi32>
        scf.yield %71, %77, %62, %80, %83 : tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64x!tlxamd.ptr<f16>>, tensor<64x64x!tlxamd.ptr<f16>>
      }
      %44 = tlxamd.expand_dims %43#0 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %45 = tlxamd.broadcast %44 : tensor<64x1xf32> -> tensor<64x64xf32>
      %46 = arith.divf %43#1, %45 : tensor<64x64xf32>
      %47 = tlxamd.expand_dims %12 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %48 = tlxamd.splat %arg10 : tensor<64x1xi32>
      %49 = arith.muli %47, %48 : tensor<64x1xi32>
      %50 = tlxamd.splat %7 : tensor<64x1x!tlxamd.ptr<f16>>
      %51 = tlxamd.addptr %50, %49 : tensor<64x1x!tlxamd.ptr<f16>>, tensor<64x1xi32>
      %52 = tlxamd.expand_dims %14 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %53 = tlxamd.broadcast %51 : tensor<64x1x!tlxamd.ptr<f16>> -> tensor<64x64x!tlxamd.ptr<f16>>
      %54 = tlxamd.broadcast %52 : tensor<1x64xi32> -> tensor<64x64xi32>
      %55 = tlxamd.addptr %53, %54 : tensor<64x64x!tlxamd.ptr<f16>>, tensor<64x64xi32>
      %56 = arith.truncf %46 : tensor<64x64xf32> to tensor<64x64xf16>
      tlxamd.store %56, %55 : tensor<64x64x!tlxamd.ptr<f16>>
      gpu.return
    }
  }
}

