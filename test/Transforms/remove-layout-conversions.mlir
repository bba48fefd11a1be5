// RUN: tlx-opt %s -split-input-file -tlxamd-remove-layout-conversions | FileCheck %s \
// RUN:   -DL1='#tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>' \
// RUN:   -DL2='#tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>'
// RUN: tlx-opt %s -split-input-file -tlxamd-remove-layout-conversions=assigned-only=true \
// RUN:   | FileCheck %s --check-prefix=ASSIGNED

#l1 = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#l2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// Backward: offsets computed from a range and a splat are recomputed in the
// store's layout instead of converted; the load keeps its own.
// CHECK-LABEL: gpu.func @backward
// CHECK-NOT: convert_layout
// CHECK-DAG: tlxamd.make_range 0 to 2048 : tensor<2048xi32, [[L1]]>
// CHECK-DAG: tlxamd.make_range 0 to 2048 : tensor<2048xi32, [[L2]]>
// CHECK: tlxamd.buffer_store {{.*}} : tensor<2048xbf16, [[L2]]>, !tlxamd.ptr<bf16>, tensor<2048xi32, [[L2]]>
// The kernel was laid out by tlxamd-assign-layouts (tlxamd.assigned_layouts):
// with assigned-only its conversions go too.
// ASSIGNED-LABEL: gpu.func @backward
// ASSIGNED-NOT: tlxamd.convert_layout
// ASSIGNED: gpu.return
gpu.module @m {
  gpu.func @backward(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.assigned_layouts} {
    %pid = tlxamd.program_id 0 : i32
    %c = arith.constant 2048 : i32
    %base = arith.muli %pid, %c : i32
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #l1>
    %bs = tlxamd.splat %base : tensor<2048xi32, #l1>
    %offs = arith.addi %bs, %r : tensor<2048xi32, #l1>
    %v = tlxamd.buffer_load %src[%offs] {contiguity = 8 : i32} : !tlxamd.ptr<bf16>, tensor<2048xi32, #l1> -> tensor<2048xbf16, #l1>
    %p = tlxamd.require_layout %v : tensor<2048xbf16, #l1> -> tensor<2048xbf16, #l2>
    %o2 = tlxamd.convert_layout %offs : tensor<2048xi32, #l1> -> tensor<2048xi32, #l2>
    tlxamd.buffer_store %p, %dst[%o2] {contiguity = 2 : i32} : tensor<2048xbf16, #l2>, !tlxamd.ptr<bf16>, tensor<2048xi32, #l2>
    gpu.return
  }
}

// -----

#l1 = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#l2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// Forward: a loaded value converted, scaled, and converted back: the
// scaling moves to the loaded layout and both conversions go. A loaded
// value converted for good stays converted (loads are not recomputed), and
// require_layout is never removed.
// CHECK-LABEL: gpu.func @forward
// CHECK: %[[V:.*]] = tlxamd.buffer_load
// CHECK: %[[S:.*]] = arith.mulf %[[V]], %{{.*}} : tensor<2048xf32, [[L1]]>
// CHECK: tlxamd.buffer_store %[[S]]
// CHECK: %[[C:.*]] = tlxamd.convert_layout %[[V]] : tensor<2048xf32, [[L1]]> -> tensor<2048xf32, [[L2]]>
// CHECK: tlxamd.require_layout %[[C]]
// CHECK-NOT: convert_layout
// Written with explicit layouts (no tlxamd.assigned_layouts): with
// assigned-only, as in the tlxamd-to-llvm pipeline, its conversions stay.
// ASSIGNED-LABEL: gpu.func @forward
// ASSIGNED-COUNT-3: tlxamd.convert_layout
gpu.module @m {
  gpu.func @forward(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #l1>
    %v = tlxamd.buffer_load %src[%r] {contiguity = 8 : i32} : !tlxamd.ptr<f32>, tensor<2048xi32, #l1> -> tensor<2048xf32, #l1>
    %c = tlxamd.convert_layout %v : tensor<2048xf32, #l1> -> tensor<2048xf32, #l2>
    %two = arith.constant dense<2.0> : tensor<2048xf32, #l2>
    %s = arith.mulf %c, %two : tensor<2048xf32, #l2>
    %back = tlxamd.convert_layout %s : tensor<2048xf32, #l2> -> tensor<2048xf32, #l1>
    tlxamd.buffer_store %back, %dst[%r] : tensor<2048xf32, #l1>, !tlxamd.ptr<f32>, tensor<2048xi32, #l1>
    %c2 = tlxamd.convert_layout %v : tensor<2048xf32, #l1> -> tensor<2048xf32, #l2>
    %pin = tlxamd.require_layout %c2 : tensor<2048xf32, #l2> -> tensor<2048xf32, #l2>
    %r2 = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #l2>
    tlxamd.buffer_store %pin, %dst[%r2] {contiguity = 2 : i32} : tensor<2048xf32, #l2>, !tlxamd.ptr<f32>, tensor<2048xi32, #l2>
    gpu.return
  }
}

