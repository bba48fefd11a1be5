// tlxamd-pipeline with a target, before layouts: the loads feeding a
// tl.dot staged through num_stages shared-memory buffers by asynchronous
// copies num_stages - 1 iterations ahead (cp.async on NVIDIA, buffer_load
// ... lds on CDNA4); on Hopper a dot of two staged bf16 row-major tiles
// reads them with warpgroup MMA. Triton's textbook K loop: carried pointer
// tensors advanced by a scalar (scalarized first: one carried base pointer
// per operand, the lanes' offsets outside the loop) and a ragged K mask.
// RUN: tlx-opt %s -split-input-file --tlxamd-pipeline=target=gfx950 2>/dev/null | FileCheck %s --check-prefix=GFX950
// RUN: tlx-opt %s -split-input-file --tlxamd-pipeline=target=sm_90a 2>/dev/null | FileCheck %s --check-prefix=SM90
// CDNA3 (4-byte direct-to-LDS copies only) stages through registers: S - 1
// buffers, the tiles S - 1 iterations ahead loaded at the top of the body
// and stored into the buffer the dot read after it.
// RUN: tlx-opt %s -split-input-file --tlxamd-pipeline=target=gfx942 2>/dev/null | FileCheck %s --check-prefix=GFX942
// RUN: tlx-opt %s -split-input-file --tlxamd-pipeline="target=sm_90a remarks=true" -verify-diagnostics -o /dev/null
// RUN: not tlx-opt %s -split-input-file --tlxamd-pipeline=target=gfx000 2>&1 | FileCheck %s --check-prefix=BAD
// Layouts and code: the pipelined loops build through the whole pipeline
// (gfx942, which stages nothing, in Target/pipelined-dot.mlir).
// RUN: tlx-opt %s -split-input-file --tlxamd-to-llvm=target=gfx950 -o /dev/null
// RUN: tlx-opt %s -split-input-file --tlxamd-to-llvm=target=sm_90a -o /dev/null

// BAD: tlxamd-pipeline: unsupported target 'gfx000'

// GFX950-LABEL: gpu.func @textbook
// Three buffers per operand, in the operand's 16-byte-chunk swizzle.
// GFX950: %[[A:.*]] = tlxamd.local_alloc : () -> !tlxamd.memdesc<3x64x32xbf16, #tlxamd.swizzled_shared<{vec = 8, per_phase = 2, max_phase = 4, order = [1, 0]}>
// GFX950: %[[B:.*]] = tlxamd.local_alloc : () -> !tlxamd.memdesc<3x32x64xbf16, #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
// The prologue: iterations 0 and 1, one commit group each.
// GFX950-COUNT-2: tlxamd.buffer_load_to_shared
// GFX950-NEXT: tlxamd.async_commit_group
// GFX950: tlxamd.buffer_load_to_shared
// GFX950: tlxamd.async_commit_group
// The loop carries scalar base pointers instead of the pointer tensors, and
// the buffers it reads and refills (0 and 2 first), moved round the ring of
// three by a compare and a select (no division).
// GFX950: scf.for %[[I:.*]] = {{.*}} iter_args({{.*}}, %[[R:[a-z0-9_]+]] = %c0_i32{{.*}}, %[[W:[a-z0-9_]+]] = %c2_i32{{.*}}) -> (tensor<64x64xf32>, !tlxamd.ptr<bf16>, !tlxamd.ptr<bf16>, i32, i32)
// GFX950-NEXT: tlxamd.async_wait {num = 1 : i32}
// GFX950-NOT: arith.remsi
// The copy of iteration i + 2, masked by its own K mask and i + 2 < ub.
// GFX950: %[[AHEAD:.*]] = arith.addi %[[I]], %{{.*}} : i32
// GFX950: %[[IN:.*]] = arith.cmpi slt, %[[AHEAD]], %{{.*}} : i32
// GFX950: %[[SLOT:.*]] = tlxamd.memdesc_index %[[A]][%[[W]]]
// GFX950: tlxamd.buffer_load_to_shared %[[SLOT]], %{{.*}}[%{{.*}}] mask %{{.*}} other
// GFX950: tlxamd.buffer_load_to_shared
// GFX950-NEXT: tlxamd.async_commit_group
// GFX950: tlxamd.memdesc_index %[[A]][%[[R]]]
// GFX950-NEXT: tlxamd.local_load
// GFX950: tlxamd.local_load
// GFX950: tlxamd.dot
// GFX950: %[[R1:.*]] = arith.addi %[[R]], %{{.*}} : i32
// GFX950: %[[RW:.*]] = arith.cmpi uge, %[[R1]], %[[THREE:.*]] : i32
// GFX950: %[[R2:.*]] = arith.subi %[[R1]], %{{.*}} : i32
// GFX950: %[[RN:.*]] = arith.select %[[RW]], %[[R2]], %[[R1]] : i32
// GFX950: %[[WN:.*]] = arith.select
// GFX950: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %[[RN]], %[[WN]]
// GFX950-NEXT: } {tlxamd.pipelined}
// GFX950-NEXT: tlxamd.async_wait {num = 0 : i32}

