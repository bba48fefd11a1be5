// A tile copied through shared memory by TMA load and TMA store, to PTX and
// through ptxas for sm_90a and sm_100a: after the load's wait the barrier is
// invalidated by thread 0; every thread's fence.proxy.async precedes the
// barrier; thread 0 issues one cp.async.bulk.tensor store per 64 x 64 box
// (bulk_group; the second box at column 64) and commits the group; the
// store wait is wait_group.read 0 and a barrier, and the kernel waits once
// more before it exits.
// RUN: %tlx-compile %S/Inputs/tma_store_sm90a.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %tlx-compile %S/Inputs/tma_store_sm90a.mlir --target sm_100a -o %t100.ptx
// RUN: %ptxas -arch=sm_100a %t100.ptx -o %t100.cubin

// CHECK: .param .align 64 .b8 tma_copy_param_1[128]
// CHECK: cvta.param.u64 %rd[[OUT:[0-9]+]], %rd{{[0-9]+}};
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: bar.sync 0;
// CHECK: mbarrier.inval.shared.b64 [{{.*}}];
// CHECK: fence.proxy.async.shared::cta;
// CHECK: bar.sync 0;
// CHECK: @%p[[T0:[0-9]+]] cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd[[OUT]], {0, %r[[ROW:[0-9]+]]} ], [%r{{[0-9]+}}];
// CHECK: @%p[[T0]] cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd[[OUT]], {%r{{[0-9]+}}, %r[[ROW]]} ], [%r{{[0-9]+}}];
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: cp.async.bulk.commit_group;
// CHECK-NEXT: cp.async.bulk.wait_group.read 0;
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: cp.async.bulk.wait_group.read 0;
// CHECK-NEXT: ret;
