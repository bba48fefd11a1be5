// What the barrier-protocol checker cannot follow it leaves alone, with a
// remark saying why (and never runs away): a loop whose bound is loaded, a
// loop too long to run, a phase from memory.
// RUN: tlx-opt %s --tlxamd-verify-barriers=remarks=true -split-input-file -verify-diagnostics

#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @loaded_bound(%p: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !bar
    tlxamd.mbarrier_init %bar, 1 : !bar
    tlxamd.async_tasks num_warps [4, 4] {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %n = tlxamd.load %p : !tlxamd.ptr<i32>
      // expected-remark @+1 {{barrier protocol not checked: a loop whose bounds are not computable}}
      scf.for %k = %c0 to %n step %c1 : i32 {
        tlxamd.mbarrier_arrive %bar, 1 : !bar
      }
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @endless(%p: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !bar
    tlxamd.mbarrier_init %bar, 1 : !bar
    tlxamd.async_tasks num_warps [4, 4] {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      %big = arith.constant 9223372036854775807 : i64
      // expected-remark @+1 {{barrier protocol not checked: the kernel runs too many loop iterations to check}}
      scf.for %k = %c0 to %big step %c1 : i64 {
      }
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @loaded_phase(%p: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !bar
    tlxamd.mbarrier_init %bar, 1 : !bar
    tlxamd.async_tasks num_warps [4, 4] {
      %ph = tlxamd.load %p : !tlxamd.ptr<i32>
      // expected-remark @+1 {{barrier protocol not checked: a wait whose phase is not computable}}
      tlxamd.mbarrier_wait %bar, %ph : !bar
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}
