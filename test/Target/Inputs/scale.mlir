gpu.module @kernels {
  // The kernel runs num_warps x 64 lanes: 4 x 64 = 256 threads.
  gpu.func @scale(%x: !tlxamd.ptr<f32>, %y: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %pidy = tlxamd.program_id 1 : i32
    %xp = tlxamd.addptr %x, %pid : !tlxamd.ptr<f32>, i32
    %v = tlxamd.load %xp : !tlxamd.ptr<f32>
    %f = arith.sitofp %pidy : i32 to f32
    %s = arith.addf %v, %f : f32
    %yp = tlxamd.addptr %y, %pid : !tlxamd.ptr<f32>, i32
    tlxamd.store %s, %yp : !tlxamd.ptr<f32>
    gpu.return
  }

  // Eight wavefronts: 512 threads.
  gpu.func @eight_warps() kernel attributes {tlxamd.num_warps = 8 : i32} {
    gpu.return
  }
}
