// Memory descriptors and the shared-memory ops round trip (issue 13 item 1;
// the Gluon async-copy reference's buffer_load_to_shared, L1): printed form parses back to
// the same IR, generic form included.
// RUN: tlx-opt %s | tlx-opt | FileCheck %s
// RUN: tlx-opt %s --mlir-print-op-generic | tlx-opt | FileCheck %s

#b = #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8], warps_per_cta = [4, 1], order = [1, 0]}>
#s = #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>
#p = #tlxamd.padded_shared<{interval_padding_pairs = [[512, 16]], order = [1, 0]}>

// CHECK-LABEL: gpu.func @descriptors
gpu.module @m {
  gpu.func @descriptors(%ptr: !tlxamd.ptr<bf16>, %x: tensor<64x64xbf16, #b>, %o: tensor<64x64xi32, #b>, %mask: tensor<64x64xi1, #b>, %i: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // CHECK: %[[M:.*]] = tlxamd.local_alloc %{{.*}} : (tensor<64x64xbf16, #tlxamd.blocked<{{.*}}>>) -> !tlxamd.memdesc<64x64xbf16, #tlxamd.swizzled_shared<{vec = 8, per_phase = 1, max_phase = 8, order = [1, 0]}>, #tlxamd.shared_memory>
    %m = tlxamd.local_alloc %x : (tensor<64x64xbf16, #b>) -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory>
    // CHECK: %[[B:.*]] = tlxamd.local_alloc : () -> !tlxamd.memdesc<3x64x64xbf16, {{.*}}, #tlxamd.shared_memory, mutable>
    %b = tlxamd.local_alloc : () -> !tlxamd.memdesc<3x64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    // CHECK: %[[B1:.*]] = tlxamd.memdesc_index %[[B]][%{{.*}}] : !tlxamd.memdesc<3x64x64xbf16, {{.*}}, mutable> -> !tlxamd.memdesc<64x64xbf16, {{.*}}, mutable>
    %b1 = tlxamd.memdesc_index %b[%i] : !tlxamd.memdesc<3x64x64xbf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    // CHECK: tlxamd.memdesc_subslice %[[B1]][32, 0] : !tlxamd.memdesc<64x64xbf16, {{.*}}, mutable> -> !tlxamd.memdesc<32x64xbf16, {{.*}}, #tlxamd.shared_memory, mutable, 64x64>
    %s = tlxamd.memdesc_subslice %b1[32, 0] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<32x64xbf16, #s, #tlxamd.shared_memory, mutable, 64x64>
    // CHECK: tlxamd.local_load %[[M]] : !tlxamd.memdesc<64x64xbf16, {{.*}}> -> tensor<64x64xbf16
    %t = tlxamd.local_load %m : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory> -> tensor<64x64xbf16, #b>
    // CHECK: tlxamd.local_store %{{.*}}, %[[B1]] : tensor<64x64xbf16, {{.*}}>, !tlxamd.memdesc<64x64xbf16, {{.*}}, mutable>
    tlxamd.local_store %t, %b1 : tensor<64x64xbf16, #b>, !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    // CHECK: tlxamd.buffer_load_to_shared %[[B1]], %{{.*}}[%{{.*}}] mask %{{.*}} other %{{.*}} cache ".cg" : !tlxamd.memdesc<64x64xbf16, {{.*}}, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, {{.*}}>, tensor<64x64xbf16
    tlxamd.buffer_load_to_shared %b1, %ptr[%o] mask %mask other %x cache ".cg" : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>, tensor<64x64xbf16, #b>
    // CHECK: tlxamd.buffer_load_to_shared %[[B1]], %{{.*}}[%{{.*}}] : !tlxamd.memdesc
    tlxamd.buffer_load_to_shared %b1, %ptr[%o] : !tlxamd.memdesc<64x64xbf16, #s, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #b>
    // CHECK: tlxamd.async_commit_group
    tlxamd.async_commit_group
    // CHECK: tlxamd.async_wait {num = 1 : i32}
    tlxamd.async_wait {num = 1 : i32}
    // CHECK: tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf32, #tlxamd.padded_shared<{interval_padding_pairs = {{\[\[}}512, 16{{\]\]}}, order = [1, 0]}>, #tlxamd.shared_memory, mutable>
    %pd = tlxamd.local_alloc : () -> !tlxamd.memdesc<64x64xf32, #p, #tlxamd.shared_memory, mutable>
    // CHECK: tlxamd.local_dealloc %[[B]] : !tlxamd.memdesc<3x64x64xbf16
    tlxamd.local_dealloc %b : !tlxamd.memdesc<3x64x64xbf16, #s, #tlxamd.shared_memory, mutable>
    gpu.return
  }
}
