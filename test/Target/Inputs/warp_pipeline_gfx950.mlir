// A ping-pong loop (TLX warp_pipeline_stage): a "mem" stage reads tile k
// from one of three buffers and copies tile k + 2 into another, the wait for
// tile k + 1 stands between the stages, a "mfma" stage computes on tile k.
#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!buf = !tlxamd.memdesc<3x16x64xf16, #sw, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @pingpong(%x: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %y: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %rows = tlxamd.make_range 0 to 16 : tensor<16xi32, #tlxamd.slice<{dim = 1, parent = #bl}>>
    %cols = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #bl}>>
    %r2 = tlxamd.expand_dims %rows {axis = 1 : i32} : tensor<16xi32, #tlxamd.slice<{dim = 1, parent = #bl}>> -> tensor<16x1xi32, #bl>
    %c2 = tlxamd.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #bl}>> -> tensor<1x64xi32, #bl>
    %c64 = arith.constant dense<64> : tensor<16x1xi32, #bl>
    %rs = arith.muli %r2, %c64 : tensor<16x1xi32, #bl>
    %rb = tlxamd.broadcast %rs : tensor<16x1xi32, #bl> -> tensor<16x64xi32, #bl>
    %cb = tlxamd.broadcast %c2 : tensor<1x64xi32, #bl> -> tensor<16x64xi32, #bl>
    %offs = arith.addi %rb, %cb : tensor<16x64xi32, #bl>
    %bufs = tlxamd.local_alloc : () -> !buf
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 3 : i32
    %t0 = tlxamd.memdesc_index %bufs[%i0] : !buf -> !tile
    tlxamd.buffer_load_to_shared %t0, %x[%offs] : !tile, !tlxamd.ptr<f16>, tensor<16x64xi32, #bl>
    tlxamd.async_commit_group
    %t1 = tlxamd.memdesc_index %bufs[%i1] : !buf -> !tile
    tlxamd.buffer_load_to_shared %t1, %x[%offs] : !tile, !tlxamd.ptr<f16>, tensor<16x64xi32, #bl>
    tlxamd.async_commit_group
    tlxamd.async_wait {num = 1 : i32}
    %z = arith.constant dense<0.0> : tensor<16x64xf32, #bl>
    %acc = scf.for %k = %i0 to %n step %i1 iter_args(%a = %z) -> (tensor<16x64xf32, #bl>) : i32 {
      tlxamd.amd_warp_pipeline_stage "mem" priority 1
      %s = arith.remsi %k, %i3 : i32
      %cur = tlxamd.memdesc_index %bufs[%s] : !buf -> !tile
      %v = tlxamd.local_load %cur : !tile -> tensor<16x64xf16, #bl>
      %k2 = arith.addi %k, %i2 : i32
      %s2 = arith.remsi %k2, %i3 : i32
      %ahead = tlxamd.memdesc_index %bufs[%s2] : !buf -> !tile
      tlxamd.buffer_load_to_shared %ahead, %x[%offs] : !tile, !tlxamd.ptr<f16>, tensor<16x64xi32, #bl>
      tlxamd.async_commit_group
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.async_wait {num = 1 : i32}
      tlxamd.amd_warp_pipeline_stage "mfma" priority 0
      %f = arith.extf %v : tensor<16x64xf16, #bl> to tensor<16x64xf32, #bl>
      %sum = arith.addf %a, %f : tensor<16x64xf32, #bl>
      tlxamd.amd_warp_pipeline_stage_end
      scf.yield %sum : tensor<16x64xf32, #bl>
    }
    tlxamd.async_wait {num = 0 : i32}
    tlxamd.buffer_store %acc, %y[%offs] : tensor<16x64xf32, #bl>, !tlxamd.ptr<f32>, tensor<16x64xi32, #bl>
    gpu.return
  }
}
