// A loop whose body runs at issue priority 1 (a TLX warp_pipeline_stage):
// s_setprio 1 before the stage's load and add, s_setprio 0 after.
#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
gpu.module @m {
  gpu.func @staged(%x: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %n: i32) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #b>
    %z = arith.constant dense<0.0> : tensor<256xf32, #b>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (tensor<256xf32, #b>) : i32 {
      tlxamd.amd_set_priority 1
      %v = tlxamd.buffer_load %x[%r] : !tlxamd.ptr<f32>, tensor<256xi32, #b> -> tensor<256xf32, #b>
      %s = arith.addf %a, %v : tensor<256xf32, #b>
      tlxamd.amd_set_priority 0
      scf.yield %s : tensor<256xf32, #b>
    }
    tlxamd.buffer_store %acc, %x[%r] : tensor<256xf32, #b>, !tlxamd.ptr<f32>, tensor<256xi32, #b>
    gpu.return
  }
}
