// RUN: tlx-opt %s -split-input-file -verify-diagnostics
// Shape ops: their shapes, and result layouts that keep every element in its
// thread.
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<64x128xf32, #b>) {
  // expected-error@+1 {{order must be a permutation of 0..1}}
  %t = tlxamd.trans %x {order = array<i32: 0, 0>} : tensor<64x128xf32, #b> -> tensor<64x128xf32, #b>
  return
}

// -----
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<64x128xf32, #b>) {
  // expected-error@+1 {{order has 3 entries for a rank-2 tensor}}
  %t = tlxamd.trans %x {order = array<i32: 1, 0, 2>} : tensor<64x128xf32, #b> -> tensor<128x64xf32, #b>
  return
}

// -----
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<64x128xf32, #b>) {
  // A blocked layout transposed keeps its rows in threads: the source's own
  // layout for the result would scatter them.
  // expected-error@+1 {{result layout #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}> would move elements between threads; the layout that keeps them in place is #tlxamd.blocked<{size_per_thread = [4, 1], threads_per_warp = [16, 4], warps_per_cta = [1, 4], order = [0, 1]}>}}
  %t = tlxamd.trans %x {order = array<i32: 1, 0>} : tensor<64x128xf32, #b> -> tensor<128x64xf32, #b>
  return
}

// -----
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<64x128xf32, #b>) {
  // expected-error@+1 {{result shape must be 'tensor<128x64xf32>', got 'tensor<64x128xf32}}
  %t = tlxamd.trans %x {order = array<i32: 1, 0>} : tensor<64x128xf32, #b> -> tensor<64x128xf32, #b>
  return
}

// -----
func.func @f(%x: tensor<64x128xf32>) {
  // expected-error@+1 {{the result has 4096 elements but the source 8192}}
  %r = tlxamd.reshape %x : tensor<64x128xf32> -> tensor<4096xf32>
  return
}

// -----
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
#b1 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%x: tensor<64x128xf32, #b>) {
  // expected-error@+1 {{result layout #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}> would move elements between threads; the layout that keeps them in place is #tlxamd.linear<{register = }}
  %r = tlxamd.reshape %x : tensor<64x128xf32, #b> -> tensor<8192xf32, #b1>
  return
}

// -----
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<64x128xf32, #b>) {
  // expected-error@+1 {{source and result must both have layouts or both have none}}
  %r = tlxamd.reshape %x : tensor<64x128xf32, #b> -> tensor<8192xf32>
  return
}

// -----
#b1 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%a: tensor<1024xf32, #b1>, %b: tensor<1024xf32, #b2>) {
  // expected-error@+1 {{requires all operands to have the same type}}
  %c = "tlxamd.cat"(%a, %b) : (tensor<1024xf32, #b1>, tensor<1024xf32, #b2>) -> tensor<2048xf32, #b1>
  return
}

// -----
#b1 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b8 = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%a: tensor<1024xf32, #b1>) {
  // Eight consecutive elements per thread would take elements of other
  // threads; cat keeps lhs registers, then rhs registers, in each thread.
  // expected-error@+1 {{'tlxamd.cat' op result layout #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}> would move elements between threads}}
  %c = tlxamd.cat %a, %a : tensor<1024xf32, #b1> -> tensor<2048xf32, #b8>
  return
}

// -----
func.func @f(%a: tensor<64xf32>) {
  // expected-error@+1 {{result shape must be 'tensor<64x2xf32>', got 'tensor<128xf32>'}}
  %j = tlxamd.join %a, %a : tensor<64xf32> -> tensor<128xf32>
  return
}

// -----
func.func @f(%a: tensor<64x4xf32>) {
  // expected-error@+1 {{the last dimension must have extent 2 and another dimension must remain}}
  %l, %h = tlxamd.split %a : tensor<64x4xf32> -> tensor<64xf32>
  return
}

// -----
// The pairs of the last dimension lie across lanes, not in a thread's
// registers.
#lanes = #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [32, 2], warps_per_cta = [4, 1], order = [1, 0]}>
#b1 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%a: tensor<128x2xf32, #lanes>) {
  // expected-error@+1 {{the source's last dimension must be one register bit of each thread}}
  %l, %h = tlxamd.split %a : tensor<128x2xf32, #lanes> -> tensor<128xf32, #b1>
  return
}

// -----
// A linear layout must reach every element of its tensor.
func.func @f(%a: tensor<8192xf32, #tlxamd.linear<{register = [[1], [2], [2048], [4096]], lane = [[4], [8], [16], [32], [128], [256]], warp = [[512], [1024]], block = []}>>) {
  return
}
// expected-error@-3 {{linear layout does not reach every element of the tensor}}
