// Triton-style kernels as the frontend writes them: tensors without
// layouts, loads and stores through `ptr + offsets` (tl.load / tl.store).
// Pointer arguments carry the frontend's assumptions (16-byte aligned,
// buffers below 2 GiB).
gpu.module @m {
  // offs = pid * 1024 + tl.arange(0, 1024); tl.store(dst + offs, tl.load(src + offs))
  gpu.func @copy_f32(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %dst: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32})
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c = arith.constant 1024 : i32
    %base = arith.muli %pid, %c : i32
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %bs = tlxamd.splat %base : tensor<1024xi32>
    %offs = arith.addi %bs, %r : tensor<1024xi32>
    %ps = tlxamd.splat %src : tensor<1024x!tlxamd.ptr<f32>>
    %a = tlxamd.addptr %ps, %offs : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %v = tlxamd.load %a : tensor<1024x!tlxamd.ptr<f32>>
    %pd = tlxamd.splat %dst : tensor<1024x!tlxamd.ptr<f32>>
    %d = tlxamd.addptr %pd, %offs : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    tlxamd.store %v, %d : tensor<1024x!tlxamd.ptr<f32>>
    gpu.return
  }

  // The same with mask = offs < n: a full-width access when the thread's 4
  // elements are in, element accesses at the ragged end.
  gpu.func @copy_f32_masked(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                            %dst: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                            %n: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c = arith.constant 1024 : i32
    %base = arith.muli %pid, %c : i32
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %bs = tlxamd.splat %base : tensor<1024xi32>
    %offs = arith.addi %bs, %r : tensor<1024xi32>
    %ns = tlxamd.splat %n : tensor<1024xi32>
    %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
    %ps = tlxamd.splat %src : tensor<1024x!tlxamd.ptr<f32>>
    %a = tlxamd.addptr %ps, %offs : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %v = tlxamd.load %a mask %m : tensor<1024x!tlxamd.ptr<f32>>
    %pd = tlxamd.splat %dst : tensor<1024x!tlxamd.ptr<f32>>
    %d = tlxamd.addptr %pd, %offs : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    tlxamd.store %v, %d mask %m : tensor<1024x!tlxamd.ptr<f32>>
    gpu.return
  }

  // No range assumption on AMD: global accesses (16-byte aligned vectors);
  // the i64 offsets keep it off the buffer path on NVIDIA too.
  gpu.func @copy_global(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32},
                        %dst: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32})
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %r64 = arith.extsi %r : tensor<1024xi32> to tensor<1024xi64>
    %ps = tlxamd.splat %src : tensor<1024x!tlxamd.ptr<f32>>
    %a = tlxamd.addptr %ps, %r64 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi64>
    %v = tlxamd.load %a : tensor<1024x!tlxamd.ptr<f32>>
    %pd = tlxamd.splat %dst : tensor<1024x!tlxamd.ptr<f32>>
    %d = tlxamd.addptr %pd, %r64 : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi64>
    tlxamd.store %v, %d : tensor<1024x!tlxamd.ptr<f32>>
    gpu.return
  }
}
