// The TLX tensor-core reference's tmem_shift example as a kernel (layouts inferred): a
// 128 x 16 f32 tile goes to tensor memory, is shifted down a row within
// each 32-row group, committed to a barrier and waited on, then loaded
// back and stored.
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
gpu.module @m {
  gpu.func @shift(%x: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %y: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 128 : tensor<128xi32>
    %c = tlxamd.make_range 0 to 16 : tensor<16xi32>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %k = arith.constant dense<16> : tensor<128x1xi32>
    %rs = arith.muli %r2, %k : tensor<128x1xi32>
    %rb = tlxamd.broadcast %rs : tensor<128x1xi32> -> tensor<128x16xi32>
    %cb = tlxamd.broadcast %c2 : tensor<1x16xi32> -> tensor<128x16xi32>
    %o = arith.addi %rb, %cb : tensor<128x16xi32>
    %v = tlxamd.buffer_load %x[%o] : !tlxamd.ptr<f32>, tensor<128x16xi32> -> tensor<128x16xf32>
    %bufs = tlxamd.tmem_alloc : !tlxamd.memdesc<1x128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
    %c0 = arith.constant 0 : i32
    %buf = tlxamd.memdesc_index %bufs[%c0] : !tlxamd.memdesc<1x128x16xf32, #tm, #tlxamd.tensor_memory, mutable> -> !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
    %bar = tlxamd.local_alloc : () -> !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    tlxamd.mbarrier_init %bar, 1 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    tlxamd.tmem_store %v, %buf : tensor<128x16xf32>, !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
    tlxamd.tmem_shift %buf : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
    tlxamd.tcgen05_commit %bar : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    tlxamd.mbarrier_wait %bar, %c0 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    %s = tlxamd.tmem_load %buf : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable> -> tensor<128x16xf32>
    tlxamd.buffer_store %s, %y[%o] : tensor<128x16xf32>, !tlxamd.ptr<f32>, tensor<128x16xi32>
    gpu.return
  }
}
