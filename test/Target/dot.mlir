// tl.dot on MFMA to machine code. gfx950 (32x32x16 bf16, k_width 8): each
// warp's 32 x 32 tile takes two K steps, two v_mfma_f32_32x32x16_bf16
// chained through one accumulator; A's 8 K-contiguous bf16 per lane are
// one buffer_load_dwordx4. gfx942 (32x32x8 bf16_1k, k_width 4, the
// fragments as i16 vectors): four K steps. No scratch on either.
// RUN: tlx-opt %S/Inputs/dot_gfx950.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=ROCDL950
// RUN: tlx-opt %S/Inputs/dot_gfx942.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx942})' | FileCheck %s --check-prefix=ROCDL942
// RUN: %tlx-compile %S/Inputs/dot_gfx950.mlir --target gfx950 | FileCheck %s --check-prefix=GFX950
// RUN: %tlx-compile %S/Inputs/dot_gfx942.mlir --target gfx942 | FileCheck %s --check-prefix=GFX942

// ROCDL950: %[[D0:.*]] = rocdl.mfma.f32.32x32x16.bf16 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (vector<8xbf16>, vector<8xbf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// ROCDL950: rocdl.mfma.f32.32x32x16.bf16 %{{.*}}, %{{.*}}, %[[D0]], %{{.*}}, %{{.*}}, %{{.*}} :
// ROCDL950-NOT: rocdl.mfma

// ROCDL942: %[[D0:.*]] = rocdl.mfma.f32.32x32x8bf16.1k %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (vector<4xi16>, vector<4xi16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// ROCDL942: %[[D1:.*]] = rocdl.mfma.f32.32x32x8bf16.1k %{{.*}}, %{{.*}}, %[[D0]],
// ROCDL942: %[[D2:.*]] = rocdl.mfma.f32.32x32x8bf16.1k %{{.*}}, %{{.*}}, %[[D1]],
// ROCDL942: rocdl.mfma.f32.32x32x8bf16.1k %{{.*}}, %{{.*}}, %[[D2]],
// ROCDL942-NOT: rocdl.mfma

// The accumulator stays in VGPRs: no AGPR copies around the MFMAs.
// GFX950-LABEL: gemm_tile:
// GFX950-NOT: v_accvgpr
// GFX950: buffer_load_dwordx4
// GFX950-NOT: v_accvgpr
// GFX950: v_mfma_f32_32x32x16_bf16 [[ACC:v\[[0-9]+:[0-9]+\]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], {{.*}}
// GFX950: v_mfma_f32_32x32x16_bf16 [[ACC]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], [[ACC]]
// GFX950-NOT: v_mfma
// GFX950-NOT: v_accvgpr
// GFX950: .private_segment_fixed_size: 0
// GFX950-NOT: scratch_

// GFX942-LABEL: gemm_tile:
// GFX942-NOT: v_accvgpr
// GFX942-COUNT-4: v_mfma_f32_32x32x8_bf16 v[{{[0-9]+:[0-9]+}}]
// GFX942-NOT: v_mfma
// GFX942: .private_segment_fixed_size: 0
