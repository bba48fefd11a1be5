// T10: a buffer tmem_shift shifts is read or written only after a
// tcgen05_commit and a wait on the committed barrier, on every path
// (tlxamd-verify-target checks it on any target).
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=sm_100a -verify-diagnostics

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
#regs = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [32, 1], warps_per_cta = [4, 1], order = [1, 0]}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!t = !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
!bar = !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
func.func @no_commit(%t: !t, %bar: !bar) {
  // expected-note @+1 {{shifted here}}
  tlxamd.tmem_shift %t : !t
  // expected-error @+1 {{T10: accesses a tensor-memory buffer whose tmem_shift may still be in flight: commit the shift (tcgen05_commit) and wait on that barrier first}}
  %r = tlxamd.tmem_load %t : !t -> tensor<128x16xf32, #regs>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
#regs = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [32, 1], warps_per_cta = [4, 1], order = [1, 0]}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!t = !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
!bar = !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
func.func @no_wait(%t: !t, %bar: !bar, %v: tensor<128x16xf32, #regs>) {
  // expected-note @+1 {{shifted here}}
  tlxamd.tmem_shift %t : !t
  tlxamd.tcgen05_commit %bar : !bar
  // expected-error @+1 {{T10: accesses a tensor-memory buffer whose tmem_shift may still be in flight: wait on the barrier the shift was committed to (tcgen05_commit) first}}
  tlxamd.tmem_store %v, %t : tensor<128x16xf32, #regs>, !t
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
#regs = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [32, 1], warps_per_cta = [4, 1], order = [1, 0]}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!t = !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
!bar = !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
func.func @wait_on_one_branch(%t: !t, %bar: !bar, %c: i1) {
  %c0 = arith.constant 0 : i32
  // expected-note @+1 {{shifted here}}
  tlxamd.tmem_shift %t : !t
  tlxamd.tcgen05_commit %bar : !bar
  scf.if %c {
    tlxamd.mbarrier_wait %bar, %c0 : !bar
  }
  // expected-error @+1 {{T10: accesses a tensor-memory buffer whose tmem_shift may still be in flight}}
  %r = tlxamd.tmem_load %t : !t -> tensor<128x16xf32, #regs>
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
#regs = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [32, 1], warps_per_cta = [4, 1], order = [1, 0]}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!t = !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
!bar = !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
func.func @loop_carried(%t: !t, %bar: !bar, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // the previous iteration's shift is still in flight
    // expected-error @+1 {{T10: accesses a tensor-memory buffer whose tmem_shift may still be in flight}}
    %r = tlxamd.tmem_load %t : !t -> tensor<128x16xf32, #regs>
    // expected-note @+1 {{shifted here}}
    tlxamd.tmem_shift %t : !t
  }
  return
}

// -----

#tm = #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
#regs = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [32, 1], warps_per_cta = [4, 1], order = [1, 0]}>
#b = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!t = !tlxamd.memdesc<128x16xf32, #tm, #tlxamd.tensor_memory, mutable>
!bar = !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
!bars = !tlxamd.memdesc<2x1xi64, #b, #tlxamd.shared_memory, mutable>
func.func @committed_and_waited(%t: !t, %bars: !bars, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 {
    %r = tlxamd.tmem_load %t : !t -> tensor<128x16xf32, #regs>
    tlxamd.tmem_shift %t : !t
    %bar = tlxamd.memdesc_index %bars[%one] : !bars -> !bar
    tlxamd.tcgen05_commit %bar : !bar
    %again = tlxamd.memdesc_index %bars[%one] : !bars -> !bar
    tlxamd.mbarrier_wait %again, %z : !bar
  }
  %r = tlxamd.tmem_load %t : !t -> tensor<128x16xf32, #regs>
  return
}
