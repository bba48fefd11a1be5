// Buffer ops on gfx950 machine code (llc-22): one buffer instruction per
// access group, 128-bit cap, scalar accesses for contiguity 1, masked lanes
// out of bounds, cache policy bits, returning packed atomics.
// RUN: %tlx-compile %S/Inputs/buffer_ops.mlir --target gfx950 | FileCheck %s
// RUN: %tlx-compile %S/Inputs/buffer_ops.mlir --target gfx950 --emit llvm | FileCheck %s --check-prefix=LLVM
// RUN: %tlx-compile %S/Inputs/buffer_atomic_bf16.mlir --target gfx950 | FileCheck %s --check-prefix=ATOMIC

// One resource descriptor per base pointer and function (B15).
// LLVM-LABEL: define amdgpu_kernel void @copy_bf16_c8(
// LLVM-COUNT-2: call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %{{[0-9]+}}, i16 0, i64 2147483646, i32 159744)
// LLVM-NOT: make.buffer.rsrc
// LLVM: call <4 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v4i32(
// LLVM: call void @llvm.amdgcn.raw.ptr.buffer.store.v4i32(

// B13: BF16 contiguity 8 = one 16-byte access each way.
// CHECK-LABEL: copy_bf16_c8:
// CHECK: buffer_load_dwordx4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0 offen{{$}}
// CHECK-NOT: buffer_load
// CHECK: buffer_store_dwordx4
// CHECK-NOT: buffer_store
// CHECK: s_endpgm

// B13: BF16 contiguity 16 = two eight-element buffer_*_dwordx4.
// CHECK-LABEL: copy_bf16_c16:
// CHECK: buffer_load_dwordx4 v[{{.*}}], v[[OFF:[0-9]+]], s[{{.*}}], 0 offen{{$}}
// CHECK-NEXT: buffer_load_dwordx4 v[{{.*}}], v[[OFF]], s[{{.*}}], 0 offen offset:16
// CHECK-NOT: buffer_load
// CHECK: buffer_store_dwordx4
// CHECK: buffer_store_dwordx4 {{.*}} offset:16
// CHECK-NOT: buffer_store
// CHECK: s_endpgm

// B14: contiguity 1 keeps scalar (2-byte) accesses.
// CHECK-LABEL: copy_bf16_c1:
// CHECK-COUNT-2: buffer_load_ushort
// CHECK-NOT: buffer_load_dword
// CHECK-COUNT-2: buffer_store_short
// CHECK: s_endpgm

// B12/B8: `r < n` is not proven uniform over the groups of 4, so they are
// split: one compare (the last element's, `n <= r+3`) sends the lanes whose
// group is not entirely in to element accesses, each masked out of bounds
// (voffset 0x80000000 = v_bfrev 1) with its distance in the offset field;
// the others take one buffer_load_dwordx4. The last element is provably out
// on the slow path (its mask is the compare that chose it): no access
// there. `other` (-1.0) replaces the masked elements after the load; the
// store splits the same way.
// CHECK-LABEL: masked_f32_c4:
// CHECK: v_cmp_le_i32_e64 [[NOTALL:s\[[0-9]+:[0-9]+\]]], s{{[0-9]+}}, v{{[0-9]+}}
// CHECK: s_and_saveexec_b64 s[{{[0-9]+:[0-9]+}}], [[NOTALL]]
// CHECK: s_cbranch_execz
// CHECK: v_bfrev_b32_e32 v[[OOB:[0-9]+]], 1
// CHECK: v_cndmask_b32_e64 v[[E0:[0-9]+]], v[[OOB]], v[[BYTES:[0-9]+]], s[{{[0-9]+:[0-9]+}}]
// CHECK: buffer_load_dword v{{[0-9]+}}, v[[E0]], s[{{.*}}], 0 offen{{$}}
// CHECK-NEXT: buffer_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{.*}}], 0 offen offset:4
// CHECK-NEXT: buffer_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{.*}}], 0 offen offset:8
// CHECK: s_andn2_saveexec_b64
// CHECK: buffer_load_dwordx4 v[{{.*}}], v[[BYTES]], s[{{.*}}], 0 offen{{$}}
// CHECK-COUNT-3: v_cndmask_b32_e{{32|64}} v{{[0-9]+}}, -1.0, v{{[0-9]+}}
// CHECK-NOT: buffer_load
// CHECK: buffer_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{.*}}], 0 offen{{$}}
// CHECK: buffer_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{.*}}], 0 offen offset:4
// CHECK: buffer_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{.*}}], 0 offen offset:8
// CHECK-NOT: offset:12
// CHECK: buffer_store_dwordx4 v[{{.*}}], v[[BYTES]], s[{{.*}}], 0 offen{{$}}
// CHECK: s_endpgm

// B4: .cg load = sc0 nt, .cv load = sc0 sc1, .cs store = sc0 nt, .wt store = sc0 sc1.
// CHECK-LABEL: cache_modifiers:
// CHECK: buffer_load_dwordx4 {{.*}} offen sc0 nt
// CHECK: buffer_load_dwordx4 {{.*}} offen sc0 sc1
// CHECK: buffer_store_dwordx4 {{.*}} offen sc0 nt
// CHECK: buffer_store_dwordx4 {{.*}} offen sc0 sc1
// CHECK: s_endpgm

// B16/B18: packed BF16 add returning the old values (sc0 = return), between
// the release/acquire fences of acq_rel at agent scope.
// ATOMIC-LABEL: atomic_bf16:
// ATOMIC: buffer_wbl2 sc1
// ATOMIC: buffer_atomic_pk_add_bf16 v[[OLD:[0-9]+]], v{{[0-9]+}}, s[{{.*}}], 0 offen sc0
// ATOMIC: buffer_inv sc1
// ATOMIC: buffer_store_short v[[OLD]]
// ATOMIC: s_endpgm

// F32 atomic, masked, relaxed: no fences, returning.
// CHECK-LABEL: atomic_f32:
// CHECK-NOT: buffer_wbl2
// CHECK: buffer_atomic_add_f32 v{{[0-9]+}}, v{{[0-9]+}}, s[{{.*}}], 0 offen sc0
// CHECK: buffer_atomic_add_f32
// CHECK-NOT: buffer_inv
// CHECK: s_endpgm
