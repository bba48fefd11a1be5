// RUN: tlx-opt %s -split-input-file -verify-diagnostics

// Triton's AMD hint matrix_instr_nonkdim on a kernel: 16 or 32, an i32.
gpu.module @m {
  // expected-error@+1 {{'tlxamd.matrix_instr_nonkdim' is an i32 attribute of kernels, 16 or 32}}
  gpu.func @k() kernel attributes {tlxamd.matrix_instr_nonkdim = 8 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'tlxamd.matrix_instr_nonkdim' is an i32 attribute of kernels, 16 or 32}}
  gpu.func @k() kernel attributes {tlxamd.matrix_instr_nonkdim = 16 : i64} {
    gpu.return
  }
}

// -----

func.func @f() attributes {tlxamd.matrix_instr_nonkdim = 16 : i32} {
  // expected-error@-1 {{'tlxamd.matrix_instr_nonkdim' is an i32 attribute of kernels, 16 or 32}}
  return
}
