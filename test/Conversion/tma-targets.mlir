// The tensor memory accelerator and its mbarriers are NVIDIA sm_90+ only:
// every op names the target that lacks them and those that have them, and
// a tensor-descriptor kernel argument is rejected by the AMD lowering.
// RUN: tlx-opt %s --tlxamd-verify-target=target=gfx950 -verify-diagnostics -split-input-file
// RUN: tlx-opt %s --tlxamd-verify-target=target=sm_100a -split-input-file -o /dev/null
// RUN: not tlx-opt %S/../Target/Inputs/tma_sm90a.mlir --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx942}))' 2>&1 | FileCheck %s --check-prefix=ARG

// RUN: not tlx-opt %S/Inputs/tma_arg_only.mlir --pass-pipeline='builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))' 2>&1 | FileCheck %s --check-prefix=ARG2

// ARG: error: 'tlxamd.mbarrier_init' op needs the tensor memory accelerator and its transaction-counting mbarriers, which gfx942 (CDNA3 (MI300)) lacks (targets that have them: sm_90a, sm_100a)
// ARG2: error: argument 0 is a tensor descriptor, which needs the tensor memory accelerator: gfx950 lacks it (targets that have it: sm_90a, sm_100a)

#nv = #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
#one = #tlxamd.swizzled_shared<{vec = 1, per_phase = 1, max_phase = 1, order = [0]}>
!bar = !tlxamd.memdesc<1xi64, #one, #tlxamd.shared_memory, mutable>
!tile = !tlxamd.memdesc<64x64xf16, #nv, #tlxamd.shared_memory, mutable>
gpu.module @m {
  gpu.func @k(%d: !tlxamd.tensor_desc<64x64xf16, #nv>, %c: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %bar = tlxamd.local_alloc : () -> !bar
    %buf = tlxamd.local_alloc : () -> !tile
    // expected-error @+1 {{'tlxamd.mbarrier_init' op needs the tensor memory accelerator and its transaction-counting mbarriers, which gfx950 (CDNA4 (MI350)) lacks (targets that have them: sm_90a, sm_100a)}}
    tlxamd.mbarrier_init %bar, 1 : !bar
    // expected-error @+1 {{'tlxamd.mbarrier_expect_tx' op needs the tensor memory accelerator}}
    tlxamd.mbarrier_expect_tx %bar, 8192 : !bar
    // expected-error @+1 {{'tlxamd.async_tma_copy_global_to_shared' op needs the tensor memory accelerator}}
    tlxamd.async_tma_copy_global_to_shared %d[%c, %c] %buf, %bar : !tlxamd.tensor_desc<64x64xf16, #nv>, !tile, !bar
    // expected-error @+1 {{'tlxamd.mbarrier_wait' op needs the tensor memory accelerator}}
    tlxamd.mbarrier_wait %bar, %c : !bar
    // expected-error @+1 {{'tlxamd.mbarrier_arrive' op needs the tensor memory accelerator}}
    tlxamd.mbarrier_arrive %bar, 1 : !bar
    // expected-error @+1 {{'tlxamd.mbarrier_invalidate' op needs the tensor memory accelerator}}
    tlxamd.mbarrier_invalidate %bar : !bar
    // expected-error @+1 {{'tlxamd.fence_async_shared' op needs the tensor memory accelerator}}
    tlxamd.fence_async_shared
    // expected-error @+1 {{'tlxamd.async_tma_copy_shared_to_global' op needs the tensor memory accelerator}}
    tlxamd.async_tma_copy_shared_to_global %d[%c, %c] %buf : !tlxamd.tensor_desc<64x64xf16, #nv>, !tile
    // expected-error @+1 {{'tlxamd.async_tma_store_wait' op needs the tensor memory accelerator}}
    tlxamd.async_tma_store_wait 0 read
    gpu.return
  }
}
