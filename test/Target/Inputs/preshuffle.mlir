// Preshuffled B loads with explicit lane layouts: an FP6 fragment per lane
// (load_fragment) and an FP4 plane at a wave-uniform K tile (load_at,
// streaming), stored back row by row.
#lanes = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
#rows32 = #tlxamd.blocked<{size_per_thread = [1, 32], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
#rows16 = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1], warps_per_cta = [1, 1], order = [1, 0]}>
gpu.module @m {
  gpu.func @fp6_fragment(%b: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                         %out: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                         %n_rows: i32, %k_bytes: i32) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %lane = tlxamd.make_range 0 to 64 : tensor<64xi32, #lanes>
    %c16 = arith.constant dense<16> : tensor<64xi32, #lanes>
    %c24 = arith.constant dense<24> : tensor<64xi32, #lanes>
    %n = arith.remui %lane, %c16 : tensor<64xi32, #lanes>
    %g = arith.divui %lane, %c16 : tensor<64xi32, #lanes>
    %k = arith.muli %g, %c24 : tensor<64xi32, #lanes>
    %bytes = arith.muli %n_rows, %k_bytes : i32
    %f = tlxamd.preshuffled_b_load %b[%n, %k], %k_bytes, %bytes {lane_bytes = 24 : i32}
        : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x32xi8, #rows32>
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #rows32}>>
    %c = tlxamd.make_range 0 to 32 : tensor<32xi32, #tlxamd.slice<{dim = 0, parent = #rows32}>>
    %re = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #rows32}>> -> tensor<64x1xi32, #rows32>
    %ce = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #tlxamd.slice<{dim = 0, parent = #rows32}>> -> tensor<1x32xi32, #rows32>
    %s32 = arith.constant dense<32> : tensor<64x1xi32, #rows32>
    %rs = arith.muli %re, %s32 : tensor<64x1xi32, #rows32>
    %rb = tlxamd.broadcast %rs : tensor<64x1xi32, #rows32> -> tensor<64x32xi32, #rows32>
    %cb = tlxamd.broadcast %ce : tensor<1x32xi32, #rows32> -> tensor<64x32xi32, #rows32>
    %o = arith.addi %rb, %cb : tensor<64x32xi32, #rows32>
    %fp = tlxamd.require_layout %f : tensor<64x32xi8, #rows32> -> tensor<64x32xi8, #rows32>
    tlxamd.buffer_store %fp, %out[%o] {contiguity = 16 : i32} : tensor<64x32xi8, #rows32>, !tlxamd.ptr<i8>, tensor<64x32xi32, #rows32>
    gpu.return
  }

  gpu.func @fp4_plane(%b: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                      %out: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                      %n_rows: i32, %k_bytes: i32, %k_tile: i32) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %lane = tlxamd.make_range 0 to 64 : tensor<64xi32, #lanes>
    %c16 = arith.constant dense<16> : tensor<64xi32, #lanes>
    %n = arith.remui %lane, %c16 : tensor<64xi32, #lanes>
    %g = arith.divui %lane, %c16 : tensor<64xi32, #lanes>
    %k = arith.muli %g, %c16 : tensor<64xi32, #lanes>
    %off = tlxamd.preshuffled_b_lane_offset %n, %k, %k_bytes {lane_bytes = 16 : i32} : tensor<64xi32, #lanes>
    %c64 = arith.constant 64 : i32
    %ku = arith.muli %k_tile, %c64 : i32
    %bytes = arith.muli %n_rows, %k_bytes : i32
    %p = tlxamd.preshuffled_b_load_at %b[%off], %ku, %bytes {lane_bytes = 16 : i32, cache_policy = "streaming"}
        : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #rows16>
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #rows16}>>
    %c = tlxamd.make_range 0 to 16 : tensor<16xi32, #tlxamd.slice<{dim = 0, parent = #rows16}>>
    %re = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #rows16}>> -> tensor<64x1xi32, #rows16>
    %ce = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<16xi32, #tlxamd.slice<{dim = 0, parent = #rows16}>> -> tensor<1x16xi32, #rows16>
    %s16 = arith.constant dense<16> : tensor<64x1xi32, #rows16>
    %rs = arith.muli %re, %s16 : tensor<64x1xi32, #rows16>
    %rb = tlxamd.broadcast %rs : tensor<64x1xi32, #rows16> -> tensor<64x16xi32, #rows16>
    %cb = tlxamd.broadcast %ce : tensor<1x16xi32, #rows16> -> tensor<64x16xi32, #rows16>
    %o = arith.addi %rb, %cb : tensor<64x16xi32, #rows16>
    %pp = tlxamd.require_layout %p : tensor<64x16xi8, #rows16> -> tensor<64x16xi8, #rows16>
    tlxamd.buffer_store %pp, %out[%o] {contiguity = 16 : i32} : tensor<64x16xi8, #rows16>, !tlxamd.ptr<i8>, tensor<64x16xi32, #rows16>
    gpu.return
  }
}
