// Masked buffer groups on gfx950 machine code: where the axis analysis
// cannot prove the mask uniform over a group (B12), the group is split
// instead of trusting the promise: never an access past `n`. Constant
// distances inside a contiguity run (B13) land in the instruction's
// offset field; a mask proven uniform over the run costs one select.
// RUN: %tlx-compile %S/Inputs/masked_groups.mlir --target gfx950 | FileCheck %s
// RUN: %tlx-compile %S/Inputs/masked_groups.mlir --target gfx950 --emit llvm | FileCheck %s --check-prefix=LLVM

// The README kernel (`offsets < n`): the lanes whose group of 8 is entirely
// in (one compare: `n <= offs + 7` is false) take one buffer_load_dwordx4;
// the others load element by element, each masked out of bounds
// (0x80000000 = v_bfrev 1) with its distance (2 bytes per BF16) in the
// offset field; the last element, out on that path (its compare chose it),
// is not accessed. The store splits the same way.
// CHECK-LABEL: copy_ragged:
// CHECK: v_lshlrev_b32_e32 v[[BYTES:[0-9]+]], 1, v{{[0-9]+}}
// CHECK: v_cmp_le_i32_e64 [[NOTALL:s\[[0-9]+:[0-9]+\]]], s{{[0-9]+}}, v{{[0-9]+}}
// CHECK: s_and_saveexec_b64 s[{{[0-9]+:[0-9]+}}], [[NOTALL]]
// CHECK: s_cbranch_execz
// CHECK: v_bfrev_b32_e32 v{{[0-9]+}}, 1
// CHECK-COUNT-7: buffer_load_ushort
// CHECK-NOT: offset:14
// CHECK: s_andn2_saveexec_b64
// CHECK: s_cbranch_execz
// CHECK-NOT: buffer_load
// CHECK: buffer_load_dwordx4 v[{{[0-9]+:[0-9]+}}], v[[BYTES]], s[{{[0-9]+:[0-9]+}}], 0 offen{{$}}
// CHECK-NOT: buffer_load
// CHECK: buffer_store_short v{{[0-9]+}}, v{{[0-9]+}}, s[{{.*}}], 0 offen{{$}}
// CHECK: v_cndmask_b32
// CHECK: buffer_store_short v{{[0-9]+}}, v{{[0-9]+}}, s[{{.*}}], 0 offen offset:2
// CHECK: buffer_store_dwordx4 v[{{[0-9]+:[0-9]+}}], v[[BYTES]], s[{{[0-9]+:[0-9]+}}], 0 offen{{$}}
// CHECK: s_endpgm

// The bound idiom (`n - n % 8`) is proven uniform: unchanged, one compare,
// one select, one access each way, no branch.
// CHECK-LABEL: copy_bound:
// CHECK-NOT: s_cbranch
// CHECK: v_bfrev_b32_e32 v[[OOB:[0-9]+]], 1
// CHECK: v_cmp_gt_i32_e32 vcc
// CHECK: v_cndmask_b32_e32 v[[VOFF:[0-9]+]], v[[OOB]], v{{[0-9]+}}, vcc
// CHECK-NOT: v_cndmask
// CHECK: buffer_load_dwordx4 v[{{[0-9]+:[0-9]+}}], v[[VOFF]], s[{{[0-9]+:[0-9]+}}], 0 offen{{$}}
// CHECK-NOT: buffer_load
// CHECK: buffer_store_dwordx4 v[{{[0-9]+:[0-9]+}}], v[[VOFF]], s[{{[0-9]+:[0-9]+}}], 0 offen{{$}}
// CHECK-NOT: buffer_store
// CHECK-NOT: s_cbranch
// CHECK: s_endpgm

// The second 16-byte group of a thread is the first's voffset + 16, in the
// offset field (no VALU add).
// CHECK-LABEL: copy_f32_c8:
// CHECK: v_cndmask_b32_e32 v[[VOFF:[0-9]+]]
// CHECK-NEXT: buffer_load_dwordx4 v[{{[0-9]+:[0-9]+}}], v[[VOFF]], s[{{[0-9]+:[0-9]+}}], 0 offen{{$}}
// CHECK-NEXT: buffer_load_dwordx4 v[{{[0-9]+:[0-9]+}}], v[[VOFF]], s[{{[0-9]+:[0-9]+}}], 0 offen offset:16
// CHECK: buffer_store_dwordx4 v[{{[0-9]+:[0-9]+}}], v[[VOFF]], s[{{[0-9]+:[0-9]+}}], 0 offen{{$}}
// CHECK: buffer_store_dwordx4 v[{{[0-9]+:[0-9]+}}], v[[VOFF]], s[{{[0-9]+:[0-9]+}}], 0 offen offset:16
// CHECK: s_endpgm

// A mask proven uniform over the run of 4 atomics: one v_cndmask for the
// four, the distances 4/8/12 as immediates.
// CHECK-LABEL: atomic_uniform:
// CHECK: v_cndmask_b32_e32 v[[VOFF:[0-9]+]]
// CHECK-NOT: v_cndmask
// CHECK: buffer_atomic_add_f32 v{{[0-9]+}}, v[[VOFF]], s[{{[0-9]+:[0-9]+}}], 0 offen{{$}}
// CHECK-NEXT: buffer_atomic_add_f32 v{{[0-9]+}}, v[[VOFF]], s[{{[0-9]+:[0-9]+}}], 0 offen offset:4
// CHECK-NEXT: buffer_atomic_add_f32 v{{[0-9]+}}, v[[VOFF]], s[{{[0-9]+:[0-9]+}}], 0 offen offset:8
// CHECK-NEXT: buffer_atomic_add_f32 v{{[0-9]+}}, v[[VOFF]], s[{{[0-9]+:[0-9]+}}], 0 offen offset:12
// CHECK-NOT: v_cndmask
// CHECK: s_endpgm

// `offsets < n`: each atomic keeps its own element's mask (one select
// each), still with immediate distances.
// CHECK-LABEL: atomic_ragged:
// CHECK-COUNT-4: v_cndmask_b32
// CHECK-NOT: v_cndmask_b32
// CHECK: buffer_atomic_add_f32 {{.*}} offen offset:12
// CHECK: s_endpgm

// LLVM-LABEL: define amdgpu_kernel void @copy_ragged(
// LLVM: br i1 %{{[0-9]+}}, label %[[FAST:[0-9]+]], label %[[SLOW:[0-9]+]]
// LLVM: [[FAST]]:
// LLVM-NEXT: call <4 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v4i32(
// LLVM: [[SLOW]]:
// LLVM-COUNT-7: call i16 @llvm.amdgcn.raw.ptr.buffer.load.i16(
// LLVM-NOT: call i16 @llvm.amdgcn.raw.ptr.buffer.load.i16(
// LLVM-LABEL: define amdgpu_kernel void @copy_bound(
// LLVM-NOT: br i1
// LLVM: ret void
