// Warp-specialized tasks (tlxamd.async_tasks) and named barriers: warp
// counts, register budgets, what may cross a task's boundary, where the op
// may sit, and the barrier ids the tasks reserve.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
#b8 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [8], order = [0]}>
gpu.module @m {
  // A producer, two 4-warp consumers and an 8-warp task, each with its
  // own layouts; a named barrier outside the reserved ids.
  gpu.func @ok(%p: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c = arith.constant 1 : i32
    tlxamd.async_tasks num_warps [4, 4, 4, 8] registers [40, 232, 232, 0] {
      tlxamd.named_barrier_arrive 9, 256
      tlxamd.async_task_end
    }, {
      %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #b>
      tlxamd.named_barrier_wait 9, 256
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }, {
      %r = tlxamd.make_range 0 to 256 : tensor<256xi32, #b8>
      %s = tlxamd.splat %c : tensor<256xi32, #b8>
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @counts() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{has 2 task regions but 3 warp counts}}
    tlxamd.async_tasks num_warps [4, 4, 4] {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @pow2() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{task 1 has 3 warps: a power of two is needed}}
    tlxamd.async_tasks num_warps [4, 3] {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @default_warps() kernel attributes {tlxamd.num_warps = 8 : i32} {
    // expected-error @+1 {{default task (region 0) has 4 warps but the kernel has tlxamd.num_warps = 8}}
    tlxamd.async_tasks num_warps [4, 4] {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @too_many() kernel attributes {tlxamd.num_warps = 16 : i32} {
    // expected-error @+1 {{tasks take 48 warps; a program has at most 1024 threads}}
    tlxamd.async_tasks num_warps [16, 16, 16] {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @in_loop(%n: index) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{must be in the kernel's body, not in a loop, branch or another task}}
      tlxamd.async_tasks num_warps [4, 4] {
        tlxamd.async_task_end
      }, {
        tlxamd.async_task_end
      }
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @registers_step() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{task 1 asks for 100 registers per thread: 0 or a multiple of 8 in [24, 256]}}
    tlxamd.async_tasks num_warps [4, 4] registers [40, 100] {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @registers_count() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{has 2 tasks but 1 register budgets}}
    tlxamd.async_tasks num_warps [4, 4] registers [40] {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @registers_warpgroup() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{task 1 sets a register budget but runs warps 4 ... 5: setmaxnreg needs whole warpgroups (4 warps from a multiple of 4)}}
    tlxamd.async_tasks num_warps [4, 2] registers [40, 232] {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  gpu.func @outside_tensor() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-note @+1 {{tensor computed outside the tasks}}
    %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #b>
    // expected-error @+1 {{a kernel with tasks computes tensors in its tasks only: code outside them runs on all 8 warps}}
    tlxamd.async_tasks num_warps [4, 4] {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  gpu.func @captured_tensor(%p: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #b>
    // expected-error @+1 {{task 1 uses a tensor of type 'tensor<128xi32, #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>>' defined outside the tasks: tasks exchange data through shared memory, tensor memory and barriers only}}
    tlxamd.async_tasks num_warps [4, 4] {
      tlxamd.async_task_end
    }, {
      %q = tlxamd.splat %p : tensor<128x!tlxamd.ptr<i32>, #b>
      // expected-note @+1 {{used here}}
      %a = tlxamd.addptr %q, %r : tensor<128x!tlxamd.ptr<i32>, #b>, tensor<128xi32, #b>
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
gpu.module @m {
  gpu.func @task_layout() kernel attributes {tlxamd.num_warps = 4 : i32} {
    tlxamd.async_tasks num_warps [4, 8] {
      tlxamd.async_task_end
    }, {
      // expected-error @+1 {{result layout spans 4 warps but its task (1) has 8}}
      %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #b>
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @nested() kernel attributes {tlxamd.num_warps = 4 : i32} {
    tlxamd.async_tasks num_warps [4, 4] {
      // expected-error @+1 {{must be in the kernel's body, not in a loop, branch or another task}}
      tlxamd.async_tasks num_warps [4] {
        tlxamd.async_task_end
      }
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @reserved_barrier() kernel attributes {tlxamd.num_warps = 4 : i32} {
    tlxamd.async_tasks num_warps [4, 4] {
      // expected-error @+1 {{named barrier 2 is one of the ids 1 ... 2 the kernel's tasks synchronize with}}
      tlxamd.named_barrier_wait 2, 128
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @barrier_id() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{attribute 'id' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 15}}
    tlxamd.named_barrier_arrive 16, 128
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @no_regions() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{needs at least one task region}}
    tlxamd.async_tasks num_warps []
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @no_terminator() kernel attributes {tlxamd.num_warps = 4 : i32} {
    "tlxamd.async_tasks"() ({
      // expected-error @+1 {{block with no terminator}}
      %c = arith.constant 0 : i32
    }) {num_warps = array<i32: 4>} : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @end_outside() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{'tlxamd.async_task_end' op expects parent op 'tlxamd.async_tasks'}}
    tlxamd.async_task_end
  }
}

// -----

gpu.module @m {
  gpu.func @region_arguments() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{task regions take no arguments}}
    "tlxamd.async_tasks"() ({
    ^bb0(%x: i32):
      tlxamd.async_task_end
    }) {num_warps = array<i32: 4>} : () -> ()
    gpu.return
  }
}

// -----

#a = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
!a = !tlxamd.memdesc<64x64xbf16, #a, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @wgmma_off_warpgroup() kernel attributes {tlxamd.num_warps = 2 : i32} {
    %a = tlxamd.local_alloc : () -> !a
    // expected-error @+1 {{task 1 runs warps 2 ... 5: warpgroup MMAs and tensor-memory accesses need whole warpgroups (4 warps from a multiple of 4)}}
    tlxamd.async_tasks num_warps [2, 4] {
      tlxamd.async_task_end
    }, {
      // expected-note @+1 {{used here}}
      %d = tlxamd.warpgroup_dot %a, %a : !a, !a -> tensor<64x64xf32>
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @device_function() {
    // expected-error @+1 {{must be in a kernel (its program's warps are the tasks'), not in a device function}}
    tlxamd.async_tasks num_warps [4, 4] {
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}
