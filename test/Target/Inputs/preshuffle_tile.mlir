// Triton style (layouts inferred): a K loop multiplying a fixed e2m1 A
// block by preshuffled B blocks loaded with preshuffled_b_load_tile
// (lane_bytes 16: e2m1 B; 32: e4m3 B), stored as f32.
gpu.module @m {
  gpu.func @fp4_tile(%a: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %b: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %c: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %n_rows: i32, %k_bytes: i32, %steps: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r64 = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %m = tlxamd.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %k = tlxamd.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %c64 = arith.constant dense<64> : tensor<64x1xi32>
    %ms = arith.muli %m, %c64 : tensor<64x1xi32>
    %mb = tlxamd.broadcast %ms : tensor<64x1xi32> -> tensor<64x64xi32>
    %kb = tlxamd.broadcast %k : tensor<1x64xi32> -> tensor<64x64xi32>
    %o = arith.addi %mb, %kb : tensor<64x64xi32>
    %x = tlxamd.buffer_load %a[%o] : !tlxamd.ptr<i8>, tensor<64x64xi32> -> tensor<64x64xi8>
    %bytes = arith.muli %n_rows, %k_bytes : i32
    %pid = gpu.block_id x
    %pid32 = arith.index_cast %pid : index to i32
    %c64s = arith.constant 64 : i32
    %n0 = arith.muli %pid32, %c64s : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
      %k0 = arith.muli %i, %c64s : i32
      %y = tlxamd.preshuffled_b_load_tile %b[%n0, %k0], %k_bytes, %bytes {lane_bytes = 16 : i32} : !tlxamd.ptr<i8> -> tensor<64x64xi8>
      %d = tlxamd.dot_scaled %x, %y, %acc lhs = "e2m1" rhs = "e2m1" : tensor<64x64xi8>, tensor<64x64xi8> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    tlxamd.buffer_store %acc, %c[%o] : tensor<64x64xf32>, !tlxamd.ptr<f32>, tensor<64x64xi32>
    gpu.return
  }

  gpu.func @fp8_tile(%a: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %b: !tlxamd.ptr<i8> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %c: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                     %n_rows: i32, %k_bytes: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r64 = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %m = tlxamd.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %k = tlxamd.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %c64 = arith.constant dense<64> : tensor<64x1xi32>
    %ms = arith.muli %m, %c64 : tensor<64x1xi32>
    %mb = tlxamd.broadcast %ms : tensor<64x1xi32> -> tensor<64x64xi32>
    %kb = tlxamd.broadcast %k : tensor<1x64xi32> -> tensor<64x64xi32>
    %o = arith.addi %mb, %kb : tensor<64x64xi32>
    %x = tlxamd.buffer_load %a[%o] : !tlxamd.ptr<i8>, tensor<64x64xi32> -> tensor<64x64xi8>
    %bytes = arith.muli %n_rows, %k_bytes : i32
    %c0 = arith.constant 0 : i32
    %y = tlxamd.preshuffled_b_load_tile %b[%c0, %c0], %k_bytes, %bytes {lane_bytes = 32 : i32, cache_policy = "streaming"} : !tlxamd.ptr<i8> -> tensor<128x64xi8>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tlxamd.dot_scaled %x, %y, %zero lhs = "e2m1" rhs = "e4m3" : tensor<64x64xi8>, tensor<128x64xi8> -> tensor<64x64xf32>
    tlxamd.buffer_store %d, %c[%o] : tensor<64x64xf32>, !tlxamd.ptr<f32>, tensor<64x64xi32>
    gpu.return
  }
}
