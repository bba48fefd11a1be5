// The buffer-op example kernel: a masked BF16 copy-and-scale through AMD
// buffer instructions (NVIDIA: predicated global accesses) with 16-byte
// accesses (contiguity 8). The contiguity contract wants the mask uniform
// over each group of 8, so the bound is rounded down to a multiple of 8 as
// the TLX document does (`mask_boundary - mask_boundary % 4`): the axis
// analysis proves the mask uniform and every group is one instruction. The
// store is pinned to its layout, as contiguity > 1 requires.
//
//   tlx-opt masked_copy.mlir --tlxamd-to-llvm=target=gfx950
//   python -m tlxamd.compiler masked_copy.mlir --target gfx950 --emit asm
#blk = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @examples {
  gpu.func @masked_copy(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>, %n: i32, %scale: bf16)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c2048 = arith.constant 2048 : i32
    %start = arith.muli %pid, %c2048 : i32
    %base = tlxamd.splat %start : tensor<2048xi32, #blk>
    %range = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #blk>
    %offs = arith.addi %base, %range : tensor<2048xi32, #blk>
    %c8 = arith.constant 8 : i32
    %tail = arith.remsi %n, %c8 : i32
    %n8 = arith.subi %n, %tail : i32
    %bound = tlxamd.splat %n8 : tensor<2048xi32, #blk>
    %mask = arith.cmpi slt, %offs, %bound : tensor<2048xi32, #blk>
    %x = tlxamd.buffer_load %src[%offs] mask %mask {contiguity = 8 : i32}
        : !tlxamd.ptr<bf16>, tensor<2048xi32, #blk> -> tensor<2048xbf16, #blk>
    %s = tlxamd.splat %scale : tensor<2048xbf16, #blk>
    %y = arith.mulf %x, %s : tensor<2048xbf16, #blk>
    %pinned = tlxamd.require_layout %y : tensor<2048xbf16, #blk> -> tensor<2048xbf16, #blk>
    tlxamd.buffer_store %pinned, %dst[%offs] mask %mask {contiguity = 8 : i32}
        : tensor<2048xbf16, #blk>, !tlxamd.ptr<bf16>, tensor<2048xi32, #blk>
    gpu.return
  }
}
