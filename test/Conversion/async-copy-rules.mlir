// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx950 -verify-diagnostics
// The Gluon async-copy reference's static rules of buffer_load_to_shared on gfx950 (CDNA4):
// L5 (each lane copies 128 or 32 bits per instruction), L6 (the lanes of a
// warp write one contiguous block: the hardware takes one LDS address per
// warp and puts lane l at l * size), L7 (a swizzled dest only permutes
// within that block). Each is a verifier error before any lowering.
// Accepted: 8 x bf16 per lane (128 bits), the 64 lanes of a warp on 8 rows
// of 64: one block of 512 elements; the swizzle permutes within it (L7).
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
gpu.module @m {
  gpu.func @ok_swizzled(%p: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>>
    %c = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %cb = tlxamd.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %k = arith.constant dense<64> : tensor<64x64xi32, #b>
    %rs = arith.muli %rb, %k : tensor<64x64xi32, #b>
    %o = arith.addi %rs, %cb : tensor<64x64xi32, #b>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    tlxamd.buffer_load_to_shared %buf, %p[%o] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    gpu.return
  }
}

// -----

// Accepted: 32 bits per lane (2 x bf16).
#b = #tlxamd.blocked<{size_per_thread = [1, 2], threads_per_warp = [2, 32], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
gpu.module @m {
  gpu.func @ok_32_bits(%p: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>>
    %c = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %cb = tlxamd.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %k = arith.constant dense<64> : tensor<64x64xi32, #b>
    %rs = arith.muli %rb, %k : tensor<64x64xi32, #b>
    %o = arith.addi %rs, %cb : tensor<64x64xi32, #b>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    tlxamd.buffer_load_to_shared %buf, %p[%o] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    gpu.return
  }
}

// -----

// L5: the offsets are not proven consecutive (a kernel argument), so each
// lane copies one 16-bit element.
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
gpu.module @m {
  gpu.func @unproven_offsets(%p: !tlxamd.ptr<bf16>, %arg: tensor<64x64xi32, #b>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    // expected-error@+1 {{each lane copies 1 x 16-bit elements (16 bits) per instruction; gfx950 (CDNA4 (MI350)) copies 32 or 128 bits per lane (L5): consecutive in the tile 8, proven consecutive offsets 1}}
    tlxamd.buffer_load_to_shared %buf, %p[%arg] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    gpu.return
  }
}

// -----

// L5: 4 x bf16 is 64 bits.
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
gpu.module @m {
  gpu.func @sixty_four_bits(%p: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>>
    %c = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %cb = tlxamd.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %k = arith.constant dense<64> : tensor<64x64xi32, #b>
    %rs = arith.muli %rb, %k : tensor<64x64xi32, #b>
    %o = arith.addi %rs, %cb : tensor<64x64xi32, #b>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    // expected-error@+1 {{each lane copies 4 x 16-bit elements (64 bits) per instruction; gfx950 (CDNA4 (MI350)) copies 32 or 128 bits per lane (L5)}}
    tlxamd.buffer_load_to_shared %buf, %p[%o] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    gpu.return
  }
}

// -----

// L6: lanes run down the rows first: a warp writes 32 rows, not one block.
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [32, 2], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
gpu.module @m {
  gpu.func @lanes_down_rows(%p: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #tlxamd.slice<{dim = 1, parent = #b}>>
    %c = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<128xi32, #tlxamd.slice<{dim = 1, parent = #b}>> -> tensor<128x1xi32, #b>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %rb = tlxamd.broadcast %r2 : tensor<128x1xi32, #b> -> tensor<128x64xi32, #b>
    %cb = tlxamd.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<128x64xi32, #b>
    %k = arith.constant dense<64> : tensor<128x64xi32, #b>
    %rs = arith.muli %rb, %k : tensor<128x64xi32, #b>
    %o = arith.addi %rs, %cb : tensor<128x64xi32, #b>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<128x64xbf16, #s, #tlxamd.shared_memory, mutable>
    // expected-error@+1 {{writes to dest are not coalesced: the 64 lanes of a warp must write one block of 512 consecutive elements (8 per lane), but lane bits write at element offsets 8 64 128 256 512 1024 (L6)}}
    tlxamd.buffer_load_to_shared %buf, %p[%o] : !tlxamd.memdesc<128x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<128x64xi32, #b>
    gpu.return
  }
}

// -----

// L6: padding after every 256 elements splits a warp's 512.
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.padded_shared<{interval_padding_pairs = [[256, 8]], order = [1, 0]}>
gpu.module @m {
  gpu.func @padded_block(%p: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>>
    %c = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %cb = tlxamd.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %k = arith.constant dense<64> : tensor<64x64xi32, #b>
    %rs = arith.muli %rb, %k : tensor<64x64xi32, #b>
    %o = arith.addi %rs, %cb : tensor<64x64xi32, #b>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    // expected-error@+1 {{writes to dest are not coalesced: padding after every 256 elements splits the block of 512 elements a warp writes (L6)}}
    tlxamd.buffer_load_to_shared %buf, %p[%o] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    gpu.return
  }
}

// -----

// L7: the 128-byte NVIDIA swizzle stores 64-column halves of a 128-column
// row apart; a warp's 4 rows x 128 columns land in two separate blocks.
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
gpu.module @m {
  gpu.func @swizzle_across_warps(%p: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>>
    %c = tlxamd.make_range 0 to 128 : tensor<128xi32, #tlxamd.slice<{dim = 0, parent = #b}>>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<128xi32, #tlxamd.slice<{dim = 0, parent = #b}>> -> tensor<1x128xi32, #b>
    %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x128xi32, #b>
    %cb = tlxamd.broadcast %c2 : tensor<1x128xi32, #b> -> tensor<64x128xi32, #b>
    %k = arith.constant dense<128> : tensor<64x128xi32, #b>
    %rs = arith.muli %rb, %k : tensor<64x128xi32, #b>
    %o = arith.addi %rs, %cb : tensor<64x128xi32, #b>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x128xbf16, #s, #tlxamd.shared_memory, mutable>
    // expected-error@+1 {{swizzles across a warp boundary: the 64 lanes of a warp no longer write one block of 512 elements; a swizzle may only permute within it (L7)}}
    tlxamd.buffer_load_to_shared %buf, %p[%o] : !tlxamd.memdesc<64x128xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x128xi32, #b>
    gpu.return
  }
}
