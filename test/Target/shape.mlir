// Shape ops (tl.trans, reshape, split/join, cat) keep every element in its
// thread: split, join, cat and reshape lower to register moves only (no
// LDS or shared memory, no barrier); a transposed tile stored coalesced
// goes through one shared-memory layout change (write, barrier, read).
// RUN: %tlx-compile %S/Inputs/shape.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %S/Inputs/shape.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=NV < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin

// [64, 128] f32 tile loaded 16 bytes per thread, transposed, stored 16
// bytes per thread along the other dimension: LDS in between, written 16
// bytes per access along the rows (the swizzle keeps the column reads
// conflict-free; they are single elements).
// AMD-LABEL: trans_tile:
// AMD-COUNT-8: global_load_dwordx4
// AMD-NOT: s_barrier
// AMD-COUNT-8: ds_write_b128
// AMD-NOT: ds_write
// AMD: s_barrier
// AMD: ds_read
// AMD-COUNT-8: global_store_dwordx4
// AMD: s_endpgm

// (re, im) pairs: reshape to [1024, 2], split, join, reshape back: the
// loaded registers are stored again, two buffer_load_dwordx4 and two
// buffer_store_dwordx4 per thread, nothing else moves.
// AMD-LABEL: split_pairs:
// AMD-NOT: ds_
// AMD-NOT: s_barrier
// AMD-COUNT-2: buffer_load_dwordx4
// AMD-NOT: ds_
// AMD-COUNT-2: buffer_store_dwordx4
// AMD-NOT: ds_
// AMD: s_endpgm

// cat of a 1024-element tile with itself scaled: each thread stores its
// four loaded elements, then its four computed ones.
// AMD-LABEL: cat_rows:
// AMD-NOT: ds_
// AMD: buffer_load_dwordx4
// AMD-NOT: ds_
// AMD-COUNT-2: buffer_store_dwordx4
// AMD: s_endpgm

// 2048 elements seen as [64, 32] and summed along the rows: in registers
// and by butterflies within a row's lanes, no LDS.
// AMD-LABEL: reshape_sum:
// AMD-NOT: ds_write
// AMD-NOT: s_barrier
// AMD: v_add_f32
// AMD: quad_perm:[1,0,3,2]
// AMD: quad_perm:[2,3,0,1]
// AMD: row_half_mirror
// AMD-NOT: s_barrier
// AMD: buffer_store_dword
// AMD: s_endpgm

// NV-LABEL: .entry trans_tile(
// NV-COUNT-16: ld.global.v4.b32
// NV-NOT: bar.sync
// NV-COUNT-16: st.shared.v4.b32
// NV-NOT: st.shared
// NV: bar.sync
// NV: ld.shared.b32
// NV: st.global.v4.b32
// NV-LABEL: .entry split_pairs(
// NV-NOT: .shared
// NV-NOT: bar.sync
// NV-COUNT-4: ld.global.v4.b32
// NV-COUNT-4: st.global.v4.b32
// NV-NOT: bar.sync
// NV-LABEL: .entry cat_rows(
// NV-NOT: bar.sync
// NV-COUNT-2: ld.global.v4.b32
// NV-COUNT-4: st.global.v4.b32
// NV-LABEL: .entry reshape_sum(
// NV-NOT: bar.sync
// NV: shfl.sync.bfly.b32
// NV-NOT: bar.sync
// NV: st.global.b32