// GFX942-LABEL: gpu.func @textbook
// GFX942: %[[A:.*]] = tlxamd.local_alloc  : () -> !tlxamd.memdesc<2x64x32xbf16
// GFX942: %[[B:.*]] = tlxamd.local_alloc  : () -> !tlxamd.memdesc<2x32x64xbf16
// GFX942-COUNT-2: tlxamd.local_store
// GFX942: scf.for
// GFX942-NOT: tlxamd.async_wait
// GFX942: %[[X:.*]] = tlxamd.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<64x32x!tlxamd.ptr<bf16>>
// GFX942: %[[Y:.*]] = tlxamd.load %{{.*}} mask %{{.*}} other %{{.*}} : tensor<32x64x!tlxamd.ptr<bf16>>
// GFX942: %[[AT:.*]] = tlxamd.memdesc_index %[[A]][%[[READ:.*]]] :
// GFX942-NEXT: %[[AV:.*]] = tlxamd.local_load %[[AT]]
// GFX942: %[[BV:.*]] = tlxamd.local_load
// GFX942-NEXT: tlxamd.dot %[[AV]], %[[BV]]
// GFX942: %[[AW:.*]] = tlxamd.memdesc_index %[[A]][%[[READ]]] :
// GFX942-NEXT: tlxamd.local_store %[[X]], %[[AW]]
// GFX942: tlxamd.local_store %[[Y]],
// GFX942-NEXT: scf.yield

// SM90-LABEL: gpu.func @textbook
// The accumulator only goes round the loop: one MMA group stays in flight,
// so a fourth buffer (as many programs fit per multiprocessor with it)
// holds the tile that group still reads while the copies run two tiles
// ahead; the last group is waited for after the loop.
// SM90: tlxamd.local_alloc : () -> !tlxamd.memdesc<4x64x32xbf16, #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 16, transposed = false}>
// SM90: tlxamd.local_alloc : () -> !tlxamd.memdesc<4x32x64xbf16, #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
// SM90: scf.for
// SM90-NEXT: tlxamd.async_wait {num = 1 : i32}
// SM90: tlxamd.buffer_load_to_shared
// SM90: tlxamd.buffer_load_to_shared
// SM90-NEXT: tlxamd.async_commit_group
// SM90-NOT: tlxamd.local_load
// SM90: %[[D:.*]] = tlxamd.warpgroup_dot
// SM90-NEXT: %[[W:.*]] = tlxamd.warpgroup_dot_wait %[[D]] pendings = 1
// SM90-NOT: tlxamd.dot
// (a ring of four buffers: the index advanced with a mask)
// SM90: %[[NEXT:.*]] = arith.addi %{{.*}}, %c1_i32{{.*}} : i32
// SM90: arith.andi %[[NEXT]], %c3_i32{{.*}} : i32
// SM90: scf.yield %[[W]]
// SM90: } {tlxamd.pipelined}
// SM90-NEXT: tlxamd.async_wait {num = 0 : i32}
// SM90-NEXT: tlxamd.warpgroup_dot_wait %{{.*}}#0 pendings = 0
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
    // expected-remark@+1 {{pipelined 2 load(s) feeding dots through 4 shared-memory buffers each (asynchronous copies 2 iteration(s) ahead; warpgroup MMA from shared memory, one group in flight)}}
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

// -----

