// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))' | FileCheck %s
// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950 remarks=true}))' -verify-diagnostics -o /dev/null
#b8 = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

gpu.module @m {
  // CHECK-LABEL: llvm.func @copy(
  // CHECK-SAME: %[[SRC:[^:]*]]: !llvm.ptr<1>, %[[DST:[^:]*]]: !llvm.ptr<1>, %[[N:.*]]: i32)
  gpu.func @copy(%src: !tlxamd.ptr<bf16>, %dst: !tlxamd.ptr<bf16>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // One descriptor per base pointer, at the function entry (B15): stride
    // 0, 0x7FFFFFFE bytes, DST_SEL_XYZW | 32-bit data format.
    // CHECK-DAG: llvm.mlir.constant(159744 : i32) : i32
    // CHECK-DAG: llvm.mlir.constant(2147483646 : i64) : i64
    // CHECK-DAG: llvm.mlir.constant(0 : i16) : i16
    // CHECK-DAG: %[[RD:.*]] = rocdl.make.buffer.rsrc %[[DST]], %{{.*}}, %{{.*}}, %{{.*}} : <1> to <8>
    // CHECK-DAG: %[[RS:.*]] = rocdl.make.buffer.rsrc %[[SRC]], %{{.*}}, %{{.*}}, %{{.*}} : <1> to <8>
    // CHECK-NOT: rocdl.make.buffer.rsrc
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #b8>
    %ns = tlxamd.splat %n : tensor<2048xi32, #b8>
    %m = arith.cmpi slt, %r, %ns : tensor<2048xi32, #b8>
    // B12 on AMD: `r < n` is not proven uniform over the groups of 8, so the
    // group is split: one compare (the last element's mask, a proven prefix
    // mask) picks the full-width path, element accesses otherwise, each
    // with its own out-of-bounds select (B8) and its distance (2 bytes per
    // bf16) as an immediate (added to the frozen select: LLVM then keeps it
    // out of the select's arms). Element offsets scaled to bytes (bf16: << 1);
    // soffset 0; aux .cg = sc0|nt.
    // CHECK: %[[E0:.*]] = llvm.extractelement %{{.*}}[%{{.*}} : i32] : vector<8xi32>
    // CHECK-NEXT: %[[BYTES:.*]] = llvm.shl %[[E0]], %{{.*}} : i32
    // CHECK: %[[M:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : vector<8xi32>
    // CHECK-COUNT-7: llvm.extractelement %[[M]]
    // CHECK: %[[LAST:.*]] = llvm.extractelement %[[M]][%{{.*}} : i32] : vector<8xi1>
    // CHECK: llvm.cond_br %[[LAST]], ^[[FAST:.*]], ^[[SLOW:[a-z0-9]*]]
    // CHECK: ^[[FAST]]:
    // CHECK-NEXT: %[[LD:.*]] = rocdl.raw.ptr.buffer.load %[[RS]], %[[BYTES]], %{{.*}}, %{{.*}} : vector<4xi32>
    // CHECK-NEXT: llvm.br ^[[JOIN:.*]](%[[LD]] : vector<4xi32>)
    // CHECK: ^[[SLOW]]:
    // CHECK: %[[V0:.*]] = llvm.select %{{.*}}, %[[BYTES]], %{{.*}} : i1, i32
    // CHECK-NEXT: rocdl.raw.ptr.buffer.load %[[RS]], %[[V0]], %{{.*}}, %{{.*}} : i16
    // CHECK: %[[S1:.*]] = llvm.select %{{.*}}, %[[BYTES]], %{{.*}} : i1, i32
    // CHECK-NEXT: %[[F1:.*]] = llvm.freeze %[[S1]] : i32
    // CHECK: %[[V1:.*]] = llvm.add %[[F1]], %{{.*}} : i32
    // CHECK-NEXT: rocdl.raw.ptr.buffer.load %[[RS]], %[[V1]], %{{.*}}, %{{.*}} : i16
    // CHECK-COUNT-5: rocdl.raw.ptr.buffer.load %[[RS]], %{{.*}} : i16
    // The last element is out on this path (its mask chose it): zero, no
    // access.
    // CHECK-NOT: rocdl.raw.ptr.buffer.load
    // CHECK: llvm.mlir.zero : i16
    // CHECK: llvm.br ^[[JOIN]](%{{.*}} : vector<4xi32>)
    // CHECK: ^[[JOIN]](%[[G:.*]]: vector<4xi32>):
    // CHECK: llvm.bitcast %[[G]] : vector<4xi32> to vector<8xbf16>
    // CHECK-NOT: rocdl.raw.ptr.buffer.load
    // expected-remark @below {{groups of 8 elements split (full width when every element is in, element by element otherwise): the mask is proven uniform over 1 element only; a mask such as `offsets < n - n % 8` keeps one access per group}}
    %v = tlxamd.buffer_load %src[%r] mask %m cache ".cg" {contiguity = 8 : i32} : !tlxamd.ptr<bf16>, tensor<2048xi32, #b8> -> tensor<2048xbf16, #b8>
    %p = tlxamd.require_layout %v : tensor<2048xbf16, #b8> -> tensor<2048xbf16, #b8>
    // CHECK: llvm.cond_br %{{.*}}, ^[[SFAST:.*]], ^[[SSLOW:[a-z0-9]*]]
    // CHECK: ^[[SFAST]]:
    // CHECK-NEXT: rocdl.raw.ptr.buffer.store %{{.*}}, %[[RD]], %[[BYTES]], %{{.*}}, %{{.*}} : vector<4xi32>
    // CHECK: ^[[SSLOW]]:
    // CHECK-COUNT-7: rocdl.raw.ptr.buffer.store %{{.*}}, %[[RD]], %{{.*}} : i16
    // CHECK-NOT: rocdl.raw.ptr.buffer.store
    // expected-remark @below {{groups of 8 elements split}}
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 8 : i32} : tensor<2048xbf16, #b8>, !tlxamd.ptr<bf16>, tensor<2048xi32, #b8>
    gpu.return
  }

  // The bound idiom `n - n % 8` proves the mask uniform over each group: one
  // select and one full-width access per group, no branch, no remark.
  // CHECK-LABEL: llvm.func @copy_bound(
  gpu.func @copy_bound(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32, #b8>
    %c8 = arith.constant 8 : i32
    %tail = arith.remsi %n, %c8 : i32
    %n8 = arith.subi %n, %tail : i32
    %ns = tlxamd.splat %n8 : tensor<2048xi32, #b8>
    %m = arith.cmpi slt, %r, %ns : tensor<2048xi32, #b8>
    // Two 16-byte groups share the run's select; the second adds 16 (the
    // instruction's offset field).
    // CHECK-NOT: llvm.cond_br
    // CHECK: %[[VOFF:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
    // CHECK-NEXT: rocdl.raw.ptr.buffer.load %{{.*}}, %[[VOFF]], %{{.*}}, %{{.*}} : vector<4xi32>
    // CHECK-NEXT: %[[FR:.*]] = llvm.freeze %[[VOFF]] : i32
    // CHECK-NEXT: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
    // CHECK-NEXT: %[[VOFF2:.*]] = llvm.add %[[FR]], %[[C16]] : i32
    // CHECK-NEXT: rocdl.raw.ptr.buffer.load %{{.*}}, %[[VOFF2]], %{{.*}}, %{{.*}} : vector<4xi32>
    // CHECK: %[[SOFF:.*]] = llvm.select
    // CHECK: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %[[SOFF]], %{{.*}}, %{{.*}} : vector<4xi32>
    // CHECK: %[[SFR:.*]] = llvm.freeze %[[SOFF]] : i32
    // CHECK: %[[SOFF2:.*]] = llvm.add %[[SFR]], %{{.*}} : i32
    // CHECK: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %[[SOFF2]], %{{.*}}, %{{.*}} : vector<4xi32>
    // CHECK-NOT: llvm.select
    // CHECK-NOT: llvm.cond_br
    // CHECK: llvm.return
    %v = tlxamd.buffer_load %src[%r] mask %m {contiguity = 8 : i32} : !tlxamd.ptr<f32>, tensor<2048xi32, #b8> -> tensor<2048xf32, #b8>
    %p = tlxamd.require_layout %v : tensor<2048xf32, #b8> -> tensor<2048xf32, #b8>
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 8 : i32} : tensor<2048xf32, #b8>, !tlxamd.ptr<f32>, tensor<2048xi32, #b8>
    gpu.return
  }

  // CHECK-LABEL: llvm.func @atomic(
  gpu.func @atomic(%acc: !tlxamd.ptr<bf16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b2>
    %one = arith.constant dense<1.0> : tensor<512xbf16, #b2>
    // acq_rel at gpu scope: release fence, returning packed atomic, acquire fence.
    // CHECK: llvm.fence syncscope("agent") release
    // CHECK: %{{.*}} = llvm.call_intrinsic "llvm.amdgcn.raw.ptr.buffer.atomic.fadd"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (vector<2xbf16>, !llvm.ptr<8>, i32, i32, i32) -> vector<2xbf16>
    // CHECK: llvm.fence syncscope("agent") acquire
    %old = tlxamd.buffer_atomic_add %acc[%r], %one {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<512xi32, #b2>, tensor<512xbf16, #b2>
    gpu.return
  }
}
