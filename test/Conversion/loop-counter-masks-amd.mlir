// The AMD form of loop-counter-masks.mlir (64 lanes per wave).
// A mask built from an scf.for counter (`cols = off + arange`, `off`
// stepping by the block): the conversion's analyses read the loop before it
// becomes branches, so the counter is a multiple of its step, the mask is
// uniform over each thread's 8 contiguous elements and each group is one
// predicated 16-byte load, not the element-by-element split.
// RUN: tlx-opt %s --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=AMD

#b8 = #tlxamd.blocked<{size_per_thread = [8], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
module {
  gpu.module @m {
    // AMD-LABEL: llvm.func @loop_mask
    // AMD: rocdl.raw.ptr.buffer.load {{.*}} : vector<4xi32>
    // AMD-NOT: rocdl.raw.ptr.buffer.load {{.*}} : i16
    gpu.func @loop_mask(%x: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                        %y: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                        %n: i32 {tlxamd.divisibility = 16 : i32}) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %zero = arith.constant dense<0.0> : tensor<512xf16, #b8>
      %c0 = arith.constant 0 : i32
      %c512 = arith.constant 512 : i32
      %sum = scf.for %off = %c0 to %n step %c512 iter_args(%acc = %zero) -> (tensor<512xf16, #b8>) : i32 {
        %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b8>
        %o = tlxamd.splat %off : tensor<512xi32, #b8>
        %cols = arith.addi %o, %r : tensor<512xi32, #b8>
        %base = tlxamd.splat %x : tensor<512x!tlxamd.ptr<f16>, #b8>
        %ptrs = tlxamd.addptr %base, %cols : tensor<512x!tlxamd.ptr<f16>, #b8>, tensor<512xi32, #b8>
        %ns = tlxamd.splat %n : tensor<512xi32, #b8>
        %m = arith.cmpi slt, %cols, %ns : tensor<512xi32, #b8>
        %v = tlxamd.load %ptrs mask %m other %zero : tensor<512x!tlxamd.ptr<f16>, #b8>
        %s = arith.addf %acc, %v : tensor<512xf16, #b8>
        scf.yield %s : tensor<512xf16, #b8>
      }
      %r = tlxamd.make_range 0 to 512 : tensor<512xi32, #b8>
      %out = tlxamd.splat %y : tensor<512x!tlxamd.ptr<f16>, #b8>
      %p = tlxamd.addptr %out, %r : tensor<512x!tlxamd.ptr<f16>, #b8>, tensor<512xi32, #b8>
      tlxamd.store %sum, %p : tensor<512x!tlxamd.ptr<f16>, #b8>
      gpu.return
    }
  }
}
