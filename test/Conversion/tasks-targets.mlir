// Tasks and named barriers need a target with named barriers (NVIDIA);
// CDNA's single workgroup barrier cannot synchronize one task's waves, so
// the ops name the targets that have them.
// RUN: tlx-opt %s --tlxamd-verify-target=target=gfx950 -verify-diagnostics -split-input-file

gpu.module @m {
  gpu.func @amd() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error @+1 {{'tlxamd.async_tasks' op needs named barriers for each task to synchronize its own warps; gfx950 (CDNA4 (MI350)) has one workgroup barrier (targets that have them: sm_90a, sm_100a)}}
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
