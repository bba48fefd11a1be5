// Layout and shape parameters are bounded before they reach the layout core
// (its sizes are int32): products are taken in 64 bits and the limits named.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

// size_per_thread x threads x warps = 2^32 once wrapped to 0 in the core.
// expected-error@+1 {{layout tile exceeds 1048576 elements (2^20, the elements a tensor may have)}}
func.func private @f(tensor<1024xf32, #tlxamd.blocked<{size_per_thread = [16777216], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>>)

// -----

// expected-error@+1 {{warps_per_cta multiplies to more than 32 warps: 1073741824}}
func.func private @f(tensor<1024xf32, #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1073741824], order = [0]}>>)

// -----

// expected-error@+1 {{threads_per_warp must multiply to a warp size (32 or 64); got more than 64}}
func.func private @f(tensor<1024x1024xf32, #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [65536, 65536], warps_per_cta = [1, 1], order = [1, 0]}>>)

// -----

// expected-error@+1 {{layout tile exceeds 1048576 elements}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], warps_per_cta = [2, 2], tiles_per_warp = [65536, 65536]}>>)

// -----

// expected-error@+1 {{warps_per_cta multiplies to more than 32 warps: 65536 x 65536}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 32], warps_per_cta = [65536, 65536]}>>)

// -----

// Triton's limit on one tensor.
#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
// expected-error@+1 {{distributed tensor has more than 1048576 elements (2^20, the limit of one tensor)}}
func.func private @f(tensor<2097152xf32, #b>)

// -----

// expected-error@+1 {{linear layout has 21 register bases; at most 20 (2^20 elements)}}
func.func private @f(tensor<64xf32, #tlxamd.linear<{register = [[1], [2], [4], [8], [16], [32], [1], [2], [4], [8], [16], [32], [1], [2], [4], [8], [16], [32], [1], [2], [4]], lane = [[1], [2], [4], [8], [16]], warp = [], block = []}>>)
