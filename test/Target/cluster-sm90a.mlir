// T2: thread-block clusters to NVVM, PTX and through ptxas for sm_90a: the
// kernel's cluster shape (.explicitcluster, .reqnctapercluster 2, 1, 1),
// %cluster_ctarank, the cluster barrier (barrier.cluster.arrive / wait,
// aligned), the remote arrive (mapa into the partner's shared memory, then
// mbarrier.arrive.release.cluster.shared::cluster, by thread 0) and the
// wait at cluster scope (try_wait.parity.acquire.cluster in a loop).
// RUN: tlx-opt %S/Inputs/cluster_sm90a.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s --check-prefix=NVVM
// RUN: %tlx-compile %S/Inputs/cluster_sm90a.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// NVVM: llvm.func @ping({{.*}}) attributes {{{.*}}nvvm.cluster_dim = array<i32: 2, 1, 1>
// NVVM: mbarrier.init.shared.b64
// NVVM: nvvm.cluster.arrive {aligned}
// NVVM-NEXT: nvvm.cluster.wait {aligned}
// NVVM: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// NVVM: %[[OTHER:.*]] = llvm.sub %{{.*}}, %[[RANK]] : i32
// NVVM: %[[REMOTE:.*]] = nvvm.mapa %{{.*}}, %[[OTHER]] : !llvm.ptr<3> -> !llvm.ptr<7>
// NVVM: nvvm.mbarrier.arrive %[[REMOTE]], %{{.*}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// NVVM: llvm.inline_asm has_side_effects {{.*}}mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64
// NVVM: nvvm.cluster.arrive {aligned}
// NVVM-NEXT: nvvm.cluster.wait {aligned}

// PTX: .explicitcluster
// PTX: .reqnctapercluster 2, 1, 1
// PTX: mbarrier.init.shared.b64
// PTX: barrier.cluster.arrive.aligned;
// PTX-NEXT: barrier.cluster.wait.aligned;
// PTX: mov.u32 %r{{[0-9]+}}, %cluster_ctarank;
// PTX: mapa.shared::cluster.u64
// PTX: mbarrier.arrive.release.cluster.shared::cluster.b64
// PTX: mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64
// PTX: barrier.cluster.arrive.aligned;
// PTX-NEXT: barrier.cluster.wait.aligned;
