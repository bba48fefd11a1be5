// tlxamd-allocate-shared-memory: every allocation and every scratch tile
// gets an offset in the kernel's one shared block, memory is reused once
// its earlier user is dead, the block's size is recorded on the kernel, and
// on AMD each async_wait records the copy instructions it leaves in flight.
// RUN: tlx-opt %s -split-input-file --tlxamd-allocate-shared-memory=target=gfx950 | FileCheck %s

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#t = #tlxamd.blocked<{size_per_thread = [8, 1], threads_per_warp = [8, 8], warps_per_cta = [1, 4], order = [0, 1]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// Two 8 KiB tiles whose lifetimes do not overlap share offset 0: the
// layout change's 8 KiB scratch, which lives only while the change runs,
// takes the first tile's memory once the tile is dead, and so do the two
// tiles allocated after it, one after the other (they live together).
// CHECK-LABEL: gpu.func @reuse
// CHECK-SAME: tlxamd.shared_memory_bytes = 16384
// CHECK: tlxamd.local_alloc %{{.*}} {tlxamd.shared_offset = 0 : i64}
// CHECK: tlxamd.convert_layout %{{.*}} {tlxamd.shared_offset = 0 : i64}
// CHECK: tlxamd.local_alloc %{{.*}} {tlxamd.shared_offset = {{0|8192}} : i64}
// CHECK: tlxamd.local_alloc %{{.*}} {tlxamd.shared_offset = {{8192|0}} : i64}
gpu.module @m {
  gpu.func @reuse(%x: tensor<64x64xbf16, #b>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %a = tlxamd.local_alloc %x : (tensor<64x64xbf16, #b>) -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory>
    %va = tlxamd.local_load %a : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory> -> tensor<64x64xbf16, #b>
    %w = tlxamd.convert_layout %va : tensor<64x64xbf16, #b> -> tensor<64x64xbf16, #t>
    %b = tlxamd.local_alloc %va : (tensor<64x64xbf16, #b>) -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory>
    %c = tlxamd.local_alloc %va : (tensor<64x64xbf16, #b>) -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory>
    %vb = tlxamd.local_load %b : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory> -> tensor<64x64xbf16, #b>
    %vc = tlxamd.local_load %c : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory> -> tensor<64x64xbf16, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#t = #tlxamd.blocked<{size_per_thread = [8, 1], threads_per_warp = [8, 8], warps_per_cta = [1, 4], order = [0, 1]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// A tile used inside a loop lives through the whole loop: the layout
// change in the body cannot take its memory, even after the tile's last
// use in the body (the next iteration uses it again).
// CHECK-LABEL: gpu.func @loop
// CHECK-SAME: tlxamd.shared_memory_bytes = 16384
// CHECK: tlxamd.local_alloc %{{.*}} {tlxamd.shared_offset = 0 : i64}
// CHECK: scf.for
// CHECK: tlxamd.convert_layout %{{.*}} {tlxamd.shared_offset = 8192 : i64}
gpu.module @m {
  gpu.func @loop(%x: tensor<64x64xbf16, #b>, %n: index) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %a = tlxamd.local_alloc %x : (tensor<64x64xbf16, #b>) -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<64x64xbf16, #b>) {
      %v = tlxamd.local_load %a : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory> -> tensor<64x64xbf16, #b>
      %w = tlxamd.convert_layout %v : tensor<64x64xbf16, #b> -> tensor<64x64xbf16, #t>
      %u = tlxamd.convert_layout %w : tensor<64x64xbf16, #t> -> tensor<64x64xbf16, #b>
      %s2 = arith.addf %acc, %u : tensor<64x64xbf16, #b>
      scf.yield %s2 : tensor<64x64xbf16, #b>
    }
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// Three buffers of a multi-buffered tile are one allocation; each copy of
// a 64x64 bf16 tile is 2 instructions per lane (16 elements, 8 per
// buffer_load ... lds). wait(1) after two committed groups leaves the last
// group's 2 in flight, wait(0) none; at the top of the loop body, the
// previous iteration's group (2) and the prologue's (2) both qualify.
// CHECK-LABEL: gpu.func @groups
// CHECK-SAME: tlxamd.shared_memory_bytes = 24576
// CHECK: tlxamd.local_alloc {tlxamd.shared_offset = 0 : i64} : () -> !tlxamd.memdesc<3x64x64xbf16
// CHECK: tlxamd.async_wait {num = 1 : i32, tlxamd.outstanding_copies = 2 : i32}
// CHECK: tlxamd.async_wait {num = 0 : i32, tlxamd.outstanding_copies = 0 : i32}
// CHECK: scf.for
// CHECK: tlxamd.async_wait {num = 1 : i32, tlxamd.outstanding_copies = 2 : i32}
gpu.module @m {
  gpu.func @groups(%p: !tlxamd.ptr<bf16>, %o: tensor<64x64xi32, #b>, %n: index) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bufs = tlxamd.local_alloc : () -> !tlxamd.memdesc<3x64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    %c0i = arith.constant 0 : i32
    %c1i = arith.constant 1 : i32
    %b0 = tlxamd.memdesc_index %bufs[%c0i] : !tlxamd.memdesc<3x64x64xbf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    %b1 = tlxamd.memdesc_index %bufs[%c1i] : !tlxamd.memdesc<3x64x64xbf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    %z = arith.constant dense<0> : tensor<64x64xi32, #b>
    %o8 = arith.addi %o, %z {tlxamd.contiguity = array<i32: 1, 8>, tlxamd.divisibility = array<i32: 1, 8>} : tensor<64x64xi32, #b>
    tlxamd.buffer_load_to_shared %b0, %p[%o8] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    tlxamd.async_commit_group
    tlxamd.buffer_load_to_shared %b1, %p[%o8] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    tlxamd.async_commit_group
    tlxamd.async_wait {num = 1 : i32}
    tlxamd.async_wait {num = 0 : i32}
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      tlxamd.async_wait {num = 1 : i32}
      tlxamd.buffer_load_to_shared %b0, %p[%o8] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
      tlxamd.async_commit_group
    }
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
// After scf lowering (several blocks) op order no longer follows lifetimes:
// nothing is reused.
// CHECK-LABEL: gpu.func @unstructured
// CHECK-SAME: tlxamd.shared_memory_bytes = 16384
gpu.module @m {
  gpu.func @unstructured(%x: tensor<64x64xbf16, #b>, %c: i1) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %a = tlxamd.local_alloc %x : (tensor<64x64xbf16, #b>) -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory>
    %va = tlxamd.local_load %a : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory> -> tensor<64x64xbf16, #b>
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %b = tlxamd.local_alloc %va : (tensor<64x64xbf16, #b>) -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory>
    cf.br ^bb2
  ^bb2:
    gpu.return
  }
}
