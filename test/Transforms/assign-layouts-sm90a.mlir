// RUN: tlx-opt %s -tlxamd-assign-layouts=target=sm_90a | FileCheck %s \
// RUN:   -DC4='#tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>'

// The layout-free f32 copy on a 32-lane target: 4 elements (128 bits) per
// thread, 32 lanes, 4 warps.
// CHECK-LABEL: gpu.func @copy
// CHECK: tlxamd.make_range 0 to 1024 : tensor<1024xi32, [[C4]]>
// CHECK: tlxamd.load {{.*}} : tensor<1024x!tlxamd.ptr<f32>, [[C4]]>
// CHECK: tlxamd.store {{.*}} : tensor<1024x!tlxamd.ptr<f32>, [[C4]]>
gpu.module @m {
  gpu.func @copy(%src: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}, %dst: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %c = arith.constant 1024 : i32
    %base = arith.muli %pid, %c : i32
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32>
    %bs = tlxamd.splat %base : tensor<1024xi32>
    %offs = arith.addi %bs, %r : tensor<1024xi32>
    %ps = tlxamd.splat %src : tensor<1024x!tlxamd.ptr<f32>>
    %a = tlxamd.addptr %ps, %offs : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    %v = tlxamd.load %a : tensor<1024x!tlxamd.ptr<f32>>
    %pd = tlxamd.splat %dst : tensor<1024x!tlxamd.ptr<f32>>
    %d = tlxamd.addptr %pd, %offs : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    tlxamd.store %v, %d : tensor<1024x!tlxamd.ptr<f32>>
    gpu.return
  }
}

// A kernel whose explicit layouts assume 64 lanes (a wave64 layout runs as
// two 32-lane warps on NVIDIA) lays out the rest with 64 lanes too, so that
// every tensor of the kernel agrees.
// CHECK-LABEL: gpu.func @wave64_anchor
// CHECK: tlxamd.make_range 0 to 256 : tensor<256xi32, #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>>
#w64 = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
gpu.module @m2 {
  gpu.func @wave64_anchor(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %v = tlxamd.buffer_load %src[%r] : !tlxamd.ptr<f32>, tensor<256xi32> -> tensor<256xf32>
    %p = tlxamd.require_layout %v : tensor<256xf32> -> tensor<256xf32, #w64>
    %r2 = tlxamd.make_range 0 to 256 : tensor<256xi32, #w64>
    tlxamd.buffer_store %p, %dst[%r2] {contiguity = 2 : i32} : tensor<256xf32, #w64>, !tlxamd.ptr<f32>, tensor<256xi32, #w64>
    gpu.return
  }
}
