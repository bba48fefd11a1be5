// mbarriers and TMA copies lowered to NVVM (sm_90a): thread 0 (the PTX
// predicate of the NVVM op, and with the op's `pred`) initializes the
// barrier, expects the bytes and issues the copies; a 64 x 128 f16 tile
// with a 128-byte swizzle is two 64 x 64 boxes, the second at byte 8192
// and column + 64 (tensor-map coordinates run fastest dimension first);
// the wait masks the phase to its parity; an arrive with a predicate gets
// a block of its own; the tensor-map argument is a 64-aligned 128-byte
// by-value `nvvm.grid_constant` parameter, recorded for the runtime.
// RUN: tlx-opt %S/../Target/Inputs/tma_sm90a.mlir --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s --check-prefix=PRED

// CHECK-LABEL: llvm.func @tma_tile(%arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %arg1: !llvm.ptr<1>)
// CHECK-SAME: tlxamd.tensor_maps = [{arg = 0 : i32, box = array<i64: 64, 64>, element = f16, swizzle = 128 : i32}]
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID:[0-9]+]], %{{.*}} : i32
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK: nvvm.mbarrier.init %[[BAR:.*]], %{{.*}}, predicate = %[[T0]] : !llvm.ptr<3>, i32, i1
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %{{.*}}, predicate = %{{.*}} : !llvm.ptr<3>, i32, i1
// CHECK: nvvm.barrier0
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: %[[D0:.*]] = llvm.getelementptr %[[TILE:.*]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[D0]], %arg0, %{{.*}}, box[%[[C0:.*]], %[[ROW:.*]]] predicate = %{{.*}} : !llvm.ptr<3>, !llvm.ptr
// CHECK: %[[D1:.*]] = llvm.getelementptr %[[TILE]][8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[C64:.*]] = llvm.add %[[C0]], %{{.*}} : i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[D1]], %arg0, %{{.*}}, box[%[[C64]], %[[ROW]]] predicate = %{{.*}} : !llvm.ptr<3>, !llvm.ptr
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: %[[PAR:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %[[PAR]], %{{.*}} : !llvm.ptr<3>, i32, i32

// PRED-LABEL: llvm.func @predicated
// PRED: nvvm.fence.proxy
// PRED: %[[T0:.*]] = llvm.icmp "eq"
// PRED: %[[BOTH:.*]] = llvm.and %[[T0]], %arg2 : i1
// PRED: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}} predicate = %[[BOTH]]
// PRED: llvm.cond_br %arg2, ^[[WAIT:.*]], ^[[AFTER:.*]]
// PRED: ^[[WAIT]]:
// PRED: nvvm.mbarrier.try_wait.parity
// PRED: llvm.cond_br %{{.*}}, ^[[ARRIVE:.*]], ^
// PRED: ^[[ARRIVE]]:
// PRED-NEXT: nvvm.mbarrier.arrive %{{.*}}, %{{.*}} : !llvm.ptr<3>
#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 32, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<8x32xf32, #nv, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @predicated(%d: !tlxamd.tensor_desc<8x32xf32, #nv>, %c: i32, %p: i1) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %bar = tlxamd.local_alloc : () -> !bar
    %buf = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %bar, 2 : !bar
    tlxamd.async_tma_copy_global_to_shared %d[%c, %c] %buf, %bar, %p : !tlxamd.tensor_desc<8x32xf32, #nv>, !tile, !bar
    tlxamd.mbarrier_wait %bar, %c, %p : !bar
    %v = tlxamd.local_load %buf : !tile -> tensor<8x32xf32, #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 4], warps_per_cta = [1, 1], order = [1, 0]}>>
    tlxamd.mbarrier_arrive %bar, 3, %p : !bar
    gpu.return
  }
}