// The loop's own num_stages (2 and 4) over the kernel's; K offsets from the
// counter (examples/gemm.py's `gemm`: `a + rm * K + (k + rk)`), a K loop
// stepping by the tile. B is K-major here (order [0, 1] buffers; on Hopper
// a transposed nvmma tile, which wgmma reads as well).
// GFX950-LABEL: gpu.func @counter
// GFX950: tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x32xbf16
// GFX950: tlxamd.local_alloc : () -> !tlxamd.memdesc<2x32x64xbf16, #tlxamd.swizzled_shared<{vec = 8, per_phase = 2, max_phase = 4, order = [0, 1]}>
// GFX950-COUNT-2: tlxamd.buffer_load_to_shared
// GFX950-NEXT: tlxamd.async_commit_group
// GFX950-NEXT: scf.for
// GFX950-NEXT: tlxamd.async_wait {num = 0 : i32}
// GFX950-NOT: arith.divsi
// GFX950: } {tlxamd.num_stages = 2 : i32, tlxamd.pipelined}
// GFX950: tlxamd.local_alloc : () -> !tlxamd.memdesc<4x64x32xbf16
// GFX950: tlxamd.async_commit_group
// GFX950: tlxamd.async_commit_group
// GFX950: tlxamd.async_commit_group
// GFX950-NEXT: scf.for
// GFX950-NEXT: tlxamd.async_wait {num = 2 : i32}
// With four stages a fifth buffer would cost a program per multiprocessor:
// the refill of the buffer the previous MMA read goes after this step's
// MMA and its wait (the copy's barrier then retires that MMA for every
// warp).
// SM90-LABEL: gpu.func @counter
// SM90: tlxamd.local_alloc : () -> !tlxamd.memdesc<3x32x64xbf16, #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 16, transposed = true}>
// SM90: scf.for
// SM90-NOT: tlxamd.local_load
// SM90: tlxamd.warpgroup_dot
// SM90: tlxamd.local_alloc : () -> !tlxamd.memdesc<4x32x64xbf16
// SM90: scf.for
// SM90-NEXT: tlxamd.async_wait {num = 2 : i32}
// SM90-NOT: tlxamd.buffer_load_to_shared
// SM90: tlxamd.warpgroup_dot
// SM90-NEXT: tlxamd.warpgroup_dot_wait %{{.*}} pendings = 1
// SM90: tlxamd.buffer_load_to_shared
// SM90: tlxamd.buffer_load_to_shared
// SM90-NEXT: tlxamd.async_commit_group
// SM90-NEXT: scf.yield
gpu.module @m {
  gpu.func @counter(%a: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32}, %b: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32}, %c: !tlxamd.ptr<f32>, %K: i32 {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_stages = 3 : i32} {
    %cz = arith.constant 0 : i32
    %kpos = arith.cmpi sgt, %K, %cz : i32
    llvm.intr.assume %kpos : i1
    %r64 = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %r32 = tlxamd.make_range 0 to 32 : tensor<32xi32>
    %m = tlxamd.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %ks = tlxamd.splat %K : tensor<64x1xi32>
    %ma = arith.muli %m, %ks : tensor<64x1xi32>
    %mab = tlxamd.broadcast %ma : tensor<64x1xi32> -> tensor<64x32xi32>
    %as = tlxamd.splat %a : tensor<64x32x!tlxamd.ptr<bf16>>
    %pa = tlxamd.addptr %as, %mab : tensor<64x32x!tlxamd.ptr<bf16>>, tensor<64x32xi32>
    %n = tlxamd.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %kn = tlxamd.splat %K : tensor<1x64xi32>
    %nk = arith.muli %n, %kn : tensor<1x64xi32>
    %nkb = tlxamd.broadcast %nk : tensor<1x64xi32> -> tensor<32x64xi32>
    %bs = tlxamd.splat %b : tensor<32x64x!tlxamd.ptr<bf16>>
    %pb = tlxamd.addptr %bs, %nkb : tensor<32x64x!tlxamd.ptr<bf16>>, tensor<32x64xi32>
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    // expected-remark@+1 {{pipelined 2 load(s) feeding dots through 3 shared-memory buffers each (asynchronous copies 1 iteration(s) ahead; warpgroup MMA from shared memory, one group in flight)}}
    %r = scf.for %i = %c0 to %K step %c32 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
      %is = tlxamd.splat %i : tensor<32xi32>
      %kk = arith.addi %is, %r32 : tensor<32xi32>
      %ka = tlxamd.expand_dims %kk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %kab = tlxamd.broadcast %ka : tensor<1x32xi32> -> tensor<64x32xi32>
      %qa = tlxamd.addptr %pa, %kab : tensor<64x32x!tlxamd.ptr<bf16>>, tensor<64x32xi32>
      %x = tlxamd.load %qa : tensor<64x32x!tlxamd.ptr<bf16>>
      %kb = tlxamd.expand_dims %kk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %kbb = tlxamd.broadcast %kb : tensor<32x1xi32> -> tensor<32x64xi32>
      %qb = tlxamd.addptr %pb, %kbb : tensor<32x64x!tlxamd.ptr<bf16>>, tensor<32x64xi32>
      %y = tlxamd.load %qb : tensor<32x64x!tlxamd.ptr<bf16>>
      %d = tlxamd.dot %x, %y, %acc : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    } {tlxamd.num_stages = 2 : i32}
    // expected-remark@+1 {{pipelined 2 load(s) feeding dots through 4 shared-memory buffers each (asynchronous copies 3 iteration(s) ahead; warpgroup MMA from shared memory, one group in flight)}}
    %r2 = scf.for %i = %c0 to %K step %c32 iter_args(%acc = %r) -> (tensor<64x64xf32>) : i32 {
      %is = tlxamd.splat %i : tensor<32xi32>
      %kk = arith.addi %is, %r32 : tensor<32xi32>
      %ka = tlxamd.expand_dims %kk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %kab = tlxamd.broadcast %ka : tensor<1x32xi32> -> tensor<64x32xi32>
      %qa = tlxamd.addptr %pa, %kab : tensor<64x32x!tlxamd.ptr<bf16>>, tensor<64x32xi32>
      %x = tlxamd.load %qa : tensor<64x32x!tlxamd.ptr<bf16>>
      %kb = tlxamd.expand_dims %kk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %kbb = tlxamd.broadcast %kb : tensor<32x1xi32> -> tensor<32x64xi32>
      %qb = tlxamd.addptr %pb, %kbb : tensor<32x64x!tlxamd.ptr<bf16>>, tensor<32x64xi32>
      %y = tlxamd.load %qb : tensor<32x64x!tlxamd.ptr<bf16>>
      %d = tlxamd.dot %x, %y, %acc : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    } {tlxamd.num_stages = 4 : i32}
    %cs = tlxamd.splat %c : tensor<64x64x!tlxamd.ptr<f32>>
    %mc = tlxamd.broadcast %m : tensor<64x1xi32> -> tensor<64x64xi32>
    %pc = tlxamd.addptr %cs, %mc : tensor<64x64x!tlxamd.ptr<f32>>, tensor<64x64xi32>
    tlxamd.store %r2, %pc : tensor<64x64x!tlxamd.ptr<f32>>
    gpu.return
  }
}

