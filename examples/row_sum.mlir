// A first tlxamd kernel: program p sums row p of an n-column f32 matrix,
// scales it and stores the result.  y[p] = alpha * sum_i x[p * n + i]
//
// Compile it:
//   tlx-opt row_sum.mlir --tlxamd-to-llvm=target=gfx950
//   python -m tlxamd.compiler row_sum.mlir --target gfx950 --emit asm
//   python -m tlxamd.compiler row_sum.mlir --target sm_90a --emit asm
gpu.module @examples {
  gpu.func @row_sum(%x: !tlxamd.ptr<f32>, %y: !tlxamd.ptr<f32>, %n: i32, %alpha: f32)
      kernel attributes {tlxamd.num_warps = 4 : i32} {
    %pid = tlxamd.program_id 0 : i32
    %row_start = arith.muli %pid, %n : i32
    %row = tlxamd.addptr %x, %row_start : !tlxamd.ptr<f32>, i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
      %p = tlxamd.addptr %row, %i : !tlxamd.ptr<f32>, i32
      %v = tlxamd.load %p : !tlxamd.ptr<f32>
      %next = arith.addf %acc, %v : f32
      scf.yield %next : f32
    }
    %scaled = arith.mulf %sum, %alpha : f32
    %out = tlxamd.addptr %y, %pid : !tlxamd.ptr<f32>, i32
    tlxamd.store %scaled, %out : !tlxamd.ptr<f32>
    gpu.return
  }
}
