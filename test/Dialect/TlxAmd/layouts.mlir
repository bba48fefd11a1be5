// RUN: tlx-opt %s | tlx-opt | FileCheck %s
// Round trip of every layout kind as a tensor encoding.

#blocked = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>
#mfma_t = #tlxamd.amd_mfma<{version = 3, instr_shape = [32, 32, 8], warps_per_cta = [1, 2, 2], tiles_per_warp = [1, 2, 1]}>
#mfma64 = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 4], transposed = false, warps_per_cta = [4, 1], element_bit_width = 64}>
#wmma = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = false, warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>
#dot = #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 8}>
#slice = #tlxamd.slice<{dim = 1, parent = #blocked}>
#linear = #tlxamd.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [], block = []}>

// CHECK-LABEL: func.func private @blocked(tensor<64x64xbf16, #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>>)
func.func private @blocked(tensor<64x64xbf16, #blocked>)
// The default transposed = false and unit tiles_per_warp are not printed.
// CHECK-LABEL: func.func private @mfma(tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>>
// CHECK-SAME: tensor<4x64x64xf32, #tlxamd.amd_mfma<{version = 3, instr_shape = [32, 32, 8], transposed = false, warps_per_cta = [1, 2, 2], tiles_per_warp = [1, 2, 1]}>>
// CHECK-SAME: tensor<64x16xf64, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 4], transposed = false, warps_per_cta = [4, 1], element_bit_width = 64}>>
func.func private @mfma(tensor<64x64xf32, #mfma>, tensor<4x64x64xf32, #mfma_t>, tensor<64x16xf64, #mfma64>)
// CHECK-LABEL: func.func private @wmma(tensor<128x128xf32, #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = false, warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>>)
func.func private @wmma(tensor<128x128xf32, #wmma>)
// CHECK-LABEL: func.func private @dot(tensor<32x64xbf16, #tlxamd.dot_operand<{op_idx = 0, parent = #tlxamd.amd_mfma<{{.*}}>, k_width = 8}>>)
func.func private @dot(tensor<32x64xbf16, #dot>)
// CHECK-LABEL: func.func private @slice(tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #tlxamd.blocked<{{.*}}>}>>)
func.func private @slice(tensor<64xi32, #slice>)
// CHECK-LABEL: func.func private @linear(tensor<16x16xf32, #tlxamd.linear<{register = {{\[}}[0, 1], [0, 2]], lane = {{\[}}[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [], block = []}>>)
func.func private @linear(tensor<16x16xf32, #linear>)
