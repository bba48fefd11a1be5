// int_to_ptr / ptr_to_int / ptr_cast: what their verifiers reject (the ops'
// descriptions in TlxAmdCoreOps.td).
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

gpu.module @m {
  gpu.func @k(%a: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.int_to_ptr' op operand #0 must be i64 or i64 tensor, but got 'i32'}}
    %p = tlxamd.int_to_ptr %a : i32 -> !tlxamd.ptr<f16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: i64) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.int_to_ptr' op converts global-memory pointers (address space 1) only, got '!tlxamd.ptr<f16, 3>'}}
    %p = tlxamd.int_to_ptr %a : i64 -> !tlxamd.ptr<f16, 3>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>

gpu.module @m {
  gpu.func @k(%a: tensor<128xi64, #b>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.int_to_ptr' op if an operand is non-scalar, then there must be at least one non-scalar result}}
    %p = tlxamd.int_to_ptr %a : tensor<128xi64, #b> -> !tlxamd.ptr<f16>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>

gpu.module @m {
  gpu.func @k(%a: i64) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.int_to_ptr' op if a result is non-scalar, then at least one operand must be non-scalar}}
    %p = tlxamd.int_to_ptr %a : i64 -> tensor<128x!tlxamd.ptr<f16>, #b>
    gpu.return
  }
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>
#c = #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>

gpu.module @m {
  gpu.func @k(%a: tensor<128xi64, #b>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.int_to_ptr' op result 'tensor<128x!tlxamd.ptr<f16>, #tlxamd.blocked<{size_per_thread = [2], threads_per_warp = [32], warps_per_cta = [4], order = [0]}>>' must have the layout of the operand}}
    %p = tlxamd.int_to_ptr %a : tensor<128xi64, #b> -> tensor<128x!tlxamd.ptr<f16>, #c>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: tensor<128xi64>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.int_to_ptr' op all non-scalar operands/results must have the same shape and base type}}
    %p = tlxamd.int_to_ptr %a : tensor<128xi64> -> tensor<64x!tlxamd.ptr<f16>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f16, 3>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.ptr_to_int' op converts global-memory pointers (address space 1) only, got '!tlxamd.ptr<f16, 3>'}}
    %a = tlxamd.ptr_to_int %p : !tlxamd.ptr<f16, 3> -> i64
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.ptr_to_int' op result #0 must be i64 or i64 tensor, but got 'i32'}}
    %a = tlxamd.ptr_to_int %p : !tlxamd.ptr<f16> -> i32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f16>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.ptr_cast' op keeps the address space: '!tlxamd.ptr<f16>' -> '!tlxamd.ptr<f16, 3>'}}
    %q = tlxamd.ptr_cast %p : !tlxamd.ptr<f16> -> !tlxamd.ptr<f16, 3>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f16, 5>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.ptr_cast' op pointer address space must be 1 (global) or 3 (shared), got 5}}
    %q = tlxamd.ptr_cast %p : !tlxamd.ptr<f16, 5> -> !tlxamd.ptr<i8, 5>
    gpu.return
  }
}