// -----

// Wide tiles (128 x 64 by 64 x 256, bf16: 48 KiB a stage): one program per
// multiprocessor with three buffers or four, so the MMA in flight takes a
// fourth, and the refill (of the buffer read two steps before) stays at
// the top of the step: one barrier per step.
// SM90-LABEL: gpu.func @wide
// SM90: tlxamd.local_alloc : () -> !tlxamd.memdesc<4x128x64xbf16
// SM90: tlxamd.local_alloc : () -> !tlxamd.memdesc<4x64x256xbf16
// SM90: scf.for
// SM90-NEXT: tlxamd.async_wait {num = 1 : i32}
// SM90: tlxamd.buffer_load_to_shared
// SM90: tlxamd.buffer_load_to_shared
// SM90-NEXT: tlxamd.async_commit_group
// SM90: tlxamd.warpgroup_dot
// SM90-NEXT: tlxamd.warpgroup_dot_wait %{{.*}} pendings = 1
// SM90-NOT: tlxamd.async_commit_group
// SM90: scf.yield
gpu.module @m {
  gpu.func @wide(%a: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32}, %b: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32}, %c: !tlxamd.ptr<f32>, %K: i32 {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 8 : i32, tlxamd.num_stages = 3 : i32} {
    %cz = arith.constant 0 : i32
    %kpos = arith.cmpi sgt, %K, %cz : i32
    llvm.intr.assume %kpos : i1
    %r128 = tlxamd.make_range 0 to 128 : tensor<128xi32>
    %r256 = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %r64 = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %m = tlxamd.expand_dims %r128 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %ks = tlxamd.splat %K : tensor<128x1xi32>
    %ma = arith.muli %m, %ks : tensor<128x1xi32>
    %mab = tlxamd.broadcast %ma : tensor<128x1xi32> -> tensor<128x64xi32>
    %as = tlxamd.splat %a : tensor<128x64x!tlxamd.ptr<bf16>>
    %pa = tlxamd.addptr %as, %mab : tensor<128x64x!tlxamd.ptr<bf16>>, tensor<128x64xi32>
    %n = tlxamd.expand_dims %r256 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %nb = tlxamd.broadcast %n : tensor<1x256xi32> -> tensor<64x256xi32>
    %bs = tlxamd.splat %b : tensor<64x256x!tlxamd.ptr<bf16>>
    %pb = tlxamd.addptr %bs, %nb : tensor<64x256x!tlxamd.ptr<bf16>>, tensor<64x256xi32>
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %zero = arith.constant dense<0.0> : tensor<128x256xf32>
    // expected-remark@+1 {{pipelined 2 load(s) feeding dots through 4 shared-memory buffers each (asynchronous copies 2 iteration(s) ahead; warpgroup MMA from shared memory, one group in flight)}}
    %r = scf.for %i = %c0 to %K step %c64 iter_args(%acc = %zero) -> (tensor<128x256xf32>) : i32 {
      %is = tlxamd.splat %i : tensor<64xi32>
      %kk = arith.addi %is, %r64 : tensor<64xi32>
      %ka = tlxamd.expand_dims %kk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %kab = tlxamd.broadcast %ka : tensor<1x64xi32> -> tensor<128x64xi32>
      %qa = tlxamd.addptr %pa, %kab : tensor<128x64x!tlxamd.ptr<bf16>>, tensor<128x64xi32>
      %x = tlxamd.load %qa : tensor<128x64x!tlxamd.ptr<bf16>>
      %kb = tlxamd.expand_dims %kk {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %s256 = tlxamd.splat %c256 : tensor<64x1xi32>
      %kr = arith.muli %kb, %s256 : tensor<64x1xi32>
      %kbb = tlxamd.broadcast %kr : tensor<64x1xi32> -> tensor<64x256xi32>
      %qb = tlxamd.addptr %pb, %kbb : tensor<64x256x!tlxamd.ptr<bf16>>, tensor<64x256xi32>
      %y = tlxamd.load %qb : tensor<64x256x!tlxamd.ptr<bf16>>
      %d = tlxamd.dot %x, %y, %acc : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>
      scf.yield %d : tensor<128x256xf32>
    }
    %cs = tlxamd.splat %c : tensor<128x256x!tlxamd.ptr<f32>>
    %mc = tlxamd.broadcast %m : tensor<128x1xi32> -> tensor<128x256xi32>
    %pc = tlxamd.addptr %cs, %mc : tensor<128x256x!tlxamd.ptr<f32>>, tensor<128x256xi32>
    tlxamd.store %r, %pc : tensor<128x256x!tlxamd.ptr<f32>>
    gpu.return
  }
}

