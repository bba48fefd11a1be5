// A store writes each element once: threads that hold a broadcast copy of
// another thread's elements (a lane or warp bit with a zero basis) are masked
// off, registers that repeat another register are not stored, and a scalar
// is stored by thread 0 (Triton's redundant-data mask). AMD: store-broadcast-amd.mlir.
// RUN: tlx-opt %s --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s --check-prefix=NV
// RUN: %tlx-compile %s --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin

// 64 elements over 4 warps of 32 lanes: warps 2 and 3 repeat warps 0 and 1.
#w = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
// 2 elements, 4 registers per thread: registers 2, 3 repeat 0, 1, and every
// lane holds lane 0's.
#r = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [32], warps_per_cta = [1], order = [0]}>
// 32 elements over 32 lanes: nothing repeats.
#f = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [1], order = [0]}>
module {
  gpu.module @m {
    // NV-LABEL: llvm.func @warp_copies
    // NV-DAG: %[[TWO:.*]] = llvm.mlir.constant(2 : i32)
    // NV-DAG: %[[WARP:.*]] = llvm.lshr
    // NV: %[[BIT:.*]] = llvm.and %[[WARP]], %[[TWO]]
    // NV: %[[W:.*]] = llvm.icmp "eq" %[[BIT]]
    // NV: "@$2 st.global.b32 [$0], $1;", "l,r,b" %{{.*}}, %{{.*}}, %[[W]]
    // NV-NOT: st.global
    // NV: llvm.return
    // PTX-LABEL: .entry warp_copies(
    // PTX: and.b32 {{.*}}, 2;
    // PTX: setp.eq.b32
    // PTX-COUNT-1: st.global.b32
    // PTX-NOT: st.global
    // PTX: ret;
    gpu.func @warp_copies(%p: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
      %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #w>
      %ps = tlxamd.splat %p : tensor<64x!tlxamd.ptr<f32>, #w>
      %a = tlxamd.addptr %ps, %r : tensor<64x!tlxamd.ptr<f32>, #w>, tensor<64xi32, #w>
      %v = arith.sitofp %r : tensor<64xi32, #w> to tensor<64xf32, #w>
      tlxamd.store %v, %a : tensor<64x!tlxamd.ptr<f32>, #w>
      gpu.return
    }
    // NV-LABEL: llvm.func @register_copies
    // NV: %[[LANES:.*]] = llvm.mlir.constant(31 : i32)
    // NV: %[[W:.*]] = llvm.icmp "eq"
    // registers 0 and 1 (elements 0, 1) in one 8-byte store, 2 and 3 left out
    // NV: "@$3 st.global.v2.b32 [$0], {$1, $2};", "l,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %[[W]]
    // NV-NOT: st.global
    // NV: llvm.return
    gpu.func @register_copies(%p: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %r = tlxamd.make_range 0 to 2 : tensor<2xi32, #r>
      %ps = tlxamd.splat %p : tensor<2x!tlxamd.ptr<f32>, #r>
      %a = tlxamd.addptr %ps, %r : tensor<2x!tlxamd.ptr<f32>, #r>, tensor<2xi32, #r>
      %v = arith.sitofp %r : tensor<2xi32, #r> to tensor<2xf32, #r>
      tlxamd.store %v, %a : tensor<2x!tlxamd.ptr<f32>, #r>
      gpu.return
    }
    // NV-LABEL: llvm.func @no_copies
    // NV-NOT: llvm.icmp
    // NV: "st.global.b32 [$0], $1;"
    // NV: llvm.return
    gpu.func @no_copies(%p: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %r = tlxamd.make_range 0 to 32 : tensor<32xi32, #f>
      %ps = tlxamd.splat %p : tensor<32x!tlxamd.ptr<f32>, #f>
      %a = tlxamd.addptr %ps, %r : tensor<32x!tlxamd.ptr<f32>, #f>, tensor<32xi32, #f>
      %v = arith.sitofp %r : tensor<32xi32, #f> to tensor<32xf32, #f>
      tlxamd.store %v, %a : tensor<32x!tlxamd.ptr<f32>, #f>
      gpu.return
    }
  }
}
