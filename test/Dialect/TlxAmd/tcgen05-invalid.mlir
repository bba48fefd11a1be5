// tcgen05 MMAs and MX-scale copies (the TLX tensor-core reference): the static contracts of
// async_dot_scaled (T1, T3, shapes, operand layouts, scales), async_dot,
// tmem_copy (T6) and the uint8 scale buffers (T5, T8), with a positive case.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#raw = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 8, transposed = false, rank = 4}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!bt = !tlxamd.memdesc<128x128xf8E5M2, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
!ss = !tlxamd.memdesc<1x1x32x16xi8, #raw, #tlxamd.shared_memory, mutable>
!bar = !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
func.func @ok(%a: !a, %b: !bt, %acc: !acc, %as: !sc, %bs: !ss, %u: i1, %bar: !bar) {
  tlxamd.tmem_copy %bs, %as : !ss, !sc
  tlxamd.async_dot_scaled %a, %b, %acc, %as, %bs, %u barriers(%bar : !bar) a_format = "e4m3" b_format = "e5m2" : !a, !bt, !acc, !sc, !ss
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xi8, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
func.func @t3_bf16(%a: !a, %acc: !acc, %s: !sc, %u: i1) {
  // expected-error @+1 {{T3: A_format is one of the FP8 / FP6 / FP4 kinds of kind::mxf8f6f4 (e4m3, e5m2, e2m3, e3m2, e2m1), got "bf16"}}
  tlxamd.async_dot_scaled %a, %a, %acc, %s, %s, %u a_format = "bf16" b_format = "e4m3" : !a, !a, !acc, !sc, !sc
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
func.func @t3_unknown(%a: !a, %acc: !acc, %s: !sc, %u: i1) {
  // expected-error @+1 {{T3: B_format is one of the FP8 / FP6 / FP4 kinds of kind::mxf8f6f4 (e4m3, e5m2, e2m3, e3m2, e2m1), got "e8m0"}}
  tlxamd.async_dot_scaled %a, %a, %acc, %s, %s, %u a_format = "e4m3" b_format = "e8m0" : !a, !a, !acc, !sc, !sc
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
func.func @t3_element(%a: !a, %acc: !acc, %s: !sc, %u: i1) {
  // expected-error @+1 {{A in format e5m2 holds f8E5M2 or i8, got 'f8E4M3FN'}}
  tlxamd.async_dot_scaled %a, %a, %acc, %s, %s, %u a_format = "e5m2" b_format = "e4m3" : !a, !a, !acc, !sc, !sc
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 256, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<128x256xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x256xf32, #tm, #tlxamd.tensor_memory, mutable>
!sa = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
!sb = !tlxamd.memdesc<256x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
func.func @t1_b_split(%a: !a, %b: !b, %acc: !acc, %sa: !sa, %sb: !sb, %u: i1) {
  // expected-error @+1 {{T1: with two_ctas each CTA holds half of B's columns (N / 2 = 128), got 256}}
  tlxamd.async_dot_scaled %a, %b, %acc, %sa, %sb, %u a_format = "e4m3" b_format = "e4m3" two_ctas : !a, !b, !acc, !sa, !sb
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 256, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x256xf32, #tm, #tlxamd.tensor_memory, mutable>
!sa = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
func.func @t1_b_scale_full(%a: !a, %b: !b, %acc: !acc, %sa: !sa, %u: i1) {
  // expected-error @+1 {{B_scale is [256, 4] (one scale per 32 K elements), got [128, 4]}}
  tlxamd.async_dot_scaled %a, %b, %acc, %sa, %sa, %u a_format = "e4m3" b_format = "e4m3" two_ctas : !a, !b, !acc, !sa, !sa
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x64xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<64x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
// expected-error @+1 {{MX scales in tensor memory are rows x (K / 32) in whole blocks of 128 rows x 4 scales (one per 32 K elements); got [128, 2]}}
!sc = !tlxamd.memdesc<128x2xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
func.func @scale_blocks(%a: !a, %b: !b, %acc: !acc, %s: !sc, %u: i1) {
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 8, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<128x8xf8E4M3FN, #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 8, transposed = false}>, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x8xf32, #tm, #tlxamd.tensor_memory, mutable>
func.func @shape(%a: !tlxamd.memdesc<128x16xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 32, element_bits = 16, transposed = false}>, #tlxamd.shared_memory, mutable>, %b: !tlxamd.memdesc<16x8xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 16, transposed = false}>, #tlxamd.shared_memory, mutable>, %acc: !acc, %u: i1) {
  // expected-error @+1 {{the MMA is M x N = 128 x 8; tcgen05.mma takes M = 128 with N a multiple of 16 up to 256}}
  tlxamd.async_dot %a, %b, %acc, %u : !tlxamd.memdesc<128x16xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 32, element_bits = 16, transposed = false}>, #tlxamd.shared_memory, mutable>, !tlxamd.memdesc<16x8xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 16, transposed = false}>, #tlxamd.shared_memory, mutable>, !acc
  return
}

// -----

#sw = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#raw = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 16, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 64, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x64xf16, #sw, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<64x64xf16, #raw, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x64xf32, #tm, #tlxamd.tensor_memory, mutable>
func.func @unswizzled(%a: !a, %b: !b, %acc: !acc, %u: i1) {
  // expected-error @+1 {{B: a tcgen05.mma operand is a swizzled nvmma_shared tile (32, 64 or 128 bytes)}}
  tlxamd.async_dot %a, %b, %acc, %u : !a, !b, !acc
  return
}

// -----

#sw = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 32, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 64, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x64xf32, #sw, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x64xf32, #tm, #tlxamd.tensor_memory, mutable>
func.func @f16_kind(%a: !a, %acc: !acc, %u: i1) {
  // expected-error @+1 {{multiplies f16 or bf16 tiles of one type (kind::f16), got 'f32' and 'f32'}}
  tlxamd.async_dot %a, %a, %acc, %u : !a, !a, !acc
  return
}

// -----

#sw = #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 16, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 64, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x8xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 16, transposed = false}>, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<8x64xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 16, transposed = false}>, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x64xf32, #tm, #tlxamd.tensor_memory, mutable>
func.func @k_steps(%a: !a, %b: !b, %acc: !acc, %u: i1) {
  // expected-error @+1 {{K = 8 is not a whole number of instructions (16 elements of K each)}}
  tlxamd.async_dot %a, %b, %acc, %u : !a, !b, !acc
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
#tmi = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xi32, #tm, #tlxamd.tensor_memory, mutable>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
func.func @acc_type(%a: !a, %acc: !acc, %s: !sc, %u: i1) {
  // expected-error @+1 {{accumulates into an f32 tile in the standard tensor-memory layout (#tlxamd.tmem), got '!tlxamd.memdesc<128x128xi32}}
  tlxamd.async_dot_scaled %a, %a, %acc, %s, %s, %u a_format = "e4m3" b_format = "e4m3" : !a, !a, !acc, !sc, !sc
  return
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#sw = #tlxamd.nvmma_shared<{swizzle_bytes = 32, element_bits = 8, transposed = false}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
!ss = !tlxamd.memdesc<32x16xi8, #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 8, transposed = false}>, #tlxamd.shared_memory, mutable>
func.func @smem_scale_shape(%a: !a, %acc: !acc, %s: !sc, %ss: !ss, %u: i1) {
  // expected-error @+1 {{B_scale: 128 x 4 scales in shared memory are 1 x 1 blocks of 512 bytes in the scale-factor order, as [1, 1, 32, 16] or [1, 512]; got [32, 16]}}
  tlxamd.async_dot_scaled %a, %a, %acc, %s, %ss, %u a_format = "e4m3" b_format = "e4m3" : !a, !a, !acc, !sc, !ss
  return
}

// -----

#sw = #tlxamd.swizzled_shared<{vec = 4, per_phase = 1, max_phase = 4, order = [3, 2, 1, 0]}>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
!ss = !tlxamd.memdesc<1x1x32x16xi8, #sw, #tlxamd.shared_memory, mutable>
func.func @smem_scale_swizzled(%s: !sc, %ss: !ss) {
  // expected-error @+1 {{the source: the scale blocks are read as they lie: an unswizzled row-major layout, got #tlxamd.swizzled_shared<{vec = 4, per_phase = 1, max_phase = 4, order = [3, 2, 1, 0]}>}}
  tlxamd.tmem_copy %ss, %s : !ss, !sc
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!ss = !tlxamd.memdesc<1x512xi8, #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 8, transposed = false}>, #tlxamd.shared_memory, mutable>
func.func @copy_dest(%acc: !acc, %ss: !ss) {
  // expected-error @+1 {{copies MX scales: the destination is a uint8 tensor-memory buffer in the scales layout, got '!tlxamd.memdesc<128x128xf32}}
  tlxamd.tmem_copy %ss, %acc : !ss, !acc
  return
}

// -----

// T8's shape rule: the doc's (BLOCK_M // 128, BLOCK_K // 32) cannot hold
// BLOCK_M rows of scales.
// expected-error @+1 {{MX scales in tensor memory are rows x (K / 32) in whole blocks of 128 rows x 4 scales (one per 32 K elements); got [1, 4]}}
func.func @scale_rows(%s: !tlxamd.memdesc<1x1x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>) {
  return
}

// -----

// expected-error @+1 {{#tlxamd.tmem_placeholder holds uint8 / int8 scales, got 'f32'}}
func.func @placeholder_type(%s: !tlxamd.memdesc<128x4xf32, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>) {
  return
}

// -----

#regs = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [32, 1], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @load_scales(%s: !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>) {
  // expected-error @+1 {{moves 32-bit elements of a tile in the standard tensor-memory layout (#tlxamd.tmem); MX scales reach tensor memory through tmem_copy}}
  %v = tlxamd.tmem_load %s : !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable> -> tensor<128x4xi8, #regs>
  return
}

// -----

func.func @shift_scales(%s: !tlxamd.memdesc<128x8xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>) {
  // expected-error @+1 {{T11: shifts a buffer in the standard tensor-memory layout (#tlxamd.tmem), got #tlxamd.tmem_scales}}
  tlxamd.tmem_shift %s : !tlxamd.memdesc<128x8xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
  return
}

// -----

#pad = #tlxamd.padded_shared<{interval_padding_pairs = [[64, 4]], order = [1, 0]}>
!sc = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
!ss = !tlxamd.memdesc<1x512xi8, #pad, #tlxamd.shared_memory, mutable>
func.func @smem_scale_padded(%s: !sc, %ss: !ss) {
  // expected-error @+1 {{the source: the scale blocks are read as they lie: an unswizzled row-major layout, got #tlxamd.padded_shared}}
  tlxamd.tmem_copy %ss, %s : !ss, !sc
  return
}

// -----

// T7: a resolved scales buffer is one buffer.
// expected-error @+1 {{#tlxamd.tmem_scales is a matrix (T7: scale buffers are not multibuffered; T8: M x K, not 1 x M x K); got rank 3}}
func.func @scales_multibuffered(%s: !tlxamd.memdesc<2x128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>) {
  return
}

// -----

// T8: a resolved scales buffer is M x K.
// expected-error @+1 {{#tlxamd.tmem_scales is a matrix (T7: scale buffers are not multibuffered; T8: M x K, not 1 x M x K); got rank 3}}
func.func @scales_3d(%s: !tlxamd.memdesc<1x128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>) {
  return
}
