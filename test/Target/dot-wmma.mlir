// tl.dot on gfx1250: the 16 x 16 WMMA of wave32 with the deepest K that
// divides the tile (64 x 64 x 64: fp8 / bf8 16x16x64, f16 / bf16 16x16x32),
// 2 x 2 waves of 2 x 2 tiles, so 4 instructions a wave per K step; the
// operands' values of K as the instruction takes them (8-bit ones packed in
// eight i32 words, 16-bit ones as vectors of sixteen), accumulators of eight
// f32. Through llc-22 and the assembler.
// RUN: %tlx-compile %S/Inputs/dot_fp8.mlir --target gfx1250 --emit mlir | FileCheck %s --check-prefix=MLIR
// RUN: %tlx-compile %S/Inputs/dot_fp8.mlir --target gfx1250 | FileCheck %s --check-prefix=FP8
// RUN: %tlx-compile %S/Inputs/dot_fp8.mlir --target gfx1250 --emit bin -o %t.hsaco
// RUN: sed 's/f8E4M3FN/f16/g; s/f8E5M2/bf16/g' %S/Inputs/dot_fp8.mlir | %tlx-compile - --target gfx1250 | FileCheck %s --check-prefix=F16

// MLIR-LABEL: llvm.func @dot_e4m3
// MLIR-COUNT-4: rocdl.wmma.f32.16x16x64.fp8_fp8 %{{.*}}, %{{.*}}, %{{.*}} : (vector<8xi32>, vector<8xi32>, vector<8xf32>) -> vector<8xf32>
// MLIR-NOT: rocdl.wmma
// MLIR-LABEL: llvm.func @dot_e5m2
// MLIR-COUNT-4: rocdl.wmma.f32.16x16x64.bf8_bf8

// FP8: .amdgcn_target "amdgcn-amd-amdhsa--gfx1250"
// FP8-LABEL: dot_e4m3:
// FP8-COUNT-4: v_wmma_f32_16x16x64_fp8_fp8 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], 0
// FP8-NOT: v_wmma
// FP8-LABEL: dot_e5m2:
// FP8-COUNT-4: v_wmma_f32_16x16x64_bf8_bf8
// FP8-NOT: v_wmma
// FP8: .vgpr_spill_count: 0

// F16-LABEL: dot_e4m3:
// F16-COUNT-8: v_wmma_f32_16x16x32_f16
// F16-NOT: v_wmma
// F16-LABEL: dot_e5m2:
// F16-COUNT-8: v_wmma_f32_16x16x32_bf16
// F16-NOT: v_wmma
