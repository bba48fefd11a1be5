// tl.dot operands read from swizzled shared tiles on sm_90a: the layout
// core maps each mma.sync operand layout onto 8 x 8 matrix loads
// (getMatrixLoad), so each warp's A (32 x 32 of a 64 x 32 row-major tile)
// is 4 ldmatrix.x4 and its B (32 x 32 of a 32 x 64 K x N tile, rows along
// the lanes) 4 ldmatrix.x4.trans, no scalar shared loads before the
// mma.sync; ptxas accepts it. (The pipelined GEMM using this path is exact
// against torch on the H200: bench/gpu/RESULTS.md.)
// RUN: tlx-opt %S/Inputs/ldmatrix_sm90a.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s --check-prefix=NVVM
// RUN: %tlx-compile %S/Inputs/ldmatrix_sm90a.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// NVVM-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// NVVM-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
// NVVM-NOT: nvvm.ldmatrix

// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-NOT: ld.shared.b16
// PTX-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
