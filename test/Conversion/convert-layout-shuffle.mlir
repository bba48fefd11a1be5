// convert_layout lowering choice: register permutation, warp shuffle, or
// shared memory. A change that moves elements only between the lanes of a
// hardware warp, each destination register from one source register in
// every lane, is one indexed shuffle per register; the source lane is the
// XOR/shift image of the lane id the two layouts define.
// RUN: tlx-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))' | FileCheck %s --check-prefix=AMD
// RUN: tlx-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s --check-prefix=NV

// Lane bits 0 and 1 swapped: lane L reads lane ((L & 1) << 1) ^ ((L & 2) >> 1).
#a = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b = #tlxamd.linear<{register = [], lane = [[2], [1], [4], [8], [16], [32]], warp = [[64], [128]], block = []}>
gpu.module @swap {
  // AMD-LABEL: llvm.func @swap_lane_bits
  // AMD-NOT: llvm.mlir.global
  // AMD: %[[KEPT:.*]] = llvm.mlir.constant(60 : i32) : i32
  // AMD: %[[K:.*]] = llvm.and %[[LANE:.*]], %[[KEPT]] : i32
  // AMD: %[[X0:.*]] = llvm.xor %{{.*}}, %[[K]] : i32
  // AMD: %[[B0:.*]] = llvm.and %[[LANE]], %{{.*}} : i32
  // AMD: %[[T0:.*]] = llvm.shl %[[B0]], %{{.*}} : i32
  // AMD: %[[X1:.*]] = llvm.xor %[[X0]], %[[T0]] : i32
  // AMD: %[[B1:.*]] = llvm.and %[[LANE]], %{{.*}} : i32
  // AMD: %[[T1:.*]] = llvm.lshr %[[B1]], %{{.*}} : i32
  // AMD: %[[SRC:.*]] = llvm.xor %[[X1]], %[[T1]] : i32
  // AMD: %[[ADDR:.*]] = llvm.shl %[[SRC]], %{{.*}} : i32
  // AMD: rocdl.ds_bpermute %[[ADDR]], %{{.*}} : (i32, i32) -> i32
  // AMD-NOT: gpu.barrier
  // AMD-NOT: rocdl.s.barrier
  // AMD: llvm.return
  // A wave64 layout runs as two 32-lane warps on NVIDIA: lanes 32-63 of a
  // layout warp are another hardware warp, so the change goes through shared
  // memory there.
  // NV: llvm.mlir.global internal @__tlxamd_shared()
  // NV-LABEL: llvm.func @swap_lane_bits
  // NV-NOT: nvvm.shfl.sync
  // NV: llvm.store
  // NV: nvvm.barrier
  gpu.func @swap_lane_bits(%p: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #a>
    %s = tlxamd.convert_layout %r : tensor<256xi32, #a> -> tensor<256xi32, #b>
    tlxamd.buffer_store %s, %p[%s] : tensor<256xi32, #b>, !tlxamd.ptr<i32>, tensor<256xi32, #b>
    gpu.return
  }
}

// -----

// The source register depends on the lane (four consecutive elements per
// thread become one element per thread): shared memory.
#c = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#d = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
gpu.module @regs_by_lane {
  // AMD: llvm.mlir.global internal @__tlxamd_shared()
  // AMD-LABEL: llvm.func @regs_by_lane
  // AMD-NOT: rocdl.ds_bpermute
  // AMD: llvm.return
  gpu.func @regs_by_lane(%p: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #c>
    %s = tlxamd.convert_layout %r : tensor<256xi32, #c> -> tensor<256xi32, #d>
    tlxamd.buffer_store %s, %p[%s] : tensor<256xi32, #d>, !tlxamd.ptr<i32>, tensor<256xi32, #d>
    gpu.return
  }
}

// -----

// Elements change warps (lane bit 5 and warp bit 0 exchanged): shared memory.
#e = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [2], order = [0]}>
#f = #tlxamd.linear<{register = [], lane = [[1], [2], [4], [8], [16], [64]], warp = [[32]], block = []}>
gpu.module @across_warps {
  // AMD: llvm.mlir.global internal @__tlxamd_shared()
  // AMD-LABEL: llvm.func @across_warps
  // AMD-NOT: rocdl.ds_bpermute
  // AMD: llvm.return
  gpu.func @across_warps(%p: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 2 : i32} {
    %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #e>
    %s = tlxamd.convert_layout %r : tensor<128xi32, #e> -> tensor<128xi32, #f>
    tlxamd.buffer_store %s, %p[%s] : tensor<128xi32, #f>, !tlxamd.ptr<i32>, tensor<128xi32, #f>
    gpu.return
  }
}
