// Warp-specialized tasks to PTX and through ptxas (sm_90a, sm_100a): 12
// warps (.maxntid 384), each thread starting at the register file's share
// (.maxnreg 168); the mbarriers initialized by every warp before the
// dispatch (bar.sync 0); the warp id made warp-uniform (shfl lane 0) and
// compared with each task's last warp; the producer gives registers back
// (setmaxnreg.dec 40) and synchronizes its 128 threads on named barrier 1
// before each copy; each consumer takes 232 registers and its layout
// change through shared memory synchronizes on its own barrier (2, then 3)
// over 128 threads; all tasks join before the return.
// RUN: %tlx-compile %S/Inputs/tasks_sm90a.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %tlx-compile %S/Inputs/tasks_sm90a.mlir --target sm_100a -o %t100.ptx
// RUN: FileCheck %s < %t100.ptx
// RUN: %ptxas -arch=sm_100a %t100.ptx -o %t100.cubin

// CHECK: .maxntid 384, 1, 1
// CHECK-NEXT: .maxnreg 168
// CHECK: mbarrier.init.shared.b64
// CHECK: bar.sync 0;
// CHECK: mbarrier.init.shared.b64
// CHECK: bar.sync 0;
// CHECK: shfl.sync.idx.b32 %r[[W:[0-9]+]], %r{{[0-9]+}}, 0, 31, -1;
// CHECK-NEXT: setp.gt.u32 %p[[P1:[0-9]+]], %r[[W]], 3;
// CHECK-NEXT: @%p[[P1]] bra $L__BB0_[[NOT0:[0-9]+]];
// CHECK: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK: mbarrier.arrive.expect_tx
// CHECK: bar.sync 1, 128;
// CHECK-NEXT: fence.proxy.async.shared::cta;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK: bra.uni $L__BB0_[[JOIN:[0-9]+]];
// CHECK: $L__BB0_[[NOT0]]:
// CHECK: setp.gt.u32 %p[[P2:[0-9]+]], %r[[W]], 7;
// CHECK-NEXT: @%p[[P2]] bra $L__BB0_[[T2:[0-9]+]];
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: bar.sync 2, 128;
// CHECK: bar.sync 2, 128;
// CHECK: bra.uni $L__BB0_[[JOIN]];
// CHECK: $L__BB0_[[T2]]:
// CHECK-NEXT: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: bar.sync 3, 128;
// CHECK: bar.sync 3, 128;
// CHECK: $L__BB0_[[JOIN]]:
// CHECK-NEXT: ret;
