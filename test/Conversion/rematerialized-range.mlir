// M19: tlx.rematerialized_range (make_range {rematerialize}) is recreated
// right before each of its users: defined before a loop and used twice in
// its body, it costs no register across the loop; each use computes its
// coordinates inside the body from the thread index (read at the kernel's
// entry, where every layout's lane and warp are taken).
// RUN: tlx-opt %s --convert-scf-to-cf --convert-tlxamd-to-rocdl | FileCheck %s

// CHECK-LABEL: llvm.func @k
// CHECK: %[[TID:.*]] = rocdl.workitem.id.x : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// CHECK: %[[TID2:.*]] = rocdl.workitem.id.x : i32
// CHECK: %[[LANE2:.*]] = llvm.and %[[TID2]], %{{.*}} : i32
// CHECK-NOT: llvm.and
// CHECK: llvm.cond_br
// CHECK: llvm.and %[[LANE2]]
// CHECK: llvm.sitofp
// CHECK: llvm.and %[[LANE]]
// CHECK: rocdl.raw.ptr.buffer.store
// CHECK: llvm.br
#blocked = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
module {
  gpu.module @m {
    gpu.func @k(%p: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %r = tlxamd.make_range 0 to 64 {rematerialize} : tensor<64xi32, #blocked>
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      scf.for %i = %c0 to %n step %c1 : i32 {
        %v = arith.sitofp %r : tensor<64xi32, #blocked> to tensor<64xf32, #blocked>
        tlxamd.buffer_store %v, %p[%r] : tensor<64xf32, #blocked>, !tlxamd.ptr<f32>, tensor<64xi32, #blocked>
      }
      gpu.return
    }
  }
}
