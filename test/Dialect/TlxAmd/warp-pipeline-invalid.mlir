// W10: warp-pipeline stages (TLX warp_pipeline_stage) are the body of an
// scf.for: at least two, not nested, each ended; no workgroup
// synchronization inside a stage; only pure ops and one async_wait per
// boundary between stages.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %v: tensor<16x64xf16, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %t = tlxamd.local_alloc : () -> !tile
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    // expected-error @+1 {{W10: warp-pipeline stages are the body of an scf.for loop}}
    tlxamd.amd_warp_pipeline_stage "mem" priority 0
    tlxamd.amd_warp_pipeline_stage_end
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %v: tensor<16x64xf16, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %t = tlxamd.local_alloc : () -> !tile
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      // expected-error @+1 {{W10: a warp-pipelined loop needs at least two stages, got 1}}
      tlxamd.amd_warp_pipeline_stage "mem" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %v: tensor<16x64xf16, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %t = tlxamd.local_alloc : () -> !tile
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "a" priority 0
      // expected-error @+1 {{W10: stage 'b' starts before stage 'a' has ended}}
      tlxamd.amd_warp_pipeline_stage "b" priority 0
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %v: tensor<16x64xf16, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %t = tlxamd.local_alloc : () -> !tile
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      // expected-error @+1 {{W10: ends a warp-pipeline stage that was never started}}
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "a" priority 0
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "b" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %v: tensor<16x64xf16, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %t = tlxamd.local_alloc : () -> !tile
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "a" priority 0
      tlxamd.amd_warp_pipeline_stage_end
      // expected-error @+1 {{W10: stage 'b' is not ended before the end of the loop body}}
      tlxamd.amd_warp_pipeline_stage "b" priority 0
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %v: tensor<16x64xf16, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %t = tlxamd.local_alloc : () -> !tile
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "a" priority 0
      // expected-error @+1 {{W10: synchronizes the workgroup inside warp-pipeline stage 'a'}}
      tlxamd.local_store %v, %t : tensor<16x64xf16, #bl>, !tile
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "b" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %v: tensor<16x64xf16, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %t = tlxamd.local_alloc : () -> !tile
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "a" priority 0
      // expected-error @+1 {{W10: synchronizes the workgroup inside warp-pipeline stage 'a'}}
      tlxamd.async_wait {num = 0 : i32}
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "b" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %v: tensor<16x64xf16, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %t = tlxamd.local_alloc : () -> !tile
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "a" priority 0
      tlxamd.amd_warp_pipeline_stage_end
      // expected-error @+1 {{W10: sits in a warp-pipelined loop outside its stages}}
      %w = tlxamd.local_load %t : !tile -> tensor<16x64xf16, #bl>
      tlxamd.amd_warp_pipeline_stage "b" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %v: tensor<16x64xf16, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %t = tlxamd.local_alloc : () -> !tile
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      tlxamd.amd_warp_pipeline_stage "a" priority 0
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.async_wait {num = 0 : i32}
      // expected-error @+1 {{W10: a second async_wait between the same two warp-pipeline stages}}
      tlxamd.async_wait {num = 0 : i32}
      tlxamd.amd_warp_pipeline_stage "b" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %v: tensor<16x64xf16, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %t = tlxamd.local_alloc : () -> !tile
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    scf.for %k = %i0 to %n step %i1 : i32 {
      // expected-error @+1 {{W10: a warp-pipeline stage needs a name}}
      tlxamd.amd_warp_pipeline_stage "" priority 0
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.amd_warp_pipeline_stage "b" priority 0
      tlxamd.amd_warp_pipeline_stage_end
    }
    gpu.return
  }
}
