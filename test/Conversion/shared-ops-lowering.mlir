// The shared-memory ops lowered (one pattern set for both vendors): a
// descriptor is {tile base, view XOR}; local_alloc takes its base from the
// kernel's shared block at the offset tlxamd-allocate-shared-memory gave it
// (run by the conversion when the kernel has not been through the pass);
// memdesc_index advances by whole buffers (2 x 32 x 64 f32: 8192 bytes
// each); memdesc_subslice XORs the view's origin in; local_store is
// barrier, 16-byte stores, barrier; local_load reads 16-byte vectors.
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))' | FileCheck %s --check-prefixes=CHECK,AMD
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s --check-prefixes=CHECK,NV

// CHECK: llvm.mlir.global internal @__tlxamd_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<16384 x i8>
// CHECK-LABEL: llvm.func @views
// CHECK: %[[BLOCK:.*]] = llvm.mlir.addressof @__tlxamd_shared : !llvm.ptr<3>
// CHECK: %[[TILE:.*]] = llvm.mlir.constant(8192 : i32) : i32
// CHECK: %[[BYTES:.*]] = llvm.mul %arg1, %[[TILE]] : i32
// CHECK: llvm.getelementptr %{{.*}}[%[[BYTES]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// AMD: llvm.inline_asm has_side_effects "s_waitcnt lgkmcnt(0)\0As_barrier", "~{memory}"
// NV: nvvm.barrier
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// AMD: llvm.inline_asm has_side_effects "s_waitcnt lgkmcnt(0)\0As_barrier", "~{memory}"
// NV: nvvm.barrier
// The sub-tile at row 16 of the swizzled 32 x 64 tile starts at element 1024.
// CHECK: %[[ORIGIN:.*]] = llvm.mlir.constant(1024 : i32) : i32
// CHECK: llvm.xor %{{.*}}, %[[ORIGIN]] : i32
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 4, per_phase = 1, max_phase = 8, order = [1, 0]}>
gpu.module @m {
  gpu.func @views(%x: tensor<32x64xf32, #b>, %i: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bufs = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x32x64xf32, #s, #tlxamd.shared_memory, mutable>
    %b = tlxamd.memdesc_index %bufs[%i] : !tlxamd.memdesc<2x32x64xf32, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<32x64xf32, #s, #tlxamd.shared_memory, mutable>
    tlxamd.local_store %x, %b : tensor<32x64xf32, #b>, !tlxamd.memdesc<32x64xf32, #s, #tlxamd.shared_memory, mutable>
    %h = tlxamd.memdesc_subslice %b[16, 0] : !tlxamd.memdesc<32x64xf32, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<16x64xf32, #s, #tlxamd.shared_memory, mutable, 32x64>
    %v = tlxamd.local_load %h : !tlxamd.memdesc<16x64xf32, #s, #tlxamd.shared_memory, mutable, 32x64> -> tensor<16x64xf32, #b>
    gpu.return
  }
}

// Two local stores to different allocations, nothing between them that
// touches shared memory: one barrier before both, one after.
// CHECK-LABEL: llvm.func @pair
// AMD: llvm.inline_asm has_side_effects "s_waitcnt lgkmcnt(0)\0As_barrier", "~{memory}"
// NV: nvvm.barrier
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// AMD-NOT: s_barrier
// NV-NOT: nvvm.barrier
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// AMD-NEXT: llvm.inline_asm has_side_effects "s_waitcnt lgkmcnt(0)\0As_barrier", "~{memory}"
// NV-NEXT: nvvm.barrier
gpu.module @m2 {
  gpu.func @pair(%x: tensor<32x64xf32, #b>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %a = tlxamd.local_alloc : () -> !tlxamd.memdesc<32x64xf32, #s, #tlxamd.shared_memory, mutable>
    %c = tlxamd.local_alloc : () -> !tlxamd.memdesc<32x64xf32, #s, #tlxamd.shared_memory, mutable>
    tlxamd.local_store %x, %a : tensor<32x64xf32, #b>, !tlxamd.memdesc<32x64xf32, #s, #tlxamd.shared_memory, mutable>
    tlxamd.local_store %x, %c : tensor<32x64xf32, #b>, !tlxamd.memdesc<32x64xf32, #s, #tlxamd.shared_memory, mutable>
    gpu.return
  }
}
