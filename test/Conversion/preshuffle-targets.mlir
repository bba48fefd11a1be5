// The preshuffled B loads are AMD buffer loads into VGPRs (P1): CDNA takes
// them, NVIDIA rejects them.
// RUN: tlx-opt %s --tlxamd-verify-target=target=gfx950
// RUN: tlx-opt %s --tlxamd-verify-target=target=gfx942
// RUN: not tlx-opt %s --tlxamd-verify-target=target=sm_90a 2>&1 | FileCheck %s

// CHECK: error: 'tlxamd.preshuffled_b_lane_offset' op P1: preshuffled B fragments are AMD buffer loads into VGPRs; sm_90a (Hopper) is not an AMD target
#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @loads(%p: !tlxamd.ptr<i8>, %n: tensor<64xi32, #lanes>, %k: tensor<64xi32, #lanes>, %kb: i32, %bytes: i32, %ku: i32) {
  %o = tlxamd.preshuffled_b_lane_offset %n, %k, %kb {lane_bytes = 16 : i32} : tensor<64xi32, #lanes>
  %a = tlxamd.preshuffled_b_load_at %p[%o], %ku, %bytes {lane_bytes = 16 : i32, cache_policy = "streaming"} : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #rows>
  %b = tlxamd.preshuffled_b_load %p[%n, %k], %kb, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #rows>
  return
}
// CHECK: error: 'tlxamd.preshuffled_b_load_tile' op P1: preshuffled B fragments are AMD buffer loads into VGPRs; sm_90a (Hopper) is not an AMD target
#tile = #tlxamd.blocked<{size_per_thread = [16, 1], threads_per_warp = [4, 16], warps_per_cta = [1, 1], order = [0, 1]}>
func.func @tile(%p: !tlxamd.ptr<i8>, %n0: i32, %k0: i32, %kb: i32, %bytes: i32) {
  %b = tlxamd.preshuffled_b_load_tile %p[%n0, %k0], %kb, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8> -> tensor<64x64xi8, #tile>
  return
}
