// RUN: tlx-opt %s -split-input-file -verify-diagnostics
// Every memory-descriptor rule and every op verifier of the shared-memory
// ops (issue 13 item 1; the Gluon async-copy reference, L1) is a diagnostic naming the rule.

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// memdesc elements of whole bytes
// expected-error@+1 {{memdesc elements must be integers or floats of whole bytes, got 'i1'}}
func.func private @f(!tlxamd.memdesc<64x64xi1, #s, #tlxamd.shared_memory>)

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// a shared layout
// expected-error@+1 {{memdesc layout must be a shared layout}}
func.func private @f(!tlxamd.memdesc<64x64xf16, #b, #tlxamd.shared_memory>)

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// the shared memory space
// expected-error@+1 {{memdesc memory space must be #tlxamd.shared_memory or #tlxamd.tensor_memory, got 3 : i32}}
func.func private @f(!tlxamd.memdesc<64x64xf16, #s, 3 : i32>)

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// rank: tile, optionally after a buffer count
// expected-error@+1 {{memdesc of rank 4 with a rank-2 layout}}
func.func private @f(!tlxamd.memdesc<2x2x64x64xf16, #s, #tlxamd.shared_memory>)

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// buffer count bound
// expected-error@+1 {{buffer count 65 must be between 1 and 64}}
func.func private @f(!tlxamd.memdesc<65x64x64xf16, #s, #tlxamd.shared_memory>)

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// a view inside its allocation
// expected-error@+1 {{the shape [128, 64] exceeds the allocation's shape [64, 64]}}
func.func private @f(!tlxamd.memdesc<128x64xf16, #s, #tlxamd.shared_memory, mutable, 64x64>)

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// the layout's shape rules
// expected-error@+1 {{shared tile dimension 0 is 48; it must be a positive power of two}}
func.func private @f(!tlxamd.memdesc<48x64xf16, #s, #tlxamd.shared_memory>)

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// an allocation without a value is mutable
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{an allocation without an initial value must be mutable}}
  %m = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// initial value of the tile's shape
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{tensor shape [32, 64] differs from the tile shape [64, 64]}}
  %m = tlxamd.local_alloc %x32 : (tensor<32x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// initial value of the tile's elements
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{tensor elements 'f32' differ from the descriptor's 'f16'}}
  %m = tlxamd.local_alloc %xf : (tensor<64x64xf32, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// load one buffer
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{cannot load a multi-buffered descriptor (2 buffers): select one with tlxamd.memdesc_index}}
  %t = tlxamd.local_load %mb : !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable> -> tensor<64x64xf16, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// store into a mutable tile
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{stores into an immutable descriptor}}
  tlxamd.local_store %x, %mi : tensor<64x64xf16, #b>, !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// dealloc the allocation, not a view
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  %c0 = arith.constant 0 : i32
  %v = tlxamd.memdesc_index %mb[%c0] : !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  // expected-error@+1 {{deallocates a descriptor that is not an allocation}}
  tlxamd.local_dealloc %v : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// index a buffer dimension
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{indexes a descriptor without a buffer dimension}}
  %v = tlxamd.memdesc_index %mm[%c0] : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// index result is one buffer
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{result must be one buffer of the source: its tile shape [64, 64]}}
  %v = tlxamd.memdesc_index %mb[%c0] : !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// constant index in range
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  %c2 = arith.constant 2 : i32
  // expected-error@+1 {{buffer index 2 is outside the 2 buffers}}
  %v = tlxamd.memdesc_index %mb[%c2] : !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// subslice offset per dimension
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{has 1 offsets for a rank-2 descriptor}}
  %v = tlxamd.memdesc_subslice %mm[0] : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<32x64xf16, #s, #tlxamd.shared_memory, mutable, 64x64>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// subslice inside the source
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{sub-tile [64, 96) of dimension 0 is outside the source's 64 elements}}
  %v = tlxamd.memdesc_subslice %mm[64, 0] : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<32x64xf16, #s, #tlxamd.shared_memory, mutable, 64x64>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// subslice aligned to its size
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{offset 16 of dimension 0 must be a multiple of the sub-tile's 32 elements}}
  %v = tlxamd.memdesc_subslice %mm[16, 0] : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<32x64xf16, #s, #tlxamd.shared_memory, mutable, 64x64>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// subslice keeps the allocation
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{result must keep the source's element type, layout, memory space, mutability and allocation shape [64, 64]}}
  %v = tlxamd.memdesc_subslice %mm[32, 0] : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<32x64xf16, #s, #tlxamd.shared_memory, mutable>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// subslice one buffer
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{slices a multi-buffered descriptor}}
  %v = tlxamd.memdesc_subslice %mb[0, 0, 0] : !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<1x64x64xf16, #s, #tlxamd.shared_memory, mutable, 2x64x64>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// L1: copy into a mutable tile
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{copies into an immutable descriptor (L1)}}
  tlxamd.buffer_load_to_shared %mi, %p[%o] : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>, !tlxamd.ptr<f16>, tensor<64x64xi32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// L1: copy into one buffer
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{copies into a multi-buffered descriptor (2 buffers): select one with tlxamd.memdesc_index (L1)}}
  tlxamd.buffer_load_to_shared %mb, %p[%o] : !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<f16>, tensor<64x64xi32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// L1: pointer to the tile's elements
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{pointer to 'f32' but the descriptor holds 'f16' (L1)}}
  tlxamd.buffer_load_to_shared %mm, %pf[%o] : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<f32>, tensor<64x64xi32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// L1: offsets of the tile's shape
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{offsets of shape [32, 64] for a tile of shape [64, 64] (L1)}}
  tlxamd.buffer_load_to_shared %mm, %p[%o32] : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<f16>, tensor<32x64xi32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// L1: other like the result
func.func @f(%x: tensor<64x64xf16, #b>, %x32: tensor<32x64xf16, #b>, %xf: tensor<64x64xf32, #b>, %p: !tlxamd.ptr<f16>, %pf: !tlxamd.ptr<f32>, %o: tensor<64x64xi32, #b>, %o32: tensor<32x64xi32, #b>) {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mm = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %mi = tlxamd.local_alloc %x : (tensor<64x64xf16, #b>) -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory>
  // expected-error@+1 {{other must have the offsets' shape and layout and the tile's element type 'f16' (L1)}}
  tlxamd.buffer_load_to_shared %mm, %p[%o] other %xf : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<f16>, tensor<64x64xi32, #b>, tensor<64x64xf32, #b>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// no use of an allocation (or of a view of it) after its dealloc
func.func @f(%x: tensor<64x64xf16, #b>) -> tensor<64x64xf16, #b> {
  %mb = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %c0 = arith.constant 0 : i32
  %v = tlxamd.memdesc_index %mb[%c0] : !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  tlxamd.local_store %x, %v : tensor<64x64xf16, #b>, !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  // expected-error@+1 {{deallocates shared memory that is used after it}}
  tlxamd.local_dealloc %mb : !tlxamd.memdesc<2x64x64xf16, #s, #tlxamd.shared_memory, mutable>
  // expected-note@+1 {{used here}}
  %t = tlxamd.local_load %v : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable> -> tensor<64x64xf16, #b>
  return %t : tensor<64x64xf16, #b>
}

// -----

#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// ... nor a second dealloc, nor a use nested in an op that follows it
func.func @f(%n: i32) {
  %m = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  // expected-error@+1 {{deallocates shared memory that is used after it}}
  tlxamd.local_dealloc %m : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-note@+1 {{used here}}
    tlxamd.local_dealloc %m : !tlxamd.memdesc<64x64xf16, #s, #tlxamd.shared_memory, mutable>
  }
  return
}
