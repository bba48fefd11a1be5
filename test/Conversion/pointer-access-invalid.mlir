// RUN: tlx-opt %s -split-input-file -verify-diagnostics --tlxamd-to-llvm=target=gfx950
// RUN: tlx-opt %s -split-input-file -verify-diagnostics --tlxamd-to-llvm=target=sm_90a

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
