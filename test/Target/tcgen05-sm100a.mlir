// tcgen05 MMAs with block scaling on sm_100a (the TLX tensor-core reference), to NVVM, PTX
// and through ptxas. @mma_1cta: each uint8 scale buffer (placeholder,
// resolved) is filled by one tcgen05.cp 32x128b.warpx4 of a 512-byte block;
// K = 128 is four tcgen05.mma ... mxf8f6f4.block_scale of K = 32, whose
// instruction descriptors (e4m3 x e5m2, A K-major, B MN-major, M = N =
// 128, E8M0 scales) differ only in the scale byte 0..3 they read; the
// shared-memory matrix descriptors carry the 128-byte swizzle (mode 2)
// with 8-row groups 1024 bytes apart, the scale blocks 16-byte rows in
// 128-byte core matrices; the MMAs commit to the barrier (mBarriers).
// @mma_2cta: every tcgen05 instruction is cta_group::2, the lead CTA
// (cluster rank even) issues, B's 256 rows of scales are two blocks
// (columns 0 and 4), the instruction's M is 256, and the commit is
// multicast to the pair.
// RUN: tlx-opt %S/Inputs/tcgen05_sm100a.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_100a})' | FileCheck %s --check-prefix=NVVM
// RUN: %tlx-compile %S/Inputs/tcgen05_sm100a.mlir --target sm_100a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin

// NVVM-LABEL: llvm.func @mma_1cta
// NVVM-DAG: llvm.mlir.constant(144770048 : i32) : i32
// NVVM-DAG: llvm.mlir.constant(681640976 : i32) : i32
// NVVM-DAG: llvm.mlir.constant(1218511904 : i32) : i32
// NVVM-DAG: llvm.mlir.constant(1755382832 : i32) : i32
// NVVM-DAG: llvm.mlir.constant(4611756662049538048 : i64) : i64
// NVVM-DAG: llvm.mlir.constant(70403103981568 : i64) : i64
// NVVM: nvvm.tcgen05.alloc
// NVVM: nvvm.tcgen05.cp %{{.*}}, %{{.*}} {multicast = #nvvm.tcgen05_cp_multicast<warpx4>, shape = #nvvm.tcgen05_cp_shape<shape_32x128b>}
// NVVM: nvvm.tcgen05.cp %{{.*}}, %{{.*}} {multicast = #nvvm.tcgen05_cp_multicast<warpx4>, shape = #nvvm.tcgen05_cp_shape<shape_32x128b>}
// NVVM: nvvm.fence.proxy
// NVVM-COUNT-4: nvvm.tcgen05.mma.block_scale %{{.*}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf8f6f4>}
// NVVM-NEXT: nvvm.tcgen05.commit %{{.*}} : !llvm.ptr<3>
// NVVM: nvvm.tcgen05.ld

// NVVM-LABEL: llvm.func @mma_2cta
// NVVM-DAG: llvm.mlir.constant(281083904 : i32) : i32
// NVVM-DAG: llvm.mlir.constant(1891696688 : i32) : i32
// NVVM: nvvm.tcgen05.alloc %{{.*}}, %{{.*}} {group = #nvvm.cta_group<cta_2>}
// NVVM: nvvm.tcgen05.cp %{{.*}}, %{{.*}} {group = #nvvm.cta_group<cta_2>, multicast = #nvvm.tcgen05_cp_multicast<warpx4>, shape = #nvvm.tcgen05_cp_shape<shape_32x128b>}
// NVVM-COUNT-4: nvvm.tcgen05.mma.block_scale %{{.*}} {ctaGroup = #nvvm.cta_group<cta_2>, kind = #nvvm.block_scale_kind<mxf8f6f4>}
// NVVM: nvvm.tcgen05.commit %{{.*}}, multicast_mask = %{{.*}} {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16
// NVVM: nvvm.tcgen05.dealloc %{{.*}}, %{{.*}} {group = #nvvm.cta_group<cta_2>}

// PTX-LABEL: .entry mma_1cta
// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// PTX: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r{{[0-9]+}}], %rd{{[0-9]+}};
// PTX: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r{{[0-9]+}}], %rd{{[0-9]+}};
// PTX: fence.proxy.async.shared::cta;
// PTX-COUNT-4: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r{{[0-9]+}}, [%r{{[0-9]+}}], [%r{{[0-9]+}}], %p{{[0-9]+}};
// PTX-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// PTX: mbarrier.try_wait.parity
// PTX: tcgen05.ld.sync.aligned.32x32b.x128.b32
// PTX: tcgen05.dealloc.cta_group::1

// PTX-LABEL: .entry mma_2cta
// PTX: .reqnctapercluster 2, 1, 1
// PTX: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32
// PTX: mov.u32 %r{{[0-9]+}}, %cluster_ctarank;
// PTX: tcgen05.cp.cta_group::2.32x128b.warpx4 [%r{{[0-9]+}}], %rd{{[0-9]+}};
// PTX: tcgen05.cp.cta_group::2.32x128b.warpx4 [%r[[B:[0-9]+]]], %rd{{[0-9]+}};
// PTX: tcgen05.cp.cta_group::2.32x128b.warpx4 [%r[[B]]+4], %rd{{[0-9]+}};
// PTX-COUNT-4: tcgen05.mma.cta_group::2.kind::mxf8f6f4.block_scale.collector::a::discard
// PTX: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [{{.*}}], %rs{{[0-9]+}};
// PTX: tcgen05.dealloc.cta_group::2
