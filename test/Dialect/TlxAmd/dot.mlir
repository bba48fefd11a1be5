// tl.dot round-trips, with layouts (an MFMA or mma.sync result and its
// dot-operand layouts) and without (layout assignment chooses them).
// RUN: tlx-opt %s | tlx-opt | FileCheck %s

#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = false, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mfma, k_width = 8}>
// CHECK-LABEL: func.func @laid_out
// CHECK: tlxamd.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xbf16, #tlxamd.dot_operand<{op_idx = 0, {{.*}}>>, tensor<32x64xbf16, #tlxamd.dot_operand<{op_idx = 1, {{.*}}>> -> tensor<64x64xf32, #tlxamd.amd_mfma<{{.*}}>>
func.func @laid_out(%x: tensor<64x32xbf16, #a>, %y: tensor<32x64xbf16, #b>, %c: tensor<64x64xf32, #mfma>) -> tensor<64x64xf32, #mfma> {
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xbf16, #a>, tensor<32x64xbf16, #b> -> tensor<64x64xf32, #mfma>
  return %d : tensor<64x64xf32, #mfma>
}
#mma = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>
#na = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 2}>
#nb = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 2}>
// CHECK-LABEL: func.func @mma_sync
// CHECK: tlxamd.dot {{.*}} -> tensor<64x64xf32, #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>>
func.func @mma_sync(%x: tensor<64x32xf16, #na>, %y: tensor<32x64xf16, #nb>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %d = tlxamd.dot %x, %y, %c : tensor<64x32xf16, #na>, tensor<32x64xf16, #nb> -> tensor<64x64xf32, #mma>
  return %d : tensor<64x64xf32, #mma>
}
// CHECK-LABEL: func.func @free
// CHECK: tlxamd.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x8xi8>, tensor<8x4xi8> -> tensor<16x4xi32>
func.func @free(%x: tensor<16x8xi8>, %y: tensor<8x4xi8>, %c: tensor<16x4xi32>) -> tensor<16x4xi32> {
  %d = tlxamd.dot %x, %y, %c : tensor<16x8xi8>, tensor<8x4xi8> -> tensor<16x4xi32>
  return %d : tensor<16x4xi32>
}
