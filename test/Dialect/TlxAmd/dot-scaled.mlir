// dot_scaled round-trips: layout-free (Triton style; fp4 packed along K or
// along M, a missing scale, bf16 without scale, tiles_per_warp) and with
// the gfx950 scaled-MFMA layouts: the operands' dot-operand layouts and
// each scale in the layout of its operand's K blocks (one lane per row and
// 32-value block of each instruction, registers over the K steps).
// RUN: tlx-opt %s | tlx-opt | FileCheck %s

// CHECK-LABEL: func.func @layout_free
// CHECK: tlxamd.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = "e2m1" rhs = "e4m3" : tensor<32x64xi8> scale tensor<32x4xi8>, tensor<128x32xf8E4M3FN> scale tensor<32x4xi8> -> tensor<32x32xf32>
// CHECK: tlxamd.dot_scaled %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = "bf16" rhs = "e5m2" : tensor<32x128xbf16>, tensor<128x32xi8> scale tensor<32x4xi8> -> tensor<32x32xf32>
// CHECK: tlxamd.dot_scaled %{{.*}}, %{{.*}}, %{{.*}} lhs = "e2m1" rhs = "e2m3" {lhs_k_pack = false} : tensor<16x128xi8>, tensor<128x32xi8> -> tensor<32x32xf32>
// CHECK: tlxamd.dot_scaled {{.*}} lhs = "e4m3" rhs = "e4m3" {fast_math, tiles_per_warp = array<i32: 2, 2>}
func.func @layout_free(%a: tensor<32x64xi8>, %as: tensor<32x4xi8>, %b: tensor<128x32xf8E4M3FN>, %bs: tensor<32x4xi8>,
                       %h: tensor<32x128xbf16>, %b8: tensor<128x32xi8>, %am: tensor<16x128xi8>,
                       %a8: tensor<32x128xi8>, %c: tensor<32x32xf32>) {
  %0 = tlxamd.dot_scaled %a scale %as, %b scale %bs, %c lhs = "e2m1" rhs = "e4m3"
      : tensor<32x64xi8> scale tensor<32x4xi8>, tensor<128x32xf8E4M3FN> scale tensor<32x4xi8> -> tensor<32x32xf32>
  %1 = tlxamd.dot_scaled %h, %b8 scale %bs, %0 lhs = "bf16" rhs = "e5m2"
      : tensor<32x128xbf16>, tensor<128x32xi8> scale tensor<32x4xi8> -> tensor<32x32xf32>
  %2 = tlxamd.dot_scaled %am, %b8, %1 lhs = "e2m1" rhs = "e2m3" {lhs_k_pack = false}
      : tensor<16x128xi8>, tensor<128x32xi8> -> tensor<32x32xf32>
  %3 = tlxamd.dot_scaled %a8 scale %as, %b8 scale %bs, %2 lhs = "e4m3" rhs = "e4m3" {fast_math, tiles_per_warp = array<i32: 2, 2>}
      : tensor<32x128xi8> scale tensor<32x4xi8>, tensor<128x32xi8> scale tensor<32x4xi8> -> tensor<32x32xf32>
  return
}

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 16}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
#sa = #tlxamd.linear<{register = [[0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [[0, 0], [32, 0]], block = []}>
#sb = #tlxamd.linear<{register = [[0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [[32, 0], [0, 0]], block = []}>
// CHECK-LABEL: func.func @gfx950_layouts
// CHECK: tlxamd.dot_scaled {{.*}} lhs = "e2m1" rhs = "e4m3" : tensor<64x64xi8, #tlxamd.dot_operand
func.func @gfx950_layouts(%x: tensor<64x64xi8, #a>, %xs: tensor<64x4xi8, #sa>, %y: tensor<128x64xf8E4M3FN, #b>,
                          %ys: tensor<64x4xi8, #sb>, %z: tensor<64x64xf32, #mma>) {
  %d = tlxamd.dot_scaled %x scale %xs, %y scale %ys, %z lhs = "e2m1" rhs = "e4m3"
      : tensor<64x64xi8, #a> scale tensor<64x4xi8, #sa>, tensor<128x64xf8E4M3FN, #b> scale tensor<64x4xi8, #sb> -> tensor<64x64xf32, #mma>
  return
}
