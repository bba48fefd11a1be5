// RUN: tlx-opt %s -split-input-file -verify-diagnostics
// Every integer attribute of the dialect is read only after its verifier has
// checked its type: an unsigned or signed integer type (ui8, si32) is a
// diagnostic, never an IntegerAttr::getInt assertion. Kernel arguments'
// attributes (the launcher's specializations) are checked too.

gpu.module @m {
  // expected-error@+1 {{argument 0: 'tlxamd.divisibility' must be a positive signless integer up to 2^31, got 16 : ui8}}
  gpu.func @k(%p: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : ui8}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{argument 0: 'tlxamd.divisibility' must be a positive signless integer up to 2^31, got 0 : i32}}
  gpu.func @k(%p: !tlxamd.ptr<f32> {tlxamd.divisibility = 0 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{argument 0: 'tlxamd.pointer_range' is 32 or 64 on a pointer argument, got 32 : si32}}
  gpu.func @k(%p: !tlxamd.ptr<f32> {tlxamd.pointer_range = 32 : si32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{argument 0: 'tlxamd.pointer_range' is 32 or 64 on a pointer argument, got 32 : i32}}
  gpu.func @k(%n: i32 {tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{argument 0: 'tlxamd.violations' is a unit attribute of a pointer argument}}
  gpu.func @k(%p: !tlxamd.ptr<i32> {tlxamd.violations = 1 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{argument 0: unknown tlxamd argument attribute 'tlxamd.nonsense'}}
  gpu.func @k(%p: !tlxamd.ptr<f32> {tlxamd.nonsense}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'tlxamd.num_warps' must be an i32 integer attribute}}
  gpu.func @k() kernel attributes {tlxamd.num_warps = 4 : ui32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    // expected-error@+1 {{'tlxamd.contiguity' on an op needs one result and a positive signless integer up to 2^31 (for a scalar) or one per dimension (array<i32: ...>, for a tensor)}}
    %b = arith.addi %a, %a {tlxamd.contiguity = 4 : ui8} : i32
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'tlxamd.shared_memory_bytes' must be a non-negative signless integer attribute}}
  gpu.func @k() kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.shared_memory_bytes = 64 : ui32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'tlxamd.violations_arg' is the contract sanitizer's table of a kernel: a non-negative argument index}}
  gpu.func @k(%p: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.violations_arg = 0 : ui8} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'tlxamd.arg_promises' is the contract sanitizer's table of a kernel: an array of {arg, divisibility[, site]} dictionaries}}
  gpu.func @k(%p: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.arg_promises = [{arg = 0 : ui8, divisibility = 16 : i64}]} {
    gpu.return
  }
}

// -----

// Layout fields read only signless integers (the fuzzer's find: an unsigned
// element in a list aborted the parser's field reader).
// expected-error@+1 {{#tlxamd.blocked field 'size_per_thread' must be a list of integers}}
#regs = #tlxamd.blocked<{size_per_thread = [1, 1: ui86], threads_per_warp = [32, 1], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f(%v: tensor<128x16xf32, #regs>) {
  return
}

// -----

// expected-error@+1 {{#tlxamd.blocked field 'threads_per_warp' must be a list of integers}}
#rows = #tlxamd.blocked<{size_per_thread = [1, 16], threads_per_warp = [64, 1: si32], warps_per_cta = [1, 1], order = [1, 0]}>
func.func @g(%v: tensor<64x64xi8, #rows>) {
  return
}

// -----

gpu.module @m {
  // expected-error@+1 {{'tlxamd.tensor_maps' is an array of {arg, box, element, swizzle} dictionaries on a kernel}}
  gpu.func @k(%p: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.tensor_maps = [{arg = 0 : ui8, box = array<i64: 8>, element = f32, swizzle = 0 : i32}]} {
    gpu.return
  }
}

// -----

// The allocator's first-access mark is a unit attribute of an op it gave
// shared memory.
func.func @f(%x: f32) -> f32 {
  // expected-error@+1 {{'tlxamd.first_shared_access' is a unit attribute of an op with shared memory}}
  %y = arith.addf %x, %x {tlxamd.first_shared_access} : f32
  return %y : f32
}

// -----

// tl.range's num_stages: a positive i32 on an scf.for.
func.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error@+1 {{'tlxamd.num_stages' is a positive i32 attribute of an scf.for or a kernel}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tlxamd.num_stages = 0 : i32}
  return
}

// -----

func.func @f(%x: i32) -> i32 {
  // expected-error@+1 {{'tlxamd.num_stages' is a positive i32 attribute of an scf.for or a kernel}}
  %y = arith.addi %x, %x {tlxamd.num_stages = 2 : i32} : i32
  return %y : i32
}

// -----

// tlxamd-pipeline's mark: a unit attribute of a loop.
func.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error@+1 {{'tlxamd.pipelined' is a unit attribute of an scf.for}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tlxamd.pipelined = 1 : i32}
  return
}

// -----

func.func @f(%x: i32) -> i32 {
  // expected-error@+1 {{'tlxamd.pipelined' is a unit attribute of an scf.for}}
  %y = arith.addi %x, %x {tlxamd.pipelined} : i32
  return %y : i32
}

// -----

// On a buffer op: the hint and the op's own contiguity, both checked before
// they are read.
#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{'tlxamd.contiguity' on an op needs one result and a positive signless integer up to 2^31}}
  %v = tlxamd.buffer_load %p[%o] {tlxamd.contiguity = 4 : ui8} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  return
}

// -----

#b4 = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [4], order = [0]}>
func.func @f(%p: !tlxamd.ptr<f32>, %o: tensor<1024xi32, #b4>) {
  // expected-error@+1 {{attribute 'contiguity' failed to satisfy constraint: 32-bit signless integer attribute}}
  %v = tlxamd.buffer_load %p[%o] {contiguity = 4 : ui8} : !tlxamd.ptr<f32>, tensor<1024xi32, #b4> -> tensor<1024xf32, #b4>
  return
}
