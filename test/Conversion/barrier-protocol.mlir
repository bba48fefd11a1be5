// tlxamd-verify-barriers (also run by tlxamd-verify-target): a producer task
// copies tiles (TMA) into a one-buffer ring, announced on %full; a consumer
// reads each tile and releases it on %empty. The correct protocol passes;
// each planted bug is reported at the op: a consumer waiting on the wrong
// phase in the loop, an arrive count below the init count, expected bytes
// that differ from the copy, a refill with no release wait, a task that
// never arrives on a barrier another waits on.
// RUN: tlx-opt %s --tlxamd-verify-barriers -split-input-file -verify-diagnostics
// RUN: tlx-opt %s --tlxamd-verify-target=target=sm_90a -split-input-file -verify-diagnostics

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [4, 8], warps_per_cta = [4, 1], order = [1, 0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>
!desc = !tlxamd.tensor_desc<64x64xf16, #nv>
gpu.module @m {
  gpu.func @ok(%d: !desc, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %full = tlxamd.local_alloc : () -> !bar
    %empty = tlxamd.local_alloc : () -> !bar
    %buf = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %full, 1 : !bar
    tlxamd.mbarrier_init %empty, 1 : !bar
    tlxamd.async_tasks num_warps [4, 4] {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        %free = arith.xori %p, %c1 : i32
        tlxamd.mbarrier_wait %empty, %free : !bar
        tlxamd.mbarrier_expect_tx %full, 8192 : !bar
        tlxamd.async_tma_copy_global_to_shared %d[%c0, %k] %buf, %full : !desc, !tile, !bar
      }
      tlxamd.async_task_end
    }, {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        tlxamd.mbarrier_wait %full, %p : !bar
        %v = tlxamd.local_load %buf : !tile -> tensor<64x64xf16, #b>
        tlxamd.mbarrier_arrive %empty, 1 : !bar
      }
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [4, 8], warps_per_cta = [4, 1], order = [1, 0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>
!desc = !tlxamd.tensor_desc<64x64xf16, #nv>
gpu.module @m {
  gpu.func @wrong_phase(%d: !desc, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %full = tlxamd.local_alloc : () -> !bar
    %empty = tlxamd.local_alloc : () -> !bar
    %buf = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %full, 1 : !bar
    tlxamd.mbarrier_init %empty, 1 : !bar
    tlxamd.async_tasks num_warps [4, 4] {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        %free = arith.xori %p, %c1 : i32
        tlxamd.mbarrier_wait %empty, %free : !bar
        tlxamd.mbarrier_expect_tx %full, 8192 : !bar
        tlxamd.async_tma_copy_global_to_shared %d[%c0, %k] %buf, %full : !desc, !tile, !bar
      }
      tlxamd.async_task_end
    }, {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        // the phase one off: the first wait passes on a fresh barrier
        %wrong = arith.xori %p, %c1 : i32
        tlxamd.mbarrier_wait %full, %wrong : !bar
        // expected-error @+1 {{before any write into it (a wait passed on a phase no write completed: a wrong phase?)}}
        %v = tlxamd.local_load %buf : !tile -> tensor<64x64xf16, #b>
        tlxamd.mbarrier_arrive %empty, 1 : !bar
      }
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [4, 8], warps_per_cta = [4, 1], order = [1, 0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>
!desc = !tlxamd.tensor_desc<64x64xf16, #nv>
gpu.module @m {
  gpu.func @too_few_arrivals(%d: !desc, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %full = tlxamd.local_alloc : () -> !bar
    %empty = tlxamd.local_alloc : () -> !bar
    %buf = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %full, 1 : !bar
    // expected-note @+1 {{initialized here}}
    tlxamd.mbarrier_init %empty, 2 : !bar
    tlxamd.async_tasks num_warps [4, 4] {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        %free = arith.xori %p, %c1 : i32
        // expected-error-re @+1 {{barrier protocol: task 0 waits forever on barrier 0 of the allocation at {{.*}}barrier-protocol.mlir:{{[0-9]+}}:{{[0-9]+}} for the phase of parity 0: 1 of the 2 arrivals of phase 0 came and no task can arrive again}}
        tlxamd.mbarrier_wait %empty, %free : !bar
        tlxamd.mbarrier_expect_tx %full, 8192 : !bar
        tlxamd.async_tma_copy_global_to_shared %d[%c0, %k] %buf, %full : !desc, !tile, !bar
      }
      tlxamd.async_task_end
    }, {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        tlxamd.mbarrier_wait %full, %p : !bar
        %v = tlxamd.local_load %buf : !tile -> tensor<64x64xf16, #b>
        tlxamd.mbarrier_arrive %empty, 1 : !bar
      }
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [4, 8], warps_per_cta = [4, 1], order = [1, 0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>
!desc = !tlxamd.tensor_desc<64x64xf16, #nv>
gpu.module @m {
  gpu.func @wrong_bytes(%d: !desc, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %full = tlxamd.local_alloc : () -> !bar
    %empty = tlxamd.local_alloc : () -> !bar
    %buf = tlxamd.local_alloc : () -> !tile
    // expected-note @+1 {{initialized here}}
    tlxamd.mbarrier_init %full, 1 : !bar
    tlxamd.mbarrier_init %empty, 1 : !bar
    tlxamd.async_tasks num_warps [4, 4] {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        %free = arith.xori %p, %c1 : i32
        tlxamd.mbarrier_wait %empty, %free : !bar
        tlxamd.mbarrier_expect_tx %full, 16384 : !bar
        tlxamd.async_tma_copy_global_to_shared %d[%c0, %k] %buf, %full : !desc, !tile, !bar
      }
      tlxamd.async_task_end
    }, {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        // expected-error @+1 {{its arrivals are in but 16384 transaction bytes were expected and the copies completing on it delivered 8192}}
        tlxamd.mbarrier_wait %full, %p : !bar
        %v = tlxamd.local_load %buf : !tile -> tensor<64x64xf16, #b>
        tlxamd.mbarrier_arrive %empty, 1 : !bar
      }
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [4, 8], warps_per_cta = [4, 1], order = [1, 0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>
!desc = !tlxamd.tensor_desc<64x64xf16, #nv>
gpu.module @m {
  gpu.func @no_release_wait(%d: !desc, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %full = tlxamd.local_alloc : () -> !bar
    %empty = tlxamd.local_alloc : () -> !bar
    %buf = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %full, 1 : !bar
    tlxamd.mbarrier_init %empty, 1 : !bar
    tlxamd.async_tasks num_warps [4, 4] {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        tlxamd.mbarrier_expect_tx %full, 8192 : !bar
        // expected-error @+1 {{while task 1 may still read it (no wait on a barrier that task 1 arrives on after its read comes first)}}
        tlxamd.async_tma_copy_global_to_shared %d[%c0, %k] %buf, %full : !desc, !tile, !bar
      }
      tlxamd.async_task_end
    }, {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        tlxamd.mbarrier_wait %full, %p : !bar
        // expected-note @+1 {{the read}}
        %v = tlxamd.local_load %buf : !tile -> tensor<64x64xf16, #b>
        tlxamd.mbarrier_arrive %empty, 1 : !bar
      }
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [4, 8], warps_per_cta = [4, 1], order = [1, 0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>
!desc = !tlxamd.tensor_desc<64x64xf16, #nv>
gpu.module @m {
  gpu.func @never_arrives(%d: !desc, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %full = tlxamd.local_alloc : () -> !bar
    %empty = tlxamd.local_alloc : () -> !bar
    %buf = tlxamd.local_alloc : () -> !tile
    tlxamd.mbarrier_init %full, 1 : !bar
    // expected-note @+1 {{initialized here}}
    tlxamd.mbarrier_init %empty, 1 : !bar
    tlxamd.async_tasks num_warps [4, 4] {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        %free = arith.xori %p, %c1 : i32
        // expected-error @+1 {{for the phase of parity 0: no task arrives on it}}
        tlxamd.mbarrier_wait %empty, %free : !bar
        tlxamd.mbarrier_expect_tx %full, 8192 : !bar
        tlxamd.async_tma_copy_global_to_shared %d[%c0, %k] %buf, %full : !desc, !tile, !bar
      }
      tlxamd.async_task_end
    }, {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %k = %c0 to %c8 step %c1 : i32 {
        %p = arith.andi %k, %c1 : i32
        tlxamd.mbarrier_wait %full, %p : !bar
        %v = tlxamd.local_load %buf : !tile -> tensor<64x64xf16, #b>
      }
      tlxamd.async_task_end
    }
    gpu.return
  }
}
