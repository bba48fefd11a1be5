// RUN: tlx-opt %s -split-input-file -verify-diagnostics --tlxamd-to-llvm=target=gfx950
// RUN: tlx-opt %s -split-input-file -verify-diagnostics --tlxamd-to-llvm=target=sm_90a

// A cache modifier on pointers the buffer path cannot take (i64 offsets)
// is an error, never silently dropped.
gpu.module @m {
  gpu.func @k(%src: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %r64 = arith.extsi %r : tensor<256xi32> to tensor<256xi64>
    %ps = tlxamd.splat %src : tensor<256x!tlxamd.ptr<f32>>
    %a = tlxamd.addptr %ps, %r64 : tensor<256x!tlxamd.ptr<f32>>, tensor<256xi64>
    // expected-error@+1 {{cache modifier ".cg" is lowered on the buffer path only}}
    %v = tlxamd.load %a cache ".cg" : tensor<256x!tlxamd.ptr<f32>>
    gpu.return
  }
}

// -----

// Math with no native lowering (f64 exp) would call a device library that
// kernels are not linked with: an error naming the op, not a link failure.
gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f64>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %x = tlxamd.load %p : !tlxamd.ptr<f64>
    %s = math.sqrt %x : f64
    // expected-error@+1 {{math function with no lowering}}
    %e = math.exp %s : f64
    tlxamd.store %e, %p : !tlxamd.ptr<f64>
    gpu.return
  }
}
