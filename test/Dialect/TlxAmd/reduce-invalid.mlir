// RUN: tlx-opt %s -split-input-file -verify-diagnostics
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<64x128xf32, #b>) {
  // expected-error@+1 {{axis 2 is out of range for a rank-2 operand}}
  %s = tlxamd.reduce %x {axis = 2 : i32} : tensor<64x128xf32, #b> -> tensor<64xf32> {
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tlxamd.reduce.return %t : f32
  }
  return
}

// -----
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<64x128xf32, #b>) {
  // expected-error@+1 {{result 0 must be 'tensor<64xf32, #tlxamd.slice<{dim = 1, parent = }}
  %s = tlxamd.reduce %x {axis = 1 : i32} : tensor<64x128xf32, #b> -> tensor<64xf32, #tlxamd.slice<{dim = 0, parent = #b}>> {
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tlxamd.reduce.return %t : f32
  }
  return
}

// -----
func.func @f(%x: tensor<1024xf32>) {
  // expected-error@+1 {{result 0 must be 'f32' (operand 0 reduced along axis 0), got 'tensor<1xf32>'}}
  %s = tlxamd.reduce %x {axis = 0 : i32} : tensor<1024xf32> -> tensor<1xf32> {
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tlxamd.reduce.return %t : f32
  }
  return
}

// -----
#b = #tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [4, 16], warps_per_cta = [4, 1], order = [1, 0]}>
#c = #tlxamd.blocked<{size_per_thread = [4, 1], threads_per_warp = [16, 4], warps_per_cta = [1, 4], order = [0, 1]}>
func.func @f(%x: tensor<64x128xf32, #b>, %i: tensor<64x128xi32, #c>) {
  // expected-error@+1 {{operand 1 has another layout than operand 0; operands of a reduction share one layout}}
  %s:2 = tlxamd.reduce %x, %i {axis = 1 : i32} : tensor<64x128xf32, #b>, tensor<64x128xi32, #c> -> tensor<64xf32, #tlxamd.slice<{dim = 1, parent = #b}>>, tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #c}>> {
  ^bb0(%a: f32, %ai: i32, %c: f32, %ci: i32):
    tlxamd.reduce.return %a, %ai : f32, i32
  }
  return
}

// -----
func.func @f(%x: tensor<64x128xf32>, %i: tensor<64x64xi32>) {
  // expected-error@+1 {{requires the same shape for all operands}}
  %s:2 = tlxamd.reduce %x, %i {axis = 1 : i32} : tensor<64x128xf32>, tensor<64x64xi32> -> tensor<64xf32>, tensor<64xi32> {
  ^bb0(%a: f32, %ai: i32, %c: f32, %ci: i32):
    tlxamd.reduce.return %a, %ai : f32, i32
  }
  return
}

// -----
func.func @f(%x: tensor<1024xf32>) {
  // expected-error@+1 {{combine region must take 2 arguments (two per operand), got 3}}
  %s = tlxamd.reduce %x {axis = 0 : i32} : tensor<1024xf32> -> f32 {
  ^bb0(%a: f32, %c: f32, %d: f32):
    tlxamd.reduce.return %a : f32
  }
  return
}

// -----
func.func @f(%x: tensor<1024xf32>) {
  // expected-error@+1 {{combine region argument 1 must be 'f32' (the element type of operand 0), got 'f16'}}
  %s = tlxamd.reduce %x {axis = 0 : i32} : tensor<1024xf32> -> f32 {
  ^bb0(%a: f32, %c: f16):
    tlxamd.reduce.return %a : f32
  }
  return
}

// -----
func.func @f(%x: tensor<1024xf32>) {
  %s = tlxamd.reduce %x {axis = 0 : i32} : tensor<1024xf32> -> f32 {
  ^bb0(%a: f32, %c: f32):
    %t = arith.extf %a : f32 to f64
    // expected-error@+1 {{'tlxamd.reduce.return' op value 0 must be 'f32', got 'f64'}}
    tlxamd.reduce.return %t : f64
  }
  return
}

// -----
func.func @f(%x: tensor<1024xf32>) {
  %s = tlxamd.reduce %x {axis = 0 : i32} : tensor<1024xf32> -> f32 {
  ^bb0(%a: f32, %c: f32):
    // expected-error@+1 {{'tlxamd.reduce.return' op returns 2 values; the reduction has 1 operands}}
    tlxamd.reduce.return %a, %c : f32, f32
  }
  return
}

// -----
func.func @f(%x: tensor<1024xf32>, %p: !llvm.ptr) {
  %s = tlxamd.reduce %x {axis = 0 : i32} : tensor<1024xf32> -> f32 {
  ^bb0(%a: f32, %c: f32):
    // expected-error@+1 {{is not allowed in a reduction's combine region (only side-effect-free scalar ops)}}
    %l = llvm.load %p : !llvm.ptr -> f32
    tlxamd.reduce.return %l : f32
  }
  return
}

// -----
func.func @f(%x: tensor<1024xf32>) {
  %s = tlxamd.reduce %x {axis = 0 : i32} : tensor<1024xf32> -> f32 {
  ^bb0(%a: f32, %c: f32):
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}
