// An op no pattern lowers for the target is an error naming it (exit status
// 1), never half-lowered or invalid output: arithmetic on the f8 formats
// (LLVM has none) on tensors and scalars, conversions of the f8 formats
// without a lowering (E4M3B11FNUZ; f64 sources round twice) and rounding
// modes other than to-nearest-even and toward-zero.
// RUN: not tlx-opt %s -split-input-file --tlxamd-to-llvm=target=gfx950 2>&1 | FileCheck %s
// RUN: not tlx-opt %s -split-input-file --tlxamd-to-llvm=target=sm_90a 2>&1 | FileCheck %s --check-prefix=NV

// CHECK: error: 'arith.addf' op has no lowering for gfx950: 'f8E4M3FN' has no arithmetic in LLVM (its values are loaded, stored, moved as bytes and converted to and from f32, f16 and bf16)
// CHECK: error: 'arith.mulf' op has no lowering for gfx950: 'f8E5M2' has no arithmetic in LLVM
// CHECK: error: 'arith.extf' op has no lowering for gfx950: 'f8E4M3B11FNUZ' has no arithmetic in LLVM
// CHECK: error: 'arith.truncf' op has no lowering for gfx950: 'f8E4M3FN' has no arithmetic in LLVM
// CHECK: error: 'arith.truncf' op rounding mode 'upward' has no lowering; conversions round to nearest even or toward zero
// NV: error: 'arith.addf' op has no lowering for sm_90a: 'f8E4M3FN'
// NV: error: 'arith.mulf' op has no lowering for sm_90a: 'f8E5M2'
// NV: error: 'arith.extf' op has no lowering for sm_90a: 'f8E4M3B11FNUZ'
// NV: error: 'arith.truncf' op has no lowering for sm_90a
// NV: error: 'arith.truncf' op rounding mode 'upward' has no lowering
// CHECK-NOT: unrealized_conversion_cast
// CHECK-NOT: llvm.fadd
#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
gpu.module @m {
  gpu.func @k(%a: tensor<256xf8E4M3FN, #b>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %s = arith.addf %a, %a : tensor<256xf8E4M3FN, #b>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: f8E5M2) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %s = arith.mulf %a, %a : f8E5M2
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
gpu.module @m {
  gpu.func @k(%a: tensor<256xf8E4M3B11FNUZ, #b>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %e = arith.extf %a : tensor<256xf8E4M3B11FNUZ, #b> to tensor<256xf32, #b>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: f64) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %e = arith.truncf %a : f64 to f8E4M3FN
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: f32) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %e = arith.truncf %a upward : f32 to f16
    gpu.return
  }
}
