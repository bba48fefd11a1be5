// Gluon's warpgroup_mma with A in registers: a 64 x 32 f16 tile loaded
// from shared memory in the accumulator's dot_operand layout, times a
// 32 x 128 B tile (128-byte swizzle, MN-major), into a version-3 layout
// with warps [4, 2] (two warpgroups side by side along N, instr N = 64);
// waited on and stored.
#s = #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 16, transposed = false}>
#sb = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#v3 = #tlxamd.nvidia_mma<{version = [3, 0], warps_per_cta = [4, 2], instr_shape = [16, 64, 16]}>
#opA = #tlxamd.dot_operand<{op_idx = 0, parent = #v3, k_width = 2}>
!a = !tlxamd.memdesc<64x32xf16, #s, #tlxamd.shared_memory, mutable>
!b = !tlxamd.memdesc<32x128xf16, #sb, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @wgmma_reg_a(%y: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 8 : i32} {
    %as = tlxamd.local_alloc : () -> !a
    %b = tlxamd.local_alloc : () -> !b
    %a = tlxamd.local_load %as : !a -> tensor<64x32xf16, #opA>
    %z = arith.constant dense<0.0> : tensor<64x128xf32, #v3>
    %d0 = tlxamd.warpgroup_dot %a, %b, %z : tensor<64x128xf32, #v3> : tensor<64x32xf16, #opA>, !b -> tensor<64x128xf32, #v3>
    %d = tlxamd.warpgroup_dot_wait %d0 pendings = 0 : tensor<64x128xf32, #v3>
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %c = tlxamd.make_range 0 to 128 : tensor<128xi32>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %k = arith.constant dense<128> : tensor<64x1xi32>
    %rs = arith.muli %r2, %k : tensor<64x1xi32>
    %rb = tlxamd.broadcast %rs : tensor<64x1xi32> -> tensor<64x128xi32>
    %cb = tlxamd.broadcast %c2 : tensor<1x128xi32> -> tensor<64x128xi32>
    %o = arith.addi %rb, %cb : tensor<64x128xi32>
    tlxamd.buffer_store %d, %y[%o] : tensor<64x128xf32, #v3>, !tlxamd.ptr<f32>, tensor<64x128xi32>
    gpu.return
  }
}
