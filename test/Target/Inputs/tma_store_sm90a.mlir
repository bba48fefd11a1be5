// A 64 x 128 f16 tile per program copied global -> shared -> global through
// the tensor memory accelerator: loaded on an mbarrier (invalidated after
// the wait), stored from the same shared tile to a second descriptor, the
// store's reads waited for.
#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<64x128xf16, #nv, #tlxamd.shared_memory, mutable>
!desc = !tlxamd.tensor_desc<64x128xf16, #nv>
gpu.module @m {
  gpu.func @tma_copy(%in: !desc, %out: !desc) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !bar
    %buf = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %bar, 1 : !bar
    %pid = tlxamd.program_id 0 : i32
    %c64 = arith.constant 64 : i32
    %c0 = arith.constant 0 : i32
    %row = arith.muli %pid, %c64 : i32
    tlxamd.mbarrier_expect_tx %bar, 16384 : !bar
    tlxamd.async_tma_copy_global_to_shared %in[%row, %c0] %buf, %bar : !desc, !tile, !bar
    tlxamd.mbarrier_wait %bar, %c0 : !bar
    tlxamd.mbarrier_invalidate %bar : !bar
    tlxamd.fence_async_shared
    tlxamd.async_tma_copy_shared_to_global %out[%row, %c0] %buf : !desc, !tile
    tlxamd.async_tma_store_wait 0 read
    gpu.return
  }
}
