// Cluster launch control to NVVM, PTX and through ptxas (sm_100a): thread 0
// issues try_cancel into the 16-byte answer tile, completing on the
// mbarrier; the answer is loaded as one 16-byte value and queried
// (is_canceled, first CTA x), -1 when nothing was canceled. sm_90a lacks
// it.
// RUN: tlx-opt %S/Inputs/clc_sm100a.mlir --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_100a}))' | FileCheck %s --check-prefix=NVVM
// RUN: %tlx-compile %S/Inputs/clc_sm100a.mlir --target sm_100a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// RUN: not tlx-opt %S/Inputs/clc_sm100a.mlir --tlxamd-verify-target=target=sm_90a 2>&1 | FileCheck %s --check-prefix=SM90

// NVVM: nvvm.mbarrier.arrive.expect_tx
// NVVM: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// NVVM-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// NVVM-NEXT: %[[T0:.*]] = llvm.icmp "eq" %[[TID]], %[[ZERO]] : i32
// NVVM-NEXT: llvm.cond_br %[[T0]], ^[[ISSUE:bb[0-9]+]], ^
// NVVM-NEXT: ^[[ISSUE]]:
// NVVM-NEXT: nvvm.clusterlaunchcontrol.try.cancel %{{.*}}, %{{.*}}
// NVVM: %[[ANS:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> i128
// NVVM-NEXT: %[[C:.*]] = nvvm.clusterlaunchcontrol.query.cancel query = {{ *}}is_canceled, %[[ANS]] : i1
// NVVM-NEXT: %[[X:.*]] = nvvm.clusterlaunchcontrol.query.cancel query = {{ *}}get_first_cta_id_x, %[[ANS]] : i32
// NVVM: llvm.select %[[C]], %[[X]], %{{.*}} : i1, i32

// PTX-DAG: clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [[RESP:\[__tlxamd_shared\+16\]]], [__tlxamd_shared];
// PTX-DAG: ld.shared.v2.b64 {%rd[[LO:[0-9]+]], %rd[[HI:[0-9]+]]}, [__tlxamd_shared+16];
// PTX-DAG: clusterlaunchcontrol.query_cancel.is_canceled.pred.b128
// PTX-DAG: clusterlaunchcontrol.query_cancel.get_first_ctaid::x.b32.b128

// SM90: error: 'tlxamd.clc_try_cancel' op needs cluster launch control, which sm_90a (Hopper) lacks (targets that have it: sm_100a)
