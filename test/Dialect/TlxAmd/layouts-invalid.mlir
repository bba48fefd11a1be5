// RUN: tlx-opt %s -split-input-file -verify-diagnostics
// Every layout parameter rule is a verifier error naming the field and the
// numbers.

// expected-error@+1 {{size_per_thread[1] = 3 must be a positive power of two}}
func.func private @f(tensor<64x64xf32, #tlxamd.blocked<{size_per_thread = [1, 3], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>>)

// -----

// expected-error@+1 {{threads_per_warp must multiply to a warp size (32 or 64), got 16}}
func.func private @f(tensor<64x64xf32, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 2], warps_per_cta = [4, 1], order = [1, 0]}>>)

// -----

// expected-error@+1 {{warps_per_cta[0] = 3 must be a positive power of two}}
func.func private @f(tensor<64x64xf32, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [3, 1], order = [1, 0]}>>)

// -----

// expected-error@+1 {{order must be a permutation of 0..1}}
func.func private @f(tensor<64x64xf32, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 1]}>>)

// -----

// expected-error@+1 {{warps_per_cta must have 2 entries (one per dimension), got 3}}
func.func private @f(tensor<64x64xf32, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1, 1], order = [1, 0]}>>)

// -----

// expected-error@+1 {{#tlxamd.blocked is missing field 'order'}}
func.func private @f(tensor<64x64xf32, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1]}>>)

// -----

// expected-error@+1 {{#tlxamd.blocked has no field 'sizePerThread'}}
func.func private @f(tensor<64x64xf32, #tlxamd.blocked<{sizePerThread = [1, 4], size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>>)

// -----

// expected-error@+1 {{#tlxamd.blocked field 'order' must be a list of integers}}
func.func private @f(tensor<64x64xf32, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = "row"}>>)

// -----

// expected-error@+1 {{distributed tensor dimension 1 is 48; it must be a positive power of two}}
func.func private @f(tensor<64x48xf32, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>>)

// -----

// expected-error@+1 {{layout of rank 2 cannot describe a rank-1 tensor}}
func.func private @f(tensor<64xf32, #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>>)

// -----

// expected-error@+1 {{version must be an MFMA generation of a supported target: 3 (gfx942), 4 (gfx950); got 2}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_mfma<{version = 2, instr_shape = [32, 32, 8], warps_per_cta = [2, 2]}>>)

// -----

// expected-error@+1 {{instr_shape [M, N] must be [32, 32], [16, 16], [64, 4] or [4, 64], got [16, 32]}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 32, 8], warps_per_cta = [2, 2]}>>)

// -----

// expected-error@+1 {{instr_shape K = 128 is not offered by MFMA version 3 for 16x16 (valid: 1, 4, 8, 16, 32)}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_mfma<{version = 3, instr_shape = [16, 16, 128], warps_per_cta = [2, 2]}>>)

// -----

// expected-error@+1 {{instr_shape must be [M, N, K], got 2 entries}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16], warps_per_cta = [2, 2]}>>)

// -----

// expected-error@+1 {{a 64x4 MFMA layout must be transposed}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [64, 4, 4], warps_per_cta = [2, 2]}>>)

// -----

// expected-error@+1 {{warps_per_cta must have 2 or 3 entries (batch first), got 1}}
func.func private @f(tensor<64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], warps_per_cta = [4]}>>)

// -----

// expected-error@+1 {{tiles_per_warp[1] = 3 must be a positive power of two}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], warps_per_cta = [2, 2], tiles_per_warp = [1, 3]}>>)

// -----

// expected-error@+1 {{element_bit_width must be 32 or 64, got 16}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], warps_per_cta = [2, 2], element_bit_width = 16}>>)

// -----

