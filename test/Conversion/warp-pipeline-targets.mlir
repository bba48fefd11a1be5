// W11: warp pipelining's barriers are lowered for the CDNA counters
// (s_waitcnt lgkmcnt before s_barrier); gfx1250 has other ones, so the
// stages are rejected there instead of reaching llc.
// RUN: tlx-opt %s --tlxamd-warp-pipeline=target=gfx1250 -verify-diagnostics
// RUN: tlx-opt %s --tlxamd-warp-pipeline=target=gfx942 | FileCheck %s

// CHECK: rocdl.s.setprio 1
// CHECK-NOT: tlxamd.amd_warp_pipeline_stage
#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [32], warps_per_cta = [2], order = [0]}>
gpu.module @m {
  gpu.func @staged(%x: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #b>
    %z = arith.constant dense<0.0> : tensor<256xf32, #b>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (tensor<256xf32, #b>) : i32 {
      // expected-error @+1 {{W11: warp pipelining's barriers are lowered for the CDNA counters (s_waitcnt lgkmcnt); gfx1250 (gfx1250) has other ones (targets that have it: gfx942, gfx950)}}
      tlxamd.amd_warp_pipeline_stage "mem" priority 1
      %v = tlxamd.buffer_load %x[%r] : !tlxamd.ptr<f32>, tensor<256xi32, #b> -> tensor<256xf32, #b>
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "alu" priority 0
      %s = arith.addf %a, %v : tensor<256xf32, #b>
      tlxamd.amd_warp_pipeline_stage_end
      scf.yield %s : tensor<256xf32, #b>
    }
    gpu.return
  }
}
