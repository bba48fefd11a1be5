// Tensor descriptors and the mbarrier / TMA ops reject what the copy engine
// cannot do and operands of the wrong kind, with a diagnostic.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

#s = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
// expected-error @+1 {{a tensor descriptor's layout is the #tlxamd.nvmma_shared layout the copy engine writes}}
func.func private @f(!tlxamd.tensor_desc<64x64xf16, #s>)

// -----

#t = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = true}>
// expected-error @+1 {{the copy engine writes the contiguous dimension last: a tensor descriptor's layout is not transposed}}
func.func private @f(!tlxamd.tensor_desc<64x64xf16, #t>)

// -----

#n = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 16, transposed = false}>
// expected-error @+1 {{a TMA box row is a multiple of 16 bytes; 4 x 'f16' is 8 bytes}}
func.func private @f(!tlxamd.tensor_desc<64x4xf16, #n>)

// -----

#n = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 32, transposed = false}>
// expected-error @+1 {{#tlxamd.nvmma_shared has element_bits = 32 but the elements have 16 bits}}
func.func private @f(!tlxamd.tensor_desc<64x64xf16, #n>)

// -----

#n = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
// expected-error @+1 {{#tlxamd.nvmma_shared with swizzle_bytes = 128 needs at least 64 elements along dimension 1}}
func.func private @f(!tlxamd.tensor_desc<64x32xf16, #n>)

// -----

#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @f(%bar: !tlxamd.memdesc<2xi64, #b, #tlxamd.shared_memory, mutable>) {
  // expected-error @+1 {{barrier must be one mutable i64 in shared memory (!tlxamd.memdesc<1xi64, ..., mutable>; allocate_mbarrier), got '!tlxamd.memdesc<2xi64}}
  tlxamd.mbarrier_init %bar, 1 : !tlxamd.memdesc<2xi64, #b, #tlxamd.shared_memory, mutable>
  return
}

// -----

#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @f(%bar: !tlxamd.memdesc<1xi32, #b, #tlxamd.shared_memory, mutable>, %ph: i32) {
  // expected-error @+1 {{barrier must be one mutable i64 in shared memory}}
  tlxamd.mbarrier_wait %bar, %ph : !tlxamd.memdesc<1xi32, #b, #tlxamd.shared_memory, mutable>
  return
}

// -----

#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @f(%bar: !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory>) {
  // expected-error @+1 {{barrier must be one mutable i64 in shared memory}}
  tlxamd.mbarrier_arrive %bar, 1 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory>
  return
}

// -----

#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @f(%bar: !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>) {
  // expected-error @+1 {{attribute 'count' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 1 whose maximum value is 1048575}}
  tlxamd.mbarrier_init %bar, 0 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
  return
}

// -----

#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @f(%bar: !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>) {
  // expected-error @+1 {{attribute 'bytes' failed to satisfy constraint}}
  tlxamd.mbarrier_expect_tx %bar, 1048576 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @f(%d: !tlxamd.tensor_desc<64x64xf16, #nv>, %t: !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>, %bar: !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>, %c: i32) {
  // expected-error @+1 {{has 1 coordinates for a rank-2 tensor descriptor}}
  tlxamd.async_tma_copy_global_to_shared %d[%c] %t, %bar : !tlxamd.tensor_desc<64x64xf16, #nv>, !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>, !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#nv64 = #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 16, transposed = false}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @f(%d: !tlxamd.tensor_desc<64x64xf16, #nv>, %t: !tlxamd.memdesc<64x64xf16, #nv64, #tlxamd.shared_memory, mutable>, %bar: !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>, %c: i32) {
  // expected-error @+1 {{dest must be a whole tile of the descriptor's shape [64, 64], element type 'f16' and layout #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>}}
  tlxamd.async_tma_copy_global_to_shared %d[%c, %c] %t, %bar : !tlxamd.tensor_desc<64x64xf16, #nv>, !tlxamd.memdesc<64x64xf16, #nv64, #tlxamd.shared_memory, mutable>, !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @f(%d: !tlxamd.tensor_desc<64x64xf16, #nv>, %t: !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable, 128x64>, %bar: !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>, %c: i32) {
  // expected-error @+1 {{dest must be a whole tile of the descriptor's shape}}
  tlxamd.async_tma_copy_global_to_shared %d[%c, %c] %t, %bar : !tlxamd.tensor_desc<64x64xf16, #nv>, !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable, 128x64>, !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @f(%d: !tlxamd.tensor_desc<64x64xf16, #nv>, %t: !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory>, %bar: !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>, %c: i32) {
  // expected-error @+1 {{copies into an immutable descriptor}}
  tlxamd.async_tma_copy_global_to_shared %d[%c, %c] %t, %bar : !tlxamd.tensor_desc<64x64xf16, #nv>, !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory>, !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
  return
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tlxamd.tensor_maps' is an array of {arg, box, element, swizzle} dictionaries on a kernel}}
  gpu.func @k() kernel attributes {tlxamd.num_warps = 1 : i32, tlxamd.tensor_maps = [{arg = 0 : i32}]} {
    gpu.return
  }
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
func.func @f(%d: !tlxamd.tensor_desc<64x64xf16, #nv>, %t: !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>, %c: i32) {
  // expected-error @+1 {{has 1 coordinates for a rank-2 tensor descriptor}}
  tlxamd.async_tma_copy_shared_to_global %d[%c] %t : !tlxamd.tensor_desc<64x64xf16, #nv>, !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
func.func @f(%d: !tlxamd.tensor_desc<64x64xf16, #nv>, %t: !tlxamd.memdesc<64x64xbf16, #nv, #tlxamd.shared_memory, mutable>, %c: i32) {
  // expected-error @+1 {{src must be a whole tile of the descriptor's shape [64, 64], element type 'f16'}}
  tlxamd.async_tma_copy_shared_to_global %d[%c, %c] %t : !tlxamd.tensor_desc<64x64xf16, #nv>, !tlxamd.memdesc<64x64xbf16, #nv, #tlxamd.shared_memory, mutable>
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#nv64 = #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 16, transposed = false}>
func.func @f(%d: !tlxamd.tensor_desc<64x64xf16, #nv>, %t: !tlxamd.memdesc<64x64xf16, #nv64, #tlxamd.shared_memory, mutable>, %c: i32) {
  // expected-error @+1 {{src must be a whole tile of the descriptor's shape}}
  tlxamd.async_tma_copy_shared_to_global %d[%c, %c] %t : !tlxamd.tensor_desc<64x64xf16, #nv>, !tlxamd.memdesc<64x64xf16, #nv64, #tlxamd.shared_memory, mutable>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{attribute 'pendings' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 63}}
  tlxamd.async_tma_store_wait 64 read
  return
}

// -----

#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @f(%bar: !tlxamd.memdesc<2xi64, #b, #tlxamd.shared_memory, mutable>) {
  // expected-error @+1 {{barrier must be one mutable i64 in shared memory}}
  tlxamd.mbarrier_invalidate %bar : !tlxamd.memdesc<2xi64, #b, #tlxamd.shared_memory, mutable>
  return
}
