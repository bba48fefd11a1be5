// convert_layout on both vendors: blocked -> MFMA (gfx950) / WMMA (sm_90a,
// wave32) moves elements between threads through shared memory (16 KiB for
// 64x64 f32, two barriers); a layout change that only reorders registers
// moves nothing.
// RUN: %tlx-compile %S/Inputs/convert_layout.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %S/Inputs/convert_layout_32.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=NV < %t.ptx
// RUN: ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// AMD-LABEL: blocked_to_mfma:
// AMD-COUNT-4: buffer_load_dwordx4
// AMD: s_barrier
// AMD-COUNT-8: ds_write2_b32
// AMD: s_barrier
// AMD-COUNT-8: ds_read2_b32
// AMD-COUNT-4: buffer_store_dwordx4
// AMD: s_endpgm
// AMD-LABEL: register_permutation:
// AMD-NOT: s_barrier
// AMD-NOT: ds_
// AMD: s_endpgm
// AMD: .group_segment_fixed_size: 16384
// AMD: .name: blocked_to_mfma
// AMD: .group_segment_fixed_size: 0
// AMD: .name: register_permutation

// NV-LABEL: .visible .entry blocked_to_mfma(
// NV: bar.sync 0;
// NV-COUNT-32: st.shared.b32
// NV: bar.sync 0;
// NV-COUNT-32: ld.shared.b32
// NV-LABEL: .visible .entry register_permutation(
// NV-NOT: bar.sync
// NV-NOT: .shared
// NV: ret;

// PTXAS-DAG: Used {{[0-9]+}} registers, used 1 barriers, 16384 bytes smem
// PTXAS-DAG: Used {{[0-9]+}} registers, used 0 barriers
