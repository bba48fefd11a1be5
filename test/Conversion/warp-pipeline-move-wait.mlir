// W12: TLX's warp-pipeline tutorial shape ("mfma" stage, the wait, then a
// "mem" stage that refills a buffer and reads the next tile) waits for the
// tile it reads one boundary too late for the half running one stage
// behind. No commit stands in the "mfma" stage, so the same wait moves to
// the loop's top boundary (it retires the same groups there) and becomes
// that boundary's barrier.
// RUN: tlx-opt %s --tlxamd-warp-pipeline=target=gfx950 | FileCheck %s

// CHECK: scf.for
// CHECK-NEXT: rocdl.s.setprio 0
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: tlxamd.async_wait {num = 1 : i32}
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK: arith.extf
// CHECK: rocdl.s.setprio 1
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: tlxamd.async_wait {num = 1 : i32}
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK: tlxamd.buffer_load_to_shared {{.*}} {tlxamd.warp_pipelined}
// CHECK: tlxamd.local_load
#bl = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [2, 1], order = [1, 0]}>
#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
!buf = !tlxamd.memdesc<3x16x64xf16, #sw, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<16x64xf16, #sw, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%x: !tlxamd.ptr<f16>, %offs: tensor<16x64xi32, #bl>, %n: i32) kernel attributes {tlxamd.num_warps = 2 : i32} {
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
    %t2 = tlxamd.memdesc_index %bufs[%i2] : !buf -> !tile
    tlxamd.buffer_load_to_shared %t2, %x[%offs] : !tile, !tlxamd.ptr<f16>, tensor<16x64xi32, #bl>
    tlxamd.async_commit_group
    tlxamd.async_wait {num = 2 : i32}
    %v0 = tlxamd.local_load %t0 : !tile -> tensor<16x64xf16, #bl>
    %z = arith.constant dense<0.0> : tensor<16x64xf32, #bl>
    %r:2 = scf.for %k = %i0 to %n step %i1 iter_args(%a = %z, %v = %v0) -> (tensor<16x64xf32, #bl>, tensor<16x64xf16, #bl>) : i32 {
      tlxamd.amd_warp_pipeline_stage "mfma" priority 0
      %f = arith.extf %v : tensor<16x64xf16, #bl> to tensor<16x64xf32, #bl>
      %sum = arith.addf %a, %f : tensor<16x64xf32, #bl>
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.async_wait {num = 1 : i32}
      tlxamd.amd_warp_pipeline_stage "mem" priority 1
      %s = arith.remsi %k, %i3 : i32
      %refill = tlxamd.memdesc_index %bufs[%s] : !buf -> !tile
      tlxamd.buffer_load_to_shared %refill, %x[%offs] : !tile, !tlxamd.ptr<f16>, tensor<16x64xi32, #bl>
      tlxamd.async_commit_group
      %k1 = arith.addi %k, %i1 : i32
      %s1 = arith.remsi %k1, %i3 : i32
      %next = tlxamd.memdesc_index %bufs[%s1] : !buf -> !tile
      %w = tlxamd.local_load %next : !tile -> tensor<16x64xf16, #bl>
      tlxamd.amd_warp_pipeline_stage_end
      scf.yield %sum, %w : tensor<16x64xf32, #bl>, tensor<16x64xf16, #bl>
    }
    gpu.return
  }
}
