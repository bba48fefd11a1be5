// A warp-specialized tile copy: the default task (warps 0-3, 40 registers)
// loads two 64 x 128 f16 tiles through the tensor memory accelerator, each
// on its own mbarrier; two consumer tasks (warps 4-7 and 8-11, 232
// registers) each wait for one tile, read it, change its layout through
// shared memory (a barrier of the task's own) and store it to y at the
// tile's rows.
#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [2, 16], warps_per_cta = [4, 1], order = [1, 0]}>
#t = #tlxamd.blocked<{size_per_thread = [8, 1], threads_per_warp = [8, 4], warps_per_cta = [1, 4], order = [0, 1]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<64x128xf16, #nv, #tlxamd.shared_memory, mutable>
!desc = !tlxamd.tensor_desc<64x128xf16, #nv>
gpu.module @m {
  gpu.func @ws_copy(%d: !desc, %y: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar0 = tlxamd.local_alloc : () -> !bar
    %bar1 = tlxamd.local_alloc : () -> !bar
    %buf0 = tlxamd.local_alloc : () -> !tile
    %buf1 = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %bar0, 1 : !bar
    tlxamd.mbarrier_init %bar1, 1 : !bar
    %pid = tlxamd.program_id 0 : i32
    %c128 = arith.constant 128 : i32
    %row = arith.muli %pid, %c128 : i32
    tlxamd.async_tasks num_warps [4, 4, 4] registers [40, 232, 232] {
      %c0 = arith.constant 0 : i32
      %c64 = arith.constant 64 : i32
      %row1 = arith.addi %row, %c64 : i32
      tlxamd.mbarrier_expect_tx %bar0, 16384 : !bar
      tlxamd.async_tma_copy_global_to_shared %d[%row, %c0] %buf0, %bar0 : !desc, !tile, !bar
      tlxamd.mbarrier_expect_tx %bar1, 16384 : !bar
      tlxamd.async_tma_copy_global_to_shared %d[%row1, %c0] %buf1, %bar1 : !desc, !tile, !bar
      tlxamd.async_task_end
    }, {
      %c0 = arith.constant 0 : i32
      tlxamd.mbarrier_wait %bar0, %c0 : !bar
      %v = tlxamd.local_load %buf0 : !tile -> tensor<64x128xf16, #b>
      %w = tlxamd.convert_layout %v : tensor<64x128xf16, #b> -> tensor<64x128xf16, #t>
      %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #t}>>
      %c = tlxamd.make_range 0 to 128 : tensor<128xi32, #tlxamd.slice<{dim = 0, parent = #t}>>
      %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #t}>> -> tensor<64x1xi32, #t>
      %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<128xi32, #tlxamd.slice<{dim = 0, parent = #t}>> -> tensor<1x128xi32, #t>
      %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #t> -> tensor<64x128xi32, #t>
      %cb = tlxamd.broadcast %c2 : tensor<1x128xi32, #t> -> tensor<64x128xi32, #t>
      %rows = tlxamd.splat %row : tensor<64x128xi32, #t>
      %ra = arith.addi %rb, %rows : tensor<64x128xi32, #t>
      %k = arith.constant dense<128> : tensor<64x128xi32, #t>
      %rs = arith.muli %ra, %k : tensor<64x128xi32, #t>
      %o = arith.addi %rs, %cb : tensor<64x128xi32, #t>
      tlxamd.buffer_store %w, %y[%o] : tensor<64x128xf16, #t>, !tlxamd.ptr<f16>, tensor<64x128xi32, #t>
      tlxamd.async_task_end
    }, {
      %c0 = arith.constant 0 : i32
      %c64 = arith.constant 64 : i32
      tlxamd.mbarrier_wait %bar1, %c0 : !bar
      %v = tlxamd.local_load %buf1 : !tile -> tensor<64x128xf16, #b>
      %w = tlxamd.convert_layout %v : tensor<64x128xf16, #b> -> tensor<64x128xf16, #t>
      %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #t}>>
      %c = tlxamd.make_range 0 to 128 : tensor<128xi32, #tlxamd.slice<{dim = 0, parent = #t}>>
      %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #t}>> -> tensor<64x1xi32, #t>
      %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<128xi32, #tlxamd.slice<{dim = 0, parent = #t}>> -> tensor<1x128xi32, #t>
      %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #t> -> tensor<64x128xi32, #t>
      %cb = tlxamd.broadcast %c2 : tensor<1x128xi32, #t> -> tensor<64x128xi32, #t>
      %row1 = arith.addi %row, %c64 : i32
      %rows = tlxamd.splat %row1 : tensor<64x128xi32, #t>
      %ra = arith.addi %rb, %rows : tensor<64x128xi32, #t>
      %k = arith.constant dense<128> : tensor<64x128xi32, #t>
      %rs = arith.muli %ra, %k : tensor<64x128xi32, #t>
      %o = arith.addi %rs, %cb : tensor<64x128xi32, #t>
      tlxamd.buffer_store %w, %y[%o] : tensor<64x128xf16, #t>, !tlxamd.ptr<f16>, tensor<64x128xi32, #t>
      tlxamd.async_task_end
    }
    gpu.return
  }
}
