// Atomics through pointers on both vendors: one LLVM atomicrmw / cmpxchg
// per element, each masked-off element branched around (exec mask on AMD,
// a predicated branch on NVIDIA); f32 max as integer atomics on the bits;
// a scalar atomic once per program (thread 0), its old value shared
// through shared memory between two barriers.
// RUN: %tlx-compile %S/Inputs/atomics.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %S/Inputs/atomics.mlir --target gfx950 --emit llvm | FileCheck %s --check-prefix=LLVM
// RUN: %tlx-compile %S/Inputs/atomics.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=NV < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin

// LLVM-LABEL: define amdgpu_kernel void @hist(
// LLVM: br i1
// LLVM: atomicrmw add ptr addrspace(1) %{{.*}}, i32 1 syncscope("agent") acq_rel
// LLVM-LABEL: define amdgpu_kernel void @bucket_max(
// LLVM: atomicrmw max ptr addrspace(1) {{.*}} syncscope("agent") monotonic
// LLVM: atomicrmw umin ptr addrspace(1) {{.*}} syncscope("agent") monotonic
// LLVM-LABEL: define amdgpu_kernel void @ticket(
// LLVM: icmp eq i32 %{{.*}}, 0
// LLVM: atomicrmw add
// LLVM: store i32 %{{.*}}, ptr addrspace(3)
// LLVM: call void asm sideeffect "s_waitcnt lgkmcnt(0)\0As_barrier", "~{memory}"()
// LLVM: cmpxchg ptr addrspace(1) {{.*}} syncscope("agent") acq_rel acquire

// AMD-LABEL: hist:
// AMD: s_and_saveexec_b64
// AMD: s_cbranch_execz
// AMD: global_atomic_add {{.*}} sc0
// AMD: s_endpgm
// AMD-LABEL: bucket_max:
// AMD-NOT: global_atomic_cmpswap
// AMD: global_atomic_smax
// AMD-NOT: global_atomic_cmpswap
// AMD: global_atomic_umin
// AMD: s_endpgm
// AMD-LABEL: ticket:
// AMD: v_cmp_eq_u32_e32 vcc, 0, v0
// AMD: global_atomic_add
// AMD: ds_write_b32
// AMD: s_barrier
// AMD: ds_read_b32
// AMD: global_atomic_cmpswap
// AMD: s_endpgm

// NV-LABEL: .entry hist(
// NV: atom.global.add.u32
// NV-LABEL: .entry bucket_max(
// NV: atom.global.max.s32
// NV: atom.global.min.u32
// NV-LABEL: .entry ticket(
// NV: atom.global.add.u32
// NV: st.shared.b32
// NV: bar.sync 0;
// NV: ld.shared.b32
// NV: atom.acq_rel.gpu.global.cas.b32
