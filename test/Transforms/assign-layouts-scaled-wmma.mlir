// dot_scaled on gfx1250: layout assignment picks the scaled WMMA (16 x 16 x
// 128, transposed) with the op's tiles_per_warp (D1: none is [1, 1]; D2:
// each warp a tiles_per_warp block of instructions, warps split so that the
// period fits), the fp4 operand's parent counting K in bytes (16 x 16 x 64),
// k_width 16, and each scale's four K blocks in every lane of its rows;
// the lowering emits one scaled WMMA per 16 x 16 tile of a warp (4 here).
// A period that fits in no placement of the warps is an error (rule D3).
// RUN: sed 's/rhs = "e4m3"/rhs = "e4m3" {tiles_per_warp = array<i32: 2, 2>}/' %S/../Target/Inputs/dot_scaled.mlir | tlx-opt --tlxamd-assign-layouts=target=gfx1250 | FileCheck %s --check-prefix=T22
// RUN: sed 's/rhs = "e4m3"/rhs = "e4m3" {tiles_per_warp = array<i32: 2, 1>}/' %S/../Target/Inputs/dot_scaled.mlir | tlx-opt --tlxamd-assign-layouts=target=gfx1250 | FileCheck %s --check-prefix=T21
// RUN: sed 's/rhs = "e4m3"/rhs = "e4m3" {tiles_per_warp = array<i32: 1, 2>}/' %S/../Target/Inputs/dot_scaled.mlir | tlx-opt --tlxamd-assign-layouts=target=gfx1250 | FileCheck %s --check-prefix=T12
// RUN: tlx-opt %S/../Target/Inputs/dot_scaled.mlir --tlxamd-assign-layouts=target=gfx1250 | FileCheck %s --check-prefix=T11
// RUN: not tlx-opt %S/../Target/Inputs/dot_scaled.mlir --tlxamd-assign-layouts=target=gfx942 2>&1 | FileCheck %s --check-prefix=GFX942
// RUN: sed 's/rhs = "e4m3"/rhs = "e4m3" {tiles_per_warp = array<i32: 4, 4>}/' %S/../Target/Inputs/dot_scaled.mlir | not tlx-opt --tlxamd-assign-layouts=target=gfx1250 2>&1 | FileCheck %s --check-prefix=D3
// RUN: sed 's/rhs = "e4m3"/rhs = "e4m3" {tiles_per_warp = array<i32: 1, 1>}/' %S/../Target/Inputs/dot_scaled.mlir | %tlx-compile - --target gfx1250 | FileCheck %s --check-prefix=ISA
// RUN: sed 's/rhs = "e4m3"/rhs = "e4m3" {tiles_per_warp = array<i32: 2, 1>}/' %S/../Target/Inputs/dot_scaled.mlir | %tlx-compile - --target gfx1250 | FileCheck %s --check-prefix=ISA
// RUN: sed 's/rhs = "e4m3"/rhs = "e4m3" {tiles_per_warp = array<i32: 1, 2>}/' %S/../Target/Inputs/dot_scaled.mlir | %tlx-compile - --target gfx1250 | FileCheck %s --check-prefix=ISA
// RUN: sed 's/rhs = "e4m3"/rhs = "e4m3" {tiles_per_warp = array<i32: 2, 2>}/' %S/../Target/Inputs/dot_scaled.mlir | %tlx-compile - --target gfx1250 | FileCheck %s --check-prefix=ISA

// T22: tensor<64x64xi8, #tlxamd.dot_operand<{op_idx = 0, parent = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 64], transposed = true, warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>, k_width = 16}>> scale tensor<64x4xi8, #tlxamd.linear<{register = {{\[\[}}0, 1], [0, 2], [16, 0]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [0, 0]], warp = {{\[\[}}0, 0], [32, 0]], block = []}>>
// T22-SAME: -> tensor<64x64xf32, #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>>
// T21: -> tensor<64x64xf32, #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2], tiles_per_warp = [2, 1]}>>
// T12: -> tensor<64x64xf32, #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2], tiles_per_warp = [1, 2]}>>
// T11: scale tensor<64x4xi8, #tlxamd.linear<{register = {{\[\[}}0, 1], [0, 2], [32, 0]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [0, 0]], warp = {{\[\[}}0, 0], [16, 0]], block = []}>>
// T11-SAME: -> tensor<64x64xf32, #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = true, warps_per_cta = [2, 2]}>>
// GFX942: error: 'tlxamd.dot_scaled' op has no scaled matrix instruction on gfx942
// D3: error: 'tlxamd.dot_scaled' op D3: with tiles_per_warp [4, 4] no placement of the 4 warps fits the layout period (instr_shape x warps_per_cta x tiles_per_warp) in the 64x64 result
// ISA-COUNT-4: v_wmma_scale_f32_16x16x128_f8f6f4 {{.*}} matrix_b_fmt:MATRIX_FMT_FP4
// ISA-NOT: v_wmma
// ISA: .vgpr_spill_count: 0
