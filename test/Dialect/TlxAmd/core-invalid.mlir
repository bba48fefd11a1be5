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
    // expected-error@+1 {{'tlxamd.store' op failed to verify that stored value type is the pointee type (of each pointer)}}
    "tlxamd.store"(%c, %p) : (i32, !tlxamd.ptr<f32>) -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.load' op failed to verify that result type is the pointee type (of each pointer)}}
    %v = "tlxamd.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tlxamd.ptr<f32>) -> f16
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
    // expected-error@+1 {{'tlxamd.addptr' op operand #1 must be 32-bit signless integer or 64-bit signless integer or i32 or i64 tensor, but got 'i16'}}
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
  // expected-error@+1 {{'tlxamd.load' op operand #0 must be tlxamd scalar pointer or tensor of tlxamd pointers, but got 'i32'}}
  %v = "tlxamd.load"(%c) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> f32
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'tlxamd.addptr' op operand #0 must be tlxamd scalar pointer or tensor of tlxamd pointers, but got 'i32'}}
  %v = "tlxamd.addptr"(%c, %c) : (i32, i32) -> i32
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'tlxamd.store' op operand #1 must be tlxamd scalar pointer or tensor of tlxamd pointers, but got 'i32'}}
  "tlxamd.store"(%c, %c) : (i32, i32) -> ()
  return
}

// -----

func.func @f(%p: tensor<64x!tlxamd.ptr<f32>>, %o: i32) {
  // expected-error@+1 {{'tlxamd.addptr' op a tensor of pointers needs a tensor of offsets and a scalar pointer a scalar offset, got 'tensor<64x!tlxamd.ptr<f32>>' and 'i32'}}
  %q = tlxamd.addptr %p, %o : tensor<64x!tlxamd.ptr<f32>>, i32
  return
}

// -----

func.func @f(%p: tensor<64x!tlxamd.ptr<f32>>, %o: tensor<32xi32>) {
  // expected-error@+1 {{'tlxamd.addptr' op offsets 'tensor<32xi32>' must have the shape and layout of the pointers 'tensor<64x!tlxamd.ptr<f32>>'}}
  %q = tlxamd.addptr %p, %o : tensor<64x!tlxamd.ptr<f32>>, tensor<32xi32>
  return
}

// -----

#b = #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
func.func @f(%p: tensor<64x!tlxamd.ptr<f32>>, %o: tensor<64xi32, #b>) {
  // expected-error@+1 {{'tlxamd.addptr' op offsets 'tensor<64xi32, #tlxamd.blocked<{size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>>' must have the shape and layout of the pointers 'tensor<64x!tlxamd.ptr<f32>>'}}
  %q = tlxamd.addptr %p, %o : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi32, #b>
  return
}

// -----

func.func @f(%p: tensor<64x!tlxamd.ptr<f32>>, %o: tensor<64xf32>) {
  // expected-error@+1 {{'tlxamd.load' op other requires a mask}}
  %v = "tlxamd.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<64x!tlxamd.ptr<f32>>, tensor<64xf32>) -> tensor<64xf32>
  return
}

// -----

func.func @f(%p: tensor<64x!tlxamd.ptr<f32>>, %m: tensor<32xi1>) {
  // expected-error@+1 {{'tlxamd.load' op failed to verify that mask is i1 shaped like the pointers}}
  %v = "tlxamd.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<64x!tlxamd.ptr<f32>>, tensor<32xi1>) -> tensor<64xf32>
  return
}

// -----

func.func @f(%p: tensor<64x!tlxamd.ptr<f32, 4>>) {
  // expected-error@+1 {{'tlxamd.load' op pointer address space must be 1 (global) or 3 (shared), got 4}}
  %v = tlxamd.load %p : tensor<64x!tlxamd.ptr<f32, 4>>
  return
}

// -----

func.func @f(%p: tensor<64x!tlxamd.ptr<f32>>, %v: tensor<64xf16>) {
  // expected-error@+1 {{'tlxamd.store' op failed to verify that stored value type is the pointee type (of each pointer)}}
  "tlxamd.store"(%v, %p) : (tensor<64xf16>, tensor<64x!tlxamd.ptr<f32>>) -> ()
  return
}

// -----

func.func @f(%p: !tlxamd.ptr<f32>) {
  // expected-error@+1 {{'tlxamd.load' op a cache modifier needs a tensor of pointers; scalar accesses take none}}
  %v = tlxamd.load %p cache ".cg" : !tlxamd.ptr<f32>
  return
}

// -----

func.func @f(%p: tensor<64x!tlxamd.ptr<f32>>) {
  // expected-error@+1 {{'tlxamd.load' op cache modifier ".wb" is not one of the load modifiers ".ca", ".cg", ".cs", ".cv"}}
  %v = tlxamd.load %p cache ".wb" : tensor<64x!tlxamd.ptr<f32>>
  return
}

// -----

func.func @f(%p: tensor<64x!tlxamd.ptr<f32>>, %v: tensor<64xf32>) {
  // expected-error@+1 {{'tlxamd.store' op cache modifier ".cv" is not one of the store modifiers ".wb", ".cg", ".cs", ".wt"}}
  tlxamd.store %v, %p cache ".cv" : tensor<64x!tlxamd.ptr<f32>>
  return
}

// -----
// tl.multiple_of on a tensor: one value per dimension.
func.func @hint_rank(%a: tensor<64xi32>, %b: tensor<64xi32>) {
  // expected-error@+1 {{'tlxamd.divisibility' on an op needs one result and a positive signless integer up to 2^31 (for a scalar) or one per dimension (array<i32: ...>, for a tensor)}}
  %c = arith.addi %a, %b {tlxamd.divisibility = 16 : i32} : tensor<64xi32>
  return
}

// -----
func.func @hint_value(%a: i32, %b: i32) {
  // expected-error@+1 {{'tlxamd.contiguity' on an op needs one result and a positive signless integer}}
  %c = arith.addi %a, %b {tlxamd.contiguity = 0 : i32} : i32
  return
}

// -----
func.func @atomic_bf16(%p: !tlxamd.ptr<bf16>, %v: bf16) {
  // expected-error@+1 {{atomics take 32- or 64-bit integers, f32 or f64, got 'bf16' (16-bit floats: tlx.buffer_atomic_add adds them in pairs)}}
  %o = tlxamd.atomic_rmw add, %p, %v : !tlxamd.ptr<bf16>
  return
}

// -----
func.func @atomic_and_float(%p: !tlxamd.ptr<f32>, %v: f32) {
  // expected-error@+1 {{bitwise atomic 'and' needs integers, got 'f32'}}
  %o = tlxamd.atomic_rmw and, %p, %v : !tlxamd.ptr<f32>
  return
}

// -----
func.func @atomic_shared(%p: !tlxamd.ptr<i32, 3>, %c: i32, %v: i32) {
  // expected-error@+1 {{atomics act on global memory (address space 1), got address space 3}}
  %o = tlxamd.atomic_cas %p, %c, %v : !tlxamd.ptr<i32, 3>
  return
}
