// Layout changes through shared memory must fit the target's shared memory
// (the capability table's figure); tlxamd-allocate-shared-memory reuses a
// scratch tile's memory once the change is done. Two 64 KiB changes one
// after the other need 64 KiB, not 128: gfx942 (64 KiB of LDS) compiles
// them and llc-22 allocates exactly that much LDS. (Oversubscription:
// Transforms/allocate-shared-memory-invalid.mlir.)
// RUN: %tlx-compile %s --target gfx942 --resources 2>&1 >/dev/null | FileCheck %s --check-prefix=GFX942
// RUN: %tlx-compile %s --target gfx950 --emit bin -o %t.hsaco

// GFX942: "lds": 65536
#a = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#b = #tlxamd.blocked<{size_per_thread = [4, 1], threads_per_warp = [8, 8], warps_per_cta = [1, 4], order = [0, 1]}>
gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %ra = tlxamd.make_range 0 to 128 : tensor<128xi32, #tlxamd.slice<{dim = 1, parent = #a}>>
    %ca = tlxamd.make_range 0 to 128 : tensor<128xi32, #tlxamd.slice<{dim = 0, parent = #a}>>
    %r2 = tlxamd.expand_dims %ra {axis = 1 : i32} : tensor<128xi32, #tlxamd.slice<{dim = 1, parent = #a}>> -> tensor<128x1xi32, #a>
    %c2 = tlxamd.expand_dims %ca {axis = 0 : i32} : tensor<128xi32, #tlxamd.slice<{dim = 0, parent = #a}>> -> tensor<1x128xi32, #a>
    %rb = tlxamd.broadcast %r2 : tensor<128x1xi32, #a> -> tensor<128x128xi32, #a>
    %cb = tlxamd.broadcast %c2 : tensor<1x128xi32, #a> -> tensor<128x128xi32, #a>
    %c128 = arith.constant dense<128> : tensor<128x128xi32, #a>
    %rs = arith.muli %rb, %c128 : tensor<128x128xi32, #a>
    %o = arith.addi %rs, %cb : tensor<128x128xi32, #a>
    %v = tlxamd.buffer_load %p[%o] : !tlxamd.ptr<f32>, tensor<128x128xi32, #a> -> tensor<128x128xf32, #a>
    %w = tlxamd.convert_layout %v : tensor<128x128xf32, #a> -> tensor<128x128xf32, #b>
    %back = tlxamd.convert_layout %w : tensor<128x128xf32, #b> -> tensor<128x128xf32, #a>
    tlxamd.buffer_store %back, %p[%o] : tensor<128x128xf32, #a>, !tlxamd.ptr<f32>, tensor<128x128xi32, #a>
    gpu.return
  }
}
