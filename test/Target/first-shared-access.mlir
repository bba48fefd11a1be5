// Barriers around a reduction's shared-memory scratch, on both vendors: the
// kernel's first shared-memory access (outside loops, before any other
// user) needs no barrier before its writes, only one between its writes and
// its reads (Triton's count: the layer norm's two row sums take three
// barriers, not four); a later reduction reusing the scratch waits for the
// earlier reads first, and so does one in a loop (the previous iteration).
// A load masked without `other` (tl.load's unspecified masked-out elements)
// issues the predicated load alone; with `other` the registers are zeroed
// first.
// RUN: %tlx-compile %S/Inputs/first_shared_access.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=NV < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %tlx-compile %S/Inputs/first_shared_access.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: tlx-opt %S/Inputs/first_shared_access.mlir --tlxamd-assign-layouts=target=gfx950 --tlxamd-allocate-shared-memory=target=gfx950 | FileCheck %s --check-prefix=MARK

// NV-LABEL: .visible .entry two_sums(
// NV: { mov.b32 %r{{[0-9]+}}, 0; mov.b32 %r{{[0-9]+}}, 0; mov.b32 %r{{[0-9]+}}, 0; mov.b32 %r{{[0-9]+}}, 0; @%p{{[0-9]+}} ld.global.v4.b32
// NV: { @%p{{[0-9]+}} ld.global.v4.b32
// NV-NOT: bar.sync
// NV: st.shared.b32
// NV-NEXT: bar.sync 0;
// NV-NEXT: ld.shared
// NV: bar.sync 0;
// NV-NEXT: st.shared.b32
// NV-NEXT: bar.sync 0;
// NV-NOT: bar.sync
// NV: ret;

// NV-LABEL: .visible .entry loop_sum(
// NV: bar.sync 0;
// NV-NEXT: st.shared.b32
// NV-NEXT: bar.sync 0;

// AMD-LABEL: two_sums:
// AMD-NOT: s_barrier
// AMD: ds_write_b32
// AMD: s_barrier
// AMD: ds_read_b128
// AMD: s_barrier
// AMD: ds_write_b32
// AMD: s_barrier
// AMD: ds_read_b128
// AMD-NOT: s_barrier
// AMD: s_endpgm

// AMD-LABEL: loop_sum:
// AMD: s_barrier
// AMD: ds_write_b32
// AMD: s_barrier
// AMD: ds_read_b128
// AMD: s_endpgm

// MARK-LABEL: gpu.func @two_sums
// MARK: tlxamd.reduce
// MARK-SAME: tlxamd.first_shared_access
// MARK: tlxamd.reduce
// MARK-NOT: tlxamd.first_shared_access
// MARK-LABEL: gpu.func @loop_sum
// MARK-NOT: tlxamd.first_shared_access
