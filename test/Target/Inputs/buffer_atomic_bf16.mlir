// A packed BF16 buffer atomic (gfx950 has buffer_atomic_pk_add_bf16,
// gfx942 does not).
#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @buffer_atomic_bf16 {
  // Packed BF16 atomic add returning the old values (B16, B18).
  gpu.func @atomic_bf16(%acc: !tlxamd.ptr<bf16>, %out: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b2>
    %one = arith.constant dense<1.0> : tensor<512xbf16, #b2>
    %old = tlxamd.buffer_atomic_add %acc[%r], %one {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<512xi32, #b2>, tensor<512xbf16, #b2>
    tlxamd.buffer_store %old, %out[%r] : tensor<512xbf16, #b2>, !tlxamd.ptr<bf16>, tensor<512xi32, #b2>
    gpu.return
  }
}
