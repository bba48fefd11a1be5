// A kernel whose live shared memory exceeds the target's fails in
// tlxamd-allocate-shared-memory, naming the allocations live together
// (issue 13 item 3). Two 48 KiB tiles live together need 96 KiB: more than
// gfx942's 64 KiB; the third, allocated after the first is dead, reuses its
// memory and is not part of the peak.
// RUN: tlx-opt %s --tlxamd-allocate-shared-memory=target=gfx942 -verify-diagnostics -o /dev/null
// RUN: tlx-opt %s --tlxamd-allocate-shared-memory=target=gfx950 | FileCheck %s

// CHECK: tlxamd.shared_memory_bytes = 98304
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
gpu.module @m {
  // expected-error@+1 {{shared memory: the kernel needs 98304 bytes, more than the 65536 bytes of gfx942 (CDNA3 (MI300); targets with enough: gfx950, gfx1250, sm_90a, sm_100a)}}
  gpu.func @too_much(%x: tensor<64x64xbf16, #b>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-note@+1 {{'tlxamd.local_alloc' allocates 49152 bytes at offset 0}}
    %a = tlxamd.local_alloc : () -> !tlxamd.memdesc<6x64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    // expected-note@+1 {{'tlxamd.local_alloc' allocates 49152 bytes at offset 49152}}
    %b = tlxamd.local_alloc : () -> !tlxamd.memdesc<6x64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    tlxamd.local_dealloc %a : !tlxamd.memdesc<6x64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    %c = tlxamd.local_alloc : () -> !tlxamd.memdesc<6x64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    tlxamd.local_dealloc %c : !tlxamd.memdesc<6x64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    tlxamd.local_dealloc %b : !tlxamd.memdesc<6x64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    gpu.return
  }
}
