// A row's mean and its sum of squares (two block reductions one after the
// other, as a layer norm computes them), a reduction inside a loop, and a
// reduction after a shared-memory tile: which need a barrier before their
// scratch is written. Loads masked without `other` (tl.load's unspecified
// masked elements) and with it.
gpu.module @m {
  gpu.func @two_sums(%x: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %w: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %out: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %n: i32 {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 8 : i32} {
    %r = tlxamd.make_range 0 to 2048 : tensor<2048xi32>
    %ns = tlxamd.splat %n : tensor<2048xi32>
    %m = arith.cmpi slt, %r, %ns : tensor<2048xi32>
    %zero = arith.constant dense<0.0> : tensor<2048xf16>
    %xs = tlxamd.splat %x : tensor<2048x!tlxamd.ptr<f16>>
    %xp = tlxamd.addptr %xs, %r : tensor<2048x!tlxamd.ptr<f16>>, tensor<2048xi32>
    %xv = tlxamd.load %xp mask %m other %zero : tensor<2048x!tlxamd.ptr<f16>>
    %ws = tlxamd.splat %w : tensor<2048x!tlxamd.ptr<f16>>
    %wp = tlxamd.addptr %ws, %r : tensor<2048x!tlxamd.ptr<f16>>, tensor<2048xi32>
    %wv = tlxamd.load %wp mask %m : tensor<2048x!tlxamd.ptr<f16>>
    %xf = arith.extf %xv : tensor<2048xf16> to tensor<2048xf32>
    %wf = arith.extf %wv : tensor<2048xf16> to tensor<2048xf32>
    %s = tlxamd.reduce %xf {axis = 0 : i32} : tensor<2048xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tlxamd.reduce.return %c : f32
    }
    %xw = arith.mulf %xf, %wf : tensor<2048xf32>
    %q = tlxamd.reduce %xw {axis = 0 : i32} : tensor<2048xf32> -> f32 {
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tlxamd.reduce.return %c : f32
    }
    %t = arith.addf %s, %q : f32
    tlxamd.store %t, %out : !tlxamd.ptr<f32>
    gpu.return
  }

  gpu.func @loop_sum(%x: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %out: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %n: i32) kernel attributes {tlxamd.num_warps = 8 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant 0.0 : f32
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %xs = tlxamd.splat %x : tensor<1024x!tlxamd.ptr<f32>>
    %xp = tlxamd.addptr %xs, %r : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init) -> (f32) : i32 {
      %v = tlxamd.load %xp : tensor<1024x!tlxamd.ptr<f32>>
      %s = tlxamd.reduce %v {axis = 0 : i32} : tensor<1024xf32> -> f32 {
      ^bb0(%p: f32, %q: f32):
        %c = arith.addf %p, %q : f32
        tlxamd.reduce.return %c : f32
      }
      %b = arith.addf %a, %s : f32
      scf.yield %b : f32
    }
    tlxamd.store %acc, %out : !tlxamd.ptr<f32>
    gpu.return
  }
}
