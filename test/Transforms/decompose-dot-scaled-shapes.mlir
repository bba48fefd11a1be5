// A dot_scaled whose N is not a power of two on sm_90a: the decomposition
// keeps it off the warpgroup MMA (its operands would need a shared-memory
// tile, which has power-of-two dimensions: building one asserted), and
// layout assignment rejects the tensor with a diagnostic.
// RUN: tlx-opt %s --tlxamd-to-llvm=target=sm_90a -verify-diagnostics

gpu.module @m {
  gpu.func @k(%a: tensor<64x64xi8>, %as: tensor<64x2xi8>, %b: tensor<64x24xi8>, %bs: tensor<24x2xi8>, %c: tensor<64x24xf32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{has a dimension that is not a power of two}}
    %d = tlxamd.dot_scaled %a scale %as, %b scale %bs, %c lhs = "e4m3" rhs = "e4m3" : tensor<64x64xi8> scale tensor<64x2xi8>, tensor<64x24xi8> scale tensor<24x2xi8> -> tensor<64x24xf32>
    gpu.return
  }
}
