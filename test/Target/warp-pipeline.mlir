// tlxamd-warp-pipeline: a warp-pipelined loop becomes a ping-pong of the
// wave halves, in the IR and in the gfx950 machine code: an LDS barrier and
// the upper half's extra s_barrier before the loop, per iteration one
// barrier per stage boundary (a new s_barrier at the top, the async wait's
// between the stages) fenced by s_sched_barrier 0, s_setprio per stage, no
// barrier before the copy (W12 proved its buffer free), the lower half's
// extra barrier after the loop (then the async wait's barrier, which both
// halves meet aligned).
// RUN: tlx-opt %S/Inputs/warp_pipeline_gfx950.mlir --tlxamd-warp-pipeline=target=gfx950 | FileCheck %s --check-prefix=IR
// RUN: %tlx-compile %S/Inputs/warp_pipeline_gfx950.mlir --target gfx950 | FileCheck %s --check-prefix=ISA

// IR: rocdl.s.waitcnt 49279
// IR-NEXT: rocdl.s.barrier
// IR: %[[TID:.*]] = rocdl.workitem.id.x
// IR: %[[HALF:.*]] = arith.constant 64 : i32
// IR: %[[GRP:.*]] = arith.divui %[[TID]], %[[HALF]]
// IR: %[[U:.*]] = rocdl.readfirstlane %[[GRP]]
// IR: %[[UPPER:.*]] = arith.cmpi ne, %[[U]]
// IR: %[[LOWER:.*]] = arith.cmpi eq, %[[U]]
// IR: scf.if %[[UPPER]] {
// IR-NEXT: rocdl.s.barrier
// IR: scf.for
// IR-NEXT: rocdl.s.setprio 1
// IR-NEXT: rocdl.sched.barrier 0
// IR-NEXT: rocdl.s.barrier
// IR-NEXT: rocdl.sched.barrier 0
// IR: tlxamd.local_load
// IR: tlxamd.buffer_load_to_shared {{.*}} {tlxamd.warp_pipelined}
// IR: rocdl.s.setprio 0
// IR-NEXT: rocdl.sched.barrier 0
// IR-NEXT: tlxamd.async_wait {num = 1 : i32}
// IR-NEXT: rocdl.sched.barrier 0
// IR-NOT: tlxamd.amd_warp_pipeline_stage
// IR: scf.yield
// IR: rocdl.s.setprio 0
// IR-NEXT: scf.if %[[LOWER]] {
// IR-NEXT: rocdl.s.barrier
// IR-NEXT: }
// The async_wait after the loop is the aligned barrier: no second one.
// IR-NEXT: tlxamd.async_wait {num = 0 : i32}

// The upper half's extra barrier before the loop.
// ISA: s_cbranch_vccnz [[SKIP:.LBB0_[0-9]+]]
// ISA-NEXT: ; %bb
// ISA-NEXT: s_barrier
// ISA-NEXT: [[SKIP]]:
// ISA: [[LOOP:.LBB0_[0-9]+]]: {{.*}}Loop Header
// ISA-NEXT: s_setprio 1
// ISA-NEXT: ; sched_barrier mask(0x00000000)
// ISA-NEXT: s_barrier
// ISA-NEXT: ; sched_barrier mask(0x00000000)
// ISA-NOT: s_barrier
// ISA: buffer_load_dwordx4 {{.*}} lds
// ISA-NOT: s_barrier
// ISA: ds_read_b128
// ISA-NEXT: s_setprio 0
// ISA-NEXT: ; sched_barrier mask(0x00000000)
// ISA-NEXT: s_waitcnt vmcnt(1)
// ISA: s_waitcnt lgkmcnt(0)
// ISA-NEXT: s_barrier
// ISA-NOT: s_barrier
// ISA: s_cbranch_scc1 [[LOOP]]
// The lower half's extra barrier after it.
// ISA: s_setprio 0
// ISA: s_cbranch_vccz [[LOW:.LBB0_[0-9]+]]
// ISA: [[LOW]]:
// ISA-NEXT: s_barrier
