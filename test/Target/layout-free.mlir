// Layout-free kernels (Triton style) through the whole pipeline: layout
// assignment coalesces the f32 copy to 4 elements (128 bits) per thread, so
// each thread moves its data with one 16-byte access each way.
// RUN: %tlx-compile %S/Inputs/layout_free.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %S/Inputs/layout_free.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=NV < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin

// gfx950: `base + i32 offsets` becomes a buffer access (offsets proven
// non-negative, buffer below 2 GiB): exactly one dwordx4 load and store.
// AMD-LABEL: copy_f32:
// AMD-NOT: buffer_load_dword {{v[0-9]+}},
// AMD: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen
// AMD-NEXT: s_waitcnt
// AMD-NEXT: buffer_store_dwordx4
// AMD-NOT: buffer_
// AMD: s_endpgm

// Masked by `offs < n`: the full-width access when the thread's group is in,
// element accesses (offset:4, offset:8; the fourth element is never in when
// the group is not) at the ragged end.
// AMD-LABEL: copy_f32_masked:
// AMD-DAG: buffer_load_dwordx4
// AMD-DAG: buffer_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen offset:8
// AMD-DAG: buffer_store_dwordx4
// AMD: s_endpgm

// No 2 GiB assumption: global accesses, still 16 bytes per thread.
// AMD-LABEL: copy_global:
// AMD: global_load_dwordx4
// AMD-NOT: global_load_dword {{v[0-9]+}},
// AMD: global_store_dwordx4
// AMD: s_endpgm

// sm_90a: one ld.global.v4 / st.global.v4 per thread.
// NV-LABEL: .entry copy_f32(
// NV: ld.global.v4.b32
// NV-NOT: ld.global.b32
// NV: st.global.v4.b32
// NV-NOT: st.global.b32
// NV: ret;
// NV-LABEL: .entry copy_f32_masked(
// NV: @%p{{[0-9]+}} ld.global.v4.b32
// NV: st.global.v4.b32
// NV-LABEL: .entry copy_global(
// NV: ld.global.v4.{{[bf]}}32
// NV: st.global.v4.{{[bf]}}32
