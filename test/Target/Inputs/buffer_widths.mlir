// Masked buffer loads/stores of 8- and 64-bit elements with a mask the axis
// analysis cannot prove uniform (offs < n): every width must assemble.
#b16 = #tlxamd.blocked<{size_per_thread = [16], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @widths {
  gpu.func @i8_c1(%src: !tlxamd.ptr<i8>, %dst: !tlxamd.ptr<i8>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #b16>
    %nn = tlxamd.splat %n : tensor<2048xi32, #b16>
    %m = arith.cmpi slt, %r, %nn : tensor<2048xi32, #b16>
    %v = tlxamd.buffer_load %src[%r] mask %m : !tlxamd.ptr<i8>, tensor<2048xi32, #b16> -> tensor<2048xi8, #b16>
    tlxamd.buffer_store %v, %dst[%r] mask %m : tensor<2048xi8, #b16>, !tlxamd.ptr<i8>, tensor<2048xi32, #b16>
    gpu.return
  }
  gpu.func @i8_c16(%src: !tlxamd.ptr<i8>, %dst: !tlxamd.ptr<i8>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #b16>
    %nn = tlxamd.splat %n : tensor<2048xi32, #b16>
    %m = arith.cmpi slt, %r, %nn : tensor<2048xi32, #b16>
    %v = tlxamd.buffer_load %src[%r] mask %m {contiguity = 16 : i32} : !tlxamd.ptr<i8>, tensor<2048xi32, #b16> -> tensor<2048xi8, #b16>
    %p = tlxamd.require_layout %v : tensor<2048xi8, #b16> -> tensor<2048xi8, #b16>
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 16 : i32} : tensor<2048xi8, #b16>, !tlxamd.ptr<i8>, tensor<2048xi32, #b16>
    gpu.return
  }
  gpu.func @i64_c2(%src: !tlxamd.ptr<i64>, %dst: !tlxamd.ptr<i64>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #b2>
    %nn = tlxamd.splat %n : tensor<256xi32, #b2>
    %m = arith.cmpi slt, %r, %nn : tensor<256xi32, #b2>
    %v = tlxamd.buffer_load %src[%r] mask %m {contiguity = 2 : i32} : !tlxamd.ptr<i64>, tensor<256xi32, #b2> -> tensor<256xi64, #b2>
    %p = tlxamd.require_layout %v : tensor<256xi64, #b2> -> tensor<256xi64, #b2>
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 2 : i32} : tensor<256xi64, #b2>, !tlxamd.ptr<i64>, tensor<256xi32, #b2>
    gpu.return
  }
  gpu.func @f64_c1(%src: !tlxamd.ptr<f64>, %dst: !tlxamd.ptr<f64>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #b2>
    %nn = tlxamd.splat %n : tensor<256xi32, #b2>
    %m = arith.cmpi slt, %r, %nn : tensor<256xi32, #b2>
    %v = tlxamd.buffer_load %src[%r] mask %m : !tlxamd.ptr<f64>, tensor<256xi32, #b2> -> tensor<256xf64, #b2>
    tlxamd.buffer_store %v, %dst[%r] mask %m : tensor<256xf64, #b2>, !tlxamd.ptr<f64>, tensor<256xi32, #b2>
    gpu.return
  }
}
