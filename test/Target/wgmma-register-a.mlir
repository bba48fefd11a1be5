// Gluon's warpgroup_mma with A in registers and warpgroups along N (a
// version-3 wgmma layout, warps [4, 2], instr N 64), to NVVM, PTX and
// through ptxas: each warpgroup issues one m64n64k16 per 16 of K (2) with
// its four 32-bit A registers (f16 pairs) and B's descriptor moved 64
// columns (128 bytes) per warpgroup (warp bit 2 of the thread's warp);
// the first product from zero accumulates the zero tile (scale-d 1 with
// C given), B MN-major (trans-b 1).
// RUN: tlx-opt %S/Inputs/wgmma_register_a_sm90a.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s --check-prefix=NVVM
// RUN: %tlx-compile %S/Inputs/wgmma_register_a_sm90a.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// NVVM-LABEL: llvm.func @wgmma_reg_a
// NVVM: nvvm.wgmma.fence.aligned
// NVVM: %[[W:.*]] = llvm.udiv %{{.*}}, %{{.*}} : i32
// NVVM: %[[SH:.*]] = llvm.lshr %[[W]], %{{.*}} : i32
// NVVM: %[[BIT:.*]] = llvm.and %[[SH]], %{{.*}} : i32
// NVVM: llvm.mul %[[BIT]], %{{.*}} : i32
// NVVM-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,{{.*}}}, {${{[0-9]+}}, ${{[0-9]+}}, ${{[0-9]+}}, ${{[0-9]+}}}, ${{[0-9]+}}, p, 1, 1, 1;
// NVVM-NOT: wgmma.mma_async
// NVVM: nvvm.wgmma.commit.group.sync.aligned

// PTX-LABEL: .entry wgmma_reg_a
// PTX: wgmma.fence.sync.aligned;
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// PTX-NOT: wgmma.mma_async
// PTX: wgmma.commit_group.sync.aligned;
// PTX: wgmma.wait_group.sync.aligned 0;
