// W5 on CDNA (one workgroup barrier, no named ones): tasks run as a
// dispatch on the wave id and cannot synchronize, so a task may not use
// shared memory or anything that needs a barrier; named barriers and
// register budgets name the targets that have them.
// RUN: tlx-opt %s --tlxamd-verify-target=target=gfx950 -verify-diagnostics -split-input-file

gpu.module @m {
  gpu.func @amd() kernel attributes {tlxamd.num_warps = 4 : i32} {
    tlxamd.async_tasks num_warps [4, 4] {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    // expected-error @+1 {{'tlxamd.named_barrier_wait' op needs named barriers; gfx950 (CDNA4 (MI350)) has one workgroup barrier (targets that have them: sm_90a, sm_100a)}}
    tlxamd.named_barrier_wait 9, 256
    gpu.return
  }
}

// -----

#sw = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [1, 0]}>
#bl = #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
gpu.module @m {
  gpu.func @shared(%t: !tlxamd.memdesc<32x8xf32, #sw, #tlxamd.shared_memory, mutable>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-note @+1 {{the tasks}}
    tlxamd.async_tasks num_warps [4, 4] {
      tlxamd.async_task_end
    }, {
      // expected-error @+1 {{W5: in task 1 on gfx950 (CDNA4 (MI350)), which has one workgroup barrier and no named ones: tasks run as a dispatch on the wave id and cannot synchronize, so they may not use shared memory}}
      %v = tlxamd.local_load %t : !tlxamd.memdesc<32x8xf32, #sw, #tlxamd.shared_memory, mutable> -> tensor<32x8xf32, #bl>
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#bl = #tlxamd.blocked<{size_per_thread = [1, 1], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
gpu.module @m {
  gpu.func @reduce(%x: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-note @+1 {{the tasks}}
    tlxamd.async_tasks num_warps [4, 4] {
      %r = tlxamd.make_range 0 to 32 : tensor<32xi32, #tlxamd.slice<{dim = 1, parent = #bl}>>
      %e = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #tlxamd.slice<{dim = 1, parent = #bl}>> -> tensor<32x1xi32, #bl>
      %b = tlxamd.broadcast %e : tensor<32x1xi32, #bl> -> tensor<32x8xi32, #bl>
      %v = tlxamd.buffer_load %x[%b] : !tlxamd.ptr<f32>, tensor<32x8xi32, #bl> -> tensor<32x8xf32, #bl>
      // The rows span the 4 waves: the sum goes through shared memory.
      // expected-error @+1 {{W5: in task 0 on gfx950}}
      %s = "tlxamd.reduce"(%v) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %c: f32):
        %t = arith.addf %a, %c : f32
        tlxamd.reduce.return %t : f32
      }) : (tensor<32x8xf32, #bl>) -> tensor<8xf32, #tlxamd.slice<{dim = 0, parent = #bl}>>
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}
