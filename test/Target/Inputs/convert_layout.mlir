// A tile loaded in a blocked layout, moved to an MFMA accumulator layout
// (through shared memory: elements change threads) and stored from there,
// then moved to a layout that only reorders registers (no data movement).
#blk = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [2, 2], order = [1, 0]}>
#mfma = #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>
#rows = #tlxamd.slice<{dim = 1, parent = #blk}>
#cols = #tlxamd.slice<{dim = 0, parent = #blk}>
#mrows = #tlxamd.slice<{dim = 1, parent = #mfma}>
#mcols = #tlxamd.slice<{dim = 0, parent = #mfma}>
// #blk with its register repetitions listed before the in-block registers.
#perm = #tlxamd.linear<{register = [[16, 0], [32, 0], [0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[0, 32], [8, 0]], block = []}>
// One element per thread per 32-row tile, the lane grid of a warp in
// row-major and in column-major order; warps and register repetitions alike.
#lsrc = #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#ldst = #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [0, 1]}>
#lrows = #tlxamd.slice<{dim = 1, parent = #lsrc}>
#lcols = #tlxamd.slice<{dim = 0, parent = #lsrc}>
gpu.module @convert_layout {
  gpu.func @blocked_to_mfma(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %i = tlxamd.make_range 0 to 64 : tensor<64xi32, #rows>
    %j = tlxamd.make_range 0 to 64 : tensor<64xi32, #cols>
    %i2 = tlxamd.expand_dims %i {axis = 1 : i32} : tensor<64xi32, #rows> -> tensor<64x1xi32, #blk>
    %j2 = tlxamd.expand_dims %j {axis = 0 : i32} : tensor<64xi32, #cols> -> tensor<1x64xi32, #blk>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blk>
    %r = arith.muli %i2, %c64 : tensor<64x1xi32, #blk>
    %rb = tlxamd.broadcast %r : tensor<64x1xi32, #blk> -> tensor<64x64xi32, #blk>
    %cb = tlxamd.broadcast %j2 : tensor<1x64xi32, #blk> -> tensor<64x64xi32, #blk>
    %offs = arith.addi %rb, %cb : tensor<64x64xi32, #blk>
    %x = tlxamd.buffer_load %src[%offs] {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<64x64xi32, #blk> -> tensor<64x64xf32, #blk>
    %y = tlxamd.require_layout %x : tensor<64x64xf32, #blk> -> tensor<64x64xf32, #mfma>
    %mi = tlxamd.make_range 0 to 64 : tensor<64xi32, #mrows>
    %mj = tlxamd.make_range 0 to 64 : tensor<64xi32, #mcols>
    %mi2 = tlxamd.expand_dims %mi {axis = 1 : i32} : tensor<64xi32, #mrows> -> tensor<64x1xi32, #mfma>
    %mj2 = tlxamd.expand_dims %mj {axis = 0 : i32} : tensor<64xi32, #mcols> -> tensor<1x64xi32, #mfma>
    %m64 = arith.constant dense<64> : tensor<64x1xi32, #mfma>
    %mr = arith.muli %mi2, %m64 : tensor<64x1xi32, #mfma>
    %mrb = tlxamd.broadcast %mr : tensor<64x1xi32, #mfma> -> tensor<64x64xi32, #mfma>
    %mcb = tlxamd.broadcast %mj2 : tensor<1x64xi32, #mfma> -> tensor<64x64xi32, #mfma>
    %moffs = arith.addi %mrb, %mcb : tensor<64x64xi32, #mfma>
    tlxamd.buffer_store %y, %dst[%moffs] {contiguity = 4 : i32} : tensor<64x64xf32, #mfma>, !tlxamd.ptr<f32>, tensor<64x64xi32, #mfma>
    gpu.return
  }
  gpu.func @register_permutation(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %i = tlxamd.make_range 0 to 64 : tensor<64xi32, #rows>
    %i2 = tlxamd.expand_dims %i {axis = 1 : i32} : tensor<64xi32, #rows> -> tensor<64x1xi32, #blk>
    %rb = tlxamd.broadcast %i2 : tensor<64x1xi32, #blk> -> tensor<64x64xi32, #blk>
    %x = tlxamd.buffer_load %src[%rb] : !tlxamd.ptr<f32>, tensor<64x64xi32, #blk> -> tensor<64x64xf32, #blk>
    %y = tlxamd.convert_layout %x : tensor<64x64xf32, #blk> -> tensor<64x64xf32, #perm>
    %o = tlxamd.convert_layout %rb : tensor<64x64xi32, #blk> -> tensor<64x64xi32, #perm>
    tlxamd.buffer_store %y, %dst[%o] : tensor<64x64xf32, #perm>, !tlxamd.ptr<f32>, tensor<64x64xi32, #perm>
    gpu.return
  }
  // Elements change lanes within each warp only (the lane grid of a warp
  // transposed): one indexed shuffle per register, no shared memory.
  gpu.func @lane_transpose(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %i = tlxamd.make_range 0 to 64 : tensor<64xi32, #lrows>
    %j = tlxamd.make_range 0 to 8 : tensor<8xi32, #lcols>
    %i2 = tlxamd.expand_dims %i {axis = 1 : i32} : tensor<64xi32, #lrows> -> tensor<64x1xi32, #lsrc>
    %j2 = tlxamd.expand_dims %j {axis = 0 : i32} : tensor<8xi32, #lcols> -> tensor<1x8xi32, #lsrc>
    %cc = arith.constant dense<8> : tensor<64x1xi32, #lsrc>
    %ri = arith.muli %i2, %cc : tensor<64x1xi32, #lsrc>
    %rb = tlxamd.broadcast %ri : tensor<64x1xi32, #lsrc> -> tensor<64x8xi32, #lsrc>
    %cb = tlxamd.broadcast %j2 : tensor<1x8xi32, #lsrc> -> tensor<64x8xi32, #lsrc>
    %offs = arith.addi %rb, %cb : tensor<64x8xi32, #lsrc>
    %x = tlxamd.buffer_load %src[%offs] : !tlxamd.ptr<bf16>, tensor<64x8xi32, #lsrc> -> tensor<64x8xbf16, #lsrc>
    %y = tlxamd.convert_layout %x : tensor<64x8xbf16, #lsrc> -> tensor<64x8xbf16, #ldst>
    %o = tlxamd.convert_layout %offs : tensor<64x8xi32, #lsrc> -> tensor<64x8xi32, #ldst>
    tlxamd.buffer_store %y, %dst[%o] : tensor<64x8xbf16, #ldst>, !tlxamd.ptr<bf16>, tensor<64x8xi32, #ldst>
    gpu.return
  }
}
