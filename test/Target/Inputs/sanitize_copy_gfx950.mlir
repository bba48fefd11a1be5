// A 64x64 bf16 tile gathered global -> shared by rows of 8 elements whose
// offsets are consecutive and aligned only by the hints on them (L5).
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
gpu.module @m {
  gpu.func @copy_gather(%p: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %idx: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %q: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>>
    %c = tlxamd.make_range 0 to 64 : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>>
    %r2 = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %c2 = tlxamd.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %rb = tlxamd.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %cb = tlxamd.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %k = arith.constant dense<64> : tensor<64x64xi32, #b>
    %rs = arith.muli %rb, %k : tensor<64x64xi32, #b>
    %o = arith.addi %rs, %cb : tensor<64x64xi32, #b>
    %g = tlxamd.buffer_load %idx[%o] {contiguity = 8 : i32} : !tlxamd.ptr<i32>, tensor<64x64xi32, #b> -> tensor<64x64xi32, #b>
    %z = arith.constant dense<0> : tensor<64x64xi32, #b>
    %g8 = arith.addi %g, %z {tlxamd.contiguity = array<i32: 1, 8>, tlxamd.divisibility = array<i32: 1, 8>} : tensor<64x64xi32, #b>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    tlxamd.buffer_load_to_shared %buf, %p[%g8] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    tlxamd.async_commit_group
    tlxamd.async_wait {num = 0 : i32}
    %v0 = tlxamd.local_load %buf : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable> -> tensor<64x64xbf16, #b>
    %v = tlxamd.require_layout %v0 : tensor<64x64xbf16, #b> -> tensor<64x64xbf16, #b>
    tlxamd.buffer_store %v, %q[%o] {contiguity = 8 : i32} : tensor<64x64xbf16, #b>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    gpu.return
  }
}
