// A kernel that takes a tensor descriptor and does not use it.
#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 32, transposed = false}>
gpu.module @m {
  gpu.func @unused(%d: !tlxamd.tensor_desc<32x16xf32, #nv>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    gpu.return
  }
}
