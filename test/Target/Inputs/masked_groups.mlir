// Masked buffer kernels as users write them (the README's copy kernel and
// the document's bound idiom), for the split / immediate-offset tests.
#b8 = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @masked_groups {
  // The README kernel: `offsets < n`, contiguity 8, BF16.
  gpu.func @copy_ragged(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c2048 = arith.constant 2048 : i32
    %start = arith.muli %pid, %c2048 : i32
    %base = tlxamd.splat %start : tensor<2048xi32, #b8>
    %range = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #b8>
    %offs = arith.addi %base, %range : tensor<2048xi32, #b8>
    %ns = tlxamd.splat %n : tensor<2048xi32, #b8>
    %mask = arith.cmpi slt, %offs, %ns : tensor<2048xi32, #b8>
    %x = tlxamd.buffer_load %src[%offs] mask %mask {contiguity = 8 : i32} : !tlxamd.ptr<bf16>, tensor<2048xi32, #b8> -> tensor<2048xbf16, #b8>
    %p = tlxamd.require_layout %x : tensor<2048xbf16, #b8> -> tensor<2048xbf16, #b8>
    tlxamd.buffer_store %p, %dst[%offs] mask %mask {contiguity = 8 : i32} : tensor<2048xbf16, #b8>, !tlxamd.ptr<bf16>, tensor<2048xi32, #b8>
    gpu.return
  }
  // The same with the bound rounded down to the group (`n - n % 8`).
  gpu.func @copy_bound(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c2048 = arith.constant 2048 : i32
    %start = arith.muli %pid, %c2048 : i32
    %base = tlxamd.splat %start : tensor<2048xi32, #b8>
    %range = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #b8>
    %offs = arith.addi %base, %range : tensor<2048xi32, #b8>
    %c8 = arith.constant 8 : i32
    %tail = arith.remsi %n, %c8 : i32
    %n8 = arith.subi %n, %tail : i32
    %ns = tlxamd.splat %n8 : tensor<2048xi32, #b8>
    %mask = arith.cmpi slt, %offs, %ns : tensor<2048xi32, #b8>
    %x = tlxamd.buffer_load %src[%offs] mask %mask {contiguity = 8 : i32} : !tlxamd.ptr<bf16>, tensor<2048xi32, #b8> -> tensor<2048xbf16, #b8>
    %p = tlxamd.require_layout %x : tensor<2048xbf16, #b8> -> tensor<2048xbf16, #b8>
    tlxamd.buffer_store %p, %dst[%offs] mask %mask {contiguity = 8 : i32} : tensor<2048xbf16, #b8>, !tlxamd.ptr<bf16>, tensor<2048xi32, #b8>
    gpu.return
  }
  // F32, 8 contiguous elements per thread: two 16-byte groups, the second
  // at +16 bytes.
  gpu.func @copy_f32_c8(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c2048 = arith.constant 2048 : i32
    %start = arith.muli %pid, %c2048 : i32
    %base = tlxamd.splat %start : tensor<2048xi32, #b8>
    %range = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #b8>
    %offs = arith.addi %base, %range : tensor<2048xi32, #b8>
    %c8 = arith.constant 8 : i32
    %tail = arith.remsi %n, %c8 : i32
    %n8 = arith.subi %n, %tail : i32
    %ns = tlxamd.splat %n8 : tensor<2048xi32, #b8>
    %mask = arith.cmpi slt, %offs, %ns : tensor<2048xi32, #b8>
    %x = tlxamd.buffer_load %src[%offs] mask %mask {contiguity = 8 : i32} : !tlxamd.ptr<f32>, tensor<2048xi32, #b8> -> tensor<2048xf32, #b8>
    %p = tlxamd.require_layout %x : tensor<2048xf32, #b8> -> tensor<2048xf32, #b8>
    tlxamd.buffer_store %p, %dst[%offs] mask %mask {contiguity = 8 : i32} : tensor<2048xf32, #b8>, !tlxamd.ptr<f32>, tensor<2048xi32, #b8>
    gpu.return
  }
  // F32 atomics, contiguity 4, mask proven uniform over the 4 (`n - n % 4`).
  gpu.func @atomic_uniform(%acc: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c1024 = arith.constant 1024 : i32
    %start = arith.muli %pid, %c1024 : i32
    %base = tlxamd.splat %start : tensor<1024xi32, #b4>
    %range = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b4>
    %offs = arith.addi %base, %range : tensor<1024xi32, #b4>
    %c4 = arith.constant 4 : i32
    %tail = arith.remsi %n, %c4 : i32
    %n4 = arith.subi %n, %tail : i32
    %ns = tlxamd.splat %n4 : tensor<1024xi32, #b4>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32, #b4>
    %one = arith.constant dense<1.0> : tensor<1024xf32, #b4>
    %old = tlxamd.buffer_atomic_add %acc[%offs], %one mask %mask sem relaxed scope gpu {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>
    gpu.return
  }
  // The same with `offsets < n`: one select per element.
  gpu.func @atomic_ragged(%acc: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c1024 = arith.constant 1024 : i32
    %start = arith.muli %pid, %c1024 : i32
    %base = tlxamd.splat %start : tensor<1024xi32, #b4>
    %range = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b4>
    %offs = arith.addi %base, %range : tensor<1024xi32, #b4>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b4>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32, #b4>
    %one = arith.constant dense<1.0> : tensor<1024xf32, #b4>
    %old = tlxamd.buffer_atomic_add %acc[%offs], %one mask %mask sem relaxed scope gpu {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>
    gpu.return
  }
}
