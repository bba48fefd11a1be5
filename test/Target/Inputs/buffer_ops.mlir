// Buffer-op kernels for the target tests: 4 warps of 64 lanes (gfx9).
#b8 = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b16 = #tlxamd.blocked<{size_per_thread = [16], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @buffer_ops {
  // BF16, contiguity 8: one 16-byte access per thread each way.
  gpu.func @copy_bf16_c8(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #b8>
    %v = tlxamd.buffer_load %src[%r] {contiguity = 8 : i32} : !tlxamd.ptr<bf16>, tensor<2048xi32, #b8> -> tensor<2048xbf16, #b8>
    %p = tlxamd.require_layout %v : tensor<2048xbf16, #b8> -> tensor<2048xbf16, #b8>
    tlxamd.buffer_store %p, %dst[%r] {contiguity = 8 : i32} : tensor<2048xbf16, #b8>, !tlxamd.ptr<bf16>, tensor<2048xi32, #b8>
    gpu.return
  }
  // BF16, contiguity 16: capped at 128 bits, two eight-element accesses (B13).
  gpu.func @copy_bf16_c16(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 4096 : tensor<4096xi32, #b16>
    %v = tlxamd.buffer_load %src[%r] {contiguity = 16 : i32} : !tlxamd.ptr<bf16>, tensor<4096xi32, #b16> -> tensor<4096xbf16, #b16>
    %p = tlxamd.require_layout %v : tensor<4096xbf16, #b16> -> tensor<4096xbf16, #b16>
    tlxamd.buffer_store %p, %dst[%r] {contiguity = 16 : i32} : tensor<4096xbf16, #b16>, !tlxamd.ptr<bf16>, tensor<4096xi32, #b16>
    gpu.return
  }
  // BF16, contiguity 1: scalar accesses (B14).
  gpu.func @copy_bf16_c1(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b2>
    %v = tlxamd.buffer_load %src[%r] : !tlxamd.ptr<bf16>, tensor<512xi32, #b2> -> tensor<512xbf16, #b2>
    tlxamd.buffer_store %v, %dst[%r] : tensor<512xbf16, #b2>, !tlxamd.ptr<bf16>, tensor<512xi32, #b2>
    gpu.return
  }
  // F32, contiguity 4, masked tail with a non-zero `other` (B8).
  gpu.func @masked_f32_c4(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b4>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b4>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b4>
    %o = arith.constant dense<-1.0> : tensor<1024xf32, #b4>
    %v = tlxamd.buffer_load %src[%r] mask %m other %o {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
    %p = tlxamd.require_layout %v : tensor<1024xf32, #b4> -> tensor<1024xf32, #b4>
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 4 : i32} : tensor<1024xf32, #b4>, !tlxamd.ptr<f32>, tensor<1024xi32, #b4>
    gpu.return
  }
  // Cache modifiers on loads and stores (B4).
  gpu.func @cache_modifiers(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b4>
    %a = tlxamd.buffer_load %src[%r] cache ".cg" {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
    %b = tlxamd.buffer_load %src[%r] cache ".cv" {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
    %s = arith.addf %a, %b : tensor<1024xf32, #b4>
    %p = tlxamd.require_layout %s : tensor<1024xf32, #b4> -> tensor<1024xf32, #b4>
    tlxamd.buffer_store %p, %dst[%r] cache ".cs" {contiguity = 4 : i32} : tensor<1024xf32, #b4>, !tlxamd.ptr<f32>, tensor<1024xi32, #b4>
    tlxamd.buffer_store %p, %src[%r] cache ".wt" {contiguity = 4 : i32} : tensor<1024xf32, #b4>, !tlxamd.ptr<f32>, tensor<1024xi32, #b4>
    gpu.return
  }
  // F32 atomic add, masked, relaxed, returning the old values.
  gpu.func @atomic_f32(%acc: !tlxamd.ptr<f32>, %out: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b2>
    %ns = tlxamd.splat %n : tensor<512xi32, #b2>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b2>
    %one = arith.constant dense<1.0> : tensor<512xf32, #b2>
    %old = tlxamd.buffer_atomic_add %acc[%r], %one mask %m sem relaxed : !tlxamd.ptr<f32>, tensor<512xi32, #b2>, tensor<512xf32, #b2>
    tlxamd.buffer_store %old, %out[%r] mask %m : tensor<512xf32, #b2>, !tlxamd.ptr<f32>, tensor<512xi32, #b2>
    gpu.return
  }
}