// expected-error@+1 {{64-bit MFMA accumulators need instr_shape 16x16, got 32x32}}
func.func private @f(tensor<64x64xf64, #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 8], warps_per_cta = [2, 2], element_bit_width = 64}>>)

// -----

// expected-error@+1 {{#tlxamd.amd_mfma field 'transposed' must be true or false}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], transposed = 1, warps_per_cta = [2, 2]}>>)

// -----

// expected-error@+1 {{version must be a WMMA generation of a supported target: 3 (gfx1250); got 4}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_wmma<{version = 4, instr_shape = [16, 16, 128], warps_per_cta = [2, 2]}>>)

// -----

// expected-error@+1 {{instr_shape K = 16 is not offered by WMMA version 3 (valid: 4, 32, 64, 128)}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 16], warps_per_cta = [2, 2]}>>)

// -----

// D3: the tiles_per_warp period must fit in the result tile.
// expected-error@+1 {{tiles_per_warp period 16 x 2 x 2 = 64 along dimension 0 exceeds the tensor extent 32}}
func.func private @f(tensor<32x256xf32, #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>>)

// -----

// D3: one positive entry per result dimension.
// expected-error@+1 {{tiles_per_warp must have 2 entries (one per dimension), got 1}}
func.func private @f(tensor<64x64xf32, #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], warps_per_cta = [2, 2], tiles_per_warp = [2]}>>)

// -----

// expected-error@+1 {{op_idx must be 0 (A) or 1 (B), got 2}}
func.func private @f(tensor<64x64xbf16, #tlxamd.dot_operand<{op_idx = 2, parent = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], warps_per_cta = [2, 2]}>, k_width = 8}>>)

// -----

// expected-error@+1 {{dot_operand parent must be an #tlxamd.amd_mfma, #tlxamd.amd_wmma or #tlxamd.nvidia_mma layout}}
func.func private @f(tensor<64x64xbf16, #tlxamd.dot_operand<{op_idx = 0, parent = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>, k_width = 8}>>)

// -----

// expected-error@+1 {{k_width must be a power of two between 1 and 32, got 6}}
func.func private @f(tensor<64x64xbf16, #tlxamd.dot_operand<{op_idx = 1, parent = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], warps_per_cta = [2, 2]}>, k_width = 6}>>)

// -----

// expected-error@+1 {{slice dim 2 is out of range for a rank-2 parent}}
func.func private @f(tensor<64xf32, #tlxamd.slice<{dim = 2, parent = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>}>>)

// -----

// expected-error@+1 {{slice parent must be a tlxamd distributed layout}}
func.func private @f(tensor<64xf32, #tlxamd.slice<{dim = 0, parent = 4 : i32}>>)

// -----

// expected-error@+1 {{linear layout must have 5 or 6 lane bases (a warp of 32 or 64 lanes), got 2}}
func.func private @f(tensor<4x4xf32, #tlxamd.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = []}>>)

// -----

// expected-error@+1 {{#tlxamd.linear bases must all have 2 coordinates, 'lane' has one with 1}}
func.func private @f(tensor<4x4xf32, #tlxamd.linear<{register = [[0, 1]], lane = [[1]], warp = [], block = []}>>)

// -----

// expected-error@+1 {{linear layout spans 16 elements along dimension 0 but the tensor has 32}}
func.func private @f(tensor<32x4xf32, #tlxamd.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0], [0, 0]], warp = [], block = []}>>)

// -----

// expected-error@+1 {{version must be [2, 0] (mma.sync) or [3, 0] (wgmma), got [1, 0]}}
func.func private @f(tensor<64x64xf32, #tlxamd.nvidia_mma<{version = [1, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>>)

// -----

// expected-error@+1 {{version [3, 0] (wgmma) takes instr_shape [16, n, k] with n a multiple of 8 in [8, 256] and k 8, 16 or 32 (256 bits of K), got [16, 8]}}
func.func private @f(tensor<64x64xf32, #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 1], instr_shape = [16, 8]}>>)

// -----

// expected-error@+1 {{instr_shape must be [16, 8] (m16n8), got [16, 16]}}
func.func private @f(tensor<64x64xf32, #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 16]}>>)

// -----

// expected-error@+1 {{warps_per_cta must have 2 entries, got 3}}
func.func private @f(tensor<64x64xf32, #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2, 1], instr_shape = [16, 8]}>>)
