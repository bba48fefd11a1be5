// TMA stores, their waits, the async-proxy fence and mbarrier invalidation
// lowered to NVVM (sm_90a): every thread fences its shared writes before
// the program's barrier, thread 0 issues one bulk tensor store per box (a
// 64 x 128 f16 tile with a 128-byte swizzle is two 64 x 64 boxes, the
// second from byte 8192 at column + 64) and commits them as one group;
// the wait is wait_group.read then a barrier; the kernel waits for its
// stores' reads before it returns; invalidation follows a barrier and is
// issued by thread 0.
// RUN: tlx-opt %S/../Target/Inputs/tma_store_sm90a.mlir --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s --check-prefix=PRED

// CHECK-LABEL: llvm.func @tma_copy
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.barrier0
// CHECK: %[[T0:.*]] = llvm.icmp "eq"
// CHECK: llvm.cond_br %[[T0]], ^[[INVAL:.*]], ^
// CHECK: ^[[INVAL]]:
// CHECK-NEXT: nvvm.mbarrier.inval %{{.*}} : !llvm.ptr<3>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[S0:.*]] = llvm.getelementptr %[[TILE:.*]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg1, %[[S0]], box[%[[C0:.*]], %[[ROW:.*]]], predicate = %[[P:.*]] : !llvm.ptr, <3>
// CHECK: %[[S1:.*]] = llvm.getelementptr %[[TILE]][8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[C64:.*]] = llvm.add %[[C0]], %{{.*}} : i32
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg1, %[[S1]], box[%[[C64]], %[[ROW]]], predicate = %[[P]] : !llvm.ptr, <3>
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: llvm.return

// The store's `pred` joins thread 0's; a cluster fence; a wait for the
// global writes (no .read).
// PRED-LABEL: llvm.func @predicated
// PRED: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cluster>}
// PRED: %[[T0:.*]] = llvm.icmp "eq"
// PRED: %[[BOTH:.*]] = llvm.and %[[T0]], %arg2 : i1
// PRED: nvvm.cp.async.bulk.tensor.global.shared.cta {{.*}} predicate = %[[BOTH]]
// PRED: nvvm.cp.async.bulk.wait_group 2{{$}}
#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 32, transposed = false}>
!tile = !tlxamd.memdesc<8x32xf32, #nv, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @predicated(%d: !tlxamd.tensor_desc<8x32xf32, #nv>, %c: i32, %p: i1) kernel attributes {tlxamd.num_warps = 1 : i32, tlxamd.num_ctas = 2 : i32} {
    %buf = tlxamd.local_alloc : () -> !tile
    tlxamd.fence_async_shared cluster
    tlxamd.async_tma_copy_shared_to_global %d[%c, %c] %buf, %p : !tlxamd.tensor_desc<8x32xf32, #nv>, !tile
    tlxamd.async_tma_store_wait 2
    gpu.return
  }
}
