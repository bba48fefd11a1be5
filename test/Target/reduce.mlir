// Reductions on both vendors (tlxamd.reduce from tl.max / tl.sum /
// tl.argmax): registers first, then butterflies across the lanes of a warp,
// then the warps' partials through shared memory. On AMD the butterfly
// uses DPP quad_perm for lane masks 1 and 2; for 4 and 8, once the lanes
// below are combined, DPP row_half_mirror / row_mirror (each group of 4 / 8
// uniform, so a mirror pairs it with the other half as XOR would), else
// ds_swizzle (bit-mask mode); ds_swizzle for 16 and ds_bpermute for 32; on
// NVIDIA shfl.sync.bfly.
// tl.num_programs reads the AMD dispatch packet and %nctaid on NVIDIA.
// RUN: %tlx-compile %S/Inputs/reduce.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %S/Inputs/reduce.mlir --target gfx950 --emit llvm | FileCheck %s --check-prefix=LLVM
// RUN: %tlx-compile %S/Inputs/reduce.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=NV < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin

// A [64, 128] f32 tile, rows across lanes: the four registers of a thread
// first (v_max3), then 32 lanes by butterflies, no LDS and no barrier.
// AMD-LABEL: row_max:
// AMD-NOT: s_barrier
// AMD: v_max3_f32
// AMD: v_mov_b32_dpp {{.*}} quad_perm:[1,0,3,2]
// AMD: v_mov_b32_dpp {{.*}} quad_perm:[2,3,0,1]
// AMD: v_mov_b32_dpp {{.*}} row_half_mirror
// AMD: v_mov_b32_dpp {{.*}} row_mirror
// AMD: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// AMD-NOT: s_barrier
// AMD: buffer_store_dword
// AMD: s_endpgm

// 1024 elements over 4 waves of 64: 4 registers, 6 lane steps (the last,
// across the halves of the wave, a ds_bpermute), then one LDS write, a
// barrier and the 4 partials read back at once.
// AMD-LABEL: block_sum:
// AMD: buffer_load_dwordx4
// AMD-COUNT-3: v_add_f32_e32
// AMD: quad_perm:[1,0,3,2]
// AMD: quad_perm:[2,3,0,1]
// AMD: row_half_mirror
// AMD: row_mirror
// AMD: swizzle(SWAP,16)
// AMD: ds_bpermute_b32
// AMD: ds_write_b32
// AMD: s_barrier
// AMD: ds_read_b128
// AMD-COUNT-3: v_add_f32_e32
// AMD: global_store_dword
// AMD: s_endpgm

// argmax: values and indices travel together (two shuffles per step, two
// partial arrays).
// AMD-LABEL: block_argmax:
// AMD-COUNT-2: swizzle(SWAP,16)
// AMD-COUNT-2: ds_bpermute_b32
// AMD: s_barrier
// AMD-COUNT-2: ds_read_b128
// AMD: s_endpgm

// num_programs: the dispatch packet's workgroup size (byte 4) and grid
// size (byte 12).
// AMD-LABEL: grid_stride:
// AMD-DAG: s_load_dword {{s[0-9]+}}, s[0:1], 0x4
// AMD-DAG: s_load_dword {{s[0-9]+}}, s[0:1], 0xc
// AMD: s_endpgm

// LLVM-LABEL: define amdgpu_kernel void @block_sum(
// LLVM: call i32 @llvm.amdgcn.update.dpp.i32(i32 %{{.*}}, i32 %{{.*}}, i32 177, i32 15, i32 15, i1 false)
// LLVM: call i32 @llvm.amdgcn.update.dpp.i32(i32 %{{.*}}, i32 %{{.*}}, i32 78, i32 15, i32 15, i1 false)
// LLVM: call i32 @llvm.amdgcn.update.dpp.i32(i32 %{{.*}}, i32 %{{.*}}, i32 321, i32 15, i32 15, i1 false)
// LLVM: call i32 @llvm.amdgcn.update.dpp.i32(i32 %{{.*}}, i32 %{{.*}}, i32 320, i32 15, i32 15, i1 false)
// LLVM: call i32 @llvm.amdgcn.ds.swizzle(i32 %{{.*}}, i32 16415)
// LLVM: call i32 @llvm.amdgcn.ds.bpermute(
// LLVM: store float %{{.*}}, ptr addrspace(3)
// LLVM: call void asm sideeffect "s_waitcnt lgkmcnt(0)\0As_barrier", "~{memory}"()
// LLVM-LABEL: define amdgpu_kernel void @grid_stride(
// LLVM: call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
// LLVM: udiv i32

// NV-LABEL: .entry row_max(
// NV-NOT: bar.sync
// NV: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// NV: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// NV-NOT: bar.sync
// NV: ret;
// NV-LABEL: .entry block_sum(
// NV: ld.global.v4
// NV: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// NV: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// NV: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// NV: shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// NV: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// NV: st.shared.b32
// NV: bar.sync 0;
// NV: ld.shared
// NV: ret;
// NV-LABEL: .entry grid_stride(
// NV: %nctaid.x
