// Target-dependent tensor rules, checked when the target is known.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))'
// RUN: not tlx-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))' 2>&1 | FileCheck %s --check-prefix=AMD

// A 32-lane layout cannot run on a 64-lane wavefront.
// AMD: error: 'tlxamd.make_range' op result layout assumes 32 lanes per warp but gfx950 has 64 (targets with at most 32 lanes per warp: gfx1250, sm_90a, sm_100a)
#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  gpu.func @k() kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #b>
    gpu.return
  }
}

// -----

// One kernel, one warp width.
#b64 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b32 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  gpu.func @k() kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #b64>
    // expected-error@+1 {{result layout assumes 32 lanes per warp but the kernel's other tensors assume 64}}
    %s = tlxamd.make_range 0 to 128 : tensor<128xi32, #b32>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  gpu.func @k() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{distributed tensor constants must be splats; build other tensors with tlxamd.make_range}}
    %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127]> : tensor<128xi32, #b>
    gpu.return
  }
}
