// Tasks dispatch on the target's hardware warps: on wave32 gfx1250 a task's
// tensors laid out over 64-lane warps would not be the task's warps.
// RUN: tlx-opt %s --tlxamd-verify-target=target=gfx1250 -verify-diagnostics -split-input-file

#b64 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [2], order = [0]}>
gpu.module @m {
  gpu.func @wide(%x: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 2 : i32} {
    tlxamd.async_tasks num_warps [2, 2] {
      // expected-error @+1 {{in a task, a layout of 64 lanes per warp; gfx1250's tasks dispatch on its 32-lane hardware warps}}
      %r = tlxamd.make_range 0 to 128 : tensor<128xi32, #b64>
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}

// -----

#b32 = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [2], order = [0]}>
gpu.module @m {
  gpu.func @native(%x: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 2 : i32} {
    tlxamd.async_tasks num_warps [2, 2] {
      %r = tlxamd.make_range 0 to 64 : tensor<64xi32, #b32>
      tlxamd.async_task_end
    }, {
      tlxamd.async_task_end
    }
    gpu.return
  }
}
