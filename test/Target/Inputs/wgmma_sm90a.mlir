// Hopper's warpgroup MMA as a kernel (layouts inferred): two 128 x 64 x
// 64 bf16 products of nvmma tiles (A K-major, B MN-major; B written by the
// threads, so the MMA orders their writes before it) into one f32
// accumulator over 8 warps (two warpgroups), the second accumulating,
// then waited on (twice: the second wait's group is retired by the
// first) and stored.
#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
!a = !tlxamd.memdesc<128x64xbf16, #a, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<64x64xbf16, #a, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @wgmma(%y: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 8 : i32} {
    %a = tlxamd.local_alloc : () -> !a
    %b = tlxamd.local_alloc : () -> !b
    %one = arith.constant dense<1.0> : tensor<64x64xbf16>
    tlxamd.local_store %one, %b : tensor<64x64xbf16>, !b
    %d0 = tlxamd.warpgroup_dot %a, %b : !a, !b -> tensor<128x64xf32>
    %d1 = tlxamd.warpgroup_dot %a, %b, %d0 : tensor<128x64xf32> : !a, !b -> tensor<128x64xf32>
    %d0w = tlxamd.warpgroup_dot_wait %d1 pendings = 0 : tensor<128x64xf32>
    %d = tlxamd.warpgroup_dot_wait %d0w pendings = 1 : tensor<128x64xf32>
    %r = tlxamd.make_range 0 to 128 : tensor<128xi32>
    %c = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %k = arith.constant dense<64> : tensor<128x1xi32>
    %rs = arith.muli %r2, %k : tensor<128x1xi32>
    %rb = tlxamd.broadcast %rs : tensor<128x1xi32> -> tensor<128x64xi32>
    %cb = tlxamd.broadcast %c2 : tensor<1x64xi32> -> tensor<128x64xi32>
    %o = arith.addi %rb, %cb : tensor<128x64xi32>
    tlxamd.buffer_store %d, %y[%o] : tensor<128x64xf32>, !tlxamd.ptr<f32>, tensor<128x64xi32>
    gpu.return
  }
}
