// 64 x 64 x 64 tl.dot of 8-bit floats (e4m3, e5m2), layouts left to
// tlxamd-assign-layouts.
module {
  gpu.module @fp8 {
    gpu.func @dot_e4m3(%a: !tlxamd.ptr<f8E4M3FN> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %c: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
      %r = tlxamd.make_range 0 to 64 : tensor<64xi32>
      %rows = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %cols = tlxamd.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %c64 = arith.constant 64 : i32
      %s64 = tlxamd.splat %c64 : tensor<64x1xi32>
      %ro = arith.muli %rows, %s64 : tensor<64x1xi32>
      %rb = tlxamd.broadcast %ro : tensor<64x1xi32> -> tensor<64x64xi32>
      %cb = tlxamd.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
      %o = arith.addi %rb, %cb : tensor<64x64xi32>
      %ap = tlxamd.splat %a : tensor<64x64x!tlxamd.ptr<f8E4M3FN>>
      %p = tlxamd.addptr %ap, %o : tensor<64x64x!tlxamd.ptr<f8E4M3FN>>, tensor<64x64xi32>
      %x = tlxamd.load %p : tensor<64x64x!tlxamd.ptr<f8E4M3FN>>
      %z = arith.constant dense<0.0> : tensor<64x64xf32>
      %d = tlxamd.dot %x, %x, %z : tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN> -> tensor<64x64xf32>
      %cp = tlxamd.splat %c : tensor<64x64x!tlxamd.ptr<f32>>
      %q = tlxamd.addptr %cp, %o : tensor<64x64x!tlxamd.ptr<f32>>, tensor<64x64xi32>
      tlxamd.store %d, %q : tensor<64x64x!tlxamd.ptr<f32>>
      gpu.return
    }
    gpu.func @dot_e5m2(%a: !tlxamd.ptr<f8E5M2> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %c: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
      %r = tlxamd.make_range 0 to 64 : tensor<64xi32>
      %rows = tlxamd.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %cols = tlxamd.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %c64 = arith.constant 64 : i32
      %s64 = tlxamd.splat %c64 : tensor<64x1xi32>
      %ro = arith.muli %rows, %s64 : tensor<64x1xi32>
      %rb = tlxamd.broadcast %ro : tensor<64x1xi32> -> tensor<64x64xi32>
      %cb = tlxamd.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
      %o = arith.addi %rb, %cb : tensor<64x64xi32>
      %ap = tlxamd.splat %a : tensor<64x64x!tlxamd.ptr<f8E5M2>>
      %p = tlxamd.addptr %ap, %o : tensor<64x64x!tlxamd.ptr<f8E5M2>>, tensor<64x64xi32>
      %x = tlxamd.load %p : tensor<64x64x!tlxamd.ptr<f8E5M2>>
      %z = arith.constant dense<0.0> : tensor<64x64xf32>
      %d = tlxamd.dot %x, %x, %z : tensor<64x64xf8E5M2>, tensor<64x64xf8E5M2> -> tensor<64x64xf32>
      %cp = tlxamd.splat %c : tensor<64x64x!tlxamd.ptr<f32>>
      %q = tlxamd.addptr %cp, %o : tensor<64x64x!tlxamd.ptr<f32>>, tensor<64x64xi32>
      tlxamd.store %d, %q : tensor<64x64x!tlxamd.ptr<f32>>
      gpu.return
    }
  }
}
