// Layout assignment rejects what no layout can tile, with a diagnostic
// rather than a crash: a layout-free tensor whose dimension is not a power
// of two.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics --tlxamd-assign-layouts=target=sm_90a

gpu.module @m {
  gpu.func @npot() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{'arith.constant' op result 'tensor<128x24xf32>' has a dimension that is not a power of two: tensors are laid out in power-of-two tiles}}
    %c = arith.constant dense<0.0> : tensor<128x24xf32>
    %d = arith.addf %c, %c : tensor<128x24xf32>
    gpu.return
  }
}
