// Scales loaded in the scaled MFMA's layout (CDNA4 preshuffled scales,
// un-shuffled by reshape / trans): with matrix_instr_nonkdim 16 layout
// assignment picks the 16 x 16 x 128 instruction, each warp a 2 x 2 block
// of them (a lane's scales for two K steps of two tiles are then 4
// consecutive bytes), and gives the scale loads the instruction's scale
// layout with those bytes in consecutive registers (the conversion to the
// instruction's register order is a renaming); the product accumulates in
// place (tlxamd-combine-dot-add).
// RUN: tlx-opt %S/Inputs/scale_loads.mlir --tlxamd-combine-dot-add --tlxamd-assign-layouts=target=gfx950 | FileCheck %s
// Without the hint: the 32 x 32 x 64 instruction, whose scale layout gives
// the same loads no run of bytes: they load coalesced and convert.
// RUN: sed 's/tlxamd.matrix_instr_nonkdim = 16 : i32, //' %S/Inputs/scale_loads.mlir | tlx-opt --tlxamd-combine-dot-add --tlxamd-assign-layouts=target=gfx950 | FileCheck %s --check-prefix=DEFAULT
// The gfx950 machine code: 2 scale dwords per wave and K step, no LDS
// traffic for them, bytes picked by the instruction's opsel.
// RUN: %tlx-compile %S/Inputs/scale_loads.mlir --target gfx950 | FileCheck %s --check-prefix=ISA

// CHECK: %[[SA:.*]] = tlxamd.load %{{.*}} : tensor<2x256x!tlxamd.ptr<i8>, #tlxamd.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]]
// CHECK-NEXT: tlxamd.convert_layout %[[SA]] : tensor<2x256xi8, #tlxamd.linear<{register = {{\[\[}}0, 1], [0, 2]]{{.*}} -> tensor<2x256xi8, #tlxamd.linear<{register = {{\[\[}}0, 2], [0, 1]]
// CHECK: tlxamd.dot_scaled {{.*}} -> tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>>
// CHECK-NOT: arith.addf

// DEFAULT: tlxamd.load %{{.*}} : tensor<2x256x!tlxamd.ptr<i8>, #tlxamd.blocked
// DEFAULT: tlxamd.dot_scaled {{.*}} -> tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>>

// ISA: ; =>This Inner Loop Header
// ISA-COUNT-2: global_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off{{$}}
// ISA-NOT: ds_read_u8
// ISA-NOT: ds_write_b8
// ISA: v_mfma_scale_f32_16x16x128_f8f6f4 {{.*}} op_sel_hi:[1,
// ISA: s_cbranch_scc{{[01]}} .LBB0_
