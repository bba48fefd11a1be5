// B12 refuted at compile time (tlxamd-verify-target): offsets and masks the
// compiler evaluates exactly (constants, ranges, splats, broadcasts,
// integer arithmetic) must keep the contiguity promise in every group of
// elements a thread owns; a refuted promise names the thread and the group.
// Offsets it cannot evaluate (a kernel argument) are trusted.
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx950 -verify-diagnostics

#l = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @consecutive(%p: !tlxamd.ptr<f32>, %n: tensor<256xi32, #l>) {
  %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #l>
  %v = tlxamd.buffer_load %p[%r] {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<256xi32, #l> -> tensor<256xf32, #l>
  // not evaluated: trusted
  %w = tlxamd.buffer_load %p[%n] {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<256xi32, #l> -> tensor<256xf32, #l>
  return
}

// -----

#l = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @strided(%p: !tlxamd.ptr<f32>) {
  %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #l>
  %two = arith.constant dense<2> : tensor<256xi32, #l>
  %o = arith.muli %r, %two : tensor<256xi32, #l>
  // expected-error @+1 {{B12: contiguity 4 promises consecutive offsets in each group of 4 elements a thread owns; thread 0's group 0 has offsets [0, 2, 4, 6]}}
  %v = tlxamd.buffer_load %p[%o] {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<256xi32, #l> -> tensor<256xf32, #l>
  return
}

// -----

#l = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @mask_in_group(%p: !tlxamd.ptr<f32>, %v: tensor<256xf32, #l>) {
  %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #l>
  %c7 = arith.constant 7 : i32
  %s = tlxamd.splat %c7 : tensor<256xi32, #l>
  %m = arith.cmpi slt, %r, %s : tensor<256xi32, #l>
  // a ragged end inside a pair: elements 6 and 7 of thread 1's group 1
  // expected-error @+1 {{B12: contiguity 2 promises one mask value per group of 2 elements; thread 1's group 1 has mask [1, 0]}}
  %x = tlxamd.buffer_load %p[%r] mask %m {contiguity = 2 : i32} : !tlxamd.ptr<f32>, tensor<256xi32, #l> -> tensor<256xf32, #l>
  // an even end keeps every pair whole
  %c8 = arith.constant 8 : i32
  %s8 = tlxamd.splat %c8 : tensor<256xi32, #l>
  %m8 = arith.cmpi slt, %r, %s8 : tensor<256xi32, #l>
  %y = tlxamd.buffer_load %p[%r] mask %m8 {contiguity = 2 : i32} : !tlxamd.ptr<f32>, tensor<256xi32, #l> -> tensor<256xf32, #l>
  return
}

// -----

#l = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @hole_in_pair(%p: !tlxamd.ptr<f32>, %v: tensor<256xf32, #l>) {
  %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #l>
  %c0 = arith.constant 0 : i32
  %z = tlxamd.splat %c0 : tensor<256xi32, #l>
  %c1 = arith.constant 1 : i32
  %one = tlxamd.splat %c1 : tensor<256xi32, #l>
  %in = arith.cmpi sge, %r, %z : tensor<256xi32, #l>
  %hole = arith.cmpi ne, %r, %one : tensor<256xi32, #l>
  %m = arith.andi %in, %hole : tensor<256xi1, #l>
  // expected-error @+1 {{B12: contiguity 2 promises one mask value per group of 2 elements; thread 0's group 0 has mask [1, 0]}}
  %x = tlxamd.buffer_load %p[%r] mask %m {contiguity = 2 : i32} : !tlxamd.ptr<f32>, tensor<256xi32, #l> -> tensor<256xf32, #l>
  return
}
