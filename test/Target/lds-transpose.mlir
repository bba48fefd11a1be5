// Dot operands from shared tiles on CDNA4: the layout core maps an operand
// whose contiguous shared dimension runs along the lanes of its MFMA
// layout (B, K x N row-major) onto ds_read_b64_tr_b16 (getTransposedLoad:
// in each 16-lane group lane 4r + c addresses 4 consecutive elements, lane
// 4c + e receives element e of that read as its register r), 8 bytes per
// lane and instruction instead of one 2-byte read per element; A (K
// contiguous) keeps ds_read_b128. Per warp: B is 32 x 32 bf16 = 4
// instructions of 64 lanes x 4 elements. gfx942 has no such read: B is
// gathered there.
// RUN: %PYTHON %S/Inputs/lds_transpose.py gfx950 > %t.gfx950.mlir
// RUN: tlx-opt %t.gfx950.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=ROCDL
// RUN: %tlx-compile %t.gfx950.mlir --target gfx950 | FileCheck %s --check-prefix=ISA
// RUN: %tlx-compile %t.gfx950.mlir --target gfx950 | grep -c ds_read_b64_tr_b16 | FileCheck %s --check-prefix=COUNT
// On gfx1250 (wave32 WMMA) ds_load_tr16_b128: in each 8-lane group lane
// 8g + j addresses 8 consecutive elements and lane 8g + i receives element i
// as its register j; per warp B is 32 x 32 bf16 = 4 instructions of 32
// lanes x 8 elements.
// RUN: %PYTHON %S/Inputs/lds_transpose.py gfx1250 > %t.gfx1250.mlir
// RUN: tlx-opt %t.gfx1250.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx1250})' | FileCheck %s --check-prefix=ROCDL1250
// RUN: %tlx-compile %t.gfx1250.mlir --target gfx1250 | FileCheck %s --check-prefix=ISA1250
// RUN: %PYTHON %S/Inputs/lds_transpose.py gfx942 > %t.gfx942.mlir
// RUN: %tlx-compile %t.gfx942.mlir --target gfx942 | FileCheck %s --check-prefix=GFX942

// ROCDL-LABEL: llvm.func @shared_dot
// ROCDL-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xbf16>
// ROCDL-COUNT-4: rocdl.ds.read.tr16.b64 %{{.*}} : <3> -> vector<4xbf16>
// ROCDL-NOT: rocdl.ds.read.tr16.b64
// ROCDL-COUNT-2: rocdl.mfma.f32.32x32x16.bf16

// ISA-LABEL: shared_dot:
// ISA-NOT: ds_read_u16
// ISA-DAG: ds_read_b128
// ISA-DAG: ds_read_b64_tr_b16
// ISA-NOT: ds_read_u16
// ISA: v_mfma_f32_32x32x16_bf16
// ISA-NOT: ds_read_u16
// ISA: s_endpgm

// COUNT: {{^4$}}

// GFX942-LABEL: shared_dot:
// GFX942-NOT: ds_read_b64_tr_b16
// GFX942: ds_read_u16
// GFX942-NOT: ds_read_b64_tr_b16
// GFX942: s_endpgm

// ROCDL1250-LABEL: llvm.func @shared_dot
// ROCDL1250-COUNT-4: llvm.call_intrinsic "llvm.amdgcn.ds.load.tr16.b128"(%{{.*}}) : (!llvm.ptr<3>) -> vector<8xbf16>
// ROCDL1250-NOT: ds.load.tr16
// ROCDL1250: rocdl.wmma.f32.16x16x32.bf16

// ISA1250-LABEL: shared_dot:
// ISA1250-NOT: ds_load_u16
// ISA1250-COUNT-4: ds_load_tr16_b128
// ISA1250-NOT: ds_load_u16
// ISA1250: v_wmma_f32_16x16x32_bf16
// ISA1250: s_endpgm
