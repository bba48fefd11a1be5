// RUN: tlx-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))' | FileCheck %s
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
    // Element offsets scaled to bytes (bf16: << 1); a masked-off group gets
    // voffset 0x80000000, out of bounds (B8); soffset 0; aux .cg = sc0|nt.
    // The group's mask is its first element's (B12: uniform by contract on
    // AMD, one select and one full-width access per group).
    // CHECK: %[[VOFF:.*]] = llvm.select %{{.*}}, %[[BYTES:.*]], %{{.*}} : i1, i32
    // CHECK: %[[LD:.*]] = rocdl.raw.ptr.buffer.load %[[RS]], %[[VOFF]], %{{.*}}, %{{.*}} : vector<4xi32>
    // CHECK: llvm.bitcast %[[LD]] : vector<4xi32> to vector<8xbf16>
    // CHECK-NOT: rocdl.raw.ptr.buffer.load
    %v = tlxamd.buffer_load %src[%r] mask %m cache ".cg" {contiguity = 8 : i32} : !tlxamd.ptr<bf16>, tensor<2048xi32, #b8> -> tensor<2048xbf16, #b8>
    %p = tlxamd.require_layout %v : tensor<2048xbf16, #b8> -> tensor<2048xbf16, #b8>
    // CHECK: %[[DATA:.*]] = llvm.bitcast %{{.*}} : vector<8xbf16> to vector<4xi32>
    // CHECK: rocdl.raw.ptr.buffer.store %[[DATA]], %[[RD]], %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 8 : i32} : tensor<2048xbf16, #b8>, !tlxamd.ptr<bf16>, tensor<2048xi32, #b8>
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
