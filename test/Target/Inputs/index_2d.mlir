// out[i, j] = i * 64 + j over a 64x64 tile in a 2-D blocked layout: each
// thread computes its own (row, col) from its lane and warp.
#blk = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [1, 0]}>
#rows = #tlxamd.slice<{dim = 1, parent = #blk}>
#cols = #tlxamd.slice<{dim = 0, parent = #blk}>
gpu.module @index_2d {
  gpu.func @iota_2d(%out: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %i = tlxamd.make_range 0 to 64 : tensor<64xi32, #rows>
    %j = tlxamd.make_range 0 to 64 : tensor<64xi32, #cols>
    %i2 = tlxamd.expand_dims %i {axis = 1 : i32} : tensor<64xi32, #rows> -> tensor<64x1xi32, #blk>
    %j2 = tlxamd.expand_dims %j {axis = 0 : i32} : tensor<64xi32, #cols> -> tensor<1x64xi32, #blk>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blk>
    %row = arith.muli %i2, %c64 : tensor<64x1xi32, #blk>
    %rowb = tlxamd.broadcast %row : tensor<64x1xi32, #blk> -> tensor<64x64xi32, #blk>
    %colb = tlxamd.broadcast %j2 : tensor<1x64xi32, #blk> -> tensor<64x64xi32, #blk>
    %offs = arith.addi %rowb, %colb : tensor<64x64xi32, #blk>
    %v = tlxamd.require_layout %offs : tensor<64x64xi32, #blk> -> tensor<64x64xi32, #blk>
    tlxamd.buffer_store %v, %out[%offs] {contiguity = 4 : i32} : tensor<64x64xi32, #blk>, !tlxamd.ptr<i32>, tensor<64x64xi32, #blk>
    gpu.return
  }
}
