// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s
#b8 = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>

gpu.module @m {
  // CHECK-LABEL: llvm.func @copy(
  gpu.func @copy(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b8>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b8>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b8>
    // Per 16-byte group: the outputs zeroed, a v4 load when all eight
    // elements are in (`offs < n` with n unknown is not provably uniform
    // over a group), else seven predicated 16-bit loads packed in pairs: the
    // group test is the last element's mask (a proven prefix mask), so the
    // last element stays zero on that path.
    // CHECK: %[[OFF:.*]] = llvm.sext %{{.*}} : i32 to i64
    // CHECK: %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
    // CHECK: llvm.inline_asm has_side_effects "{ .reg .b16 %t<8>; mov.b32 $0, 0; mov.b32 $1, 0; mov.b32 $2, 0; mov.b32 $3, 0; @$5 ld.global.cg.v4.b32 {$0, $1, $2, $3}, [$4]; @$5 bra TLXAMD_LD_${:uid}; mov.b16 %t0, 0; @$6 ld.global.cg.b16 %t0, [$4+0];
    // CHECK-SAME: @$12 ld.global.cg.b16 %t6, [$4+12]; mov.b16 %t7, 0; mov.b32 $0, {%t0, %t1}; {{.*}} mov.b32 $3, {%t6, %t7}; TLXAMD_LD_${:uid}: }", "=r,=r,=r,=r,l,b,b,b,b,b,b,b,b" %[[ADDR]], {{.*}} : (!llvm.ptr<1>, i1, i1, i1, i1, i1, i1, i1, i1) -> !llvm.struct<(i32, i32, i32, i32)>
    %v = tlxamd.buffer_load %src[%r] mask %m cache ".cg" {contiguity = 8 : i32} : !tlxamd.ptr<bf16>, tensor<1024xi32, #b8> -> tensor<1024xbf16, #b8>
    %p = tlxamd.require_layout %v : tensor<1024xbf16, #b8> -> tensor<1024xbf16, #b8>
    // CHECK: llvm.inline_asm has_side_effects "{ .reg .b16 %t<8>; @$5 st.global.v4.b32 [$0], {$1, $2, $3, $4}; @$5 bra TLXAMD_ST_${:uid}; mov.b32 {%t0, %t1}, $1;
    // CHECK-SAME: @$12 st.global.b16 [$0+12], %t6; TLXAMD_ST_${:uid}: }", "l,r,r,r,r,b,b,b,b,b,b,b,b"
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 8 : i32} : tensor<1024xbf16, #b8>, !tlxamd.ptr<bf16>, tensor<1024xi32, #b8>
    gpu.return
  }

  // CHECK-LABEL: llvm.func @atomic(
  gpu.func @atomic(%acc: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #b2>
    %one = arith.constant dense<1.0> : tensor<256xbf16, #b2>
    // CHECK: llvm.inline_asm has_side_effects "{  atom.acq_rel.gpu.global.add.noftz.bf16x2 $0, [$1], $2; }", "=r,l,r"
    %old = tlxamd.buffer_atomic_add %acc[%r], %one {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<256xi32, #b2>, tensor<256xbf16, #b2>
    gpu.return
  }
}
