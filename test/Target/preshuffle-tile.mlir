// Preshuffled B blocks as the scaled MFMA's B operand (P1, P4, P5, P6),
// layouts inferred: layout assignment gives the dot_scaled the 16x16x128
// instruction and the block its B operand layout, so each lane's fragment
// is one buffer_load_dwordx4 per 16-byte plane straight into the
// registers the MFMA reads, with no LDS on the B path. In the K loop the
// lanes' voffsets are set before the loop and the K tile (k0 / 64 * 1024)
// is an SGPR soffset that steps by 1024 bytes per iteration; an e4m3 fragment is two planes,
// the second 64 lanes x 16 bytes on (offset:1024), `nt` when streaming.
// RUN: tlx-opt %S/Inputs/preshuffle_tile.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=ROCDL
// RUN: %tlx-compile %S/Inputs/preshuffle_tile.mlir --target gfx950 | FileCheck %s --check-prefix=ISA

// ROCDL-LABEL: llvm.func @fp4_tile
// ROCDL: %[[RSRC:.*]] = rocdl.make.buffer.rsrc %arg1,
// ROCDL: rocdl.raw.ptr.buffer.load %[[RSRC]], %{{.*}}, %[[SOFF:.*]], %{{.*}} : vector<4xi32>
// ROCDL: rocdl.raw.ptr.buffer.load %[[RSRC]], %{{.*}}, %[[SOFF]], %{{.*}} : vector<4xi32>
// ROCDL-NOT: rocdl.raw.ptr.buffer.load %[[RSRC]]
// ROCDL-COUNT-4: rocdl.mfma.scale.f32.16x16x128.f8f6f4
// ROCDL-LABEL: llvm.func @fp8_tile
// ROCDL: %[[NT:.*]] = llvm.mlir.constant(2 : i32) : i32
// ROCDL-COUNT-4: rocdl.raw.ptr.buffer.load %{{.*}}, %{{.*}}, %{{.*}}, %[[NT]] : vector<4xi32>
// ROCDL-COUNT-4: rocdl.mfma.scale.f32.16x16x128.f8f6f4

// ISA-LABEL: fp4_tile:
// ISA-NOT: v_accvgpr
// ISA: Inner Loop Header
// ISA-NEXT: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v[[V0:[0-9]+]], s[{{[0-9]+}}:{{[0-9]+}}], s[[T:[0-9]+]] offen{{$}}
// ISA-NEXT: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v[[V1:[0-9]+]], s[{{[0-9]+}}:{{[0-9]+}}], s[[T]] offen{{$}}
// ISA-NOT: {{v_[a-z0-9_]+ v}}[[V0]],
// ISA-NOT: {{v_[a-z0-9_]+ v}}[[V1]],
// ISA: s_addk_i32 s[[T]], 0x400
// ISA-NOT: {{v_[a-z0-9_]+ v}}[[V0]],
// ISA-NOT: {{v_[a-z0-9_]+ v}}[[V1]],
// ISA-COUNT-4: v_mfma_scale_f32_16x16x128_f8f6f4
// ISA-NOT: {{v_[a-z0-9_]+ v}}[[V0]],
// ISA-NOT: {{v_[a-z0-9_]+ v}}[[V1]],
// ISA: s_cbranch_scc{{[01]}} .LBB
// ISA-LABEL: fp8_tile:
// ISA-NOT: ds_
// ISA: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen nt
// ISA-NEXT: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen offset:1024 nt
// ISA: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen nt
// ISA-NEXT: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen offset:1024 nt
// ISA-NOT: v_accvgpr
// ISA-COUNT-4: v_mfma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}]
