// A Triton-style microscaled product as the frontend writes it (no
// layouts): one 64 x 64 tile of (a * 2^as) @ (b * 2^bs), `a` 64 x 128 fp4
// (e2m1, two per byte along K: 64 x 64 bytes), `b` 128 x 64 fp8 (e4m3),
// one E8M0 scale per 32 K values of a row (64 x 4 each).
gpu.module @m {
  gpu.func @mx_tile(%a: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                    %as: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                    %b: !tlxamd.ptr<f8E4M3FN> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                    %bs: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                    %c: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32})
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c4 = arith.constant 4 : i32
    %c64 = arith.constant 64 : i32
    %r64 = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %r128 = tlxamd.make_range 0 to 128 : tensor<128xi32>
    %r4 = tlxamd.make_range 0 to 4 : tensor<4xi32>
    // rows x 64 offsets (row-major, 64 per row): a, c
    %rows = tlxamd.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %cols = tlxamd.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %s64 = tlxamd.splat %c64 : tensor<64x1xi32>
    %rs = arith.muli %rows, %s64 : tensor<64x1xi32>
    %rb = tlxamd.broadcast %rs : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tlxamd.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
    %o64 = arith.addi %rb, %cb : tensor<64x64xi32>
    // 128 x 64 offsets: b
    %krows = tlxamd.expand_dims %r128 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %s128 = tlxamd.splat %c64 : tensor<128x1xi32>
    %ks = arith.muli %krows, %s128 : tensor<128x1xi32>
    %kb = tlxamd.broadcast %ks : tensor<128x1xi32> -> tensor<128x64xi32>
    %cb2 = tlxamd.broadcast %cols : tensor<1x64xi32> -> tensor<128x64xi32>
    %ob = arith.addi %kb, %cb2 : tensor<128x64xi32>
    // 64 x 4 offsets: the scales
    %s4 = tlxamd.splat %c4 : tensor<64x1xi32>
    %srows = arith.muli %rows, %s4 : tensor<64x1xi32>
    %sb = tlxamd.broadcast %srows : tensor<64x1xi32> -> tensor<64x4xi32>
    %scols = tlxamd.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
    %scb = tlxamd.broadcast %scols : tensor<1x4xi32> -> tensor<64x4xi32>
    %os = arith.addi %sb, %scb : tensor<64x4xi32>

    %pa = tlxamd.splat %a : tensor<64x64x!tlxamd.ptr<i8>>
    %aa = tlxamd.addptr %pa, %o64 : tensor<64x64x!tlxamd.ptr<i8>>, tensor<64x64xi32>
    %x = tlxamd.load %aa : tensor<64x64x!tlxamd.ptr<i8>>
    %pas = tlxamd.splat %as : tensor<64x4x!tlxamd.ptr<i8>>
    %aas = tlxamd.addptr %pas, %os : tensor<64x4x!tlxamd.ptr<i8>>, tensor<64x4xi32>
    %xs = tlxamd.load %aas : tensor<64x4x!tlxamd.ptr<i8>>
    %pb = tlxamd.splat %b : tensor<128x64x!tlxamd.ptr<f8E4M3FN>>
    %ab = tlxamd.addptr %pb, %ob : tensor<128x64x!tlxamd.ptr<f8E4M3FN>>, tensor<128x64xi32>
    %y = tlxamd.load %ab : tensor<128x64x!tlxamd.ptr<f8E4M3FN>>
    %pbs = tlxamd.splat %bs : tensor<64x4x!tlxamd.ptr<i8>>
    %abs = tlxamd.addptr %pbs, %os : tensor<64x4x!tlxamd.ptr<i8>>, tensor<64x4xi32>
    %ys = tlxamd.load %abs : tensor<64x4x!tlxamd.ptr<i8>>

    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tlxamd.dot_scaled %x scale %xs, %y scale %ys, %zero lhs = "e2m1" rhs = "e4m3"
        : tensor<64x64xi8> scale tensor<64x4xi8>, tensor<128x64xf8E4M3FN> scale tensor<64x4xi8> -> tensor<64x64xf32>
    %pc = tlxamd.splat %c : tensor<64x64x!tlxamd.ptr<f32>>
    %ac = tlxamd.addptr %pc, %o64 : tensor<64x64x!tlxamd.ptr<f32>>, tensor<64x64xi32>
    tlxamd.store %d, %ac : tensor<64x64x!tlxamd.ptr<f32>>
    gpu.return
  }
}
