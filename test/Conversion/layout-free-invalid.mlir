// RUN: tlx-opt %s -split-input-file -verify-diagnostics --tlxamd-verify-target=target=gfx950
// RUN: tlx-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))'

// Tensors without layouts (the frontend's, before tlxamd-assign-layouts)
// cannot be lowered: each op producing one is named; a layout-free source
// of require_layout is reported where it is produced, never a crash.
#pin = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  gpu.func @k(%src: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.make_range' op result 'tensor<2048xi32>' has no layout; run tlxamd-assign-layouts (part of the tlxamd-to-llvm pipeline) before lowering}}
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32>
    // expected-error@+1 {{'tlxamd.buffer_load' op result 'tensor<2048xbf16>' has no layout}}
    %v = tlxamd.buffer_load %src[%r] {contiguity = 8 : i32} : !tlxamd.ptr<bf16>, tensor<2048xi32> -> tensor<2048xbf16>
    %p = tlxamd.require_layout %v : tensor<2048xbf16> -> tensor<2048xbf16, #pin>
    gpu.return
  }
}

// -----

// A packed bf16 atomic on layout-free tensors: the B18 mask analysis waits
// for layouts instead of reading a layout that is not there.
gpu.module @m {
  gpu.func @k(%acc: !tlxamd.ptr<bf16>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{has no layout}}
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32>
    // expected-error@+1 {{has no layout}}
    %ns = tlxamd.splat %n : tensor<256xi32>
    // expected-error@+1 {{has no layout}}
    %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
    // expected-error@+1 {{has no layout}}
    %v = arith.constant dense<1.0> : tensor<256xbf16>
    // expected-error@+1 {{has no layout}}
    %old = tlxamd.buffer_atomic_add %acc[%r], %v mask %m {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<256xi32>, tensor<256xbf16>
    gpu.return
  }
}
