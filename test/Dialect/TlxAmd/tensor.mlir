// RUN: tlx-opt %s | tlx-opt | FileCheck %s
#blk = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [1, 0]}>
#rows = #tlxamd.slice<{dim = 1, parent = #blk}>
#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>

// CHECK-LABEL: gpu.func @tensors
gpu.module @m {
  gpu.func @tensors(%x: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // CHECK: tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #tlxamd.blocked<{{.*}}>}>>
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #rows>
    // CHECK: tlxamd.make_range 16 to 32
    %r2 = tlxamd.make_range 16 to 32 : tensor<16xi32, #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>>
    // Signed bounds (the attributes are i32): a range may start below zero.
    // CHECK: tlxamd.make_range -4 to 0
    %r3 = tlxamd.make_range -4 to 0 : tensor<4xi32, #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>>
    // CHECK: tlxamd.expand_dims %{{.*}} {axis = 1 : i32} : tensor<64xi32, {{.*}}> -> tensor<64x1xi32, #tlxamd.blocked
    %e = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #rows> -> tensor<64x1xi32, #blk>
    // CHECK: tlxamd.broadcast %{{.*}} : tensor<64x1xi32, {{.*}}> -> tensor<64x64xi32
    %b = tlxamd.broadcast %e : tensor<64x1xi32, #blk> -> tensor<64x64xi32, #blk>
    // CHECK: tlxamd.splat %{{.*}} : tensor<64x64xi32
    %s = tlxamd.splat %x : tensor<64x64xi32, #blk>
    %a = arith.addi %b, %s : tensor<64x64xi32, #blk>
    // CHECK: tlxamd.convert_layout %{{.*}} : tensor<64x64xi32, #tlxamd.blocked{{.*}}> -> tensor<64x64xi32, #tlxamd.amd_mfma
    %c = tlxamd.convert_layout %a : tensor<64x64xi32, #blk> -> tensor<64x64xi32, #mfma>
    // CHECK: tlxamd.require_layout %{{.*}} : tensor<64x64xi32, #tlxamd.amd_mfma{{.*}}> -> tensor<64x64xi32, #tlxamd.blocked
    %p = tlxamd.require_layout %c : tensor<64x64xi32, #mfma> -> tensor<64x64xi32, #blk>
    gpu.return
  }
}
