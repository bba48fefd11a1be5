// The static contracts of the preshuffled B loads (docs/contracts.md P3, P5, P6 and
// the ops' operand checks), one diagnostic each.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @p3_lane_bytes(%n: tensor<64xi32, #lanes>, %k: tensor<64xi32, #lanes>, %kb: i32) {
  // expected-error @+1 {{P3: lane_bytes must be 16 (FP4), 24 (FP6) or 32 (FP8), got 20}}
  %o = tlxamd.preshuffled_b_lane_offset %n, %k, %kb {lane_bytes = 20 : i32} : tensor<64xi32, #lanes>
  return
}

// -----

#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @p3_plane(%n: tensor<64xi32, #lanes>, %k: tensor<64xi32, #lanes>, %kb: i32) {
  // expected-error @+1 {{P3: plane 1 is out of range: a 16-byte fragment has 1 plane}}
  %o = tlxamd.preshuffled_b_lane_offset %n, %k, %kb {lane_bytes = 16 : i32, plane = 1 : i32} : tensor<64xi32, #lanes>
  return
}

// -----

#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @p5_uniform(%p: !tlxamd.ptr<i8>, %off: tensor<64xi32, #lanes>, %bytes: i32) {
  %k = arith.constant 96 : i32
  // expected-error @+1 {{P5: k_byte_uniform = 96 is not a whole number of K0 = 64-byte tiles (4 * lane_bytes)}}
  %b = tlxamd.preshuffled_b_load_at %p[%off], %k, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #rows>
  return
}

// -----

#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @p6_policy(%p: !tlxamd.ptr<i8>, %off: tensor<64xi32, #lanes>, %k: i32, %bytes: i32) {
  // expected-error @+1 {{P6: cache_policy must be "always" or "streaming", got "never"}}
  %b = tlxamd.preshuffled_b_load_at %p[%off], %k, %bytes {lane_bytes = 16 : i32, cache_policy = "never"} : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #rows>
  return
}

// -----

#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @width(%p: !tlxamd.ptr<i8>, %off: tensor<64xi32, #lanes>, %k: i32, %bytes: i32) {
  // FP6's second plane is 8 bytes
  // expected-error @+1 {{returns each fragment's 8 bytes as a row: tensor<64x8xi8>, got 'tensor<64x16xi8,}}
  %b = tlxamd.preshuffled_b_load_at %p[%off], %k, %bytes {lane_bytes = 24 : i32, plane = 1 : i32} : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #rows>
  return
}

// -----

#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @reg_bytes(%p: !tlxamd.ptr<i8>, %n: tensor<64xi32, #lanes>, %k: tensor<64xi32, #lanes>, %kb: i32, %bytes: i32) {
  // a 24-byte fragment comes back in 32 bytes of registers
  // expected-error @+1 {{returns each fragment's 32 bytes as a row: tensor<64x32xi8>}}
  %b = tlxamd.preshuffled_b_load %p[%n, %k], %kb, %bytes {lane_bytes = 24 : i32} : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #rows>
  return
}

// -----

#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @pointee(%p: !tlxamd.ptr<f32>, %off: tensor<64xi32, #lanes>, %k: i32, %bytes: i32) {
  // expected-error @+1 {{loads bytes: the pointer must be !tlxamd.ptr<i8>}}
  %b = tlxamd.preshuffled_b_load_at %p[%off], %k, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<f32>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #rows>
  return
}

// -----

#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#split = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [32, 2], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @rows_layout(%p: !tlxamd.ptr<i8>, %off: tensor<64xi32, #lanes>, %k: i32, %bytes: i32) {
  // a fragment split over two lanes is not one lane's registers
  // expected-error @+1 {{the result's layout must hold each fragment's 16 bytes in consecutive registers of the thread that holds its offset}}
  %b = tlxamd.preshuffled_b_load_at %p[%off], %k, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #split>
  return
}

// -----

#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @offsets_layout(%p: !tlxamd.ptr<i8>, %off: tensor<64xi32>, %k: i32, %bytes: i32) {
  // expected-error @+1 {{takes one offset per lane fragment: a rank-1 i32 tensor with a layout}}
  %b = tlxamd.preshuffled_b_load_at %p[%off], %k, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8>, tensor<64xi32> -> tensor<64x16xi8, #rows>
  return
}

