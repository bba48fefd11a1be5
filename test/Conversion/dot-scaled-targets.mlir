// dot_scaled against the capability table: gfx950 has the scaled MFMAs
// (fp8 / fp6 / fp4 operands, fp4 packed along K, 32 values of K per lane);
// tiles_per_warp is read only by gfx1250's scaled-WMMA lowering (D4:
// rejected everywhere else; dot-scaled-wmma-targets.mlir); CDNA3 and NVIDIA
// have no scaled matrix instruction.
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx950 -verify-diagnostics
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx942 2>&1 | FileCheck %s --check-prefix=GFX942
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=sm_90a 2>&1 | FileCheck %s --check-prefix=SM90

// GFX942: error: 'tlxamd.dot_scaled' op is lowered to the scaled MFMA or WMMA (*.scale.f32.*.f8f6f4) of gfx950, gfx1250; gfx942 (CDNA3 (MI300)) has none
// SM90: error: 'tlxamd.dot_scaled' op is lowered to the scaled MFMA or WMMA (*.scale.f32.*.f8f6f4) of gfx950, gfx1250; sm_90a (Hopper) has none
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 16}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
#sa = #tlxamd.linear<{register = [[0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [[0, 0], [32, 0]], block = []}>
#sb = #tlxamd.linear<{register = [[0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [[32, 0], [0, 0]], block = []}>
func.func @gfx950(%x: tensor<64x64xi8, #a>, %xs: tensor<64x4xi8, #sa>, %y: tensor<128x64xf8E4M3FN, #b>,
                  %ys: tensor<64x4xi8, #sb>, %z: tensor<64x64xf32, #mma>) {
  %d = tlxamd.dot_scaled %x scale %xs, %y scale %ys, %z lhs = "e2m1" rhs = "e4m3"
      : tensor<64x64xi8, #a> scale tensor<64x4xi8, #sa>, tensor<128x64xf8E4M3FN, #b> scale tensor<64x4xi8, #sb> -> tensor<64x64xf32, #mma>
  return
}

// -----

// GFX942: error: 'tlxamd.dot_scaled' op D4: tiles_per_warp is read only by the scaled-WMMA lowering (targets with scaled WMMA instructions: gfx1250); on gfx942
// SM90: error: 'tlxamd.dot_scaled' op D4: tiles_per_warp is read only by the scaled-WMMA lowering (targets with scaled WMMA instructions: gfx1250); on sm_90a
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 32}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
func.func @d4(%x: tensor<64x128xi8, #a>, %y: tensor<128x64xi8, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{D4: tiles_per_warp is read only by the scaled-WMMA lowering (targets with scaled WMMA instructions: gfx1250); on gfx950 (CDNA4 (MI350)) it would be ignored: drop it}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" {tiles_per_warp = array<i32: 1, 1>} : tensor<64x128xi8, #a>, tensor<128x64xi8, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

// GFX942: error: 'tlxamd.dot_scaled' op is lowered to the scaled MFMA or WMMA (*.scale.f32.*.f8f6f4) of gfx950, gfx1250;
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 8}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
func.func @bf16(%x: tensor<64x128xbf16, #a>, %y: tensor<128x64xi8, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{mfma.scale.f32.32x32x64.f8f6f4 multiplies fp8 / fp6 / fp4 operands; lhs_format bf16 is not lowered on gfx950}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "bf16" rhs = "e4m3" : tensor<64x128xbf16, #a>, tensor<128x64xi8, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

// GFX942: error: 'tlxamd.dot_scaled' op is lowered to the scaled MFMA or WMMA (*.scale.f32.*.f8f6f4) of gfx950, gfx1250;
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 32}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
func.func @m_packed(%x: tensor<32x128xi8, #a>, %y: tensor<128x64xi8, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{mfma.scale.f32.32x32x64.f8f6f4 takes fp4 packed along K; lhs_k_pack = false (packed along M / N) is not lowered}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e2m1" rhs = "e4m3" {lhs_k_pack = false} : tensor<32x128xi8, #a>, tensor<128x64xi8, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

// GFX942: error: 'tlxamd.dot_scaled' op is lowered to the scaled MFMA or WMMA (*.scale.f32.*.f8f6f4) of gfx950, gfx1250;
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 64], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 32}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
func.func @k_width(%x: tensor<64x64xi8, #a>, %y: tensor<128x64xi8, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{operand a holds 32 elements of K per lane; mfma.scale.f32.32x32x64.f8f6f4 takes 16 (k_width: 32 e2m1 values)}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e2m1" rhs = "e4m3" : tensor<64x64xi8, #a>, tensor<128x64xi8, #b> -> tensor<64x64xf32, #mma>
  return
}

// -----

// GFX942: error: 'tlxamd.dot_scaled' op is lowered to the scaled MFMA or WMMA (*.scale.f32.*.f8f6f4) of gfx950, gfx1250;
#mma = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>
#a = #tlxamd.dot_operand<{op_idx = 0, parent = #mma, k_width = 32}>
#b = #tlxamd.dot_operand<{op_idx = 1, parent = #mma, k_width = 32}>
func.func @not_scaled(%x: tensor<64x128xi8, #a>, %y: tensor<128x64xi8, #b>, %z: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{no 32x32x16 scaled MFMA on gfx950 (CDNA4 (MI350))}}
  %d = tlxamd.dot_scaled %x, %y, %z lhs = "e4m3" rhs = "e4m3" : tensor<64x128xi8, #a>, tensor<128x64xi8, #b> -> tensor<64x64xf32, #mma>
  return
}
