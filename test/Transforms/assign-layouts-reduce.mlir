// RUN: tlx-opt %s -split-input-file -tlxamd-assign-layouts=target=gfx950 \
// RUN:   | FileCheck %s -DT='#tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [2, 32], warps_per_cta = [4, 1], order = [1, 0]}>' -DD='#tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [1, 64], warps_per_cta = [2, 2], order = [1, 0]}>' -DS='#tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>' -DC4='#tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>'

// Reductions in layout assignment: a reduction's results are the slice of
// its operands' layout along the axis (tl.sum(v, axis=1) of a coalesced
// [64, 128] tile stores its 64 sums in that slice, no conversion).
// CHECK-LABEL: gpu.func @row_sum
// CHECK: tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = [[T]]}>>
// CHECK: tlxamd.load {{.*}} : tensor<64x128x!tlxamd.ptr<f32>, [[T]]>
// CHECK: tlxamd.reduce {{.*}} {axis = 1 : i32} : tensor<64x128xf32, [[T]]> -> tensor<64xf32, #tlxamd.slice<{dim = 1, parent = [[T]]}>>
// CHECK: tlxamd.store {{.*}} : tensor<64x!tlxamd.ptr<f32>, #tlxamd.slice<{dim = 1, parent = [[T]]}>>
// CHECK-NOT: convert_layout
gpu.module @m {
  gpu.func @row_sum(%x: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %out: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %rows = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %cols = tlxamd.make_range 0 to 128 : tensor<128xi32>
    %r2 = tlxamd.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c128 = arith.constant dense<128> : tensor<64x1xi32>
    %rs = arith.muli %r2, %c128 : tensor<64x1xi32>
    %c2 = tlxamd.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %rb = tlxamd.broadcast %rs : tensor<64x1xi32> -> tensor<64x128xi32>
    %cb = tlxamd.broadcast %c2 : tensor<1x128xi32> -> tensor<64x128xi32>
    %offs = arith.addi %rb, %cb : tensor<64x128xi32>
    %px = tlxamd.splat %x : tensor<64x128x!tlxamd.ptr<f32>>
    %p = tlxamd.addptr %px, %offs : tensor<64x128x!tlxamd.ptr<f32>>, tensor<64x128xi32>
    %v = tlxamd.load %p : tensor<64x128x!tlxamd.ptr<f32>>
    %s = tlxamd.reduce %v {axis = 1 : i32} : tensor<64x128xf32> -> tensor<64xf32> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tlxamd.reduce.return %t : f32
    }
    %po = tlxamd.splat %out : tensor<64x!tlxamd.ptr<f32>>
    %q = tlxamd.addptr %po, %rows : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi32>
    tlxamd.store %s, %q : tensor<64x!tlxamd.ptr<f32>>
    gpu.return
  }
}

// -----

// A memory op that chose first: the store gave the reduction's results its
// own layout before the operands had one; the results keep the slice of
// the operands' (default) layout and are converted for the store. A result
// nobody uses is not converted.
// CHECK-LABEL: gpu.func @store_first
// CHECK: %[[R:.*]]:2 = tlxamd.reduce {{.*}} : tensor<64x128xf32, [[D]]>, tensor<64x128xi32, [[D]]> -> tensor<64xf32, #tlxamd.slice<{dim = 1, parent = [[D]]}>>, tensor<64xi32, #tlxamd.slice<{dim = 1, parent = [[D]]}>>
// CHECK-NOT: convert_layout %[[R]]#1
// CHECK: %[[C:.*]] = tlxamd.convert_layout %[[R]]#0 : tensor<64xf32, #tlxamd.slice<{dim = 1, parent = [[D]]}>> -> tensor<64xf32, [[S]]>
// CHECK: tlxamd.store %[[C]], {{.*}} : tensor<64x!tlxamd.ptr<f32>, [[S]]>
gpu.module @m {
  gpu.func @store_first(%out: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %out2: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %cols = tlxamd.make_range 0 to 128 : tensor<128xi32>
    %c2 = tlxamd.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %cb = tlxamd.broadcast %c2 : tensor<1x128xi32> -> tensor<64x128xi32>
    %f = arith.sitofp %cb : tensor<64x128xi32> to tensor<64x128xf32>
    %s:2 = tlxamd.reduce %f, %cb {axis = 1 : i32} : tensor<64x128xf32>, tensor<64x128xi32> -> tensor<64xf32>, tensor<64xi32> {
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %t = arith.maximumf %a, %b : f32
      %ti = arith.maxsi %ai, %bi : i32
      tlxamd.reduce.return %t, %ti : f32, i32
    }
    %rows = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %po = tlxamd.splat %out : tensor<64x!tlxamd.ptr<f32>>
    %q = tlxamd.addptr %po, %rows : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi32>
    tlxamd.store %s#0, %q : tensor<64x!tlxamd.ptr<f32>>
    gpu.return
  }
}

// -----

// Reducing a rank-1 tensor gives a scalar; the operand keeps the load's
// coalesced layout.
// CHECK-LABEL: gpu.func @to_scalar
// CHECK: tlxamd.reduce {{.*}} {axis = 0 : i32} : tensor<1024xf32, [[C4]]> -> f32
gpu.module @m {
  gpu.func @to_scalar(%x: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %out: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %px = tlxamd.splat %x : tensor<1024x!tlxamd.ptr<f32>>
    %p = tlxamd.addptr %px, %r : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %v = tlxamd.load %p : tensor<1024x!tlxamd.ptr<f32>>
    %s = tlxamd.reduce %v {axis = 0 : i32} : tensor<1024xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tlxamd.reduce.return %t : f32
    }
    tlxamd.store %s, %out : !tlxamd.ptr<f32>
    gpu.return
  }
}
