// buffer_load_to_shared on the other targets: CDNA3 copies 32 bits per lane
// only (the Gluon async-copy reference, L5 on gfx942: buffer_load_dword ... lds), gfx1250
// has no modelled global-to-shared copy, and cp.async on NVIDIA also
// copies 64 bits per lane (8-byte cp.async.ca).
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx942 2>&1 | FileCheck %s --check-prefix=GFX942
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx1250 2>&1 | FileCheck %s --check-prefix=GFX1250
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=sm_90a -o /dev/null

// GFX942: error: 'tlxamd.buffer_load_to_shared' op each lane copies 8 x 16-bit elements (128 bits) per instruction; gfx942 (CDNA3 (MI300)) copies 32 bits per lane (L5)
// GFX942: error: 'tlxamd.buffer_load_to_shared' op each lane copies 4 x 16-bit elements (64 bits) per instruction; gfx942 (CDNA3 (MI300)) copies 32 bits per lane (L5)
// GFX1250: error: 'tlxamd.buffer_load_to_shared' op global-to-shared copies are not available on gfx1250 (gfx1250; targets that have them: gfx942, gfx950, sm_90a, sm_100a)

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
gpu.module @m {
  gpu.func @copy128(%p: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>>
    %c = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %cb = tlxamd.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %k = arith.constant dense<64> : tensor<64x64xi32, #b>
    %rs = arith.muli %rb, %k : tensor<64x64xi32, #b>
    %o = arith.addi %rs, %cb : tensor<64x64xi32, #b>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    tlxamd.buffer_load_to_shared %buf, %p[%o] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
gpu.module @m {
  gpu.func @copy64(%p: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>>
    %c = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %cb = tlxamd.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %k = arith.constant dense<64> : tensor<64x64xi32, #b>
    %rs = arith.muli %rb, %k : tensor<64x64xi32, #b>
    %o = arith.addi %rs, %cb : tensor<64x64xi32, #b>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    tlxamd.buffer_load_to_shared %buf, %p[%o] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    gpu.return
  }
}
