// B12 (runtime promise: a group's mask is identical over its elements).
// On NVIDIA a masked group whose mask the axis analysis cannot prove
// uniform is split: full width when every element is in, otherwise a branch
// over it to element-by-element accesses (taken at a ragged tail only). A
// provably uniform mask keeps one predicated access.
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-nvvm{chip=sm_90a}))' | FileCheck %s
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  // CHECK-LABEL: llvm.func @unknown_bound(
  // `r < n` is a proven prefix mask: "every element in" is the last
  // element's mask ($5), so the element path never needs the last element.
  // CHECK: %[[M:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : vector<4xi32>
  // CHECK-COUNT-3: llvm.extractelement %[[M]]
  // CHECK: %[[LAST:.*]] = llvm.extractelement %[[M]][%{{.*}} : i32] : vector<4xi1>
  // CHECK: llvm.inline_asm has_side_effects "{ mov.b32 $0, 0; mov.b32 $1, 0; mov.b32 $2, 0; mov.b32 $3, 0; @$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4]; @$5 bra TLXAMD_LD_${:uid}; @$6 ld.global.b32 $0, [$4+0]; @$7 ld.global.b32 $1, [$4+4]; @$8 ld.global.b32 $2, [$4+8]; TLXAMD_LD_${:uid}: }", "=r,=r,=r,=r,l,b,b,b,b" %{{.*}}, %[[LAST]], %{{.*}}, %{{.*}}, %{{.*}} :
  // CHECK: llvm.inline_asm has_side_effects "{ @$5 st.global.v4.b32 [$0], {$1, $2, $3, $4}; @$5 bra TLXAMD_ST_${:uid}; @$6 st.global.b32 [$0+0], $1; @$7 st.global.b32 [$0+4], $2; @$8 st.global.b32 [$0+8], $3; TLXAMD_ST_${:uid}: }", "l,r,r,r,r,b,b,b,b"
  // CHECK: llvm.return
  gpu.func @unknown_bound(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b4>
    %ns = tlxamd.splat %n : tensor<512xi32, #b4>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b4>
    %v = tlxamd.buffer_load %src[%r] mask %m {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<512xi32, #b4> -> tensor<512xf32, #b4>
    %p = tlxamd.require_layout %v : tensor<512xf32, #b4> -> tensor<512xf32, #b4>
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 4 : i32} : tensor<512xf32, #b4>, !tlxamd.ptr<f32>, tensor<512xi32, #b4>
    gpu.return
  }
  // A bound rounded down to a multiple of 4: one predicated access per group.
  // CHECK-LABEL: llvm.func @aligned_bound(
  // CHECK: ld.global.v4.b32
  // CHECK-NOT: ld.global.b32
  // CHECK: st.global.v4.b32
  // CHECK-NOT: st.global.b32
  // CHECK: llvm.return
  gpu.func @aligned_bound(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c2 = arith.constant 2 : i32
    %q = arith.shrsi %n, %c2 : i32
    %n4 = arith.shli %q, %c2 : i32
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b4>
    %ns = tlxamd.splat %n4 : tensor<512xi32, #b4>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b4>
    %v = tlxamd.buffer_load %src[%r] mask %m {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<512xi32, #b4> -> tensor<512xf32, #b4>
    %p = tlxamd.require_layout %v : tensor<512xf32, #b4> -> tensor<512xf32, #b4>
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 4 : i32} : tensor<512xf32, #b4>, !tlxamd.ptr<f32>, tensor<512xi32, #b4>
    gpu.return
  }

  // The document's idiom, n - n % 4, is a multiple of 4 too.
  // CHECK-LABEL: llvm.func @document_idiom(
  // CHECK: ld.global.v4.b32
  // CHECK-NOT: ld.global.b32
  // CHECK: st.global.v4.b32
  // CHECK-NOT: st.global.b32
  // CHECK: llvm.return
  gpu.func @document_idiom(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c4 = arith.constant 4 : i32
    %rem = arith.remsi %n, %c4 : i32
    %n4 = arith.subi %n, %rem : i32
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b4>
    %ns = tlxamd.splat %n4 : tensor<512xi32, #b4>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b4>
    %v = tlxamd.buffer_load %src[%r] mask %m {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<512xi32, #b4> -> tensor<512xf32, #b4>
    %p = tlxamd.require_layout %v : tensor<512xf32, #b4> -> tensor<512xf32, #b4>
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 4 : i32} : tensor<512xf32, #b4>, !tlxamd.ptr<f32>, tensor<512xi32, #b4>
    gpu.return
  }
}
