// Explicit MFMA scheduling ops round-trip; the commit verifier accepts
// chains that reach it unforked, through scf.for iter_args and through the
// block argument of an unstructured loop whose body and exit uses are
// mutually exclusive (M13).
// RUN: tlx-opt %s | tlx-opt | FileCheck %s

#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 8}>
#mma3 = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 1, 1]}>
#a3 = #tlxamd.dot_operand<{op_idx = 0, parent = #mma3, k_width = 8}>
#b3 = #tlxamd.dot_operand<{op_idx = 1, parent = #mma3, k_width = 8}>

// CHECK-LABEL: func.func @document_example
func.func @document_example(%x: tensor<64x16xbf16, #a>, %y: tensor<16x128xbf16, #b>, %z: tensor<64x64xf32, #mma>) -> tensor<64x128xf32, #mma> {
  // CHECK: tlxamd.extract_slice %{{.*}} [0, 64] : tensor<16x128xbf16, #{{.*}}> -> tensor<16x64xbf16, #{{.*}}>
  %bl = tlxamd.extract_slice %y [0, 0] : tensor<16x128xbf16, #b> -> tensor<16x64xbf16, #b>
  %br = tlxamd.extract_slice %y [0, 64] : tensor<16x128xbf16, #b> -> tensor<16x64xbf16, #b>
  // CHECK: tlxamd.amd_scheduled_mfma %{{.*}}, %{{.*}}, %{{.*}} {accumulator_role = "persistent", initialize}
  %l = tlxamd.amd_scheduled_mfma %x, %bl, %z {accumulator_role = "persistent", initialize} : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  // CHECK: tlxamd.amd_sched_barrier 0
  tlxamd.amd_sched_barrier 0
  tlxamd.amd_sched_barrier 0
  %r = tlxamd.amd_scheduled_mfma %x, %br, %z {accumulator_role = "persistent", initialize} : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  // CHECK: %{{.*}}:2 = tlxamd.amd_mfma_commit %{{.*}}, %{{.*}} : tensor<64x64xf32, #{{.*}}>, tensor<64x64xf32, #{{.*}}>
  %cl, %cr = tlxamd.amd_mfma_commit %l, %r : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  // CHECK: tlxamd.cat %{{.*}}, %{{.*}} {dim = 1 : i32}
  %j = tlxamd.cat %cl, %cr {dim = 1 : i32} : tensor<64x64xf32, #mma> -> tensor<64x128xf32, #mma>
  // CHECK: tlxamd.require_layout %{{.*}} {pin}
  %p = tlxamd.require_layout %j {pin} : tensor<64x128xf32, #mma> -> tensor<64x128xf32, #mma>
  return %p : tensor<64x128xf32, #mma>
}

// CHECK-LABEL: func.func @transient_chain
func.func @transient_chain(%x: tensor<64x32xbf16, #a>, %y: tensor<32x64xbf16, #b>, %z: tensor<64x64xf32, #mma>) -> (tensor<64x64xf32, #mma>, tensor<32x64xbf16, #b>) {
  // CHECK: tlxamd.amd_register_resident %{{.*}} {register_class = "agpr", registers_per_group = 4 : i32}
  %live = tlxamd.amd_register_resident %y {register_class = "agpr", registers_per_group = 4 : i32} : tensor<32x64xbf16, #b>
  %d = tlxamd.amd_scheduled_mfma %x, %live, %z {initialize} : tensor<64x32xbf16, #a>, tensor<32x64xbf16, #b> -> tensor<64x64xf32, #mma>
  // CHECK: tlxamd.amd_mfma_commit %{{.*}} preserve %{{.*}} : tensor<64x64xf32, #{{.*}}> preserve tensor<32x64xbf16, #{{.*}}>
  %c, %l = tlxamd.amd_mfma_commit %d preserve %live : tensor<64x64xf32, #mma> preserve tensor<32x64xbf16, #b>
  // CHECK: tlxamd.amd_register_class_anchor %{{.*}} {register_class = "agpr"}
  %v = tlxamd.amd_register_class_anchor %c {register_class = "agpr"} : tensor<64x64xf32, #mma>
  return %v, %l : tensor<64x64xf32, #mma>, tensor<32x64xbf16, #b>
}

// M13: the scf.for form, the chain carried through iter_args.
// CHECK-LABEL: func.func @scf_loop
func.func @scf_loop(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>, %n: index) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<64x64xf32, #mma>) {
    %d = tlxamd.amd_scheduled_mfma %x, %y, %acc : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  %c = tlxamd.amd_mfma_commit %r : tensor<64x64xf32, #mma>
  return %c : tensor<64x64xf32, #mma>
}

// M13's exception: the loop header's block argument is used by the body
// and by the exit, one of which runs per iteration.
// CHECK-LABEL: func.func @block_argument_loop
func.func @block_argument_loop(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^header(%z, %c0 : tensor<64x64xf32, #mma>, i32)
^header(%acc: tensor<64x64xf32, #mma>, %i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %d = tlxamd.amd_scheduled_mfma %x, %y, %acc : tensor<64x16xbf16, #a>, tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mma>
  %next = arith.addi %i, %c1 : i32
  cf.br ^header(%d, %next : tensor<64x64xf32, #mma>, i32)
^exit:
  %c = tlxamd.amd_mfma_commit %acc : tensor<64x64xf32, #mma>
  return %c : tensor<64x64xf32, #mma>
}

// M6: rank 3, one batch repetition per wave (2 batches over 2 warps).
// CHECK-LABEL: func.func @batched
func.func @batched(%x: tensor<2x32x16xbf16, #a3>, %y: tensor<2x16x32xbf16, #b3>, %z: tensor<2x32x32xf32, #mma3>) -> tensor<2x32x32xf32, #mma3> {
  // CHECK: tlxamd.amd_scheduled_mfma {{.*}} -> tensor<2x32x32xf32
  %d = tlxamd.amd_scheduled_mfma %x, %y, %z : tensor<2x32x16xbf16, #a3>, tensor<2x16x32xbf16, #b3> -> tensor<2x32x32xf32, #mma3>
  %c = tlxamd.amd_mfma_commit %d : tensor<2x32x32xf32, #mma3>
  return %c : tensor<2x32x32xf32, #mma3>
}

// M19: a rematerialized range.
// CHECK-LABEL: func.func @range
func.func @range() -> tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #mma}>> {
  // CHECK: tlxamd.make_range 0 to 64 {rematerialize}
  %r = tlxamd.make_range 0 to 64 {rematerialize} : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #mma}>>
  return %r : tensor<64xi32, #tlxamd.slice<{dim = 0, parent = #mma}>>
}
