// buffer_load_to_shared (the Gluon async-copy reference) to machine code, and the tile read
// back with local_load. gfx950: one `buffer_load_dwordx4 ... offen lds` per
// 8 x bf16 a lane copies (128 bits, L5), the warp's LDS block start in M0;
// the swizzle permutes within a warp's block (L7), so lanes fetch the
// offsets of the lane whose element they write (ds_bpermute); async_wait
// is `s_waitcnt vmcnt(0)` and a barrier; the read back is ds_read_b128.
// gfx942 copies 32 bits per lane (`buffer_load_dword ... lds`). sm_90a:
// one 16-byte cp.async.cg per lane and copy, commit and wait groups.
// RUN: tlx-opt %S/Inputs/async_copy_gfx950.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=ROCDL
// RUN: %tlx-compile %S/Inputs/async_copy_gfx950.mlir --target gfx950 | FileCheck %s --check-prefix=GFX950
// RUN: %tlx-compile %S/Inputs/async_copy_gfx942.mlir --target gfx942 | FileCheck %s --check-prefix=GFX942
// RUN: tlx-opt %S/Inputs/async_copy_sm90a.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s --check-prefix=NVVM
// RUN: %tlx-compile %S/Inputs/async_copy_sm90a.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// ROCDL: llvm.mlir.global internal @__tlxamd_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<8192 x i8>
// ROCDL: rocdl.ds_bpermute
// ROCDL: rocdl.readfirstlane
// ROCDL: rocdl.raw.ptr.buffer.load.lds %{{.*}}, %{{.*}}, %[[SIZE:.*]], %{{.*}}
// ROCDL: rocdl.raw.ptr.buffer.load.lds %{{.*}}, %{{.*}}, %[[SIZE]], %{{.*}}
// ROCDL-NOT: rocdl.raw.ptr.buffer.load.lds
// ROCDL: rocdl.s.waitcnt 3952
// ROCDL-NEXT: llvm.inline_asm has_side_effects "s_waitcnt lgkmcnt(0)\0As_barrier", "~{memory}"

// GFX950-LABEL: copy_tile:
// GFX950: ds_bpermute_b32
// GFX950: {{s_mov_b32|s_lshl_b32}} m0, s{{[0-9]+}}
// GFX950: buffer_load_dwordx4 v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen lds
// GFX950: s_mov_b32 m0, s{{[0-9]+}}
// GFX950: buffer_load_dwordx4 v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen lds
// GFX950-NOT: buffer_load_dword
// GFX950: s_waitcnt vmcnt(0)
// GFX950-NEXT: ;;#ASMSTART
// GFX950-NEXT: s_waitcnt lgkmcnt(0)
// GFX950-NEXT: s_barrier
// GFX950: ds_read_b128
// GFX950: ds_read_b128
// GFX950-NOT: ds_read
// GFX950: buffer_store_dwordx4
// GFX950: buffer_store_dwordx4
// GFX950: .vgpr_count: {{([0-9]|1[0-2])$}}

// GFX942-LABEL: copy_tile:
// GFX942-COUNT-8: buffer_load_dword v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen lds
// GFX942-NOT: buffer_load_dword
// GFX942: s_waitcnt vmcnt(0)

// NVVM: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg
// NVVM: nvvm.cp.async.commit.group
// NVVM: nvvm.cp.async.wait.group 0

// PTX-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
// PTX-NOT: cp.async.cg
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 0;
// PTX-NEXT: bar.sync 0;
// PTX-COUNT-4: ld.shared.v4.b32
