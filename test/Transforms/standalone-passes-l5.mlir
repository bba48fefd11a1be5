// Passes run on their own over a copy that breaks L5 (offsets from a kernel
// argument: not proven consecutive, so each lane would copy 16 bits): the
// copy planner is quiet for them (tlxamd-verify-target reports L5), and
// neither pass may crash on it.
// RUN: tlx-opt %s --tlxamd-allocate-shared-memory=target=gfx950 | FileCheck %s --check-prefix=ALLOC
// RUN: tlx-opt %s --tlxamd-instrument-contracts=target=gfx950 | FileCheck %s --check-prefix=SAN
// RUN: not tlx-opt %s --tlxamd-verify-target=target=gfx950 2>&1 | FileCheck %s --check-prefix=VERIFY
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
gpu.module @m {
  // ALLOC-LABEL: gpu.func @unproven_offsets
  // ALLOC: tlxamd.shared_memory_bytes = 8192
  // SAN-LABEL: gpu.func @unproven_offsets
  // SAN-NOT: tlxamd.contract_check
  // VERIFY: error: 'tlxamd.buffer_load_to_shared' op each lane copies 1 x 16-bit elements (16 bits) per instruction; gfx950 (CDNA4 (MI350)) copies 32 or 128 bits per lane (L5)
  gpu.func @unproven_offsets(%p: !tlxamd.ptr<bf16>, %arg: tensor<64x64xi32, #b>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    tlxamd.buffer_load_to_shared %buf, %p[%arg] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    gpu.return
  }
}
