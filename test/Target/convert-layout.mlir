// convert_layout on both vendors: blocked -> MFMA (gfx950) / WMMA (sm_90a,
// wave32) moves elements between threads through shared memory (16 KiB for
// 64x64 f32, a barrier between writes and reads, and one before the
// writes unless they are the kernel's first shared-memory access) laid out by the swizzle the layout core chooses
// for both sides, so each thread's 4 consecutive elements are one 16-byte
// access each way (ds_write_b128 / ds_read_b128, st/ld.shared.v4); a layout change that only reorders registers
// moves nothing; one that moves elements between the lanes of a warp only is
// one indexed shuffle per register (ds_bpermute_b32 / shfl.sync.idx) from
// the lane the layouts name: for the transposed lane grid of a warp, lane
// (r, c) reads lane r * cols + c.
// RUN: %tlx-compile %S/Inputs/convert_layout.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %S/Inputs/convert_layout_32.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=NV < %t.ptx
// RUN: ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// The kernel's first shared-memory access: no barrier before the writes
// (nothing can still be reading the scratch), one between writes and reads.
// AMD-LABEL: blocked_to_mfma:
// AMD-COUNT-4: buffer_load_dwordx4
// AMD-NOT: s_barrier
// AMD-COUNT-4: ds_write_b128
// AMD-NOT: ds_write
// AMD: s_barrier
// AMD-COUNT-4: ds_read_b128
// AMD-NOT: ds_read
// AMD-COUNT-4: buffer_store_dwordx4
// AMD: s_endpgm
// AMD-LABEL: register_permutation:
// AMD-NOT: s_barrier
// AMD-NOT: ds_
// AMD: s_endpgm
// AMD-LABEL: lane_transpose:
// AMD-NOT: s_barrier
// AMD-NOT: ds_write
// Byte address of the source lane ((L & 7) * 8 + (L >> 3)) * 4.
// AMD-DAG: v_bfe_u32 [[HI:v[0-9]+]], v0, 3, 3
// AMD-DAG: v_lshlrev_b32_e32 [[LO8:v[0-9]+]], 3, v0
// AMD: v_and_or_b32 [[IDX:v[0-9]+]], [[LO8]], 56, [[HI]]
// AMD: v_lshlrev_b32_e32 [[ADDR:v[0-9]+]], 2, [[IDX]]
// AMD-COUNT-2: ds_bpermute_b32 v{{[0-9]+}}, [[ADDR]], v{{[0-9]+}}
// AMD-NOT: s_barrier
// AMD-COUNT-2: ds_bpermute_b32 v{{[0-9]+}}, [[ADDR]], v{{[0-9]+}}
// AMD-NOT: ds_bpermute
// AMD-COUNT-2: buffer_store_short
// AMD: s_endpgm
// AMD: .group_segment_fixed_size: 16384
// AMD: .name: blocked_to_mfma
// AMD: .group_segment_fixed_size: 0
// AMD: .name: register_permutation
// AMD: .group_segment_fixed_size: 0
// AMD: .name: lane_transpose

// NV-LABEL: .visible .entry blocked_to_mfma(
// NV-NOT: bar.sync
// NV-COUNT-8: st.shared.v4.b32
// NV-NOT: st.shared
// NV: bar.sync 0;
// NV-COUNT-8: ld.shared.v4.b32
// NV-NOT: ld.shared
// NV-LABEL: .visible .entry register_permutation(
// NV-NOT: bar.sync
// NV-NOT: .shared
// NV: ret;
// NV-LABEL: .visible .entry lane_transpose(
// NV-NOT: bar.sync
// NV-NOT: .shared
// Source lane (L & 7) * 4 + ((L >> 3) & 3).
// NV: mov.u32 [[TID:%r[0-9]+]], %tid.x;
// NV-DAG: and.b32 [[ROW:%r[0-9]+]], [[TID]], 7;
// NV-DAG: shl.b32 [[ROW4:%r[0-9]+]], [[ROW]], 2;
// NV-DAG: bfe.u32 [[COL:%r[0-9]+]], [[TID]], 3, 2;
// NV: or.b32 [[LANE:%r[0-9]+]], [[COL]], [[ROW4]];
// NV-COUNT-4: shfl.sync.idx.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[LANE]], 31, -1;
// NV-NOT: shfl.sync
// NV-COUNT-2: st.global.b16
// NV: ret;

// PTXAS: Compiling entry function 'lane_transpose'
// PTXAS-NEXT: Function properties
// PTXAS-NEXT: 0 bytes stack frame
// PTXAS-NEXT: Used {{[0-9]+}} registers, used 0 barriers{{$}}
// PTXAS: Compiling entry function 'register_permutation'
// PTXAS: Used {{[0-9]+}} registers, used 0 barriers{{$}}
// PTXAS: Compiling entry function 'blocked_to_mfma'
// PTXAS: Used {{[0-9]+}} registers, used 1 barriers, 16384 bytes smem
