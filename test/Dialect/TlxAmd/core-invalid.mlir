// RUN: tlx-opt %s -split-input-file -verify-diagnostics

gpu.module @m {
  gpu.func @k() kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.program_id' op attribute 'axis' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 2}}
    %p = tlxamd.program_id 3 : i32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'tlxamd.store' op failed to verify that stored value type matches the pointee type}}
    "tlxamd.store"(%c, %p) : (i32, !tlxamd.ptr<f32>) -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.load' op failed to verify that result type matches the pointee type}}
    %v = "tlxamd.load"(%p) : (!tlxamd.ptr<f32>) -> f16
    gpu.return
  }
}

// -----

// expected-error@+1 {{pointee type must be an integer or float scalar, got 'index'}}
func.func private @f(!tlxamd.ptr<index>)

// -----

// expected-error@+1 {{pointee type must be a whole number of bytes, got 'i1'}}
func.func private @f(!tlxamd.ptr<i1>)

// -----

gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f32, 5>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'tlxamd.addptr' op pointer address space must be 1 (global) or 3 (shared), got 5}}
    %q = tlxamd.addptr %p, %c : !tlxamd.ptr<f32, 5>, i32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c = arith.constant 1 : i16
    // expected-error@+1 {{'tlxamd.addptr' op operand #1 must be 32-bit signless integer or 64-bit signless integer, but got 'i16'}}
    %q = tlxamd.addptr %p, %c : !tlxamd.ptr<f32>, i16
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'tlxamd.num_warps' must be a power of two between 1 and 32, got 3}}
  gpu.func @k() kernel attributes {tlxamd.num_warps = 3 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'tlxamd.num_warps' must be a power of two between 1 and 32, got 64}}
  gpu.func @k() kernel attributes {tlxamd.num_warps = 64 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'tlxamd.num_warps' must be an i32 integer attribute}}
  gpu.func @k() kernel attributes {tlxamd.num_warps = "four"} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'tlxamd.num_warps' may only be set on a gpu.func kernel}}
  gpu.func @helper() attributes {tlxamd.num_warps = 4 : i32} {
    gpu.return
  }
}

// -----

// expected-error@+1 {{unknown tlxamd attribute 'tlxamd.nonsense'}}
func.func @f() attributes {tlxamd.nonsense = 1 : i32} {
  return
}

// -----

// Generic form with a non-pointer operand: a verifier error, not a crash in
// result type inference.
func.func @f(%c: i32) {
  // expected-error@+1 {{'tlxamd.load' op operand #0 must be tlxamd scalar pointer, but got 'i32'}}
  %v = "tlxamd.load"(%c) : (i32) -> f32
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'tlxamd.addptr' op operand #0 must be tlxamd scalar pointer, but got 'i32'}}
  %v = "tlxamd.addptr"(%c, %c) : (i32, i32) -> i32
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'tlxamd.store' op operand #1 must be tlxamd scalar pointer, but got 'i32'}}
  "tlxamd.store"(%c, %c) : (i32, i32) -> ()
  return
}
