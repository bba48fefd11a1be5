gpu.module @m {
  gpu.func @textbook(%a: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32}, %b: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32}, %c: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %K: i32 {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_stages = 3 : i32} {
    %cz = arith.constant 0 : i32
    %kpos = arith.cmpi sgt, %K, %cz : i32
    llvm.intr.assume %kpos : i1
    %r64 = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %r32 = tlxamd.make_range 0 to 32 : tensor<32xi32>
    %m = tlxamd.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %ks = tlxamd.splat %K : tensor<64x1xi32>
    %ma = arith.muli %m, %ks : tensor<64x1xi32>
    %mab = tlxamd.broadcast %ma : tensor<64x1xi32> -> tensor<64x32xi32>
    %k = tlxamd.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %kab = tlxamd.broadcast %k : tensor<1x32xi32> -> tensor<64x32xi32>
    %oa = arith.addi %mab, %kab : tensor<64x32xi32>
    %as = tlxamd.splat %a : tensor<64x32x!tlxamd.ptr<bf16>>
    %pa = tlxamd.addptr %as, %oa : tensor<64x32x!tlxamd.ptr<bf16>>, tensor<64x32xi32>
    %kr = tlxamd.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %c64t = arith.constant dense<64> : tensor<32x1xi32>
    %kb = arith.muli %kr, %c64t : tensor<32x1xi32>
    %kbb = tlxamd.broadcast %kb : tensor<32x1xi32> -> tensor<32x64xi32>
    %n = tlxamd.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %nb = tlxamd.broadcast %n : tensor<1x64xi32> -> tensor<32x64xi32>
    %ob = arith.addi %kbb, %nb : tensor<32x64xi32>
    %bs = tlxamd.splat %b : tensor<32x64x!tlxamd.ptr<bf16>>
    %pb = tlxamd.addptr %bs, %ob : tensor<32x64x!tlxamd.ptr<bf16>>, tensor<32x64xi32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c31 = arith.constant 31 : i32
    %c32 = arith.constant 32 : i32
    %kp = arith.addi %K, %c31 : i32
    %steps = arith.divsi %kp, %c32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %za = arith.constant dense<0.0> : tensor<64x32xbf16>
    %zb = arith.constant dense<0.0> : tensor<32x64xbf16>
    // expected-remark@+1 {{pipelined 2 load(s) feeding dots through 3 shared-memory buffers each (asynchronous copies 2 iteration(s) ahead; warpgroup MMA from shared memory)}}
    %r:3 = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero, %qa = %pa, %qb = %pb) -> (tensor<64x64xf32>, tensor<64x32x!tlxamd.ptr<bf16>>, tensor<32x64x!tlxamd.ptr<bf16>>) : i32 {
      %kk = arith.muli %i, %c32 : i32
      %left = arith.subi %K, %kk : i32
      %lefta = tlxamd.splat %left : tensor<1x32xi32>
      %ina = arith.cmpi slt, %k, %lefta : tensor<1x32xi32>
      %maska = tlxamd.broadcast %ina : tensor<1x32xi1> -> tensor<64x32xi1>
      %x = tlxamd.load %qa mask %maska other %za : tensor<64x32x!tlxamd.ptr<bf16>>
      %leftb = tlxamd.splat %left : tensor<32x1xi32>
      %inb = arith.cmpi slt, %kr, %leftb : tensor<32x1xi32>
      %maskb = tlxamd.broadcast %inb : tensor<32x1xi1> -> tensor<32x64xi1>
      %y = tlxamd.load %qb mask %maskb other %zb : tensor<32x64x!tlxamd.ptr<bf16>>
      %d = tlxamd.dot %x, %y, %acc : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
      %sa = tlxamd.splat %c32 : tensor<64x32xi32>
      %qa2 = tlxamd.addptr %qa, %sa : tensor<64x32x!tlxamd.ptr<bf16>>, tensor<64x32xi32>
      %c2048 = arith.constant 2048 : i32
      %sb = tlxamd.splat %c2048 : tensor<32x64xi32>
      %qb2 = tlxamd.addptr %qb, %sb : tensor<32x64x!tlxamd.ptr<bf16>>, tensor<32x64xi32>
      scf.yield %d, %qa2, %qb2 : tensor<64x64xf32>, tensor<64x32x!tlxamd.ptr<bf16>>, tensor<32x64x!tlxamd.ptr<bf16>>
    }
    %mc = tlxamd.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c64c = arith.constant dense<64> : tensor<64x1xi32>
    %mcs = arith.muli %mc, %c64c : tensor<64x1xi32>
    %mcb = tlxamd.broadcast %mcs : tensor<64x1xi32> -> tensor<64x64xi32>
    %ncb = tlxamd.broadcast %n : tensor<1x64xi32> -> tensor<64x64xi32>
    %oc = arith.addi %mcb, %ncb : tensor<64x64xi32>
    %cs = tlxamd.splat %c : tensor<64x64x!tlxamd.ptr<f32>>
    %pc = tlxamd.addptr %cs, %oc : tensor<64x64x!tlxamd.ptr<f32>>, tensor<64x64xi32>
    tlxamd.store %r#0, %pc : tensor<64x64x!tlxamd.ptr<f32>>
    gpu.return
  }
}
