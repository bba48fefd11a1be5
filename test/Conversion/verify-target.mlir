// Target legality (TargetLegalityOpInterface + tlxamd-verify-target): every
// op a target lacks is rejected before lowering, naming the op, the target
// and the targets that have it. Each op family against every target that
// lacks it; the conversions run the same checks (last RUN lines).
// RUN: tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx950 | FileCheck %s --check-prefix=OK
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx942 2>&1 | FileCheck %s --check-prefix=GFX942
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx1250 2>&1 | FileCheck %s --check-prefix=GFX1250
// RUN: not tlx-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx942}))' 2>&1 | FileCheck %s --check-prefix=GFX942
// RUN: not tlx-opt %s -split-input-file --tlxamd-to-llvm=target=gfx1250 2>&1 | FileCheck %s --check-prefix=GFX1250
// RUN: not tlx-opt %s -split-input-file --tlxamd-verify-target=target=gfx9 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: tlx-opt --help | FileCheck %s --check-prefix=HELP

// OK: gpu.module @bf16
// OK: gpu.module @cache
// OK: gpu.module @f16
// UNKNOWN: error: tlxamd-verify-target: unsupported target 'gfx9' (supported: gfx942, gfx950, gfx1250, sm_90a, sm_100a)
// Pass options come from Passes.td: one `target` per pass; `chip` and
// `chipset` remain as deprecated spellings.
// HELP: --convert-tlxamd-to-nvvm
// HELP: --chip=<string> {{.*}}Deprecated spelling of `target`
// HELP: --remarks
// HELP: --target=<string> {{.*}}An NVIDIA target of the capability table
// HELP: --convert-tlxamd-to-rocdl
// HELP: --chipset=<string> {{.*}}Deprecated spelling of `target`
// HELP: --remarks
// HELP: --target=<string> {{.*}}An AMD target of the capability table
// HELP: --tlxamd-verify-target
// HELP: --target=<string> {{.*}}A target of the capability table

// B1: packed BF16 buffer atomics (gfx942 has only the global form).
// GFX942: error: 'tlxamd.buffer_atomic_add' op packed 'bf16' buffer atomics are not available on gfx942 (CDNA3 (MI300); targets that have them: gfx950, gfx1250, sm_90a, sm_100a)
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @bf16 {
  gpu.func @k(%p: !tlxamd.ptr<bf16>, %o: tensor<1024xi32, #b4>, %v: tensor<1024xbf16, #b4>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.buffer_atomic_add %p[%o], %v {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<1024xi32, #b4>, tensor<1024xbf16, #b4>
    gpu.return
  }
}

// -----

// B4: cache modifiers need a cache-policy encoding (none on gfx1250).
// GFX1250: error: 'tlxamd.buffer_load' op cache modifier ".cg" is not available on gfx1250 (gfx1250; targets that have cache modifiers: gfx942, gfx950, sm_90a, sm_100a)
// GFX1250: error: 'tlxamd.buffer_store' op cache modifier ".wt" is not available on gfx1250 (gfx1250; targets that have cache modifiers: gfx942, gfx950, sm_90a, sm_100a)
#b2 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @cache {
  gpu.func @k(%p: !tlxamd.ptr<f32>, %o: tensor<512xi32, #b2>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %v = tlxamd.buffer_load %p[%o] cache ".cg" : !tlxamd.ptr<f32>, tensor<512xi32, #b2> -> tensor<512xf32, #b2>
    tlxamd.buffer_store %v, %p[%o] cache ".wt" : tensor<512xf32, #b2>, !tlxamd.ptr<f32>, tensor<512xi32, #b2>
    gpu.return
  }
}

// -----

// Packed F16 atomics exist on every target: nothing to reject.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @f16 {
  gpu.func @k(%p: !tlxamd.ptr<f16>, %o: tensor<1024xi32, #b4>, %v: tensor<1024xf16, #b4>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.buffer_atomic_add %p[%o], %v {contiguity = 2 : i32} : !tlxamd.ptr<f16>, tensor<1024xi32, #b4>, tensor<1024xf16, #b4>
    gpu.return
  }
}
