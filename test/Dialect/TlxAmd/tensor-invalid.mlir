// RUN: tlx-opt %s -split-input-file -verify-diagnostics
#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f() {
  // expected-error@+1 {{range 0 to 32 has 32 elements but the result has 64}}
  %r = tlxamd.make_range 0 to 32 : tensor<64xi32, #b>
  return
}

// -----
#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f() {
  // expected-error@+1 {{end 0 must be greater than start 64}}
  %r = tlxamd.make_range 64 to 0 : tensor<64xi32, #b>
  return
}

// -----
#b2 = #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f() {
  // expected-error@+1 {{result must be a rank-1 tensor, got rank 2}}
  %r = tlxamd.make_range 0 to 64 : tensor<8x8xi32, #b2>
  return
}

// -----
#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f() {
  // expected-error@+1 {{'tlxamd.make_range' op result #0 must be i32 tensor, but got 'tensor<64xi32, "not a layout">'}}
  %r = tlxamd.make_range 0 to 64 : tensor<64xi32, "not a layout">
  return
}

// -----
#blk = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [1, 0]}>
#cols = #tlxamd.slice<{dim = 0, parent = #blk}>
func.func @f(%x: tensor<64xi32, #cols>) {
  // expected-error@+1 {{source layout must be #tlxamd.slice with dim = 1}}
  %e = tlxamd.expand_dims %x {axis = 1 : i32} : tensor<64xi32, #cols> -> tensor<64x1xi32, #blk>
  return
}

// -----
#blk = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [1, 0]}>
#rows = #tlxamd.slice<{dim = 1, parent = #blk}>
func.func @f(%x: tensor<64xi32, #rows>) {
  // expected-error@+1 {{result shape must be the source shape with 1 inserted at axis 1}}
  %e = tlxamd.expand_dims %x {axis = 1 : i32} : tensor<64xi32, #rows> -> tensor<64x2xi32, #blk>
  return
}

// -----
#blk = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [1, 0]}>
func.func @f(%x: tensor<64x2xi32, #blk>) {
  // expected-error@+1 {{source dimension 1 has extent 2; only extent-1 dimensions broadcast (to 64)}}
  %b = tlxamd.broadcast %x : tensor<64x2xi32, #blk> -> tensor<64x64xi32, #blk>
  return
}

// -----
#blk = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [1, 0]}>
#blk2 = #tlxamd.blocked<{size_per_thread = [4, 1], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [0, 1]}>
func.func @f(%x: tensor<64x1xi32, #blk>) {
  // expected-error@+1 {{source and result layouts differ; use tlxamd.convert_layout to change layouts}}
  %b = tlxamd.broadcast %x : tensor<64x1xi32, #blk> -> tensor<64x64xi32, #blk2>
  return
}

// -----
#blk = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [1, 0]}>
func.func @f(%x: tensor<64x64xi32, #blk>) {
  // expected-error@+1 {{source and result must have the same shape and element type}}
  %c = tlxamd.convert_layout %x : tensor<64x64xi32, #blk> -> tensor<64x64xf32, #blk>
  return
}

// -----
#blk = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [1, 0]}>
#blk8 = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 2], order = [1, 0]}>
func.func @f(%x: tensor<64x64xi32, #blk>) {
  // expected-error@+1 {{source layout spans 4 warps of 64 lanes but the result layout 8 warps of 64 lanes}}
  %c = tlxamd.require_layout %x : tensor<64x64xi32, #blk> -> tensor<64x64xi32, #blk8>
  return
}

// -----
// A kernel's tensors are spread over its warps.
#b8 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [8], order = [0]}>
gpu.module @m {
  gpu.func @k() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.make_range' op result layout spans 8 warps but the kernel has tlxamd.num_warps = 4}}
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b8>
    gpu.return
  }
}

// -----
#b = #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [64, 1], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<64xi32>) {
  // expected-error@+1 {{source layout must be #tlxamd.slice with dim = 1}}
  %e = tlxamd.expand_dims %x {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32, #b>
  return
}
