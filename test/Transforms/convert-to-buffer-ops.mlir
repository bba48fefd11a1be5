// RUN: tlx-opt %s -split-input-file -tlxamd-convert-to-buffer-ops=target=gfx950 | FileCheck %s --check-prefix=AMD
// RUN: tlx-opt %s -split-input-file -tlxamd-convert-to-buffer-ops=target=sm_90a | FileCheck %s --check-prefix=NV

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// base + pid * 1024 + arange (non-negative), 16-byte aligned base below
// 2 GiB: buffer ops with the contiguity the pointers have (4); the store
// pins its value's layout (B9).
// AMD-LABEL: gpu.func @copy
// AMD: %[[V:.*]] = tlxamd.buffer_load %arg0[%{{.*}}] mask %{{.*}} other %{{.*}} cache ".cg" {contiguity = 4 : i32}
// AMD: %[[P:.*]] = tlxamd.require_layout %[[V]]
// AMD: tlxamd.buffer_store %[[P]], %arg1[%{{.*}}] mask %{{.*}} {contiguity = 4 : i32}
// AMD-NOT: tlxamd.load
// NV-LABEL: gpu.func @copy
// NV: tlxamd.buffer_load {{.*}} {contiguity = 4 : i32}
gpu.module @m {
  gpu.func @copy(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                 %dst: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %n: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c = arith.constant 1024 : i32
    %base = arith.muli %pid, %c : i32
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %bs = tlxamd.splat %base : tensor<1024xi32, #b>
    %offs = arith.addi %bs, %r : tensor<1024xi32, #b>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b>
    %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32, #b>
    %o = arith.constant dense<0.0> : tensor<1024xf32, #b>
    %ps = tlxamd.splat %src : tensor<1024x!tlxamd.ptr<f32>, #b>
    %a = tlxamd.addptr %ps, %offs : tensor<1024x!tlxamd.ptr<f32>, #b>, tensor<1024xi32, #b>
    %v = tlxamd.load %a mask %m other %o cache ".cg" : tensor<1024x!tlxamd.ptr<f32>, #b>
    %pd = tlxamd.splat %dst : tensor<1024x!tlxamd.ptr<f32>, #b>
    %d = tlxamd.addptr %pd, %offs : tensor<1024x!tlxamd.ptr<f32>, #b>, tensor<1024xi32, #b>
    tlxamd.store %v, %d mask %m : tensor<1024x!tlxamd.ptr<f32>, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// (src + row * stride) + cols: the scalar step joins the offsets.
// AMD-LABEL: gpu.func @row
// AMD: %[[S:.*]] = tlxamd.splat %{{.*}} : tensor<1024xi32, #tlxamd.blocked
// AMD: %[[O:.*]] = arith.addi %{{.*}}, %[[S]]
// AMD: tlxamd.buffer_load %arg0[%[[O]]] {contiguity = 4 : i32}
gpu.module @m {
  gpu.func @row(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32})
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c = arith.constant 4096 : i32
    %rowoff = arith.muli %pid, %c : i32
    %rowp = tlxamd.addptr %src, %rowoff : !tlxamd.ptr<f32>, i32
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %ps = tlxamd.splat %rowp : tensor<1024x!tlxamd.ptr<f32>, #b>
    %a = tlxamd.addptr %ps, %r : tensor<1024x!tlxamd.ptr<f32>, #b>, tensor<1024xi32, #b>
    %v = tlxamd.load %a : tensor<1024x!tlxamd.ptr<f32>, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// (src + row * stride) + cols with a runtime stride (Triton's softmax row):
// the step may be negative, so on AMD it stays in the base pointer, which
// the buffer resource takes as it is; the lanes' offsets (cols) are the
// non-negative part. NVIDIA adds it to the offsets.
// AMD-LABEL: gpu.func @row_stride
// AMD: %[[STEP:.*]] = arith.muli %{{.*}}, %arg1 : i32
// AMD: %[[BASE:.*]] = tlxamd.addptr %arg0, %[[STEP]] : !tlxamd.ptr<f32>, i32
// AMD: %[[R:.*]] = tlxamd.make_range
// AMD: tlxamd.buffer_load %[[BASE]][%[[R]]] mask %{{.*}} :
// AMD-NOT: tlxamd.addptr %arg0
// AMD: tlxamd.buffer_store %{{.*}}, %[[BASE]][%[[R]]] mask
// NV-LABEL: gpu.func @row_stride
// NV: tlxamd.buffer_load %arg0[%{{.*}}] mask
gpu.module @m {
  gpu.func @row_stride(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                       %stride: i32, %n: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %rowoff = arith.muli %pid, %stride : i32
    %rowp = tlxamd.addptr %src, %rowoff : !tlxamd.ptr<f32>, i32
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b>
    %ps = tlxamd.splat %rowp : tensor<1024x!tlxamd.ptr<f32>, #b>
    %a = tlxamd.addptr %ps, %r : tensor<1024x!tlxamd.ptr<f32>, #b>, tensor<1024xi32, #b>
    %v = tlxamd.load %a mask %m : tensor<1024x!tlxamd.ptr<f32>, #b>
    tlxamd.store %v, %a mask %m : tensor<1024x!tlxamd.ptr<f32>, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// AMD keeps global accesses when it cannot prove the buffer rules: no
// 2 GiB range on the base, or offsets that may be negative (a kernel
// argument). NVIDIA converts both (sign-extended pointer arithmetic).
// AMD-LABEL: gpu.func @unproven
// AMD-COUNT-2: tlxamd.load
// AMD-NOT: buffer_load
// NV-LABEL: gpu.func @unproven
// NV-COUNT-2: tlxamd.buffer_load
gpu.module @m {
  gpu.func @unproven(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32},
                     %ranged: !tlxamd.ptr<f32> {tlxamd.pointer_range = 32 : i32}, %shift: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %ps = tlxamd.splat %src : tensor<1024x!tlxamd.ptr<f32>, #b>
    %a = tlxamd.addptr %ps, %r : tensor<1024x!tlxamd.ptr<f32>, #b>, tensor<1024xi32, #b>
    %v = tlxamd.load %a : tensor<1024x!tlxamd.ptr<f32>, #b>
    %sh = tlxamd.splat %shift : tensor<1024xi32, #b>
    %o = arith.addi %r, %sh : tensor<1024xi32, #b>
    %pr = tlxamd.splat %ranged : tensor<1024x!tlxamd.ptr<f32>, #b>
    %b2 = tlxamd.addptr %pr, %o : tensor<1024x!tlxamd.ptr<f32>, #b>, tensor<1024xi32, #b>
    %w = tlxamd.load %b2 : tensor<1024x!tlxamd.ptr<f32>, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// A loop counter from 0 is non-negative: loads in a runtime loop over
// column blocks become buffer loads on AMD.
// AMD-LABEL: gpu.func @loop
// AMD: scf.for
// AMD: tlxamd.buffer_load %arg0[%{{.*}}] {contiguity = 4 : i32}
gpu.module @m {
  gpu.func @loop(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %n: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : i32
    %step = arith.constant 1024 : i32
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    scf.for %i = %c0 to %n step %step : i32 {
      %ps = tlxamd.splat %src : tensor<1024x!tlxamd.ptr<f32>, #b>
      %is = tlxamd.splat %i : tensor<1024xi32, #b>
      %o = arith.addi %is, %r : tensor<1024xi32, #b>
      %a = tlxamd.addptr %ps, %o : tensor<1024x!tlxamd.ptr<f32>, #b>, tensor<1024xi32, #b>
      %v = tlxamd.load %a : tensor<1024x!tlxamd.ptr<f32>, #b>
    }
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// tl.load with a mask and no `other`: masked-out elements are unspecified
// (Triton's), said by `masked_undef`; with `other` they are `other`.
// AMD-LABEL: gpu.func @masked
// AMD: tlxamd.buffer_load %arg0[%{{.*}}] mask %{{.*}} {contiguity = 4 : i32, masked_undef}
// AMD: tlxamd.buffer_load %arg0[%{{.*}}] mask %{{.*}} other %{{.*}} {contiguity = 4 : i32}
// NV-LABEL: gpu.func @masked
// NV: tlxamd.buffer_load %arg0[%{{.*}}] mask %{{.*}} {contiguity = 4 : i32, masked_undef}
// NV: tlxamd.buffer_load %arg0[%{{.*}}] mask %{{.*}} other %{{.*}} {contiguity = 4 : i32}
// NV-NOT: masked_undef
gpu.module @m {
  gpu.func @masked(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %n: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b>
    %ps = tlxamd.splat %src : tensor<1024x!tlxamd.ptr<f32>, #b>
    %a = tlxamd.addptr %ps, %r : tensor<1024x!tlxamd.ptr<f32>, #b>, tensor<1024xi32, #b>
    %v = tlxamd.load %a mask %m : tensor<1024x!tlxamd.ptr<f32>, #b>
    %o = arith.constant dense<1.0> : tensor<1024xf32, #b>
    %w = tlxamd.load %a mask %m other %o : tensor<1024x!tlxamd.ptr<f32>, #b>
    gpu.return
  }
}
