// tl.dot of 8-bit floats. On AMD the MFMA of the format (CDNA4's OCP e4m3 /
// e5m2, CDNA3's FNUZ ones), each lane's eight values of K packed in an
// i64; 2 x 2 waves of 32 x 32, K 64 in four 32x32x16 steps. Through llc.
// RUN: %tlx-compile %S/Inputs/dot_fp8.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: sed 's/f8E4M3FN/f8E4M3FNUZ/g; s/f8E5M2/f8E5M2FNUZ/g' %S/Inputs/dot_fp8.mlir | %tlx-compile - --target gfx942 | FileCheck %s --check-prefix=AMD
// AMD-LABEL: dot_e4m3:
// AMD-COUNT-4: v_mfma_f32_32x32x16_fp8_fp8
// AMD-NOT: v_mfma
// AMD-LABEL: dot_e5m2:
// AMD-COUNT-4: v_mfma_f32_32x32x16_bf8_bf8
// AMD-NOT: v_mfma
// AMD: .vgpr_spill_count: 0
//
// On NVIDIA, mma.sync m16n8k32 with e4m3 / e5m2
// multiplicands (sm_89 and later; PTX ISA 8.4), inline PTX (this LLVM's
// nvvm.mma.sync takes no 8-bit float multiplicands): each warp's 32 x 32
// block is 2 x 4 m16n8 tiles, two K steps of 32, so 16 per warp; A in four
// words of four elements, B in two, four f32 accumulators. Through ptxas
// for sm_90a and sm_100a.
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
