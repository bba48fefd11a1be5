// A 64 x 128 f16 tile per program through the tensor memory accelerator:
// an mbarrier expects the tile's 16384 bytes, two 64 x 64 boxes (128-byte
// swizzle) land in shared memory, every thread waits for phase 0, reads
// the tile back and stores it.
#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [2, 16], warps_per_cta = [4, 1], order = [1, 0]}>
gpu.module @m {
  gpu.func @tma_tile(%d: !tlxamd.tensor_desc<64x128xf16, #nv>, %y: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x128xf16, #nv, #tlxamd.shared_memory, mutable>
    tlxamd.mbarrier_init %bar, 1 : !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    %pid = tlxamd.program_id 0 : i32
    %c64 = arith.constant 64 : i32
    %c0 = arith.constant 0 : i32
    %row = arith.muli %pid, %c64 : i32
    tlxamd.mbarrier_expect_tx %bar, 16384 : !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    tlxamd.async_tma_copy_global_to_shared %d[%row, %c0] %buf, %bar : !tlxamd.tensor_desc<64x128xf16, #nv>, !tlxamd.memdesc<64x128xf16, #nv, #tlxamd.shared_memory, mutable>, !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    tlxamd.mbarrier_wait %bar, %c0 : !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    %v = tlxamd.local_load %buf : !tlxamd.memdesc<64x128xf16, #nv, #tlxamd.shared_memory, mutable> -> tensor<64x128xf16, #b>
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>>
    %c = tlxamd.make_range 0 to 128 : tensor<128xi32, #tlxamd.slice<{dim = 0, parent = #b}>>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<128xi32, #tlxamd.slice<{dim = 0, parent = #b}>> -> tensor<1x128xi32, #b>
    %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x128xi32, #b>
    %cb = tlxamd.broadcast %c2 : tensor<1x128xi32, #b> -> tensor<64x128xi32, #b>
    %rows = tlxamd.splat %row : tensor<64x128xi32, #b>
    %ra = arith.addi %rb, %rows : tensor<64x128xi32, #b>
    %k = arith.constant dense<128> : tensor<64x128xi32, #b>
    %rs = arith.muli %ra, %k : tensor<64x128xi32, #b>
    %o = arith.addi %rs, %cb : tensor<64x128xi32, #b>
    %vp = tlxamd.require_layout %v : tensor<64x128xf16, #b> -> tensor<64x128xf16, #b>
    tlxamd.buffer_store %vp, %y[%o] {contiguity = 8 : i32} : tensor<64x128xf16, #b>, !tlxamd.ptr<f16>, tensor<64x128xi32, #b>
    gpu.return
  }
}
