// Kernels whose promises the analysis cannot prove: a gather promised
// consecutive in runs of 4 (B12), and packed BF16 atomics whose pairs'
// mask rests on a tl.multiple_of hint (B18).
#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#p = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @sanitize {
  gpu.func @gather(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                   %idx: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                   %dst: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32})
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %i = tlxamd.buffer_load %idx[%r] {contiguity = 4 : i32} : !tlxamd.ptr<i32>, tensor<1024xi32, #b> -> tensor<1024xi32, #b>
    %v = tlxamd.buffer_load %src[%i] {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b> -> tensor<1024xf32, #b>
    %w = tlxamd.require_layout %v : tensor<1024xf32, #b> -> tensor<1024xf32, #b>
    tlxamd.buffer_store %w, %dst[%r] {contiguity = 4 : i32} : tensor<1024xf32, #b>, !tlxamd.ptr<f32>, tensor<1024xi32, #b>
    gpu.return
  }
  gpu.func @atomic_pairs(%acc: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                         %val: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                         %n: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #p>
    %c0 = arith.constant 0 : i32
    %n2 = arith.addi %n, %c0 {tlxamd.divisibility = 2 : i32} : i32
    %ns = tlxamd.splat %n2 : tensor<512xi32, #p>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #p>
    %v = tlxamd.buffer_load %val[%r] {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<512xi32, #p> -> tensor<512xbf16, #p>
    %old = tlxamd.buffer_atomic_add %acc[%r], %v mask %m {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<512xi32, #p>, tensor<512xbf16, #p>
    gpu.return
  }
}
