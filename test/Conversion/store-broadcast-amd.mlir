// The AMD side of store-broadcast.mlir: a broadcast copy is not stored.
// Buffer stores predicate a masked-off copy by an out-of-range offset; the
// wave bit of a warp-uniform wave id is tested on scalar registers.
// RUN: tlx-opt %s --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %s --target gfx950 | FileCheck %s --check-prefix=ISA

// 128 elements over 4 waves of 64 lanes: waves 2 and 3 repeat waves 0 and 1.
#w = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
// 2 elements, 4 registers per thread: registers 2, 3 repeat 0, 1, and every
// lane holds lane 0's.
#r = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
// 64 elements over 64 lanes: nothing repeats.
#f = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
module {
  gpu.module @m {
    // AMD-LABEL: llvm.func @warp_copies
    // AMD: %[[W:.*]] = llvm.icmp "eq"
    // AMD: %[[OFF:.*]] = llvm.select %[[W]]
    // AMD: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %[[OFF]]
    // AMD-NOT: rocdl.raw.ptr.buffer.store
    // AMD: llvm.return
    // ISA-LABEL: warp_copies:
    // ISA: v_readfirstlane_b32 [[WAVE:s[0-9]+]], v0
    // ISA: s_bitcmp0_b32 [[WAVE]], 7
    // ISA: v_cndmask_b32
    // ISA-COUNT-1: buffer_store_dword
    // ISA-NEXT: s_endpgm
    gpu.func @warp_copies(%p: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
      %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #w>
      %ps = tlxamd.splat %p : tensor<128x!tlxamd.ptr<f32>, #w>
      %a = tlxamd.addptr %ps, %r : tensor<128x!tlxamd.ptr<f32>, #w>, tensor<128xi32, #w>
      %v = arith.sitofp %r : tensor<128xi32, #w> to tensor<128xf32, #w>
      tlxamd.store %v, %a : tensor<128x!tlxamd.ptr<f32>, #w>
      gpu.return
    }
    // AMD-LABEL: llvm.func @register_copies
    // AMD: %[[W:.*]] = llvm.icmp "eq"
    // AMD: %[[OFF:.*]] = llvm.select %[[W]]
    // AMD: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %[[OFF]], {{.*}} : vector<2xi32>
    // AMD-NOT: rocdl.raw.ptr.buffer.store
    // AMD: llvm.return
    // ISA-LABEL: register_copies:
    // ISA: v_cmp_eq_u32_e32 vcc, 0, v0
    // ISA-COUNT-1: buffer_store_dwordx2
    // ISA-NEXT: s_endpgm
    gpu.func @register_copies(%p: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %r = tlxamd.make_range 0 to 2 : tensor<2xi32, #r>
      %ps = tlxamd.splat %p : tensor<2x!tlxamd.ptr<f32>, #r>
      %a = tlxamd.addptr %ps, %r : tensor<2x!tlxamd.ptr<f32>, #r>, tensor<2xi32, #r>
      %v = arith.sitofp %r : tensor<2xi32, #r> to tensor<2xf32, #r>
      tlxamd.store %v, %a : tensor<2x!tlxamd.ptr<f32>, #r>
      gpu.return
    }
    // AMD-LABEL: llvm.func @no_copies
    // AMD-NOT: llvm.icmp
    // AMD: rocdl.raw.ptr.buffer.store
    // AMD: llvm.return
    // ISA-LABEL: no_copies:
    // ISA-NOT: v_cndmask
    // ISA: buffer_store_dword
    gpu.func @no_copies(%p: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #f>
      %ps = tlxamd.splat %p : tensor<64x!tlxamd.ptr<f32>, #f>
      %a = tlxamd.addptr %ps, %r : tensor<64x!tlxamd.ptr<f32>, #f>, tensor<64xi32, #f>
      %v = arith.sitofp %r : tensor<64xi32, #f> to tensor<64xf32, #f>
      tlxamd.store %v, %a : tensor<64x!tlxamd.ptr<f32>, #f>
      gpu.return
    }
  }
}
