// f32 division is div.full.f32 on NVIDIA (Triton's: 2 ulp over the full
// f32 too, as Triton: test_triton_api checks both machine codes).
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s

#b = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [32], warps_per_cta = [1], order = [0]}>
gpu.module @kernels {
  // CHECK-LABEL: llvm.func @divide(
  gpu.func @divide(%a: tensor<64xf32, #b>, %b: tensor<64xf32, #b>, %c: f64, %h: f16) kernel attributes {tlxamd.num_warps = 1 : i32} {
    // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.div.full"({{.*}}) : (f32, f32) -> f32
    // CHECK-NOT: llvm.fdiv {{.*}} : f32
    %q = arith.divf %a, %b : tensor<64xf32, #b>
    // CHECK: llvm.fdiv {{.*}} : f64
    %d = arith.divf %c, %c : f64
    // CHECK: llvm.fdiv {{.*}} : f16
    %e = arith.divf %h, %h : f16
    gpu.return
  }
}
