// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))' | FileCheck %s
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx942}))' | FileCheck %s

gpu.module @kernels {
  // The kernel runs num_warps x 64 lanes: 4 x 64 = 256 threads.
  // CHECK-LABEL: llvm.func @scale(
  // CHECK-SAME: %[[X:.*]]: !llvm.ptr<1>, %[[Y:.*]]: !llvm.ptr<1>
  // CHECK-SAME: rocdl.flat_work_group_size = "1,256"
  // CHECK-SAME: rocdl.kernel
  // CHECK-SAME: rocdl.reqd_work_group_size = array<i32: 256, 1, 1>
  gpu.func @scale(%x: !tlxamd.ptr<f32>, %y: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // CHECK: %[[PID:.*]] = rocdl.workgroup.id.x : i32
    %pid = tlxamd.program_id 0 : i32
    // CHECK: rocdl.workgroup.id.y : i32
    %pidy = tlxamd.program_id 1 : i32
    // CHECK: %[[XP:.*]] = llvm.getelementptr %[[X]][%[[PID]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %xp = tlxamd.addptr %x, %pid : !tlxamd.ptr<f32>, i32
    // CHECK: %[[V:.*]] = llvm.load %[[XP]] : !llvm.ptr<1> -> f32
    %v = tlxamd.load %xp : !tlxamd.ptr<f32>
    // CHECK: %[[F:.*]] = llvm.sitofp
    %f = arith.sitofp %pidy : i32 to f32
    // CHECK: %[[S:.*]] = llvm.fadd %[[V]], %[[F]]
    %s = arith.addf %v, %f : f32
    // CHECK: %[[YP:.*]] = llvm.getelementptr %[[Y]][%[[PID]]]
    %yp = tlxamd.addptr %y, %pid : !tlxamd.ptr<f32>, i32
    // A scalar is stored by thread 0 alone (every thread holds it), in a
    // branch (an exec-masked block):
    // CHECK: %[[TID:.*]] = rocdl.workitem.id.x
    // CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]]
    // CHECK: %[[SV:.*]] = llvm.insertelement %[[S]]
    // CHECK: llvm.cond_br %[[T0]], ^[[W:.*]], ^[[SKIP:.*]]
    // CHECK: ^[[W]]:
    // CHECK-NEXT: llvm.store %[[SV]], %[[YP]]
    tlxamd.store %s, %yp : !tlxamd.ptr<f32>
    gpu.return
  }

  // Eight wavefronts: 512 threads.
  // CHECK-LABEL: llvm.func @eight_warps(
  // CHECK-SAME: rocdl.flat_work_group_size = "1,512"
  // CHECK-SAME: rocdl.reqd_work_group_size = array<i32: 512, 1, 1>
  gpu.func @eight_warps() kernel attributes {tlxamd.num_warps = 8 : i32} {
    gpu.return
  }
}