// -----

#l1 = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#l2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// Folds: a conversion to the source's own layout, and a conversion of a
// conversion (one remains, from the first source).
// CHECK-LABEL: gpu.func @folds
// CHECK: %[[V:.*]] = tlxamd.buffer_load
// CHECK-NEXT: %[[C:.*]] = tlxamd.convert_layout %[[V]] : tensor<2048xf32, [[L1]]> -> tensor<2048xf32, [[L2]]>
// CHECK-NEXT: tlxamd.require_layout %[[C]]
// CHECK-NOT: convert_layout
gpu.module @m {
  gpu.func @folds(%src: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #l1>
    %v = tlxamd.buffer_load %src[%r] {contiguity = 8 : i32} : !tlxamd.ptr<f32>, tensor<2048xi32, #l1> -> tensor<2048xf32, #l1>
    %same = tlxamd.convert_layout %v : tensor<2048xf32, #l1> -> tensor<2048xf32, #l1>
    %a = tlxamd.convert_layout %same : tensor<2048xf32, #l1> -> tensor<2048xf32, #l1>
    %b = tlxamd.convert_layout %a : tensor<2048xf32, #l1> -> tensor<2048xf32, #l2>
    %pin = tlxamd.require_layout %b : tensor<2048xf32, #l2> -> tensor<2048xf32, #l2>
    gpu.return
  }
}

// -----

#l1 = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#l2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// Hoisting: the conversion of a value loaded before the loops is made once,
// before the outer loop (both loops leave its source outside); the one of
// a value the inner loop loads stays in it.
// CHECK-LABEL: gpu.func @hoist
// CHECK: %[[V:.*]] = tlxamd.buffer_load
// CHECK-NEXT: %[[C:.*]] = tlxamd.convert_layout %[[V]] : tensor<2048xf32, [[L1]]> -> tensor<2048xf32, [[L2]]>
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[W:.*]] = tlxamd.buffer_load
// CHECK-NEXT: %[[D:.*]] = tlxamd.convert_layout %[[W]]
// CHECK-NEXT: arith.addf %[[C]], %[[D]]
gpu.module @m {
  gpu.func @hoist(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #l1>
    %r2 = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #l2>
    %v = tlxamd.buffer_load %src[%r] {contiguity = 8 : i32} : !tlxamd.ptr<f32>, tensor<2048xi32, #l1> -> tensor<2048xf32, #l1>
    scf.for %i = %c0 to %n step %c1 : i32 {
      scf.for %j = %c0 to %n step %c1 : i32 {
        %w = tlxamd.buffer_load %src[%r] {contiguity = 8 : i32} : !tlxamd.ptr<f32>, tensor<2048xi32, #l1> -> tensor<2048xf32, #l1>
        %a = tlxamd.convert_layout %v : tensor<2048xf32, #l1> -> tensor<2048xf32, #l2>
        %b = tlxamd.convert_layout %w : tensor<2048xf32, #l1> -> tensor<2048xf32, #l2>
        %s = arith.addf %a, %b : tensor<2048xf32, #l2>
        %pin = tlxamd.require_layout %s : tensor<2048xf32, #l2> -> tensor<2048xf32, #l2>
        tlxamd.buffer_store %pin, %dst[%r2] {contiguity = 2 : i32} : tensor<2048xf32, #l2>, !tlxamd.ptr<f32>, tensor<2048xi32, #l2>
      }
    }
    gpu.return
  }
}
