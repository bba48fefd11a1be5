// "Arrive remote, wait local" in a two-CTA cluster: each CTA initializes
// its barrier, the cluster synchronizes, each CTA arrives on its partner's
// barrier and waits for phase 0 of its own, then the cluster synchronizes
// before the CTAs leave.
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
gpu.module @m {
  gpu.func @ping(%out: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_ctas = 2 : i32} {
    %bar = tlxamd.local_alloc : () -> !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    tlxamd.mbarrier_init %bar, 1 : !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    tlxamd.cluster_barrier
    %rank = tlxamd.cluster_cta_rank : i32
    %c1 = arith.constant 1 : i32
    %c0 = arith.constant 0 : i32
    %other = arith.subi %c1, %rank : i32
    tlxamd.mbarrier_arrive %bar, 1 remote %other : !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    tlxamd.mbarrier_wait %bar, %c0 : !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    tlxamd.store %rank, %out : !tlxamd.ptr<i32>
    tlxamd.cluster_barrier
    gpu.return
  }
}
