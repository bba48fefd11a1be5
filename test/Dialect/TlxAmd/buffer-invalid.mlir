// RUN: tlx-opt %s -split-input-file -verify-diagnostics
// Every static rule of buffer_load / buffer_store / buffer_atomic_add (B*).

#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b1 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// B5: contiguity is a positive power of two.
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{contiguity must be a positive power of two, got 3}}
  %v = tlxamd.buffer_load %p[%o] {contiguity = 3 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  return
}

// -----
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{contiguity must be a positive power of two, got 0}}
  %v = tlxamd.buffer_load %p[%o] {contiguity = 0 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  return
}

// -----
// B6: contiguity divides the elements each thread owns.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{contiguity 8 must divide the 4 elements owned by each thread}}
  %v = tlxamd.buffer_load %p[%o] {contiguity = 8 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  return
}

// -----
// B2: ptr is a global-memory pointer.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32, 3>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{ptr must point to global memory (address space 1), got address space 3}}
  %v = tlxamd.buffer_load %p[%o] : !tlxamd.ptr<f32, 3>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  return
}

// -----
// B2: offsets are an i32 tensor.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi64, #b4>) {
  // expected-error@+1 {{operand #1 must be i32 tensor, but got 'tensor<1024xi64}}
  %v = "tlxamd.buffer_load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!tlxamd.ptr<f32>, tensor<1024xi64, #b4>) -> tensor<1024xf32, #b4>
  return
}

// -----
// B7: the result has the pointee's element type.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{result element type 'f16' must match the pointee type 'f32'}}
  %v = tlxamd.buffer_load %p[%o] : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf16, #b4>
  return
}

// -----
// B7: ... and the shape of the offsets.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{result must have the shape of the offsets}}
  %v = tlxamd.buffer_load %p[%o] : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<2048xf32, #b4>
  return
}

// -----
// B3: other needs a mask.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>, %x: tensor<1024xf32, #b4>) {
  // expected-error@+1 {{other requires a mask}}
  %v = "tlxamd.buffer_load"(%p, %o, %x) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (!tlxamd.ptr<f32>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>) -> tensor<1024xf32, #b4>
  return
}

// -----
// B3: the mask has the shape and layout of the offsets.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b1 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>, %m: tensor<1024xi1, #b1>) {
  // expected-error@+1 {{failed to verify that mask has the shape and layout of the offsets, with i1 elements (B3)}}
  %v = "tlxamd.buffer_load"(%p, %o, %m) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!tlxamd.ptr<f32>, tensor<1024xi32, #b4>, tensor<1024xi1, #b1>) -> tensor<1024xf32, #b4>
  return
}

// -----
// B4: documented cache modifiers only.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{cache modifier ".wt" is not one of the load modifiers ".ca", ".cg", ".cs", ".cv"}}
  %v = tlxamd.buffer_load %p[%o] cache ".wt" : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  return
}

// -----
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>, %v: tensor<1024xf32, #b4>) {
  // expected-error@+1 {{cache modifier ".ca" is not one of the store modifiers ".wb", ".cg", ".cs", ".wt"}}
  tlxamd.buffer_store %v, %p[%o] cache ".ca" : tensor<1024xf32, #b4>, !tlxamd.ptr<f32>, tensor<1024xi32, #b4>
  return
}

// -----
// B20: the offset unit is explicit.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{offset_unit (B20) must be one of elements, bytes; got words}}
  %v = tlxamd.buffer_load %p[%o] offset_unit words : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  return
}

// -----
// B9: store contiguity > 1 requires a pinned stored value.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>, %v: tensor<1024xf32, #b4>) {
  // expected-error@+1 {{contiguity 4 requires the stored value to be pinned with tlxamd.require_layout}}
  tlxamd.buffer_store %v, %p[%o] {contiguity = 4 : i32} : tensor<1024xf32, #b4>, !tlxamd.ptr<f32>, tensor<1024xi32, #b4>
  return
}

// -----
// B10: no wider than the physical adjacency of the pinned layout: the
// non-transposed MFMA layout's registers run down a column (adjacent along
// M, not N), the transposed one's along N.
#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>
#blk = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [1, 0]}>
func.func @f(%p: !tlxamd.ptr<bf16>, %o: tensor<64x64xi32, #mfma>, %x: tensor<64x64xbf16, #blk>) {
  %v = tlxamd.require_layout %x : tensor<64x64xbf16, #blk> -> tensor<64x64xbf16, #mfma>
  // expected-error@+1 {{contiguity 8 exceeds the physical adjacency 4 of the pinned layout}}
  tlxamd.buffer_store %v, %p[%o] {contiguity = 8 : i32} : tensor<64x64xbf16, #mfma>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #mfma>
  return
}

