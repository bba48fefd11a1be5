// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_100a}))' | FileCheck %s

gpu.module @kernels {
  // num_warps x 32 lanes: 4 x 32 = 128 threads.
  // CHECK-LABEL: llvm.func @scale(
  // CHECK-SAME: %[[X:.*]]: !llvm.ptr<1>, %[[Y:.*]]: !llvm.ptr<1>
  // CHECK-SAME: nvvm.kernel
  // CHECK-SAME: nvvm.maxntid = array<i32: 128, 1, 1>
  // CHECK-NOT: rocdl
  gpu.func @scale(%x: !tlxamd.ptr<f32>, %y: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // CHECK: %[[PID:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
    %pid = tlxamd.program_id 0 : i32
    // CHECK: nvvm.read.ptx.sreg.ctaid.z : i32
    %pidz = tlxamd.program_id 2 : i32
    // CHECK: %[[XP:.*]] = llvm.getelementptr %[[X]][%[[PID]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %xp = tlxamd.addptr %x, %pid : !tlxamd.ptr<f32>, i32
    // CHECK: %[[V:.*]] = llvm.load %[[XP]] : !llvm.ptr<1> -> f32
    %v = tlxamd.load %xp : !tlxamd.ptr<f32>
    %f = arith.sitofp %pidz : i32 to f32
    // CHECK: %[[S:.*]] = llvm.fadd %[[V]]
    %s = arith.addf %v, %f : f32
    %yp = tlxamd.addptr %y, %pid : !tlxamd.ptr<f32>, i32
    // A scalar is stored by thread 0 alone (every thread holds it):
    // CHECK: %[[YP:.*]] = llvm.getelementptr %[[Y]][%[[PID]]]
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]]
    // CHECK: %[[SV:.*]] = llvm.insertelement %[[S]]
    // CHECK: %[[M:.*]] = llvm.insertelement %[[T0]]
    // CHECK: llvm.intr.masked.store %[[SV]], %[[YP]], %[[M]] {alignment = 4 : i32} : vector<1xf32>, vector<1xi1> into !llvm.ptr<1>
    tlxamd.store %s, %yp : !tlxamd.ptr<f32>
    gpu.return
  }
}
