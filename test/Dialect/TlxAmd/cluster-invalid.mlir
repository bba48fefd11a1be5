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

// -----

// Cluster launch control's answer is one 16-byte tile (2 x i64).
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
gpu.module @m {
  gpu.func @clc_response(%r: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    %resp = tlxamd.local_alloc : () -> !tlxamd.memdesc<4xi32, #one, #tlxamd.shared_memory, mutable>
    // expected-error @+1 {{response must be one 2xi64 shared-memory tile (the 16-byte answer), got '!tlxamd.memdesc<4xi32}}
    tlxamd.clc_try_cancel %resp, %bar : !tlxamd.memdesc<4xi32, #one, #tlxamd.shared_memory, mutable>, !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    gpu.return
  }
}

// -----

#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  gpu.func @clc_immutable() kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    %z = arith.constant dense<0> : tensor<2xi64, #b>
    %resp = tlxamd.local_alloc %z : (tensor<2xi64, #b>) -> !tlxamd.memdesc<2xi64, #one, #tlxamd.shared_memory>
    // expected-error @+1 {{response must be mutable}}
    tlxamd.clc_try_cancel %resp, %bar : !tlxamd.memdesc<2xi64, #one, #tlxamd.shared_memory>, !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
    gpu.return
  }
}
