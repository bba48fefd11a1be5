// Tasks on CDNA4 (W5): no named barriers, so tasks that do not synchronize
// run as a dispatch on the wave id: thread id / 64 made scalar
// (v_readfirstlane), compared with each task's first wave; each task's
// thread ids count from its first thread.
// RUN: tlx-opt %s --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=IR
// RUN: %tlx-compile %s --target gfx950 | FileCheck %s --check-prefix=ISA

// IR: %[[TID:.*]] = rocdl.workitem.id.x
// IR: %[[W:.*]] = llvm.udiv
// IR: %[[U:.*]] = rocdl.readfirstlane %[[W]]
// IR: %[[IN0:.*]] = llvm.icmp "ult" %[[U]], %{{.*}}
// IR: llvm.cond_br %[[IN0]]
// IR-NOT: rocdl.s.barrier
// IR: llvm.return

// ISA: v_readfirstlane_b32 [[WAVE:s[0-9]+]], v0
// ISA: s_cmpk_gt_u32 [[WAVE]], 0xff
// ISA: s_cbranch_scc
// ISA: buffer_store_dword
// ISA: buffer_store_dword
// ISA-NOT: s_barrier
// ISA: s_endpgm
#b4 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b2 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [2], order = [0]}>
gpu.module @m {
  gpu.func @two_tasks(%x: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %y: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    tlxamd.async_tasks num_warps [4, 2] {
      %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #b4>
      %v = tlxamd.buffer_load %x[%r] : !tlxamd.ptr<f32>, tensor<256xi32, #b4> -> tensor<256xf32, #b4>
      %s = arith.addf %v, %v : tensor<256xf32, #b4>
      tlxamd.buffer_store %s, %x[%r] : tensor<256xf32, #b4>, !tlxamd.ptr<f32>, tensor<256xi32, #b4>
      tlxamd.async_task_end
    }, {
      %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #b2>
      %v = tlxamd.buffer_load %y[%r] : !tlxamd.ptr<f32>, tensor<128xi32, #b2> -> tensor<128xf32, #b2>
      %s = arith.mulf %v, %v : tensor<128xf32, #b2>
      tlxamd.buffer_store %s, %y[%r] : tensor<128xf32, #b2>, !tlxamd.ptr<f32>, tensor<128xi32, #b2>
      tlxamd.async_task_end
    }
    gpu.return
  }
}
