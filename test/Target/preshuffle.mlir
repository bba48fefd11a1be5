// Preshuffled B loads to gfx950 machine code (P1, P2, P5, P6). Each load
// goes through a resource whose num_records is the tile's N * K_BYTES
// (lanes past it read zero). An FP6 fragment is one 16-byte and one 8-byte
// plane: buffer_load_dwordx4 and buffer_load_dwordx2, the second plane at
// 64 lanes x 16 bytes (offset:1024); no LDS. An FP4 plane at a whole K
// tile: the lane part in voffset, the tile in an SGPR soffset, `nt` for
// the streaming policy.
// RUN: tlx-opt %S/Inputs/preshuffle.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=ROCDL
// RUN: %tlx-compile %S/Inputs/preshuffle.mlir --target gfx950 | FileCheck %s --check-prefix=ISA

// ROCDL-LABEL: llvm.func @fp6_fragment
// ROCDL: %[[BYTES:.*]] = llvm.mul %arg2, %arg3 : i32
// ROCDL: %[[REC:.*]] = llvm.zext %[[BYTES]] : i32 to i64
// ROCDL: %[[RSRC:.*]] = rocdl.make.buffer.rsrc %arg0, %{{.*}}, %[[REC]], %{{.*}} : <1> to <8>
// ROCDL: rocdl.raw.ptr.buffer.load %[[RSRC]], %{{.*}}, %[[Z:.*]], %[[Z]] : vector<4xi32>
// ROCDL: rocdl.raw.ptr.buffer.load %[[RSRC]], %{{.*}}, %[[Z]], %[[Z]] : vector<2xi32>
// ROCDL-NOT: rocdl.raw.ptr.buffer.load
// ROCDL-LABEL: llvm.func @fp4_plane
// ROCDL: %[[NT:.*]] = llvm.mlir.constant(2 : i32) : i32
// ROCDL: %[[RSRC4:.*]] = rocdl.make.buffer.rsrc %arg0,
// ROCDL: rocdl.raw.ptr.buffer.load %[[RSRC4]], %{{.*}}, %{{.*}}, %[[NT]] : vector<4xi32>

// ISA-LABEL: fp6_fragment:
// ISA-NOT: ds_
// ISA: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen{{$}}
// ISA-NEXT: buffer_load_dwordx2 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen offset:1024
// ISA-NOT: ds_
// ISA: s_endpgm
// ISA-LABEL: fp4_plane:
// ISA: buffer_load_dwordx4 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], s{{[0-9]+}} offen nt
// ISA: s_endpgm
