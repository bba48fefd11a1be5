// dot_scaled on gfx950's scaled MFMA, from a layout-free kernel (fp4 x fp8
// with E8M0 scales, one 64 x 64 tile over 2 x 2 warps). Layout assignment
// picks the 32x32x64 instruction (transposed, like tl.dot's), so each warp's
// 32 x 32 tile takes K = 128 in two steps chained through one accumulator.
// The transposed layout swaps the operands: the fp8 B fragment (8 dwords,
// format code 0) comes first, the fp4 A fragment (16 bytes: 4 dwords, blgp
// code 4) second, each with its lane's scale register (opsel 0).
// RUN: tlx-opt %S/Inputs/dot_scaled.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=ROCDL
// RUN: %tlx-compile %S/Inputs/dot_scaled.mlir --target gfx950 | FileCheck %s --check-prefix=ISA
//
// On gfx1250 the scaled WMMA (16 x 16 x 128): each warp's 32 x 32 tile is
// 2 x 2 instructions of one K step; transposed, the fp8 B fragment (16
// dwords, fmtA 0) first, the fp4 A fragment (8 dwords: 32 bytes, fmtB 4)
// second, each operand's four E8M0 scales of the step in one i32.
// RUN: tlx-opt %S/Inputs/dot_scaled.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx1250})' | FileCheck %s --check-prefix=WMMA
// RUN: %tlx-compile %S/Inputs/dot_scaled.mlir --target gfx1250 | FileCheck %s --check-prefix=WMMA-ISA
// WMMA-COUNT-4: rocdl.wmma.scale.f32.16x16x128.f8f6f4 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {fmtB = 4 : i32} : (vector<16xi32>, vector<8xi32>, vector<8xf32>, i32, i32) -> vector<8xf32>
// WMMA-NOT: rocdl.wmma
// WMMA-ISA-LABEL: mx_tile:
// WMMA-ISA-COUNT-4: v_wmma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], 0, v{{[0-9]+}}, v{{[0-9]+}} matrix_b_fmt:MATRIX_FMT_FP4
// WMMA-ISA-NOT: v_wmma
// WMMA-ISA: .vgpr_spill_count: 0

// ROCDL-DAG: %[[E4M3:.*]] = llvm.mlir.constant(0 : i32) : i32
// ROCDL-DAG: %[[E2M1:.*]] = llvm.mlir.constant(4 : i32) : i32
// ROCDL: %[[D0:.*]] = rocdl.mfma.scale.f32.32x32x64.f8f6f4 %{{.*}}, %{{.*}}, %{{.*}}, %[[E4M3]], %[[E2M1]], %[[E4M3]], %{{.*}}, %[[E4M3]], %{{.*}} : (vector<8xi32>, vector<4xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
// ROCDL: rocdl.mfma.scale.f32.32x32x64.f8f6f4 %{{.*}}, %{{.*}}, %[[D0]], %[[E4M3]], %[[E2M1]],
// ROCDL-NOT: rocdl.mfma

// The accumulator stays in VGPRs (no AGPR copies).
// ISA-LABEL: mx_tile:
// ISA-NOT: v_accvgpr
// ISA: v_mfma_scale_f32_32x32x64_f8f6f4 v[[[ACC:[0-9]+:[0-9]+]]], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], 0, v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] blgp:4
// ISA: v_mfma_scale_f32_32x32x64_f8f6f4 v[[[ACC]]], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[[[ACC]]], v{{[0-9]+}}, v{{[0-9]+}} op_sel_hi:[0,0,0] blgp:4
// ISA-NOT: v_mfma
// ISA-NOT: v_accvgpr
// ISA: .private_segment_fixed_size: 0
