// tl.dot on mma.sync to PTX and through ptxas: each warp's 32 x 32 block
// is 2 x 4 tiles of m16n8, two K steps of 16: 16 nvvm.mma.sync per warp,
// A as four i32 words (bf16 pairs), B as two, four f32 accumulators; the
// tile's K steps chain through the accumulators.
// RUN: tlx-opt %S/Inputs/dot_sm90a.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s --check-prefix=NVVM
// RUN: %tlx-compile %S/Inputs/dot_sm90a.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// NVVM: %[[D:.*]] = nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// NVVM-COUNT-15: nvvm.mma.sync
// NVVM-NOT: nvvm.mma.sync

// PTX-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-NOT: mma.sync
