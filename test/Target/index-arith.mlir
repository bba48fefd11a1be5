// Per-thread index arithmetic of a 2-D blocked layout, checked on the ISA:
// size_per_thread [1, 4], threads_per_warp [8, 8], warps_per_cta [2, 2],
// order [1, 0] over 64x64, out[i, j] = 64 i + j stored at element i*64 + j.
// For lane l and warp w: col = 4 (l & 7) + 32 (w & 1), row = (l >> 3) +
// 8 (w >> 1) + 16 r for the register repetitions r = 0..3, so the element
// index 64 row + col = ((l & 56) << 3) | ((w & 2) << 8) | 4 (l & 7) |
// ((w & 1) << 5) | 1024 r | k, k = 0..3 within a register group.
// RUN: %tlx-compile %S/Inputs/index_2d.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: sed 's/threads_per_warp = \[8, 8\]/threads_per_warp = [4, 8]/' %S/Inputs/index_2d.mlir | %tlx-compile - --target sm_90a | FileCheck %s --check-prefix=NV

// The warp's part comes from one SGPR (LLVM reads the thread id into it
// once and takes the warp bits with scalar shifts), lanes stay in VGPRs:
// row = ((l >> 3) & 7) | ((w & 2) << 2), col = 4 (l & 7) | ((w & 1) << 5)
// with w = t >> 6.
// AMD: v_readfirstlane_b32 s[[T:[0-9]+]], v0
// AMD-DAG: v_bfe_u32 v[[LROW:[0-9]+]], v0, 3, 3
// AMD-DAG: s_lshr_b32 s[[W2:[0-9]+]], s[[T]], 4
// AMD-DAG: s_lshr_b32 s[[W1:[0-9]+]], s[[T]], 1
// AMD-DAG: v_and_or_b32 v[[ROW:[0-9]+]], s[[W2]], 8, v[[LROW]]
// AMD-DAG: v_and_b32_e32 v[[LCOL:[0-9]+]], 28, v{{[0-9]+}}
// AMD-DAG: v_and_or_b32 v{{[0-9]+}}, s[[W1]], 32, v[[LCOL]]
// AMD-DAG: v_lshlrev_b32_e32 v[[ROWB:[0-9]+]], 6, v[[ROW]]
// AMD-DAG: v_or_b32_e32 v{{[0-9]+}}, 0x400, v[[ROWB]]
// AMD-DAG: v_or_b32_e32 v{{[0-9]+}}, 0x800, v[[ROWB]]
// AMD-DAG: v_or_b32_e32 v{{[0-9]+}}, 0xc00, v[[ROWB]]
// AMD-COUNT-4: buffer_store_dwordx4
// AMD-NOT: buffer_store
// AMD: s_endpgm

// With 32 lanes ([4, 8]) and t = tid.x (lane = t & 31, warp = t >> 5):
// col = 4 (t & 7) | (t & 32) (warp bit 0 is t bit 5), row = ((t >> 3) & 3) |
// ((t >> 4) & 4) (warp bit 1 is t bit 6), then 8 register rows of 8.
// NV: mov.u32 %r[[TID:[0-9]+]], %tid.x;
// NV-DAG: bfe.u32 %r[[RL:[0-9]+]], %r[[TID]], 3, 2;
// NV-DAG: shr.u32 %r[[T4:[0-9]+]], %r[[TID]], 4;
// NV-DAG: and.b32 %r[[RW:[0-9]+]], %r[[T4]], 4;
// NV-DAG: or.b32 %r[[ROW:[0-9]+]], %r[[RL]], %r[[RW]];
// NV-DAG: and.b32 %r[[CL:[0-9]+]], %r[[TID]], 7;
// NV-DAG: shl.b32 %r[[CL4:[0-9]+]], %r[[CL]], 2;
// NV-DAG: and.b32 %r[[CW:[0-9]+]], %r[[TID]], 32;
// NV-DAG: or.b32 %r{{[0-9]+}}, %r[[CL4]], %r[[CW]];
// NV: shl.b32 %r[[ROW64:[0-9]+]], %r[[ROW]], 6;
// NV: or.b32 %r{{[0-9]+}}, %r[[ROW64]], 512;
// NV-COUNT-8: st.global.v4.b32
// NV-NOT: st.global
