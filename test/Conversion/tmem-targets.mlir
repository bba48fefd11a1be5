// Tensor memory and tcgen05 are Blackwell's (sm_100a): Hopper and CDNA
// reject them.
// RUN: tlx-opt %s --tlxamd-verify-target=target=sm_100a
// RUN: not tlx-opt %s --tlxamd-verify-target=target=sm_90a 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not tlx-opt %s --tlxamd-verify-target=target=gfx950 2>&1 | FileCheck %s --check-prefix=GFX950

// SM90: error: 'tlxamd.tmem_alloc' op needs tensor memory and tcgen05, which sm_90a (Hopper) lacks (targets that have them: sm_100a)
// SM90: error: 'tlxamd.tmem_shift' op needs tensor memory and tcgen05
// SM90: error: 'tlxamd.tcgen05_commit' op needs tensor memory and tcgen05
// GFX950: error: 'tlxamd.tmem_alloc' op needs tensor memory and tcgen05, which gfx950 (CDNA4 (MI350)) lacks
#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
func.func @ops(%bar: !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>) {
  %t = tlxamd.tmem_alloc : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
  tlxamd.tmem_shift %t : !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
  tlxamd.tcgen05_commit %bar : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
  return
}
