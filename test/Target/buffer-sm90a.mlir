// The buffer ops on NVIDIA (same kernels with 32-lane layouts): predicated
// vector global accesses of the same widths, accepted by ptxas.
// RUN: sed 's/threads_per_warp = \[64\]/threads_per_warp = [32]/' %S/Inputs/buffer_ops.mlir > %t.mlir
// RUN: %tlx-compile %t.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: sed 's/threads_per_warp = \[64\]/threads_per_warp = [32]/' %S/Inputs/buffer_atomic_bf16.mlir | %tlx-compile - --target sm_90a -o %t.atomic.ptx
// RUN: FileCheck %s --check-prefix=ATOMIC < %t.atomic.ptx
// RUN: ptxas -arch=sm_90a %t.atomic.ptx -o %t.atomic.cubin

// CHECK-LABEL: .visible .entry copy_bf16_c8(
// CHECK-COUNT-2: ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK-NOT: ld.global
// CHECK-COUNT-2: st.global.v4.b32
// CHECK-NOT: st.global
// CHECK: ret;

// 16 elements per thread: four 128-bit accesses (two per 16 registers).
// CHECK-LABEL: .visible .entry copy_bf16_c16(
// CHECK-COUNT-4: ld.global.v4.b32
// CHECK-COUNT-4: st.global.v4.b32

// CHECK-LABEL: .visible .entry copy_bf16_c1(
// CHECK-COUNT-4: ld.global.b16 %rs{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK-COUNT-4: st.global.b16

// Masked lanes read zero, then `other`; masked stores are predicated off.
// The mask (offs < n, n unknown) is not provably uniform over a group of 4,
// so a group is accessed full width where it is entirely in bounds and
// element by element where it is not (never trusting a broken promise); the
// group test is the last element's mask, so that element is never needed
// on the element path (elements +0, +4, +8 only).
// CHECK-LABEL: .visible .entry masked_f32_c4(
// CHECK: @%p[[ALL:[0-9]+]] ld.global.v4.b32 {%r[[A:[0-9]+]], {{.*}} @%p[[ALL]] bra [[LD:TLXAMD_LD_[0-9]+]]; @%p{{[0-9]+}} ld.global.b32 %r[[A]], [%rd[[ADDR:[0-9]+]]+0]; {{.*}} [%rd[[ADDR]]+8]; [[LD]]: }
// CHECK: selp.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, 0fBF800000, %p{{[0-9]+}};
// CHECK: @%p[[SALL:[0-9]+]] st.global.v4.b32 {{.*}} @%p[[SALL]] bra [[ST:TLXAMD_ST_[0-9]+]]; {{.*}} st.global.b32 [%rd{{[0-9]+}}+8], {{.*}}; [[ST]]: }

// CHECK-LABEL: .visible .entry cache_modifiers(
// CHECK: ld.global.cg.v4.b32
// CHECK: ld.global.cv.v4.b32
// CHECK: st.global.cs.v4.b32
// CHECK: st.global.wt.v4.b32

// ATOMIC-LABEL: .visible .entry atomic_bf16(
// ATOMIC: atom.acq_rel.gpu.global.add.noftz.bf16x2 %r{{[0-9]+}}, [%rd{{[0-9]+}}], %r{{[0-9]+}};

// CHECK-LABEL: .visible .entry atomic_f32(
// CHECK: @%p{{[0-9]+}} atom.relaxed.gpu.global.add.f32
