// The sanitizer's check ops: what their lowering needs.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @ring_type(%r: !tlxamd.ptr<f32>, %p: !tlxamd.ptr<f32>, %o: tensor<256xi32, #b>) {
  // expected-error @+1 {{the violation ring must be a global i32 pointer (!tlxamd.ptr<i32>), got '!tlxamd.ptr<f32>'}}
  %g = tlxamd.contract_check %r, %p[%o] {site = 0 : i32, contiguity = 4 : i32, consecutive} : !tlxamd.ptr<f32>, !tlxamd.ptr<f32>, tensor<256xi32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @ring_space(%r: !tlxamd.ptr<i32, 3>, %p: !tlxamd.ptr<f32>, %o: tensor<256xi32, #b>) {
  // expected-error @+1 {{the violation ring must be a global i32 pointer}}
  %g = tlxamd.contract_check %r, %p[%o] {site = 0 : i32, contiguity = 4 : i32, consecutive} : !tlxamd.ptr<i32, 3>, !tlxamd.ptr<f32>, tensor<256xi32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @contiguity_divides(%r: !tlxamd.ptr<i32>, %p: !tlxamd.ptr<f32>, %o: tensor<256xi32, #b>) {
  // expected-error @+1 {{contiguity 8 must divide the 4 elements owned by each thread}}
  %g = tlxamd.contract_check %r, %p[%o] {site = 0 : i32, contiguity = 8 : i32, consecutive} : !tlxamd.ptr<i32>, !tlxamd.ptr<f32>, tensor<256xi32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @contiguity_pow2(%r: !tlxamd.ptr<i32>, %p: !tlxamd.ptr<f32>, %o: tensor<256xi32, #b>) {
  // expected-error @+1 {{contiguity must be a positive power of two, got 3}}
  %g = tlxamd.contract_check %r, %p[%o] {site = 0 : i32, contiguity = 3 : i32, consecutive} : !tlxamd.ptr<i32>, !tlxamd.ptr<f32>, tensor<256xi32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @uniform_needs_mask(%r: !tlxamd.ptr<i32>, %p: !tlxamd.ptr<f32>, %o: tensor<256xi32, #b>) {
  // expected-error @+1 {{uniform_mask needs a mask}}
  %g = tlxamd.contract_check %r, %p[%o] {site = 0 : i32, contiguity = 4 : i32, uniform_mask = 2 : i32} : !tlxamd.ptr<i32>, !tlxamd.ptr<f32>, tensor<256xi32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @align_pow2(%r: !tlxamd.ptr<i32>, %p: !tlxamd.ptr<f32>, %o: tensor<256xi32, #b>) {
  // expected-error @+1 {{align must be a positive power of two, got 12}}
  %g = tlxamd.contract_check %r, %p[%o] {site = 0 : i32, contiguity = 4 : i32, align = 12 : i32} : !tlxamd.ptr<i32>, !tlxamd.ptr<f32>, tensor<256xi32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @nothing(%r: !tlxamd.ptr<i32>, %p: !tlxamd.ptr<f32>, %o: tensor<256xi32, #b>) {
  // expected-error @+1 {{checks nothing: give consecutive, uniform_mask or align}}
  %g = tlxamd.contract_check %r, %p[%o] {site = 0 : i32, contiguity = 4 : i32} : !tlxamd.ptr<i32>, !tlxamd.ptr<f32>, tensor<256xi32, #b>
  return
}

// -----

func.func @no_layout(%r: !tlxamd.ptr<i32>, %p: !tlxamd.ptr<f32>, %o: tensor<256xi32>) {
  // expected-error @+1 {{offsets must have a layout: the checks run per thread, after layout assignment}}
  %g = tlxamd.contract_check %r, %p[%o] {site = 0 : i32, contiguity = 4 : i32, consecutive} : !tlxamd.ptr<i32>, !tlxamd.ptr<f32>, tensor<256xi32>
  return
}

// -----

func.func @site(%r: !tlxamd.ptr<i32>) {
  // expected-error @+1 {{site must be non-negative, got -1}}
  tlxamd.active_lanes_check %r {site = -1 : i32} : !tlxamd.ptr<i32>
  return
}

// -----

func.func @lanes_ring(%r: !tlxamd.ptr<i64>) {
  // expected-error @+1 {{the violation ring must be a global i32 pointer}}
  tlxamd.active_lanes_check %r {site = 0 : i32} : !tlxamd.ptr<i64>
  return
}
