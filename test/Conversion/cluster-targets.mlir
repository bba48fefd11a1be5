// T2: thread-block clusters are NVIDIA's (sm_90 and later, at most 8 CTAs
// portable): sm_90a takes a two-CTA kernel, CDNA rejects the kernel and its
// cluster ops, and a cluster of 16 exceeds sm_90a's.
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx950 2>&1 | FileCheck %s --check-prefix=GFX950
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=sm_90a 2>&1 | FileCheck %s --check-prefix=BIG

// BIG-NOT: error: {{.*}}clusters of 2 CTAs
// GFX950: error: 'tlxamd.cluster_cta_rank' op needs thread-block clusters of 2 CTAs; gfx950 (CDNA4 (MI350)) has none
// GFX950: error: 'tlxamd.cluster_barrier' op needs thread-block clusters of 2 CTAs; gfx950
// GFX950: error: 'gpu.func' op needs thread-block clusters of 2 CTAs; gfx950 (CDNA4 (MI350)) has none (targets that have them: sm_90a, sm_100a)
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
gpu.module @m {
  gpu.func @pair(%r: i32) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_ctas = 2 : i32} {
    %rank = tlxamd.cluster_cta_rank : i32
    tlxamd.cluster_barrier
    gpu.return
  }
}

// -----

// BIG: error: 'gpu.func' op needs thread-block clusters of 16 CTAs; sm_90a (Hopper) has at most 8
gpu.module @m {
  gpu.func @sixteen() kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_ctas = 16 : i32} {
    gpu.return
  }
}
