// Hopper's warpgroup MMA (TLX's async_dot / async_dot_wait, T13) to NVVM,
// PTX and through ptxas: 128 x 64 x 64 bf16 over two warpgroups is one
// m64n64k16 per warpgroup and 16 of K (4), after the proxy fence, the
// barrier and wgmma.fence, then commit_group; the first product starts
// from zero (scale-d 0), the second accumulates; A K-major (trans-a 0),
// B MN-major (trans-b 1); the descriptors carry wgmma's 128-byte swizzle
// (1 << 62), 8-row groups 1024 bytes apart and no leading offset (one
// swizzle atom), the start-address field computed once per tile and each K
// step's offset added to it; the wait ties the accumulator's 32 registers
// through wgmma.wait_group 0; the second wait, whose group the first
// retired, only ties them (no instruction).
// RUN: tlx-opt %S/Inputs/wgmma_sm90a.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s --check-prefix=NVVM
// RUN: tlx-opt %S/Inputs/wgmma_sm90a.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s --check-prefix=DESC
// RUN: %tlx-compile %S/Inputs/wgmma_sm90a.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// NVVM-LABEL: llvm.func @wgmma
// NVVM: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// NVVM-NEXT: nvvm.barrier
// NVVM-NEXT: nvvm.wgmma.fence.aligned
// NVVM-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// NVVM: nvvm.wgmma.commit.group.sync.aligned
// NVVM: nvvm.wgmma.fence.aligned
// NVVM-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// NVVM: nvvm.wgmma.commit.group.sync.aligned
// NVVM: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31"
// NVVM-NEXT: llvm.extractvalue
// NVVM-NOT: wgmma.wait_group
// NVVM: llvm.inline_asm has_side_effects "", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31"

// DESC-LABEL: llvm.func @wgmma
// DESC-DAG: [[FIELDS:%[0-9]+]] = llvm.mlir.constant(4611686293305294848 : i64) : i64
// DESC-DAG: [[MASK:%[0-9]+]] = llvm.mlir.constant(16383 : i32) : i32
// DESC-DAG: [[K1:%[0-9]+]] = llvm.mlir.constant(2 : i32) : i32
// DESC: llvm.and %{{[0-9]+}}, [[MASK]] : i32
// DESC: [[START:%[0-9]+]] = llvm.and %{{[0-9]+}}, [[MASK]] : i32
// DESC: [[NEXT:%[0-9]+]] = llvm.add [[START]], [[K1]] overflow<nsw, nuw> : i32
// DESC: [[EXT:%[0-9]+]] = llvm.zext [[NEXT]] : i32 to i64
// DESC: llvm.or [[EXT]], [[FIELDS]] : i64

// PTX-LABEL: .entry wgmma
// PTX: fence.proxy.async.shared::cta;
// PTX-NEXT: bar.sync 0;
// PTX-NEXT: wgmma.fence.sync.aligned;
// PTX: setp.ne.b32 p, 0, 0;
// PTX-NEXT: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 1;
// PTX-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0, 1;
// PTX: wgmma.commit_group.sync.aligned;
// PTX: wgmma.fence.sync.aligned;
// PTX: setp.ne.b32 p, 1, 0;
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// PTX: wgmma.commit_group.sync.aligned;
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX-NOT: wgmma.wait_group
// PTX: st.global
