// RUN: tlx-opt %s -split-input-file -verify-diagnostics -tlxamd-assign-layouts=target=gfx950 \
// RUN:   | FileCheck %s -DC4='#tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>' -DB='#tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [1, 64], warps_per_cta = [1, 4], order = [1, 0]}>' -DL8='#tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>' -DPIN='#tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>' -DA='#tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>'

// A layout-free f32 copy, 1024 elements, 4 warps: the pointers are
// contiguous and 16-byte aligned (tlxamd.divisibility), so the loads and
// stores are coalesced with 4 elements (128 bits) per thread, and every
// value they reach shares that layout: no conversion.
// CHECK-LABEL: gpu.func @copy
// CHECK: tlxamd.make_range 0 to 1024 : tensor<1024xi32, [[C4]]>
// CHECK: arith.cmpi slt, {{.*}} : tensor<1024xi32, [[C4]]>
// CHECK: tlxamd.load {{.*}} : tensor<1024x!tlxamd.ptr<f32>, [[C4]]>
// CHECK: arith.constant dense<2.000000e+00> : tensor<1024xf32, [[C4]]>
// CHECK: tlxamd.store {{.*}} : tensor<1024x!tlxamd.ptr<f32>, [[C4]]>
// CHECK-NOT: convert_layout
gpu.module @m {
  gpu.func @copy(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %dst: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
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
    %two = arith.constant dense<2.0> : tensor<1024xf32>
    %w = arith.mulf %v, %two : tensor<1024xf32>
    %pd = tlxamd.splat %dst : tensor<1024x!tlxamd.ptr<f32>>
    %d = tlxamd.addptr %pd, %offs : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    tlxamd.store %w, %d mask %m : tensor<1024x!tlxamd.ptr<f32>>
    gpu.return
  }
}

// -----

// Without alignment facts the pointers are contiguous but not known to be
// aligned: one element per thread, lanes along the contiguous dimension.
// A bf16 tensor of 2 x 512 (rows = arange[:, None]) keeps the order [1, 0]
// and the slice layouts of the ranges come from expand_dims.
// CHECK-LABEL: gpu.func @rows
// CHECK: tlxamd.make_range 0 to 2 : tensor<2xi32, #tlxamd.slice<{dim = 1, parent = [[B]]}>>
// CHECK: tlxamd.expand_dims {{.*}} -> tensor<2x1xi32, [[B]]>
// CHECK: tlxamd.make_range 0 to 512 : tensor<512xi32, #tlxamd.slice<{dim = 0, parent = [[B]]}>>
// CHECK: tlxamd.load {{.*}} : tensor<2x512x!tlxamd.ptr<bf16>, [[B]]>
// CHECK-NOT: convert_layout
gpu.module @m {
  gpu.func @rows(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 2 : tensor<2xi32>
    %re = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %c512 = arith.constant dense<512> : tensor<2x1xi32>
    %rs = arith.muli %re, %c512 : tensor<2x1xi32>
    %rb = tlxamd.broadcast %rs : tensor<2x1xi32> -> tensor<2x512xi32>
    %c = tlxamd.make_range 0 to 512 : tensor<512xi32>
    %ce = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<512xi32> -> tensor<1x512xi32>
    %cb = tlxamd.broadcast %ce : tensor<1x512xi32> -> tensor<2x512xi32>
    %offs = arith.addi %rb, %cb : tensor<2x512xi32>
    %ps = tlxamd.splat %src : tensor<2x512x!tlxamd.ptr<bf16>>
    %a = tlxamd.addptr %ps, %offs : tensor<2x512x!tlxamd.ptr<bf16>>, tensor<2x512xi32>
    %v = tlxamd.load %a : tensor<2x512x!tlxamd.ptr<bf16>>
    %pd = tlxamd.splat %dst : tensor<2x512x!tlxamd.ptr<bf16>>
    %d = tlxamd.addptr %pd, %offs : tensor<2x512x!tlxamd.ptr<bf16>>, tensor<2x512xi32>
    tlxamd.store %v, %d : tensor<2x512x!tlxamd.ptr<bf16>>
    gpu.return
  }
}

// -----

