// The TLX tensor-core reference's explicit MFMA scheduling to gfx950 machine code (M5, M8,
// M9, M16, M17).
// Independent subtiles: each persistent call pins its accumulator to AGPRs
// around one native rocdl.mfma (v_mfma_f32_32x32x16_bf16 writing a[...]),
// the two sched_barrier(0) boundaries sit between the calls, and the
// results-only commit keeps both accumulators in AGPRs.
// Transient chain: b resident as two AGPR tuples of 4 registers in one
// constraint, read directly by the MFMAs (the chain's accumulator in
// whichever class the allocator picks); the commit with preserve puts the
// results in VGPRs and b in AGPRs.
// Order: 2 x 2 fragments, 2 K steps: the accumulators round-robin per K
// step, N major and M minor (A alternates, B changes every second MFMA).
// No scratch anywhere.
// RUN: tlx-opt %S/Inputs/scheduled_mfma_subtiles.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=ROCDL-SUB
// RUN: tlx-opt %S/Inputs/scheduled_mfma_transient.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=ROCDL-TR
// RUN: %tlx-compile %S/Inputs/scheduled_mfma_subtiles.mlir --target gfx950 | FileCheck %s --check-prefix=SUB
// RUN: %tlx-compile %S/Inputs/scheduled_mfma_transient.mlir --target gfx950 | FileCheck %s --check-prefix=TR
// RUN: %tlx-compile %S/Inputs/scheduled_mfma_order.mlir --target gfx950 | FileCheck %s --check-prefix=ORDER

// ROCDL-SUB: %[[P0:.*]] = llvm.inline_asm has_side_effects "; amd_scheduled_mfma accumulator $0", "=a,0" %{{.*}} : (vector<16xf32>) -> vector<16xf32>
// ROCDL-SUB: %[[L:.*]] = rocdl.mfma.f32.32x32x16.bf16 %{{.*}}, %{{.*}}, %[[P0]], %{{.*}}, %{{.*}}, %{{.*}} : (vector<8xbf16>, vector<8xbf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// ROCDL-SUB: llvm.inline_asm has_side_effects "; amd_scheduled_mfma accumulator $0", "=a,0" %[[L]]
// ROCDL-SUB: rocdl.sched.barrier 0
// ROCDL-SUB-NEXT: rocdl.sched.barrier 0
// ROCDL-SUB: %[[P1:.*]] = llvm.inline_asm has_side_effects "; amd_scheduled_mfma accumulator $0", "=a,0"
// ROCDL-SUB: %[[R:.*]] = rocdl.mfma.f32.32x32x16.bf16 %{{.*}}, %{{.*}}, %[[P1]],
// ROCDL-SUB: llvm.inline_asm has_side_effects "; amd_scheduled_mfma accumulator $0", "=a,0" %[[R]]
// ROCDL-SUB: llvm.inline_asm has_side_effects "; amd_mfma_commit $0 $1", "=a,=a,0,1" {{.*}} : (vector<16xi32>, vector<16xi32>) -> !llvm.struct<(vector<16xi32>, vector<16xi32>)>
// ROCDL-SUB-NOT: rocdl.mfma

// ROCDL-TR: llvm.inline_asm has_side_effects "; amd_register_resident $0 $1", "=a,=a,0,1" {{.*}} : (vector<4xi32>, vector<4xi32>) -> !llvm.struct<(vector<4xi32>, vector<4xi32>)>
// ROCDL-TR: %[[D0:.*]] = rocdl.mfma.f32.32x32x16.bf16
// ROCDL-TR: rocdl.mfma.f32.32x32x16.bf16 %{{.*}}, %{{.*}}, %[[D0]],
// ROCDL-TR-NOT: rocdl.mfma
// ROCDL-TR: llvm.inline_asm has_side_effects "; amd_mfma_commit $0 $1 $2", "=v,=a,=a,0,1,2" {{.*}} : (vector<16xi32>, vector<4xi32>, vector<4xi32>)

// SUB-LABEL: independent_subtiles:
// SUB: ; amd_scheduled_mfma accumulator [[L:a\[[0-9]+:[0-9]+\]]]
// SUB: v_mfma_f32_32x32x16_bf16 [[L]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], [[L]]
// SUB: ; amd_scheduled_mfma accumulator [[L]]
// SUB: ; sched_barrier mask(0x00000000)
// SUB-NEXT: ; sched_barrier mask(0x00000000)
// SUB: ; amd_scheduled_mfma accumulator [[R:a\[[0-9]+:[0-9]+\]]]
// SUB: v_mfma_f32_32x32x16_bf16 [[R]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], [[R]]
// SUB: ; amd_mfma_commit [[L]] [[R]]
// SUB-NOT: v_mfma
// SUB: .private_segment_fixed_size: 0
// SUB-NOT: scratch_

// TR-LABEL: transient_chain:
// TR: ; amd_register_resident [[B0:a\[[0-9]+:[0-9]+\]]] [[B1:a\[[0-9]+:[0-9]+\]]]
// TR: v_mfma_f32_32x32x16_bf16 [[ACC:[av]\[[0-9]+:[0-9]+\]]], [[B0]], v[{{[0-9]+:[0-9]+}}], 0
// TR: v_mfma_f32_32x32x16_bf16 [[ACC]], [[B1]], v[{{[0-9]+:[0-9]+}}], [[ACC]]
// TR-NOT: v_mfma
// TR: ; amd_mfma_commit v[{{[0-9]+:[0-9]+}}] [[B0]] [[B1]]
// TR: .private_segment_fixed_size: 0
// TR-NOT: scratch_

// ORDER-LABEL: multi_fragment:
// ORDER: v_mfma_f32_32x32x16_bf16 [[C00:a\[[0-9]+:[0-9]+\]]], [[A0:v\[[0-9]+:[0-9]+\]]], [[B0:v\[[0-9]+:[0-9]+\]]], [[C00]]
// ORDER: v_mfma_f32_32x32x16_bf16 [[C10:a\[[0-9]+:[0-9]+\]]], [[A1:v\[[0-9]+:[0-9]+\]]], [[B0]], [[C10]]
// ORDER: v_mfma_f32_32x32x16_bf16 [[C01:a\[[0-9]+:[0-9]+\]]], [[A0]], [[B1:v\[[0-9]+:[0-9]+\]]], [[C01]]
// ORDER: v_mfma_f32_32x32x16_bf16 [[C11:a\[[0-9]+:[0-9]+\]]], [[A1]], [[B1]], [[C11]]
// ORDER: v_mfma_f32_32x32x16_bf16 [[C00]], {{v\[[0-9]+:[0-9]+\]}}, {{v\[[0-9]+:[0-9]+\]}}, [[C00]]
// ORDER: v_mfma_f32_32x32x16_bf16 [[C10]],
// ORDER: v_mfma_f32_32x32x16_bf16 [[C01]],
// ORDER: v_mfma_f32_32x32x16_bf16 [[C11]],
// ORDER-NOT: v_mfma
// ORDER: .private_segment_fixed_size: 0
