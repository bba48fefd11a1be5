// Elementwise math (tl.exp, tl.log, ...) on f32 and bf16, layout-free.
gpu.module @m {
  gpu.func @math_f32(%p: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %ps = tlxamd.splat %p : tensor<64x!tlxamd.ptr<f32>>
    %a = tlxamd.addptr %ps, %r : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi32>
    %x = tlxamd.load %a : tensor<64x!tlxamd.ptr<f32>>
    %e = math.exp %x : tensor<64xf32>
    %e2 = math.exp2 %e : tensor<64xf32>
    %l = math.log %e2 : tensor<64xf32>
    %l2 = math.log2 %l : tensor<64xf32>
    %s = math.sin %l2 : tensor<64xf32>
    %c = math.cos %s : tensor<64xf32>
    %q = math.sqrt %c : tensor<64xf32>
    %qa = math.sqrt %q fastmath<afn> : tensor<64xf32>
    %rq = math.rsqrt %qa : tensor<64xf32>
    %ab = math.absf %rq : tensor<64xf32>
    %f = math.fma %ab, %x, %x : tensor<64xf32>
    tlxamd.store %f, %a : tensor<64x!tlxamd.ptr<f32>>
    gpu.return
  }
  gpu.func @exp_bf16(%p: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %ps = tlxamd.splat %p : tensor<64x!tlxamd.ptr<bf16>>
    %a = tlxamd.addptr %ps, %r : tensor<64x!tlxamd.ptr<bf16>>, tensor<64xi32>
    %x = tlxamd.load %a : tensor<64x!tlxamd.ptr<bf16>>
    %e = math.exp %x : tensor<64xbf16>
    tlxamd.store %e, %a : tensor<64x!tlxamd.ptr<bf16>>
    gpu.return
  }
  gpu.func @sqrt_f64(%p: !tlxamd.ptr<f64>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %x = tlxamd.load %p : !tlxamd.ptr<f64>
    %s = math.sqrt %x : f64
    tlxamd.store %s, %p : !tlxamd.ptr<f64>
    gpu.return
  }
}
