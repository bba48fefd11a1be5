// Tensor memory on sm_100a (the TLX tensor-core reference, T9-T12), to NVVM, PTX and
// through ptxas: warp 0 allocates 32 columns (the granule) into a shared
// slot and, as the kernel's last allocation, relinquishes the permit; the
// 128 x 16 f32 tile moves with tcgen05.st / tcgen05.ld 32x32b.x16 (each
// warp its 32 lanes); thread 0 issues one tcgen05.shift per 32-byte
// column segment (16 f32 columns: 2, at columns 0 and 8) and the commit
// that the barrier wait completes; the columns are freed before the
// kernel returns.
// RUN: tlx-opt %S/Inputs/tmem_sm100a.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_100a})' | FileCheck %s --check-prefix=NVVM
// RUN: %tlx-compile %S/Inputs/tmem_sm100a.mlir --target sm_100a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin

// NVVM: llvm.mlir.global internal @__tlxamd_tmem_address_0() {addr_space = 3 : i32, alignment = 4 : i64} : i32
// NVVM-LABEL: llvm.func @shift
// NVVM: nvvm.tcgen05.alloc %{{.*}}, %[[COLS:.*]] : !llvm.ptr<3>, i32
// NVVM: nvvm.tcgen05.relinquish_alloc_permit
// NVVM: nvvm.tcgen05.st %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// NVVM: nvvm.tcgen05.wait <store>
// NVVM: nvvm.tcgen05.shift %{{.*}} : !llvm.ptr<6>
// NVVM: nvvm.tcgen05.shift %{{.*}} : !llvm.ptr<6>
// NVVM-NOT: nvvm.tcgen05.shift
// NVVM: nvvm.tcgen05.commit %{{.*}} : !llvm.ptr<3>
// NVVM: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// NVVM: nvvm.tcgen05.wait <load>
// NVVM: nvvm.tcgen05.dealloc %{{.*}}, %[[COLS]] : !llvm.ptr<6>, i32

// PTX: .shared .align 4 .u32 __tlxamd_tmem_address_0;
// PTX: mov.b32 %r[[COLS:[0-9]+]], 32;
// PTX-NEXT: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [__tlxamd_tmem_address_0], %r[[COLS]];
// PTX-NEXT: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
// PTX: ld.shared.b32 %r[[T:[0-9]+]], [__tlxamd_tmem_address_0];
// PTX: tcgen05.st.sync.aligned.32x32b.x16.b32
// PTX-NEXT: tcgen05.wait::st.sync.aligned;
// PTX: add.s32 %r[[B:[0-9]+]], %r[[T]], 8;
// PTX-NEXT: tcgen05.shift.cta_group::1.down [%r[[T]]];
// PTX-NEXT: tcgen05.shift.cta_group::1.down [%r[[B]]];
// PTX-NOT: tcgen05.shift
// PTX: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: tcgen05.fence::after_thread_sync;
// PTX-NEXT: tcgen05.ld.sync.aligned.32x32b.x16.b32
// PTX-NEXT: tcgen05.wait::ld.sync.aligned;
// PTX: ld.shared.b32 %r[[D:[0-9]+]], [__tlxamd_tmem_address_0];
// PTX: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r[[D]], %r{{[0-9]+}};
