// B18: packed 16-bit atomics need the mask uniform over adjacent pairs;
// compilation fails when the axis analysis cannot prove it.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))'

#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  // offsets < n with an unknown n can flip between the two halves of a pair.
  gpu.func @unknown_bound(%acc: !tlxamd.ptr<bf16>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b2>
    %ns = tlxamd.splat %n : tensor<512xi32, #b2>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b2>
    %one = arith.constant dense<1.0> : tensor<512xbf16, #b2>
    // expected-error@+1 {{packed 'bf16' atomics need a mask uniform over adjacent pairs, but the mask analysis proves it only for groups of 1 (contiguity 2)}}
    %old = tlxamd.buffer_atomic_add %acc[%r], %one mask %m {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<512xi32, #b2>, tensor<512xbf16, #b2>
    gpu.return
  }
}

// -----

#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  // The bound rounded down to a multiple of 2 (the document's
  // `mask_boundary - mask_boundary % 4` idiom): pairs never straddle it.
  gpu.func @even_bound(%acc: !tlxamd.ptr<f16>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c1 = arith.constant 1 : i32
    %half = arith.shrsi %n, %c1 : i32
    %even = arith.shli %half, %c1 : i32
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b2>
    %ns = tlxamd.splat %even : tensor<512xi32, #b2>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b2>
    %one = arith.constant dense<1.0> : tensor<512xf16, #b2>
    %old = tlxamd.buffer_atomic_add %acc[%r], %one mask %m {contiguity = 2 : i32} : !tlxamd.ptr<f16>, tensor<512xi32, #b2>, tensor<512xf16, #b2>
    gpu.return
  }
}

// -----

#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  // A block-uniform mask (program id compared with a scalar) is uniform
  // over every pair.
  gpu.func @uniform_mask(%acc: !tlxamd.ptr<bf16>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %p = tlxamd.splat %pid : tensor<512xi32, #b2>
    %ns = tlxamd.splat %n : tensor<512xi32, #b2>
    %m = arith.cmpi slt, %p, %ns : tensor<512xi32, #b2>
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b2>
    %one = arith.constant dense<1.0> : tensor<512xbf16, #b2>
    %old = tlxamd.buffer_atomic_add %acc[%r], %one mask %m {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<512xi32, #b2>, tensor<512xbf16, #b2>
    gpu.return
  }
}
