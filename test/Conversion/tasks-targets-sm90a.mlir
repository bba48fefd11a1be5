// Register budgets and named-barrier thread counts against sm_90a's
// register file (64K) and the program's threads.
// RUN: tlx-opt %s --tlxamd-verify-target=target=sm_90a -verify-diagnostics -split-input-file

gpu.module @m {
  gpu.func @fits() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // 4 x 32 x 40 + 8 x 32 x 232 = 64512 registers of 65536.
    tlxamd.async_tasks num_warps [4, 4, 4] registers [40, 232, 232] {
      tlxamd.named_barrier_wait 9, 256
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

// A task without a budget shares what the budgets leave of the launch's
// registers (Triton's rule): 384 threads start with 168 each (64512);
// (64512 - 8 x 32 x 232) / 128 = 40 registers for the producer.
gpu.module @m {
  gpu.func @shares_the_rest() kernel attributes {tlxamd.num_warps = 4 : i32} {
    tlxamd.async_tasks num_warps [4, 4, 4] registers [0, 232, 232] {
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
  gpu.func @nothing_left() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{register budgets leave 0 registers per thread to task 0, which sets none; setmaxnreg takes at least 24}}
    tlxamd.async_tasks num_warps [4, 4, 4] registers [0, 256, 256] {
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
  gpu.func @over_budget() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{register budgets take 70656 registers; the launch gives the program's 384 threads 168 each (64512), all setmaxnreg can hand out}}
    tlxamd.async_tasks num_warps [4, 4, 4] registers [40, 256, 256] {
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
  gpu.func @barrier_threads() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{counts 100 threads: a multiple of the warp size (32) is needed}}
    tlxamd.named_barrier_arrive 9, 100
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @barrier_too_many() kernel attributes {tlxamd.num_warps = 4 : i32} {
    tlxamd.async_tasks num_warps [4, 4] {
      // expected-error @+1 {{counts 512 threads but the program has 256}}
      tlxamd.named_barrier_arrive 9, 512
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}
