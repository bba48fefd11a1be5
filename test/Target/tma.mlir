// A tile through the tensor memory accelerator, to PTX and through ptxas
// for sm_90a and sm_100a: the tensor map is a 128-byte, 64-aligned by-value
// parameter addressed in place (cvta.param); thread 0 initializes the
// mbarrier (then fence.mbarrier_init and a barrier), expects the tile's
// 16384 bytes and issues one cp.async.bulk.tensor per 64 x 64 box (128-byte
// swizzle: two boxes, the second 8192 bytes on and 64 columns over) after
// a barrier and the async-proxy fence; every thread waits in the
// try_wait.parity loop before reading the tile back (16-byte ld.shared).
// RUN: %tlx-compile %S/Inputs/tma_sm90a.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %tlx-compile %S/Inputs/tma_sm90a.mlir --target sm_100a -o %t100.ptx
// RUN: %ptxas -arch=sm_100a %t100.ptx -o %t100.cubin

// CHECK: .param .align 64 .b8 tma_tile_param_0[128]
// CHECK: mov.b64 %rd[[P:[0-9]+]], tma_tile_param_0;
// CHECK: cvta.param.u64 %rd[[MAP:[0-9]+]], %rd[[P]];
// CHECK: setp.eq.b32 %p[[T0:[0-9]+]], %r{{[0-9]+}}, 0;
// CHECK: @%p[[T0]] mbarrier.init.shared.b64 [%r[[BAR:[0-9]+]]], 1;
// CHECK: fence.mbarrier_init.release.cluster;
// CHECK-NEXT: bar.sync 0;
// CHECK: @%p[[T0]] mbarrier.arrive.expect_tx.shared.b64 _, [%r[[BAR]]], 16384;
// CHECK: bar.sync 0;
// CHECK: fence.proxy.async.shared::cta;
// CHECK: @%p[[T0]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd[[MAP]], {0,%r[[ROW:[0-9]+]]} ], [%r[[BAR]]];
// CHECK: @%p[[T0]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd[[MAP]], {%r{{[0-9]+}},%r[[ROW]]} ], [%r[[BAR]]];
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: mbarrier.try_wait.parity.shared.b64 P1, [%r[[BAR]]], %r{{[0-9]+}}, 10000000;
// CHECK: ld.shared.v4.b32
// CHECK: st.global.v4.b32
