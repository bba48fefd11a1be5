// Buffer ops with a wave32 layout, for gfx1250 (32-lane waves) and NVIDIA.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @wave32 {
  gpu.func @copy_f32_c4(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b4>
    %v = tlxamd.buffer_load %src[%r] {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<512xi32, #b4> -> tensor<512xf32, #b4>
    %p = tlxamd.require_layout %v : tensor<512xf32, #b4> -> tensor<512xf32, #b4>
    tlxamd.buffer_store %p, %dst[%r] {contiguity = 4 : i32} : tensor<512xf32, #b4>, !tlxamd.ptr<f32>, tensor<512xi32, #b4>
    gpu.return
  }
  gpu.func @other_f8(%src: !tlxamd.ptr<f8E4M3FN>, %dst: !tlxamd.ptr<f8E4M3FN>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b4>
    %ns = tlxamd.splat %n : tensor<512xi32, #b4>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b4>
    %o = arith.constant dense<-7.0> : tensor<512xf8E4M3FN, #b4>
    %v = tlxamd.buffer_load %src[%r] mask %m other %o : !tlxamd.ptr<f8E4M3FN>, tensor<512xi32, #b4> -> tensor<512xf8E4M3FN, #b4>
    tlxamd.buffer_store %v, %dst[%r] : tensor<512xf8E4M3FN, #b4>, !tlxamd.ptr<f8E4M3FN>, tensor<512xi32, #b4>
    gpu.return
  }
}
