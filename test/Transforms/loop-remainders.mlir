// RUN: tlx-opt %s -split-input-file -tlxamd-loop-remainders | FileCheck %s

// The buffer indices of a 3-stage loop, `i % 3` and `(i + 2) % 3`: one
// carried value each, set before the loop ((lb + c) rem 3), advanced by
// the step (1) and wrapped with a compare and a select; no remainder left
// in the body.
// CHECK-LABEL: gpu.func @stages
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[L0:.*]] = arith.addi %[[C0]], %{{.*}} : i32
// CHECK: %[[R0:.*]] = arith.remui %[[L0]], %{{.*}} : i32
// CHECK: %[[L2:.*]] = arith.addi %[[C0]], %{{.*}} : i32
// CHECK: %[[R2:.*]] = arith.remui %[[L2]], %{{.*}} : i32
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %[[R0]], %[[D:.*]] = %[[R2]]) -> (i32, i32, i32)
// CHECK-NOT: arith.remsi
// CHECK: arith.addi %[[A]], %[[B]]
// CHECK: arith.addi %{{.*}}, %[[D]]
// CHECK: %[[NB:.*]] = arith.addi %[[B]], %{{.*}} : i32
// CHECK: %[[WB:.*]] = arith.cmpi uge, %[[NB]], %{{.*}} : i32
// CHECK: %[[SB:.*]] = arith.subi %[[NB]], %{{.*}} : i32
// CHECK: %[[YB:.*]] = arith.select %[[WB]], %[[SB]], %[[NB]] : i32
// CHECK: %[[YD:.*]] = arith.select
// CHECK: scf.yield %{{.*}}, %[[YB]], %[[YD]] : i32, i32, i32
gpu.module @m {
  gpu.func @stages(%n: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %cur = arith.remsi %i, %c3 : i32
      %nxt = arith.addi %i, %c2 : i32
      %nbuf = arith.remsi %nxt, %c3 : i32
      %s = arith.addi %acc, %cur : i32
      %t = arith.addi %s, %nbuf : i32
      scf.yield %t : i32
    }
    gpu.return %r : i32
  }
}

// -----

// Left as they are: a power-of-two divisor (one `and`), a lower bound not
// proven non-negative, a negative offset (the dividend may be negative).
// CHECK-LABEL: gpu.func @kept
// CHECK: scf.for {{.*}} -> (i32) : i32 {
// CHECK: arith.remsi %{{.*}}, %{{.*}} : i32
// CHECK: scf.for {{.*}} -> (i32) : i32 {
// CHECK: arith.remsi %{{.*}}, %{{.*}} : i32
// CHECK: arith.remsi %{{.*}}, %{{.*}} : i32
gpu.module @m {
  gpu.func @kept(%lb: i32, %n: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cm1 = arith.constant -1 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %a = scf.for %i = %lb to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %r = arith.remsi %i, %c3 : i32
      %s = arith.addi %acc, %r : i32
      scf.yield %s : i32
    }
    %b = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) : i32 {
      %r = arith.remsi %i, %c4 : i32
      %p = arith.addi %i, %cm1 : i32
      %q = arith.remsi %p, %c3 : i32
      %s = arith.addi %acc, %r : i32
      %t = arith.addi %s, %q : i32
      scf.yield %t : i32
    }
    gpu.return %b : i32
  }
}