// -----

#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @p1_global(%p: !tlxamd.ptr<i8, 3>, %off: tensor<64xi32, #lanes>, %k: i32, %bytes: i32) {
  // expected-error @+1 {{P1: the fragments come from DRAM: the pointer must be in global memory (address space 1), got address space 3}}
  %b = tlxamd.preshuffled_b_load_at %p[%off], %k, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8, 3>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #rows>
  return
}

// -----

// preshuffled_b_load_tile: a block of the 16x16x128 scaled MFMA's B
// operand verifies (one 16-byte fragment per lane and tile).
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2]}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 16}>
#b8 = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
func.func @tile_ok(%p: !tlxamd.ptr<i8>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) {
  %b = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8> -> tensor<64x64xi8, #b>
  %c = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 32 : i32} : !tlxamd.ptr<i8> -> tensor<128x64xi8, #b8>
  return
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2]}>
#b8 = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
func.func @p4_tile_fragment_split(%p: !tlxamd.ptr<i8>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) {
  // A k_width 16 operand gives a lane 16 consecutive K bytes: each 32-byte
  // (FP8) fragment would be split between two lanes.
  // expected-error @+1 {{P4: the layout must hold each fragment (32 consecutive K bytes, aligned) in consecutive registers of one thread}}
  %b = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 32 : i32} : !tlxamd.ptr<i8> -> tensor<128x64xi8, #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 16}>>
  return
}

// -----

#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [4, 16], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @p4_tile_n_major(%p: !tlxamd.ptr<i8>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) {
  // 16 registers along N, not K: no fragment is in one thread's registers.
  // expected-error @+1 {{P4: the layout must hold each fragment (16 consecutive K bytes, aligned) in consecutive registers of one thread}}
  %b = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8> -> tensor<64x64xi8, #rows>
  return
}

// -----

func.func @p4_tile_fp6(%p: !tlxamd.ptr<i8>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) {
  // expected-error @+1 {{P4: a 24-byte (FP6) fragment is no power-of-two run of a tensor layout; load it with tlxamd.preshuffled_b_load}}
  %b = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 24 : i32} : !tlxamd.ptr<i8> -> tensor<96x64xi8>
  return
}

// -----

func.func @tile_shape(%p: !tlxamd.ptr<i8>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) {
  // expected-error @+1 {{returns a block of whole preshuffled tiles: tensor<KxNxi8> with K a multiple of K0 = 64 bytes and N of 16 rows, got 'tensor<32x64xi8>'}}
  %b = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8> -> tensor<32x64xi8>
  return
}

// -----

func.func @p5_tile_k0(%p: !tlxamd.ptr<i8>, %n0: i32, %kb: i32, %bytes: i32) {
  %k0 = arith.constant 96 : i32
  // expected-error @+1 {{P5: k_byte0 = 96 is not a whole number of K0 = 64-byte tiles (4 * lane_bytes)}}
  %b = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8> -> tensor<64x64xi8>
  return
}

// -----

func.func @p1_tile_global(%p: !tlxamd.ptr<i8, 3>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) {
  // expected-error @+1 {{P1: the fragments come from DRAM: the pointer must be in global memory (address space 1), got address space 3}}
  %b = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8, 3> -> tensor<64x64xi8>
  return
}

// -----

func.func @p6_tile_policy(%p: !tlxamd.ptr<i8>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) {
  // expected-error @+1 {{P6: cache_policy must be "always" or "streaming", got "sometimes"}}
  %b = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 16 : i32, cache_policy = "sometimes"} : !tlxamd.ptr<i8> -> tensor<64x64xi8>
  return
}

// -----

func.func @tile_bytes(%p: !tlxamd.ptr<f16>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) {
  // expected-error @+1 {{loads bytes: the pointer must be !tlxamd.ptr<i8>, got '!tlxamd.ptr<f16>'}}
  %b = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<f16> -> tensor<64x64xi8>
  return
}
