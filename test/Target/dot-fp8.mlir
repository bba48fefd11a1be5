// tl.dot of 8-bit floats on NVIDIA: mma.sync m16n8k32 with e4m3 / e5m2
// multiplicands (sm_89 and later; PTX ISA 8.4), inline PTX (this LLVM's
// nvvm.mma.sync takes no 8-bit float multiplicands): each warp's 32 x 32
// block is 2 x 4 m16n8 tiles, two K steps of 32, so 16 per warp; A in four
// words of four elements, B in two, four f32 accumulators. Through ptxas
// for sm_90a and sm_100a. (AMD: not in the catalog yet, rejected by layout
// assignment or the lowering, test_catalog.py.)
// RUN: %tlx-compile %S/Inputs/dot_fp8.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %tlx-compile %S/Inputs/dot_fp8.mlir --target sm_100a -o %t.100.ptx
// RUN: FileCheck %s < %t.100.ptx
// RUN: %ptxas -arch=sm_100a %t.100.ptx -o %t.100.cubin

// CHECK: .version 8.{{[4-9]}}
// CHECK-LABEL: .visible .entry dot_e4m3(
// CHECK-COUNT-16: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK-NOT: mma.sync
// CHECK-LABEL: .visible .entry dot_e5m2(
// CHECK-COUNT-16: mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32
// CHECK-NOT: mma.sync
