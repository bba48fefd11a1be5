// Layout assignment for preshuffled B blocks (the Mojo PreshuffledBLoader reference, P4): a block
// feeding a dot_scaled makes it the 16x16x128 scaled MFMA (the stored
// fragment of each lane) and takes its B operand layout itself, with no
// conversion; a block no matrix instruction reads gets whole fragments
// per thread, K bytes fastest.
// RUN: tlx-opt %s --tlxamd-assign-layouts=target=gfx950 | FileCheck %s

// CHECK-LABEL: gpu.func @feeds_dot
// CHECK: %[[B:.*]] = tlxamd.preshuffled_b_load_tile {{.*}} -> tensor<64x64xi8, #tlxamd.dot_operand<{op_idx = 1, parent = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2]}>, k_width = 16}>>
// CHECK-NOT: tlxamd.convert_layout %[[B]]
// CHECK: tlxamd.dot_scaled %{{.*}}, %[[B]], %{{.*}} lhs = "e2m1" rhs = "e2m1" : {{.*}} -> tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 128]
// CHECK-LABEL: gpu.func @plain_dot
// CHECK: tlxamd.dot_scaled {{.*}} -> tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64]
// CHECK-LABEL: gpu.func @no_dot
// CHECK: tlxamd.preshuffled_b_load_tile {{.*}} -> tensor<128x64xi8, #tlxamd.blocked<{size_per_thread = [32, 1], threads_per_warp = [4, 16], warps_per_cta = [1, 4], order = [0, 1]}>>
gpu.module @m {
  gpu.func @feeds_dot(%b: !tlxamd.ptr<i8>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %x = arith.constant dense<0> : tensor<64x64xi8>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %y = tlxamd.preshuffled_b_load_tile %b[%n0, %k0], %kb, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8> -> tensor<64x64xi8>
    %d = tlxamd.dot_scaled %x, %y, %z lhs = "e2m1" rhs = "e2m1" : tensor<64x64xi8>, tensor<64x64xi8> -> tensor<64x64xf32>
    gpu.return
  }
  gpu.func @plain_dot(%n0: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %x = arith.constant dense<0> : tensor<64x64xi8>
    %y = arith.constant dense<0> : tensor<64x64xi8>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tlxamd.dot_scaled %x, %y, %z lhs = "e2m1" rhs = "e2m1" : tensor<64x64xi8>, tensor<64x64xi8> -> tensor<64x64xf32>
    gpu.return
  }
  gpu.func @no_dot(%b: !tlxamd.ptr<i8>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %y = tlxamd.preshuffled_b_load_tile %b[%n0, %k0], %kb, %bytes {lane_bytes = 32 : i32} : !tlxamd.ptr<i8> -> tensor<128x64xi8>
    gpu.return
  }
}
