// Tensor memory (the TLX tensor-core reference): the #tlxamd.tmem layout, tensor-memory
// descriptors and the tmem ops' static checks (T11 for tmem_shift).
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
#regs = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [32, 1], warps_per_cta = [4, 1], order = [1, 0]}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @ok(%bar: !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>, %v: tensor<128x16xf32, #regs>) {
  %t = tlxamd.tmem_alloc : !tlxamd.memdesc<2x128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
  %c0 = arith.constant 0 : i32
  %b0 = tlxamd.memdesc_index %t[%c0] : !tlxamd.memdesc<2x128x16xf32, #tm, #tlxamd.tensor_memory, mutable> -> !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
  tlxamd.tmem_store %v, %b0 : tensor<128x16xf32, #regs>, !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
  tlxamd.tmem_shift %b0 : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
  tlxamd.tcgen05_commit %bar : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
  tlxamd.mbarrier_wait %bar, %c0 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
  %r = tlxamd.tmem_load %b0 : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable> -> tensor<128x16xf32, #regs>
  return
}

// -----

// expected-error @+1 {{block_m must be 128 (one row per TMEM lane), got 64}}
func.func @block_m(%t: !tlxamd.memdesc<64x16xf32, #tlxamd.tmem<{block_m = 64, block_n = 16, unpacked = true, cta_split = 1}>, #tlxamd.tensor_memory, mutable>) {
  return
}

// -----

// expected-error @+1 {{cta_split must be 1 or 2, got 3}}
func.func @cta_split(%t: !tlxamd.memdesc<128x16xf32, #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 3}>, #tlxamd.tensor_memory, mutable>) {
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
// expected-error @+1 {{tensor memory holds 32-bit elements, one per column (unpacked), here; got 'f16'}}
func.func @f16(%t: !tlxamd.memdesc<128x16xf16, #tm, #tlxamd.tensor_memory, mutable>) {
  return
}

// -----

#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
// expected-error @+1 {{a tensor-memory descriptor's layout is #tlxamd.tmem, #tlxamd.tmem_scales or #tlxamd.tmem_placeholder, got #tlxamd.swizzled_shared}}
func.func @shared_layout(%t: !tlxamd.memdesc<128x16xf32, #b, #tlxamd.tensor_memory, mutable>) {
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 32, unpacked = true, cta_split = 1}>
// expected-error @+1 {{the tile [128, 16] is not the layout's 128 x 32}}
func.func @tile(%t: !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>) {
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 4, unpacked = true, cta_split = 1}>
func.func @t11_columns(%t: !tlxamd.memdesc<128x4xf32, #tm, #tlxamd.tensor_memory, mutable>) {
  // expected-error @+1 {{T11: the buffer's physical columns must be a multiple of 8 (one 32-byte shift segment), got 4}}
  tlxamd.tmem_shift %t : !tlxamd.memdesc<128x4xf32, #tm, #tlxamd.tensor_memory, mutable>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
func.func @t11_immutable(%t: !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory>) {
  // expected-error @+1 {{T11: shifts in place: the buffer must be mutable}}
  tlxamd.tmem_shift %t : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
func.func @t11_rank(%t: !tlxamd.memdesc<2x128x16xf32, #tm, #tlxamd.tensor_memory, mutable>) {
  // expected-error @+1 {{T11: shifts one rank-2 buffer: select it first (memdesc_index)}}
  tlxamd.tmem_shift %t : !tlxamd.memdesc<2x128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
#rows = #tlxamd.blocked<{size_per_thread = [16, 1], threads_per_warp = [8, 4], warps_per_cta = [1, 4], order = [0, 1]}>
func.func @load_layout(%t: !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>) {
  // expected-error @+1 {{the registers are those tcgen05.ld / .st (32x32b) move}}
  %r = tlxamd.tmem_load %t : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable> -> tensor<128x16xf32, #rows>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
func.func @load_shape(%t: !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>) {
  // expected-error @+1 {{moves the whole tile}}
  %r = tlxamd.tmem_load %t : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable> -> tensor<128x8xf32>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
func.func @store_immutable(%t: !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory>, %v: tensor<128x16xf32>) {
  // expected-error @+1 {{stores into an immutable descriptor}}
  tlxamd.tmem_store %v, %t : tensor<128x16xf32>, !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 512, unpacked = true, cta_split = 1}>
func.func @too_many_columns() {
  // expected-error @+1 {{needs 1024 columns of tensor memory; an SM has 512}}
  %t = tlxamd.tmem_alloc : !tlxamd.memdesc<2x128x512xf32, #tm, #tlxamd.tensor_memory, mutable>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
func.func @shared_op_on_tmem(%t: !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>) {
  // expected-error @+1 {{must be tlxamd shared-memory descriptor}}
  %r = tlxamd.local_load %t : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable> -> tensor<128x16xf32>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
func.func @commit_barrier(%t: !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>) {
  // expected-error @+1 {{must be tlxamd shared-memory descriptor}}
  tlxamd.tcgen05_commit %t : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
func.func @alloc_in_branch(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{allocates for the whole kernel: it belongs at the kernel's top level, outside loops and branches}}
    %t = tlxamd.tmem_alloc : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
  }
  return
}

// -----

// expected-error @+1 {{block_n must be a power of two between 1 and 512 columns, got 24}}
func.func @block_n(%t: !tlxamd.memdesc<128x24xf32, #tlxamd.tmem<{block_m = 128, block_n = 24, unpacked = true, cta_split = 1}>, #tlxamd.tensor_memory, mutable>) {
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 256, unpacked = true, cta_split = 1}>
func.func @columns_together() {
  %a = tlxamd.tmem_alloc : !tlxamd.memdesc<128x256xf32, #tm, #tlxamd.tensor_memory, mutable>
  %b = tlxamd.tmem_alloc : !tlxamd.memdesc<128x256xf32, #tm, #tlxamd.tensor_memory, mutable>
  // 256 + 256 + 256 > 512
  // expected-error @+1 {{the kernel's tensor-memory allocations need 768 columns together (each rounded to a power of two of at least 32); an SM has 512}}
  %c = tlxamd.tmem_alloc : !tlxamd.memdesc<128x256xf32, #tm, #tlxamd.tensor_memory, mutable>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 2}>
func.func @cta_pair() {
  // expected-error @+1 {{allocates each CTA's own tile (cta_split = 1): a two-CTA MMA's accumulator is 128 rows in each CTA of the pair}}
  %t = tlxamd.tmem_alloc : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
  return
}
