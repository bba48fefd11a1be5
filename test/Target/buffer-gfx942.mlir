// gfx942 (CDNA3) has the buffer instructions but no packed BF16 buffer
// atomic: the kernel is rejected naming the target (B1).
// RUN: not %tlx-compile %S/Inputs/buffer_atomic_bf16.mlir --target gfx942 2>&1 | FileCheck %s --check-prefix=REJECT
// RUN: %tlx-compile %S/Inputs/buffer_ops.mlir --target gfx942 | FileCheck %s

// REJECT: error: {{.*}}'tlxamd.buffer_atomic_add' op packed 'bf16' buffer atomics are not available on gfx942 (CDNA3 (MI300); targets that have them: gfx950, gfx1250, sm_90a, sm_100a)

// CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// CHECK-LABEL: copy_bf16_c8:
// CHECK: buffer_load_dwordx4
// CHECK: buffer_store_dwordx4
// CHECK-LABEL: cache_modifiers:
// CHECK: buffer_load_dwordx4 {{.*}} sc0 nt
// CHECK-LABEL: atomic_f32:
// CHECK: buffer_atomic_add_f32 {{.*}} sc0
