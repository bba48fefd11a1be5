// tlxamd.async_tasks lowered to NVVM: the warp id (thread id / 32, lane 0's
// value) picks the task; in task 1 (warps 4-7) the thread id counts from
// the task's first thread (tid - 128) and a layout's lanes and warps come
// from it; named barriers are bar.sync / bar.arrive with the user's id and
// count; a task without a register budget sets none; every task's end
// branches to the code after the op.
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s

#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  // CHECK-LABEL: llvm.func @tasks
  // CHECK-SAME: gpu.known_block_size = array<i32: 256, 1, 1>
  // CHECK-NOT: nvvm.maxnreg
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]], %{{.*}} : i32
  // CHECK: %[[W:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WARP]], %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: %[[IN0:.*]] = llvm.icmp "ult" %[[W]], %[[FOUR]] : i32
  // CHECK: llvm.cond_br %[[IN0]], ^[[T0:.*]], ^[[T1:.*]]
  // CHECK: ^[[T0]]:
  // CHECK-NOT: nvvm.setmaxregister
  // CHECK: %[[N:.*]] = llvm.mlir.constant(256 : i32) : i32
  // CHECK: %[[ID:.*]] = llvm.mlir.constant(9 : i32) : i32
  // CHECK: nvvm.barrier.arrive id = %[[ID]] number_of_threads = %[[N]]
  // CHECK: llvm.br ^[[JOIN:.*]]
  // CHECK: ^[[T1]]:
  // CHECK: %[[T:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK: %[[FIRST:.*]] = llvm.mlir.constant(128 : i32) : i32
  // CHECK: %[[TT:.*]] = llvm.sub %[[T]], %[[FIRST]] : i32
  // CHECK: llvm.and %[[TT]], %{{.*}} : i32
  // CHECK: llvm.lshr %[[TT]], %{{.*}} : i32
  // CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
  // CHECK: llvm.store
  // CHECK: llvm.br ^[[JOIN]]
  // CHECK: ^[[JOIN]]:
  // CHECK-NEXT: llvm.return
  gpu.func @tasks(%p: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    tlxamd.async_tasks num_warps [4, 4] {
      tlxamd.named_barrier_arrive 9, 256
      tlxamd.async_task_end
    }, {
      %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #b>
      tlxamd.named_barrier_wait 9, 256
      %q = tlxamd.splat %p : tensor<128x!tlxamd.ptr<i32>, #b>
      %a = tlxamd.addptr %q, %r : tensor<128x!tlxamd.ptr<i32>, #b>, tensor<128xi32, #b>
      tlxamd.store %r, %a : tensor<128x!tlxamd.ptr<i32>, #b>
      tlxamd.async_task_end
    }
    gpu.return
  }
}
