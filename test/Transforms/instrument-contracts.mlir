// The contract sanitizer's checks (tlxamd-instrument-contracts): inserted
// before an access for each promise its code relies on that the axis
// analysis does not prove (B12, B18, L5, M11), elided where it proves it.
// RUN: tlx-opt %s -split-input-file --tlxamd-instrument-contracts=target=gfx950 | FileCheck %s
// RUN: not tlx-opt %s -split-input-file --tlxamd-instrument-contracts=target=gfx9999 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: tlxamd-instrument-contracts: unsupported target 'gfx9999' (supported: gfx942, gfx950, gfx1250, sm_90a, sm_100a)

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// pid * 1024 + arange from a 16-byte aligned base: consecutive and aligned
// runs of 4, proven; the ragged mask is split by the lowering, which relies
// on nothing. No check; the kernel still gets its ring and its tables.
// CHECK-LABEL: gpu.func @proven
// CHECK-SAME: %arg3: !tlxamd.ptr<i32> {tlxamd.violations}
// CHECK-SAME: tlxamd.arg_promises = [{arg = 0 : i32, divisibility = 16 : i32}, {arg = 1 : i32, divisibility = 16 : i32}]
// CHECK-SAME: tlxamd.contract_sites = []
// CHECK-SAME: tlxamd.violations_arg = 3 : i32
// CHECK-NOT: tlxamd.contract_check
// CHECK: gpu.return
gpu.module @m {
  gpu.func @proven(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32},
                   %dst: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %n: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c = arith.constant 1024 : i32
    %base = arith.muli %pid, %c : i32
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %bs = tlxamd.splat %base : tensor<1024xi32, #b>
    %offs = arith.addi %bs, %r : tensor<1024xi32, #b>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b>
    %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32, #b>
    %v = tlxamd.buffer_load %src[%offs] mask %m {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b> -> tensor<1024xf32, #b>
    %p = tlxamd.require_layout %v : tensor<1024xf32, #b> -> tensor<1024xf32, #b>
    tlxamd.buffer_store %p, %dst[%offs] mask %m {contiguity = 4 : i32} : tensor<1024xf32, #b>, !tlxamd.ptr<f32>, tensor<1024xi32, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// Gathered offsets (loaded from memory): the runs' consecutive offsets and
// their alignment are promises only; the alignment check's guard masks the
// access.
// CHECK-LABEL: gpu.func @gather
// CHECK-SAME: tlxamd.contract_sites = [{check = "consecutive offsets over 4, 16-byte aligned first address", loc = "{{.*}}instrument-contracts.mlir:[[@LINE+11]]:{{[0-9]+}}", op = "tlxamd.buffer_load", rule = "B12"}]
// CHECK: %[[IDX:.*]] = tlxamd.buffer_load %arg1
// CHECK: %[[G:.*]] = tlxamd.contract_check %arg3, %arg0[%[[IDX]]] {align = 16 : i32, consecutive, contiguity = 4 : i32, site = 0 : i32} : !tlxamd.ptr<i32>, !tlxamd.ptr<f32>, tensor<1024xi32, #{{.*}}>
// CHECK: tlxamd.buffer_load %arg0[%[[IDX]]] mask %[[G]] {contiguity = 4 : i32}
gpu.module @m {
  gpu.func @gather(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32},
                   %idx: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32},
                   %dst: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32})
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %i = tlxamd.buffer_load %idx[%r] : !tlxamd.ptr<i32>, tensor<1024xi32, #b> -> tensor<1024xi32, #b>
    %v = tlxamd.buffer_load %src[%i] {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b> -> tensor<1024xf32, #b>
    tlxamd.buffer_store %v, %dst[%r] : tensor<1024xf32, #b>, !tlxamd.ptr<f32>, tensor<1024xi32, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// A base argument with no alignment promise, at offsets proven to start
// every run 16 bytes from it: the alignment is the argument's, checked once
// at launch (a promise naming the access), nothing in the kernel.
// CHECK-LABEL: gpu.func @unaligned_base
// CHECK-SAME: tlxamd.arg_promises = [{arg = 0 : i32, divisibility = 16 : i32}, {arg = 1 : i32, divisibility = 16 : i32, site = 0 : i32}]
// CHECK-SAME: tlxamd.contract_sites = [{check = "16-byte aligned argument 1 (checked at launch)", {{.*}} op = "tlxamd.buffer_store", rule = "B12"}]
// CHECK-NOT: tlxamd.contract_check
// CHECK: tlxamd.buffer_store %{{.*}}, %arg1[%{{.*}}] mask %{{.*}} {contiguity = 4 : i32}
gpu.module @m {
  gpu.func @unaligned_base(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32},
                           %dst: !tlxamd.ptr<f32>, %n: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b>
    %v = tlxamd.buffer_load %src[%r] mask %m {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b> -> tensor<1024xf32, #b>
    %p = tlxamd.require_layout %v : tensor<1024xf32, #b> -> tensor<1024xf32, #b>
    tlxamd.buffer_store %p, %dst[%r] mask %m {contiguity = 4 : i32} : tensor<1024xf32, #b>, !tlxamd.ptr<f32>, tensor<1024xi32, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// A base computed in the kernel (an argument moved by an unknown count):
// the packed access's 16 bytes are checked in the kernel and the guard
// joins the mask.
// CHECK-LABEL: gpu.func @shifted_base
// CHECK-SAME: tlxamd.arg_promises = [{arg = 0 : i32, divisibility = 16 : i32}, {arg = 1 : i32, divisibility = 16 : i32}]
// CHECK: %[[G:.*]] = tlxamd.contract_check %arg3, %[[Q:.*]][%{{.*}}] mask %[[M:.*]] {align = 16 : i32, contiguity = 4 : i32, site = 0 : i32}
// CHECK: %[[GM:.*]] = arith.andi %[[M]], %[[G]] : tensor<1024xi1
// CHECK: tlxamd.buffer_store %{{.*}}, %[[Q]][%{{.*}}] mask %[[GM]] {contiguity = 4 : i32}
gpu.module @m {
  gpu.func @shifted_base(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32},
                         %dst: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %n: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b>
    %v = tlxamd.buffer_load %src[%r] mask %m {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b> -> tensor<1024xf32, #b>
    %p = tlxamd.require_layout %v : tensor<1024xf32, #b> -> tensor<1024xf32, #b>
    %q = tlxamd.addptr %dst, %n : !tlxamd.ptr<f32>, i32
    tlxamd.buffer_store %p, %q[%r] mask %m {contiguity = 4 : i32} : tensor<1024xf32, #b>, !tlxamd.ptr<f32>, tensor<1024xi32, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// BF16 atomics add pairs (B18): the pair's mask is proven uniform only by
// tl.multiple_of(n, 2), a promise the sanitizer checks at run time. With
// the divisibility on the kernel argument instead (checked at launch), it
// is proven.
// The atomic shares one base over the run of 4 the analysis proves.
// CHECK-LABEL: gpu.func @atomic_hint
// CHECK-SAME: tlxamd.contract_sites = [{check = "one mask value over 2", {{.*}} op = "tlxamd.buffer_atomic_add", rule = "B18"}]
// CHECK: tlxamd.contract_check %arg3, %arg0[%{{.*}}] mask %{{.*}} {contiguity = 4 : i32, site = 0 : i32, uniform_mask = 2 : i32}
// CHECK-NEXT: tlxamd.buffer_atomic_add
// CHECK-LABEL: gpu.func @atomic_argument
// CHECK-NOT: tlxamd.contract_check
// CHECK: gpu.return
gpu.module @m {
  gpu.func @atomic_hint(%acc: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32},
                        %val: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32}, %n: i32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b>
    %nh = arith.addi %ns, %ns : tensor<1024xi32, #b>
    %nd = arith.subi %nh, %ns {tlxamd.divisibility = array<i32: 2>} : tensor<1024xi32, #b>
    %m = arith.cmpi slt, %r, %nd : tensor<1024xi32, #b>
    %v = tlxamd.buffer_load %val[%r] {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<1024xi32, #b> -> tensor<1024xbf16, #b>
    %old = tlxamd.buffer_atomic_add %acc[%r], %v mask %m {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<1024xi32, #b>, tensor<1024xbf16, #b>
    gpu.return
  }
  gpu.func @atomic_argument(%acc: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32},
                            %val: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32},
                            %n: i32 {tlxamd.divisibility = 2 : i32})
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #b>
    %ns = tlxamd.splat %n : tensor<1024xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b>
    %v = tlxamd.buffer_load %val[%r] {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<1024xi32, #b> -> tensor<1024xbf16, #b>
    %old = tlxamd.buffer_atomic_add %acc[%r], %v mask %m {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<1024xi32, #b>, tensor<1024xbf16, #b>
    gpu.return
  }
}

// -----

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>

// M11: a scheduled MFMA under a branch may run with lanes inactive; one in
// the kernel's body runs with every lane.
// CHECK-LABEL: gpu.func @mfma_uniform
// CHECK-NOT: tlxamd.active_lanes_check
// CHECK-LABEL: gpu.func @mfma_branch
// CHECK-SAME: tlxamd.contract_sites = [{check = "every lane of the wave active", {{.*}} op = "tlxamd.amd_scheduled_mfma", rule = "M11"}]
// CHECK: scf.if
// CHECK-NEXT: tlxamd.active_lanes_check %arg4 {site = 0 : i32} : !tlxamd.ptr<i32>
// CHECK-NEXT: tlxamd.amd_scheduled_mfma
gpu.module @m {
  gpu.func @mfma_uniform(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
    gpu.return
  }
  gpu.func @mfma_branch(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>, %c: i1)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    scf.if %c {
      %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
    }
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>

// L5: a copy of 16 bytes per lane whose offsets are consecutive and
// aligned only by the hints on them (tl.max_contiguous, tl.multiple_of):
// both checked, the guard masks the copy.
// CHECK-LABEL: gpu.func @copy_hinted
// CHECK-SAME: check = "consecutive offsets over 8, 16-byte aligned first address", {{.*}} op = "tlxamd.buffer_load_to_shared", rule = "L5"
// CHECK: %[[G:.*]] = tlxamd.contract_check %arg2, %arg0[%[[O:.*]]] {align = 16 : i32, consecutive, contiguity = 8 : i32, site = 0 : i32}
// CHECK: tlxamd.buffer_load_to_shared %{{.*}}, %arg0[%[[O]]] mask %[[G]]
gpu.module @m {
  gpu.func @copy_hinted(%p: !tlxamd.ptr<bf16> {tlxamd.divisibility = 16 : i32}, %o: tensor<64x64xi32, #b>)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %z = arith.constant dense<0> : tensor<64x64xi32, #b>
    %o8 = arith.addi %o, %z {tlxamd.contiguity = array<i32: 1, 8>, tlxamd.divisibility = array<i32: 1, 8>} : tensor<64x64xi32, #b>
    %buf = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    tlxamd.buffer_load_to_shared %buf, %p[%o8] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    gpu.return
  }
}
