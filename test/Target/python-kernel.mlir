// A kernel built from Python (tlxamd.language) down to machine code; the
// per-thread index is offs = 1024 pid + 4 lane + 4 x warpsize x warp.
// RUN: %PYTHON %S/Inputs/python_kernel.py gfx950 | FileCheck %s --check-prefix=AMD
// RUN: %PYTHON %S/Inputs/python_kernel.py sm_90a > %t.ptx
// RUN: FileCheck %s --check-prefix=NV < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin

// offs = (pid << 10) | (lane << 2) | ((warp & 3) << 8): lane in a VGPR,
// the warp's part from the thread id read into an SGPR (scalar shift and
// mask), pid (an SGPR) shifted into place.
// AMD-LABEL: masked_scale:
// AMD-DAG: v_readfirstlane_b32 s[[T:[0-9]+]], v0
// AMD-DAG: v_lshlrev_b32_e32 v[[T4:[0-9]+]], 2, v0
// AMD-DAG: s_lshl_b32 s[[TS:[0-9]+]], s[[T]], 2
// AMD-DAG: v_and_b32_e32 v[[L:[0-9]+]], 0xfc, v[[T4]]
// AMD-DAG: s_and_b32 s[[WS:[0-9]+]], s[[TS]], 0x300
// AMD: v_or_b32_e32 v[[O:[0-9]+]], s[[WS]], v[[L]]
// AMD: v_lshl_or_b32 v{{[0-9]+}}, s{{[0-9]+}}, 10, v[[O]]
// AMD: v_cmp_gt_i32
// AMD: buffer_load_dwordx4
// x * 2 + 1 is one fma (fp fusion, Triton's default).
// AMD: v_pk_fma_f32 v{{\[[0-9]+:[0-9]+\]}}, v{{\[[0-9]+:[0-9]+\]}}, 2.0, 1.0
// AMD: buffer_store_dwordx4
// AMD: s_endpgm

// With 32 lanes (8 elements per thread = two groups of 4):
// offs = (pid << 10) | ((t & 31) << 2) | ((t << 2) & 384), then + 512.
// NV-LABEL: .visible .entry masked_scale(
// NV-DAG: mov.u32 %r[[PID:[0-9]+]], %ctaid.x;
// NV-DAG: shl.b32 %r[[PIDS:[0-9]+]], %r[[PID]], 10;
// NV-DAG: mov.u32 %r[[T:[0-9]+]], %tid.x;
// NV-DAG: and.b32 %r[[L:[0-9]+]], %r[[T]], 31;
// NV-DAG: shl.b32 %r[[L4:[0-9]+]], %r[[L]], 2;
// NV-DAG: shl.b32 %r[[T4:[0-9]+]], %r[[T]], 2;
// NV: and.b32 %r[[W:[0-9]+]], %r[[T4]], 384;
// NV: or.b32 %r[[LW:[0-9]+]], %r[[L4]], %r[[W]];
// NV: or.b32 %r[[OFF:[0-9]+]], %r[[PIDS]], %r[[LW]];
// NV: or.b32 %r{{[0-9]+}}, %r[[OFF]], 512;
// NV-COUNT-2: ld.global.v4.b32
// NV-COUNT-8: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, 0f40000000, 0f3F800000;
// NV-COUNT-2: st.global.v4.b32
