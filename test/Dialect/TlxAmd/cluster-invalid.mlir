// T2: thread-block clusters: the kernel attribute and the remote arrive's
// static checks.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
gpu.module @m {
  gpu.func @ok(%r: i32) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_ctas = 2 : i32} {
    %bar = tlxamd.local_alloc : () -> !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    %rank = tlxamd.cluster_cta_rank : i32
    tlxamd.mbarrier_arrive %bar, 1 remote %r : !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    tlxamd.cluster_barrier
    gpu.return
  }
}

// -----

#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
gpu.module @m {
  gpu.func @not_a_cluster(%r: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    // expected-error @+1 {{arrives on a barrier of another CTA of the cluster (remote_cta_rank): the kernel must be a cluster kernel ('tlxamd.num_ctas' > 1)}}
    tlxamd.mbarrier_arrive %bar, 1 remote %r : !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    gpu.return
  }
}

// -----

#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
gpu.module @m {
  gpu.func @rank_out_of_range() kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_ctas = 2 : i32} {
    %bar = tlxamd.local_alloc : () -> !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    %c2 = arith.constant 2 : i32
    // expected-error @+1 {{remote_cta_rank 2 is not a CTA of the kernel's cluster of 2}}
    tlxamd.mbarrier_arrive %bar, 1 remote %c2 : !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tlxamd.num_ctas' must be a power of two between 1 and 16, got 3}}
  gpu.func @three() kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_ctas = 3 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tlxamd.num_ctas' may only be set on a gpu.func kernel}}
  gpu.func @helper() attributes {tlxamd.num_ctas = 2 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tlxamd.num_ctas' must be an i32 integer attribute}}
  gpu.func @wide() kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_ctas = 2 : i64} {
    gpu.return
  }
}
