// W12: tlxamd-warp-pipeline runs the shared-memory accesses of a
// warp-pipelined loop for the two wave halves one stage apart and rejects
// what the shift would race on; W11: AMD only, an even number of waves.
// RUN: tlx-opt %s -split-input-file --tlxamd-warp-pipeline=target=gfx950 -verify-diagnostics

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!buf = !tlxamd.memdesc<3x16x64xf16, #sw, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %n: i32, %j: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %bufs = tlxamd.local_alloc : () -> !buf
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 3 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "mem" priority 1
      %s = arith.remsi %k, %i3 : i32
      %t = tlxamd.memdesc_index %bufs[%s] : !buf -> !tile
      // expected-note @+1 {{the copy}}
      tlxamd.buffer_load_to_shared %t, %x[%offs] : !tile, !tlxamd.ptr<f16>, tensor<16x64xi32, #bl>
      tlxamd.async_commit_group
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.async_wait {num = 0 : i32}
      tlxamd.amd_warp_pipeline_stage "mfma" priority 0
      // expected-error @+1 {{W12: reads a buffer one stage after the wait that completed the copy into it}}
      %v = tlxamd.local_load %t : !tile -> tensor<16x64xf16, #bl>
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!buf = !tlxamd.memdesc<3x16x64xf16, #sw, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %n: i32, %j: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %bufs = tlxamd.local_alloc : () -> !buf
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 3 : i32
    %t0 = tlxamd.memdesc_index %bufs[%i0] : !buf -> !tile
    tlxamd.buffer_load_to_shared %t0, %x[%offs] : !tile, !tlxamd.ptr<f16>, tensor<16x64xi32, #bl>
    tlxamd.async_commit_group
    tlxamd.async_wait {num = 0 : i32}
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "mem" priority 1
      // expected-note @+1 {{the read}}
      %v = tlxamd.local_load %t0 : !tile -> tensor<16x64xf16, #bl>
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.async_wait {num = 0 : i32}
      tlxamd.amd_warp_pipeline_stage "mfma" priority 0
      // expected-error @+1 {{W12: refills a buffer one stage after reading it}}
      tlxamd.buffer_load_to_shared %t0, %x[%offs] : !tile, !tlxamd.ptr<f16>, tensor<16x64xi32, #bl>
      tlxamd.async_commit_group
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!buf = !tlxamd.memdesc<3x16x64xf16, #sw, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %n: i32, %j: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %bufs = tlxamd.local_alloc : () -> !buf
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 3 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "mem" priority 1
      %s = arith.remsi %k, %i3 : i32
      %t = tlxamd.memdesc_index %bufs[%s] : !buf -> !tile
      // expected-note @+1 {{the copy}}
      tlxamd.buffer_load_to_shared %t, %x[%offs] : !tile, !tlxamd.ptr<f16>, tensor<16x64xi32, #bl>
      tlxamd.async_commit_group
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "mfma" priority 0
      // expected-error @+1 {{W12: reads a buffer of a warp-pipelined loop while the copy into it is still in flight}}
      %v = tlxamd.local_load %t : !tile -> tensor<16x64xf16, #bl>
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!buf = !tlxamd.memdesc<3x16x64xf16, #sw, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %n: i32, %j: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %bufs = tlxamd.local_alloc : () -> !buf
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 3 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "mem" priority 1
      %t = tlxamd.memdesc_index %bufs[%j] : !buf -> !tile
      // expected-error @+1 {{W12: cannot tell which buffer this shared-memory access}}
      %v = tlxamd.local_load %t : !tile -> tensor<16x64xf16, #bl>
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "mfma" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!buf = !tlxamd.memdesc<3x16x64xf16, #sw, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %n: i32, %j: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %bufs = tlxamd.local_alloc : () -> !buf
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 3 : i32
    // expected-error @+1 {{W12: a warp-pipelined loop needs constant lower bound and positive step}}
    scf.for %k = %j to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "mem" priority 1
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "mfma" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [1, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!buf = !tlxamd.memdesc<3x16x64xf16, #sw, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %n: i32, %j: i32) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %bufs = tlxamd.local_alloc : () -> !buf
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 3 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      // expected-error @+1 {{W11: warp pipelining splits the program's waves into two halves; the kernel has 1 wave (an even number is needed)}}
      tlxamd.amd_warp_pipeline_stage "mem" priority 1
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "mfma" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

// A reduction across the waves goes through shared memory, with barriers.
#rb = #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "a" priority 0
      %r = tlxamd.make_range 0 to 32 : tensor<32xi32, #tlxamd.slice<{dim = 1, parent = #rb}>>
      %e = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #tlxamd.slice<{dim = 1, parent = #rb}>> -> tensor<32x1xi32, #rb>
      %b = tlxamd.broadcast %e : tensor<32x1xi32, #rb> -> tensor<32x8xi32, #rb>
      %v = tlxamd.buffer_load %x[%b] : !tlxamd.ptr<f32>, tensor<32x8xi32, #rb> -> tensor<32x8xf32, #rb>
      // expected-error @+1 {{W10: goes through shared memory (a layout conversion or a reduction across warps), with barriers, inside warp-pipeline stage 'a'}}
      %s = "tlxamd.reduce"(%v) <{axis = 0 : i32}> ({
      ^bb0(%p: f32, %q: f32):
        %t = arith.addf %p, %q : f32
        tlxamd.reduce.return %t : f32
      }) : (tensor<32x8xf32, #rb>) -> tensor<8xf32, #tlxamd.slice<{dim = 0, parent = #rb}>>
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "b" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

// A commit under a condition: the groups the waits count cannot be followed.
#cb = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#cs = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #cb>, %n: i32, %c: i1) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %bufs = tlxamd.local_alloc : () -> !tlxamd.memdesc<3x16x64xf16, #cs, #tlxamd.shared_memory, mutable>
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i3 = arith.constant 3 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "a" priority 0
      %s = arith.remsi %k, %i3 : i32
      %t = tlxamd.memdesc_index %bufs[%s] : !tlxamd.memdesc<3x16x64xf16, #cs, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<16x64xf16, #cs, #tlxamd.shared_memory, mutable>
      // expected-error @+1 {{W12: a commit or wait of asynchronous copies under a condition}}
      scf.if %c {
        tlxamd.buffer_load_to_shared %t, %x[%offs] : !tlxamd.memdesc<16x64xf16, #cs, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<f16>, tensor<16x64xi32, #cb>
        tlxamd.async_commit_group
      }
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "b" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}