// -----
// B11: the store keeps offsets in the value's encoding.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b1 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b1>, %v: tensor<1024xf32, #b4>) {
  // expected-error@+1 {{offsets must have the layout of the stored value}}
  tlxamd.buffer_store %v, %p[%o] : tensor<1024xf32, #b4>, !tlxamd.ptr<f32>, tensor<1024xi32, #b1>
  return
}

// -----
// B11: ... and the mask too.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b1 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>, %v: tensor<1024xf32, #b4>, %m: tensor<1024xi1, #b1>) {
  // expected-error@+1 {{failed to verify that mask has the shape and layout of the offsets, with i1 elements (B3)}}
  "tlxamd.buffer_store"(%v, %p, %o, %m) : (tensor<1024xf32, #b4>, !tlxamd.ptr<f32>, tensor<1024xi32, #b4>, tensor<1024xi1, #b1>) -> ()
  return
}

// -----
// B18: packed 16-bit atomics need contiguity >= 2.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<bf16>, %o: tensor<1024xi32, #b4>, %v: tensor<1024xbf16, #b4>) {
  // expected-error@+1 {{packed 'bf16' atomics need contiguity >= 2, got 1}}
  %r = tlxamd.buffer_atomic_add %p[%o], %v : !tlxamd.ptr<bf16>, tensor<1024xi32, #b4>, tensor<1024xbf16, #b4>
  return
}

// -----
// B17: atomic contiguity follows B6.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f16>, %o: tensor<1024xi32, #b4>, %v: tensor<1024xf16, #b4>) {
  // expected-error@+1 {{contiguity 8 must divide the 4 elements owned by each thread}}
  %r = tlxamd.buffer_atomic_add %p[%o], %v {contiguity = 8 : i32} : !tlxamd.ptr<f16>, tensor<1024xi32, #b4>, tensor<1024xf16, #b4>
  return
}

// -----
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f64>, %o: tensor<1024xi32, #b4>, %v: tensor<1024xf64, #b4>) {
  // expected-error@+1 {{element type 'f64' is not supported (f32, i32, f16, bf16)}}
  %r = tlxamd.buffer_atomic_add %p[%o], %v : !tlxamd.ptr<f64>, tensor<1024xi32, #b4>, tensor<1024xf64, #b4>
  return
}

// -----
// B19: documented orderings and scopes.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>, %v: tensor<1024xf32, #b4>) {
  // expected-error@+1 {{sem (B19) must be one of relaxed, acquire, release, acq_rel; got seq_cst}}
  %r = tlxamd.buffer_atomic_add %p[%o], %v sem seq_cst : !tlxamd.ptr<f32>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>
  return
}

// -----
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>, %v: tensor<1024xf32, #b4>) {
  // expected-error@+1 {{scope (B19) must be one of cta, gpu, sys; got device}}
  %r = tlxamd.buffer_atomic_add %p[%o], %v scope device : !tlxamd.ptr<f32>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>
  return
}

// -----
// B17/B10: an atomic's contiguity may not exceed the physical adjacency of
// the value's layout (2 here: two runs of 2 elements per thread).
#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b2>, %v: tensor<1024xf32, #b2>) {
  // expected-error@+1 {{contiguity 4 exceeds the physical adjacency 2 of the value's layout (B17, B10)}}
  %r = tlxamd.buffer_atomic_add %p[%o], %v {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b2>, tensor<1024xf32, #b2>
  return
}

// -----
// The same atomic within the adjacency verifies.
#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b2>, %v: tensor<1024xf32, #b2>) {
  %r = tlxamd.buffer_atomic_add %p[%o], %v {contiguity = 2 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b2>, tensor<1024xf32, #b2>
  return
}

// -----
// masked_undef (tl.load's unspecified masked-out elements) needs a mask and
// no `other`.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{masked_undef requires a mask and no other}}
  %v = tlxamd.buffer_load %p[%o] {masked_undef} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  return
}

// -----
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>, %m: tensor<1024xi1, #b4>, %x: tensor<1024xf32, #b4>) {
  // expected-error@+1 {{masked_undef requires a mask and no other}}
  %v = tlxamd.buffer_load %p[%o] mask %m other %x {masked_undef} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  return
}
