// RUN: tlx-opt %s -split-input-file -verify-diagnostics --tlxamd-to-llvm=target=sm_90a

// A cache modifier on pointers the buffer path cannot take (i64 offsets)
// where the target has no encoding for it is an error, never silently
// dropped (CDNA3 / CDNA4 carry it as volatile / nontemporal flags:
// Target/pointer-cache-gfx950.mlir).
gpu.module @m {
  gpu.func @k(%src: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %r64 = arith.extsi %r : tensor<256xi32> to tensor<256xi64>
    %ps = tlxamd.splat %src : tensor<256x!tlxamd.ptr<f32>>
    %a = tlxamd.addptr %ps, %r64 : tensor<256x!tlxamd.ptr<f32>>, tensor<256xi64>
    // expected-error@+1 {{cache modifier ".cg" has no encoding on sm_90a for accesses through pointers}}
    %v = tlxamd.load %a cache ".cg" : tensor<256x!tlxamd.ptr<f32>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%dst: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %r = tlxamd.make_range 0 to 32 : tensor<32xi32>
    %r64 = arith.extsi %r : tensor<32xi32> to tensor<32xi64>
    %x = arith.sitofp %r : tensor<32xi32> to tensor<32xf32>
    %pd = tlxamd.splat %dst : tensor<32x!tlxamd.ptr<f32>>
    %d = tlxamd.addptr %pd, %r64 : tensor<32x!tlxamd.ptr<f32>>, tensor<32xi64>
    // expected-error@+1 {{cache modifier ".wt" has no encoding on sm_90a for accesses through pointers}}
    tlxamd.store %x, %d cache ".wt" : tensor<32x!tlxamd.ptr<f32>>
    gpu.return
  }
}
