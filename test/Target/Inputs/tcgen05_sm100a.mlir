// The TLX tensor-core reference's scaled MMAs as kernels (layouts inferred). @mma_1cta:
// E8M0 scales copied from shared memory into uint8 tensor-memory buffers
// (tcgen05.cp, the placeholder layout resolved), a 128 x 128 x 128 e4m3 x
// e5m2 MMA into a tensor-memory accumulator committed to a barrier
// (mBarriers), waited on, read back and stored. @mma_2cta: the two-CTA
// form with the scales in shared memory (staged into tensor memory by
// tlxamd-resolve-tmem-layouts) and tcgen05_commit(two_ctas=True).
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 8, transposed = false}>
#raw = #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 8, transposed = false, rank = 4}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 128, unpacked = true, cta_split = 1}>
#tm2 = #tlxamd.tmem<{block_m = 128, block_n = 256, unpacked = true, cta_split = 1}>
!a = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<128x128xf8E5M2, #nv, #tlxamd.shared_memory, mutable>
!bh = !tlxamd.memdesc<128x128xf8E4M3FN, #nv, #tlxamd.shared_memory, mutable>
!ss = !tlxamd.memdesc<1x1x32x16xi8, #raw, #tlxamd.shared_memory, mutable>
!ss2 = !tlxamd.memdesc<2x1x32x16xi8, #raw, #tlxamd.shared_memory, mutable>
!ph = !tlxamd.memdesc<1x128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
!p = !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_placeholder, #tlxamd.tensor_memory, mutable>
!accs = !tlxamd.memdesc<1x128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!acc = !tlxamd.memdesc<128x128xf32, #tm, #tlxamd.tensor_memory, mutable>
!acc2 = !tlxamd.memdesc<128x256xf32, #tm2, #tlxamd.tensor_memory, mutable>
!bar = !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @mma_1cta(%y: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %use: i1) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : i32
    %accs = tlxamd.tmem_alloc : !accs
    %as = tlxamd.tmem_alloc : !ph
    %bs = tlxamd.tmem_alloc : !ph
    %acc = tlxamd.memdesc_index %accs[%c0] : !accs -> !acc
    %as0 = tlxamd.memdesc_index %as[%c0] : !ph -> !p
    %bs0 = tlxamd.memdesc_index %bs[%c0] : !ph -> !p
    %a = tlxamd.local_alloc : () -> !a
    %bt = tlxamd.local_alloc : () -> !b
    %sa = tlxamd.local_alloc : () -> !ss
    %sb = tlxamd.local_alloc : () -> !ss
    %bar = tlxamd.local_alloc : () -> !bar
    tlxamd.mbarrier_init %bar, 1 : !bar
    tlxamd.tmem_copy %sa, %as0 : !ss, !p
    tlxamd.tmem_copy %sb, %bs0 : !ss, !p
    tlxamd.async_dot_scaled %a, %bt, %acc, %as0, %bs0, %use barriers(%bar : !bar) a_format = "e4m3" b_format = "e5m2" : !a, !b, !acc, !p, !p
    tlxamd.mbarrier_wait %bar, %c0 : !bar
    %v = tlxamd.tmem_load %acc : !acc -> tensor<128x128xf32>
    %r = tlxamd.make_range 0 to 128 : tensor<128xi32>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %c2 = tlxamd.expand_dims %r {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %k = arith.constant dense<128> : tensor<128x1xi32>
    %rs = arith.muli %r2, %k : tensor<128x1xi32>
    %rb = tlxamd.broadcast %rs : tensor<128x1xi32> -> tensor<128x128xi32>
    %cb = tlxamd.broadcast %c2 : tensor<1x128xi32> -> tensor<128x128xi32>
    %o = arith.addi %rb, %cb : tensor<128x128xi32>
    tlxamd.buffer_store %v, %y[%o] : tensor<128x128xf32>, !tlxamd.ptr<f32>, tensor<128x128xi32>
    gpu.return
  }

  gpu.func @mma_2cta(%use: i1) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_ctas = 2 : i32} {
    %c0 = arith.constant 0 : i32
    %acc = tlxamd.tmem_alloc : !acc2
    %a = tlxamd.local_alloc : () -> !a
    %bt = tlxamd.local_alloc : () -> !bh
    %sa = tlxamd.local_alloc : () -> !ss
    %sb = tlxamd.local_alloc : () -> !ss2
    %bar = tlxamd.local_alloc : () -> !bar
    tlxamd.mbarrier_init %bar, 1 : !bar
    tlxamd.async_dot_scaled %a, %bt, %acc, %sa, %sb, %use a_format = "e4m3" b_format = "e4m3" two_ctas : !a, !bh, !acc2, !ss, !ss2
    tlxamd.tcgen05_commit %bar two_ctas : !bar
    tlxamd.mbarrier_wait %bar, %c0 : !bar
    gpu.return
  }
}
