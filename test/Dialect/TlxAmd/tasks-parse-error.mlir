// A task region that names a value a later task region defines, and a
// syntax error in a still later region: the parse fails with the syntax
// error alone (the regions drop their references before they are destroyed;
// destroying them last-first used to destroy %c0 while task 0 still used it,
// a fatal "operation destroyed but still has uses").
// RUN: not tlx-opt %s 2>&1 | FileCheck %s
// CHECK: error: expected SSA operand
// CHECK-NOT: destroyed but still has uses
// CHECK-NOT: error

gpu.module @m {
  gpu.func @k() kernel attributes {tlxamd.num_warps = 4 : i32} {
    tlxamd.async_tasks num_warps [4, 4, 4] {
      %x = arith.addi %c0, %c0 : i32
      tlxamd.async_task_end
    }, {
      %c0 = arith.constant 0 : i32
      tlxamd.async_task_end
    }, {
      %y = arith.addi %c1, : i32
      tlxamd.async_task_end
    }
    gpu.return
  }
}
