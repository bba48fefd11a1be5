// M19: tlx.rematerialized_range (make_range {rematerialize}) is recreated
// right before each of its users: defined before a loop and used twice in
// its body, it costs no register across the loop; each use computes its
// coordinates from the thread index inside the body.
// RUN: tlx-opt %s --convert-scf-to-cf --convert-tlxamd-to-rocdl | FileCheck %s

// CHECK-LABEL: llvm.func @k
// CHECK-NOT: rocdl.workitem.id.x
// CHECK: llvm.cond_br
// CHECK: rocdl.workitem.id.x
// CHECK: llvm.sitofp
// CHECK: rocdl.workitem.id.x
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
