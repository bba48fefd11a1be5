// A persistent loop over blocks with Blackwell's cluster launch control: a
// program processes its own block, then asks for a block whose program has
// not started (one thread issues the request; its 16-byte answer completes
// on an mbarrier); it goes on with the answer's program id, or stops at -1.
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!resp = !tlxamd.memdesc<2xi64, #one, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @clc_loop(%y: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !bar
    %resp = tlxamd.local_alloc : () -> !resp
    tlxamd.mbarrier_init %bar, 1 : !bar
    %pid = tlxamd.program_id 0 : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %done = arith.constant -1 : i32
    %r:2 = scf.while (%b = %pid, %phase = %c0) : (i32, i32) -> (i32, i32) {
      %more = arith.cmpi ne, %b, %done : i32
      scf.condition(%more) %b, %phase : i32, i32
    } do {
    ^bb0(%b: i32, %phase: i32):
      %p = tlxamd.addptr %y, %b : !tlxamd.ptr<i32>, i32
      tlxamd.store %b, %p : !tlxamd.ptr<i32>
      tlxamd.mbarrier_expect_tx %bar, 16 : !bar
      tlxamd.clc_try_cancel %resp, %bar : !resp, !bar
      tlxamd.mbarrier_wait %bar, %phase : !bar
      %next = tlxamd.clc_query %resp : !resp -> i32
      %flip = arith.xori %phase, %c1 : i32
      scf.yield %next, %flip : i32, i32
    }
    gpu.return
  }
}
