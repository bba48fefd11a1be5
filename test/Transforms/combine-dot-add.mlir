// RUN: tlx-opt %s -split-input-file --allow-unregistered-dialect --tlxamd-combine-dot-add | FileCheck %s

// `acc += tl.dot(a, b)`: the product accumulates acc (either operand order
// of the add; tl.dot and dot_scaled; f32 and i32).
// CHECK-LABEL: gpu.func @folds
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NEXT: %[[D:.*]] = tlxamd.dot %{{.*}}, %{{.*}}, %[[ACC]]
// CHECK-NOT: arith.addf
// CHECK: scf.yield %[[D]]
// CHECK: %[[E:.*]] = tlxamd.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs
// CHECK-NOT: arith.addf
// CHECK: %[[I:.*]] = tlxamd.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32xi8>, tensor<32x16xi8> -> tensor<16x16xi32>
// CHECK-NOT: arith.addi
gpu.module @m {
  gpu.func @folds(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %n: index, %x: tensor<16x64xi8>,
                  %xs: tensor<16x4xi8>, %y: tensor<128x16xf8E4M3FN>, %ys: tensor<16x4xi8>, %c: tensor<16x16xf32>,
                  %i: tensor<16x32xi8>, %j: tensor<32x16xi8>, %k: tensor<16x16xi32>) kernel {
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %izero = arith.constant dense<0> : tensor<16x16xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %it = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) {
      %d = tlxamd.dot %a, %b, %zero : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
      %s = arith.addf %acc, %d : tensor<16x16xf32>
      scf.yield %s : tensor<16x16xf32>
    }
    %e = tlxamd.dot_scaled %x scale %xs, %y scale %ys, %zero lhs = "e2m1" rhs = "e4m3" : tensor<16x64xi8> scale tensor<16x4xi8>, tensor<128x16xf8E4M3FN> scale tensor<16x4xi8> -> tensor<16x16xf32>
    %f = arith.addf %e, %r : tensor<16x16xf32>
    %g = tlxamd.dot %i, %j, %izero : tensor<16x32xi8>, tensor<32x16xi8> -> tensor<16x16xi32>
    %h = arith.addi %k, %g : tensor<16x16xi32>
    "test.use"(%f, %h) : (tensor<16x16xf32>, tensor<16x16xi32>) -> ()
    gpu.return
  }
}

// -----

// Not folded: a product used twice, a product into a nonzero accumulator,
// an add in another block than the product.
// CHECK-LABEL: gpu.func @keeps
// CHECK-COUNT-3: arith.addf
gpu.module @m {
  gpu.func @keeps(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>, %n: index) kernel {
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %d = tlxamd.dot %a, %b, %zero : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
    %s = arith.addf %c, %d : tensor<16x16xf32>
    %e = tlxamd.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
    %t = arith.addf %c, %e : tensor<16x16xf32>
    %f = tlxamd.dot %a, %b, %zero : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %it = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<16x16xf32>) {
      %u = arith.addf %acc, %f : tensor<16x16xf32>
      scf.yield %u : tensor<16x16xf32>
    }
    "test.use"(%d, %s, %t, %r) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> ()
    gpu.return
  }
}