// Anchors: a buffer op's contiguity sets the load's layout (8 bf16 per
// thread); the store's value is pinned to an explicit layout, so the store
// and its offsets take that one (B11), and the offsets shared with the load
// are converted: the anchors disagree.
// CHECK-LABEL: gpu.func @anchors
// CHECK: %[[OFFS:.*]] = arith.addi {{.*}} : tensor<2048xi32, [[L8]]>
// CHECK: %[[V:.*]] = tlxamd.buffer_load {{.*}}[%[[OFFS]]] {contiguity = 8 : i32} : !tlxamd.ptr<bf16>, tensor<2048xi32, [[L8]]> -> tensor<2048xbf16, [[L8]]>
// CHECK: %[[P:.*]] = tlxamd.require_layout %[[V]] : tensor<2048xbf16, [[L8]]> -> tensor<2048xbf16, [[PIN]]>
// CHECK: %[[O2:.*]] = tlxamd.convert_layout %[[OFFS]] : tensor<2048xi32, [[L8]]> -> tensor<2048xi32, [[PIN]]>
// CHECK: tlxamd.buffer_store %[[P]], %{{.*}}[%[[O2]]] {contiguity = 2 : i32}
#pin = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  gpu.func @anchors(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c = arith.constant 2048 : i32
    %base = arith.muli %pid, %c : i32
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32>
    %bs = tlxamd.splat %base : tensor<2048xi32>
    %offs = arith.addi %bs, %r : tensor<2048xi32>
    %v = tlxamd.buffer_load %src[%offs] {contiguity = 8 : i32} : !tlxamd.ptr<bf16>, tensor<2048xi32> -> tensor<2048xbf16>
    %p = tlxamd.require_layout %v : tensor<2048xbf16> -> tensor<2048xbf16, #pin>
    tlxamd.buffer_store %p, %dst[%offs] {contiguity = 2 : i32} : tensor<2048xbf16, #pin>, !tlxamd.ptr<bf16>, tensor<2048xi32>
    gpu.return
  }
}

// -----

// Loop-carried tensors: the accumulator, its init and what the body yields
// share one layout, from the load inside the loop.
// CHECK-LABEL: gpu.func @loop
// CHECK: arith.constant dense<0.000000e+00> : tensor<256xf32, [[A]]>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<256xf32, [[A]]>)
// CHECK: tlxamd.load {{.*}} : tensor<256x!tlxamd.ptr<f32>, [[A]]>
// CHECK: arith.addf {{.*}} : tensor<256xf32, [[A]]>
// CHECK: scf.yield {{.*}} : tensor<256xf32, [[A]]>
// CHECK-NOT: convert_layout
gpu.module @m {
  gpu.func @loop(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %zero = arith.constant dense<0.0> : tensor<256xf32>
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %c0 = arith.constant 0 : i32
    %step = arith.constant 256 : i32
    %acc = scf.for %i = %c0 to %n step %step iter_args(%a = %zero) -> (tensor<256xf32>) : i32 {
      %is = tlxamd.splat %i : tensor<256xi32>
      %offs = arith.addi %is, %r : tensor<256xi32>
      %ps = tlxamd.splat %src : tensor<256x!tlxamd.ptr<f32>>
      %p = tlxamd.addptr %ps, %offs : tensor<256x!tlxamd.ptr<f32>>, tensor<256xi32>
      %v = tlxamd.load %p : tensor<256x!tlxamd.ptr<f32>>
      %s = arith.addf %a, %v : tensor<256xf32>
      scf.yield %s : tensor<256xf32>
    }
    %pd = tlxamd.splat %dst : tensor<256x!tlxamd.ptr<f32>>
    %d = tlxamd.addptr %pd, %r : tensor<256x!tlxamd.ptr<f32>>, tensor<256xi32>
    tlxamd.store %acc, %d : tensor<256x!tlxamd.ptr<f32>>
    gpu.return
  }
}

// -----

// Values no memory op reaches get the default blocked layout (one element
// per thread, lanes then warps along the fastest dimension).
// CHECK-LABEL: gpu.func @defaults
// CHECK: tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>>
// CHECK: arith.constant dense<1> : tensor<16x16xi32, #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>>
gpu.module @m {
  gpu.func @defaults() kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %c = arith.constant dense<1> : tensor<16x16xi32>
    gpu.return
  }
}

// -----

// A kernel without tlxamd.num_warps has nothing to lay tensors out over.
gpu.module @m {
  // expected-error@+1 {{kernel 'k' has tensors without layouts but no 'tlxamd.num_warps' to lay them out over}}
  gpu.func @k() kernel {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32>
    gpu.return
  }
}
