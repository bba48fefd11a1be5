// RUN: tlx-opt %s | tlx-opt | FileCheck %s
// RUN: tlx-opt %s --mlir-print-op-generic | tlx-opt | FileCheck %s
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>

// CHECK-LABEL: func.func @buffer_ops
func.func @buffer_ops(%p: !tlxamd.ptr<f32>, %q: !tlxamd.ptr<bf16>, %o: tensor<1024xi32, #b4>, %m: tensor<1024xi1, #b4>, %x: tensor<1024xf32, #b4>, %y: tensor<1024xbf16, #b4>) {
  // Defaults (contiguity 1, element offsets) are not printed.
  // CHECK: %[[A:.*]] = tlxamd.buffer_load %{{.*}}[%{{.*}}] : !tlxamd.ptr<f32>, tensor<1024xi32, #tlxamd.blocked<{{.*}}>> -> tensor<1024xf32
  %a = tlxamd.buffer_load %p[%o] : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  // CHECK: tlxamd.buffer_load %{{.*}}[%{{.*}}] mask %{{.*}} other %{{.*}} cache ".cg" offset_unit bytes {contiguity = 4 : i32}
  %b = tlxamd.buffer_load %p[%o] mask %m other %x cache ".cg" offset_unit bytes {contiguity = 4 : i32} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  // CHECK: tlxamd.buffer_load %{{.*}}[%{{.*}}] mask %{{.*}} :
  %c = tlxamd.buffer_load %p[%o] mask %m : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  // CHECK: tlxamd.buffer_store %[[A]], %{{.*}}[%{{.*}}] mask %{{.*}} cache ".wt" : tensor<1024xf32
  tlxamd.buffer_store %a, %p[%o] mask %m cache ".wt" : tensor<1024xf32, #b4>, !tlxamd.ptr<f32>, tensor<1024xi32, #b4>
  // CHECK: %[[V:.*]] = tlxamd.require_layout
  %v = tlxamd.require_layout %b : tensor<1024xf32, #b4> -> tensor<1024xf32, #b4>
  // CHECK: tlxamd.buffer_store %[[V]], {{.*}} {contiguity = 4 : i32}
  tlxamd.buffer_store %v, %p[%o] {contiguity = 4 : i32} : tensor<1024xf32, #b4>, !tlxamd.ptr<f32>, tensor<1024xi32, #b4>
  // CHECK: tlxamd.buffer_atomic_add %{{.*}}[%{{.*}}], %{{.*}} mask %{{.*}} sem release scope sys {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<1024xi32, {{.*}}>, tensor<1024xbf16
  %old = tlxamd.buffer_atomic_add %q[%o], %y mask %m sem release scope sys {contiguity = 2 : i32} : !tlxamd.ptr<bf16>, tensor<1024xi32, #b4>, tensor<1024xbf16, #b4>
  // CHECK: tlxamd.buffer_atomic_add %{{.*}}[%{{.*}}], %{{.*}} : !tlxamd.ptr<f32>
  %old2 = tlxamd.buffer_atomic_add %p[%o], %a : !tlxamd.ptr<f32>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>
  return
}