// -----

// Not staged: a K not known to be a multiple of 8 leaves the K mask proven
// uniform over single elements (2-byte copies); offsets that may be
// negative (AMD); num_stages 1; a loop without a dot and one with an inner
// loop keep the kernel's num_stages out (no remark). The register form
// then takes what fits its budget.
// GFX950-LABEL: gpu.func @kept
// GFX950-NOT: tlxamd.buffer_load_to_shared
// GFX950: gpu.return
// SM90-LABEL: gpu.func @kept
// SM90-NOT: tlxamd.buffer_load_to_shared
// SM90: gpu.return
gpu.module @m {
  gpu.func @kept(%a: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32}, %c: !tlxamd.ptr<f32>, %K: i32, %s: i32) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_stages = 3 : i32} {
    %r32 = tlxamd.make_range 0 to 32 : tensor<32xi32>
    %k = tlxamd.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %kab = tlxamd.broadcast %k : tensor<1x32xi32> -> tensor<32x32xi32>
    %kr = tlxamd.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %c32t = arith.constant dense<32> : tensor<32x1xi32>
    %rows = arith.muli %kr, %c32t : tensor<32x1xi32>
    %rowsb = tlxamd.broadcast %rows : tensor<32x1xi32> -> tensor<32x32xi32>
    %o = arith.addi %rowsb, %kab : tensor<32x32xi32>
    %as = tlxamd.splat %a : tensor<32x32x!tlxamd.ptr<bf16>>
    %p = tlxamd.addptr %as, %o : tensor<32x32x!tlxamd.ptr<bf16>>, tensor<32x32xi32>
    %ss = tlxamd.splat %s : tensor<32x32xi32>
    %neg = arith.subi %o, %ss : tensor<32x32xi32>
    %pn = tlxamd.addptr %as, %neg : tensor<32x32x!tlxamd.ptr<bf16>>, tensor<32x32xi32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32>
    %zb = arith.constant dense<0.0> : tensor<32x32xbf16>
    // expected-remark@+1 {{pipelined 2 load(s) one iteration ahead, in registers}}
    %r = scf.for %i = %c0 to %K step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32>) : i32 {
      %ks = tlxamd.splat %K : tensor<1x32xi32>
      %in = arith.cmpi slt, %k, %ks : tensor<1x32xi32>
      %mask = tlxamd.broadcast %in : tensor<1x32xi1> -> tensor<32x32xi1>
      // expected-remark@+1 {{not pipelined through shared memory: each lane would copy 2 bytes (consecutive, aligned and under one mask value as far as proven, of the tile's share per lane); sm_90a copies 4, 8 or 16 bytes a lane}}
      %x = tlxamd.load %p mask %mask other %zb : tensor<32x32x!tlxamd.ptr<bf16>>
      // expected-remark@+1 {{not pipelined through shared memory: each lane would copy 2 bytes (consecutive, aligned and under one mask value as far as proven, of the tile's share per lane); sm_90a copies 4, 8 or 16 bytes a lane}}
      %y = tlxamd.load %pn : tensor<32x32x!tlxamd.ptr<bf16>>
      %d = tlxamd.dot %x, %y, %acc : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xf32>
      scf.yield %d : tensor<32x32xf32>
    }
    %r1 = scf.for %i = %c0 to %K step %c1 iter_args(%acc = %r) -> (tensor<32x32xf32>) : i32 {
      %x = tlxamd.load %p : tensor<32x32x!tlxamd.ptr<bf16>>
      %d = tlxamd.dot %x, %x, %acc : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xf32>
      scf.yield %d : tensor<32x32xf32>
    } {tlxamd.num_stages = 1 : i32}
    %r2 = scf.for %i = %c0 to %K step %c1 iter_args(%acc = %r1) -> (tensor<32x32xf32>) : i32 {
      %x = tlxamd.load %p : tensor<32x32x!tlxamd.ptr<bf16>>
      %xf = arith.extf %x : tensor<32x32xbf16> to tensor<32x32xf32>
      %e = arith.addf %acc, %xf : tensor<32x32xf32>
      scf.yield %e : tensor<32x32xf32>
    }
    %r3 = scf.for %j = %c0 to %K step %c1 iter_args(%acc = %r2) -> (tensor<32x32xf32>) : i32 {
      %x = tlxamd.load %p : tensor<32x32x!tlxamd.ptr<bf16>>
      %d = tlxamd.dot %x, %x, %acc : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xf32>
      %inner = scf.for %i = %c0 to %K step %c1 iter_args(%t = %d) -> (tensor<32x32xf32>) : i32 {
        scf.yield %t : tensor<32x32xf32>
      }
      scf.yield %inner : tensor<32x32xf32>
    }
    %cs = tlxamd.splat %c : tensor<32x32x!tlxamd.ptr<f32>>
    %pc = tlxamd.addptr %cs, %o : tensor<32x32x!tlxamd.ptr<f32>>, tensor<32x32xi32>
    tlxamd.store %r3, %pc : tensor<32x32x!tlxamd.ptr<f32>>
    gpu.return
  }
}
