// tlxamd-decompose-dot-scaled: a layout-free dot_scaled without a scaled
// instruction on the target becomes the operands upcast by value (fp4
// unpacked two per byte: low nibble first, along K or M / N; fp8 through
// extf; times the block's E8M0 scale, 0 -> 2^-127 and 255 -> NaN) to bf16
// and the plain dot. gfx950's scaled MFMA keeps the op; a bf16 operand is
// upcast there too; laid-out ops are left to target legality.
// RUN: tlx-opt %s -split-input-file --tlxamd-decompose-dot-scaled=target=gfx942 | FileCheck %s
// RUN: tlx-opt %s -split-input-file --tlxamd-decompose-dot-scaled=target=gfx950 | FileCheck %s --check-prefix=NATIVE

// CHECK-LABEL: gpu.func @fp4_fp8
// fp4: the two nibbles of each byte decoded, joined and laid out along K;
// each nibble's exponent and mantissa moved to the low end of f32's fields
// (e = 0 reads as an f32 subnormal) and the sign to bit 31, times
// 2^(127 - bias) = 2^126.
// CHECK: %[[C:.*]] = arith.extui %{{.*}} : tensor<32x32xi8> to tensor<32x32xi32>
// CHECK: %[[M:.*]] = arith.andi %[[C]], %{{.*}} : tensor<32x32xi32>
// CHECK: arith.shli %[[M]], %{{.*}} : tensor<32x32xi32>
// CHECK: %[[R:.*]] = arith.bitcast %{{.*}} : tensor<32x32xi32> to tensor<32x32xf32>
// CHECK: %[[K:.*]] = arith.constant dense<8.50705917E+37> : tensor<32x32xf32>
// CHECK: arith.mulf %[[R]], %[[K]] : tensor<32x32xf32>
// the high nibble in place: bits 4-6 shifted by 18, bit 7 by 24
// CHECK: arith.constant dense<112> : tensor<32x32xi32>
// CHECK: arith.constant dense<18> : tensor<32x32xi32>
// CHECK: arith.constant dense<24> : tensor<32x32xi32>
// CHECK: %[[J:.*]] = tlxamd.join %{{.*}}, %{{.*}} : tensor<32x32xf32> -> tensor<32x32x2xf32>
// CHECK: tlxamd.reshape %[[J]] : tensor<32x32x2xf32> -> tensor<32x64xf32>
// the E8M0 scales: 2^(e - 127) as e << 23, 0 raised to the subnormal
// 2^-127 (an unsigned max), 255 NaN; each times its block of 32 K values
// (the values viewed as [M, K / 32, 32])
// CHECK-DAG: arith.constant dense<4194304> : tensor<32x2xi32>
// CHECK-DAG: arith.maxui %{{.*}}, %{{.*}} : tensor<32x2xi32>
// CHECK-DAG: arith.constant dense<2143289344> : tensor<32x2xi32>
// CHECK: tlxamd.expand_dims %{{.*}} {axis = 2 : i32} : tensor<32x2xf32> -> tensor<32x2x1xf32>
// CHECK: %[[S:.*]] = tlxamd.broadcast %{{.*}} : tensor<32x2x1xf32> -> tensor<32x2x32xf32>
// CHECK: %[[V:.*]] = tlxamd.reshape %[[J2:.*]] : tensor<32x64xf32> -> tensor<32x2x32xf32>
// CHECK: arith.mulf %[[V]], %[[S]] : tensor<32x2x32xf32>
// CHECK: tlxamd.reshape %{{.*}} : tensor<32x2x32xf32> -> tensor<32x64xf32>
// CHECK: %[[A:.*]] = arith.truncf %{{.*}} : tensor<32x64xf32> to tensor<32x64xbf16>
// fp8 (an i8 bit pattern): bitcast, extf; the rhs scale transposed to K x N.
// CHECK: arith.bitcast %{{.*}} : tensor<64x16xi8> to tensor<64x16xf8E4M3FN>
// CHECK: arith.extf %{{.*}} : tensor<64x16xf8E4M3FN> to tensor<64x16xf32>
// CHECK: tlxamd.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<16x2xf32> -> tensor<2x16xf32>
// CHECK: tlxamd.broadcast %{{.*}} : tensor<2x1x16xf32> -> tensor<2x32x16xf32>
// CHECK: tlxamd.reshape %{{.*}} : tensor<64x16xf32> -> tensor<2x32x16xf32>
// CHECK: %[[B:.*]] = arith.truncf %{{.*}} : tensor<64x16xf32> to tensor<64x16xbf16>
// CHECK: tlxamd.dot %[[A]], %[[B]], %{{.*}} : tensor<32x64xbf16>, tensor<64x16xbf16> -> tensor<32x16xf32>
// CHECK-NOT: tlxamd.dot_scaled
gpu.module @m {
  gpu.func @fp4_fp8(%a: tensor<32x32xi8>, %as: tensor<32x2xi8>, %b: tensor<64x16xi8>, %bs: tensor<16x2xi8>, %c: tensor<32x16xf32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %d = tlxamd.dot_scaled %a scale %as, %b scale %bs, %c lhs = "e2m1" rhs = "e4m3" : tensor<32x32xi8> scale tensor<32x2xi8>, tensor<64x16xi8> scale tensor<16x2xi8> -> tensor<32x16xf32>
    gpu.return
  }
}

// -----

// An rhs fp4 packed along K: the nibble pairs are rows 2k and 2k + 1.
// CHECK-LABEL: gpu.func @fp4_rhs_along_k
// CHECK: tlxamd.join %{{.*}}, %{{.*}} : tensor<32x16xf32> -> tensor<32x16x2xf32>
// CHECK: tlxamd.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<32x16x2xf32> -> tensor<32x2x16xf32>
// CHECK: tlxamd.reshape %{{.*}} : tensor<32x2x16xf32> -> tensor<64x16xf32>
// CHECK: tlxamd.dot
gpu.module @m {
  gpu.func @fp4_rhs_along_k(%a: tensor<32x64xf8E5M2>, %b: tensor<32x16xi8>, %c: tensor<32x16xf32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %d = tlxamd.dot_scaled %a, %b, %c lhs = "e5m2" rhs = "e2m1" : tensor<32x64xf8E5M2>, tensor<32x16xi8> -> tensor<32x16xf32>
    gpu.return
  }
}

// -----

// bf16 has no scaled instruction anywhere: upcast on gfx950 too.
// NATIVE-LABEL: gpu.func @bf16_fp8
// NATIVE: arith.extf %{{.*}} : tensor<64x16xf8E4M3FN> to tensor<64x16xf32>
// NATIVE: tlxamd.dot %{{.*}} : tensor<32x64xbf16>, tensor<64x16xbf16> -> tensor<32x16xf32>
// NATIVE-NOT: tlxamd.dot_scaled
gpu.module @m {
  gpu.func @bf16_fp8(%a: tensor<32x64xbf16>, %b: tensor<64x16xf8E4M3FN>, %c: tensor<32x16xf32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %d = tlxamd.dot_scaled %a, %b, %c lhs = "bf16" rhs = "e4m3" : tensor<32x64xbf16>, tensor<64x16xf8E4M3FN> -> tensor<32x16xf32>
    gpu.return
  }
}

// -----

// A tile gfx950's scaled MFMA covers keeps the op there.
// CHECK-LABEL: gpu.func @native_on_gfx950
// CHECK: tlxamd.dot %{{.*}} : tensor<64x128xbf16>, tensor<128x64xbf16> -> tensor<64x64xf32>
// NATIVE-LABEL: gpu.func @native_on_gfx950
// NATIVE-NOT: tlxamd.join
// NATIVE: tlxamd.dot_scaled
gpu.module @m {
  gpu.func @native_on_gfx950(%a: tensor<64x64xi8>, %as: tensor<64x4xi8>, %b: tensor<128x64xi8>, %bs: tensor<64x4xi8>, %c: tensor<64x64xf32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %d = tlxamd.dot_scaled %a scale %as, %b scale %bs, %c lhs = "e2m1" rhs = "e4m3" : tensor<64x64xi8> scale tensor<64x4xi8>, tensor<128x64xi8> scale tensor<64x4xi8> -> tensor<64x64xf32>
    gpu.return
  }
}

// -----

// sm_90a: the decoded operands feed the warpgroup MMA, both stored to
// shared memory in the nvmma swizzle, waited for in the step; the K loop, which
// had a dot and no stages of its own, keeps the kernel's num_stages (its
// operand loads are then issued ahead by the pipeliner). Tiles the
// instruction does not take (M not a multiple of 64) keep the plain dot.
// RUN: tlx-opt %s -split-input-file --tlxamd-decompose-dot-scaled=target=sm_90a | FileCheck %s --check-prefix=HOPPER
// HOPPER-LABEL: gpu.func @hopper_loop
// HOPPER: scf.for
// HOPPER: %[[A:.*]] = arith.truncf %{{.*}} : tensor<64x64xf32> to tensor<64x64xbf16>
// HOPPER: %[[B:.*]] = arith.truncf %{{.*}} : tensor<64x64xf32> to tensor<64x64xbf16>
// HOPPER: %[[SA:.*]] = tlxamd.local_alloc %[[A]] : (tensor<64x64xbf16>) -> !tlxamd.memdesc<64x64xbf16, #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>, #tlxamd.shared_memory>
// HOPPER: %[[SB:.*]] = tlxamd.local_alloc %[[B]] : (tensor<64x64xbf16>) -> !tlxamd.memdesc<64x64xbf16, #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>, #tlxamd.shared_memory>
// HOPPER: %[[D:.*]] = tlxamd.warpgroup_dot %[[SA]], %[[SB]], %{{.*}}
// HOPPER: tlxamd.warpgroup_dot_wait %[[D]] pendings = 0
// HOPPER-NOT: tlxamd.dot_scaled
// HOPPER: } {tlxamd.num_stages = 3 : i32}
// HOPPER-LABEL: gpu.func @hopper_small
// HOPPER-NOT: warpgroup_dot
// HOPPER: tlxamd.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64xbf16>, tensor<64x16xbf16> -> tensor<32x16xf32>
gpu.module @m {
  gpu.func @hopper_loop(%a: tensor<64x64xi8>, %as: tensor<64x2xi8>, %b: tensor<64x64xi8>, %bs: tensor<64x2xi8>, %c: tensor<64x64xf32>, %n: i32) kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.num_stages = 3 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32>) : i32 {
      %d = tlxamd.dot_scaled %a scale %as, %b scale %bs, %acc lhs = "e4m3" rhs = "e4m3" : tensor<64x64xi8> scale tensor<64x2xi8>, tensor<64x64xi8> scale tensor<64x2xi8> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    gpu.return
  }
  gpu.func @hopper_small(%a: tensor<32x32xi8>, %as: tensor<32x2xi8>, %b: tensor<64x16xi8>, %bs: tensor<16x2xi8>, %c: tensor<32x16xf32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %d = tlxamd.dot_scaled %a scale %as, %b scale %bs, %c lhs = "e2m1" rhs = "e4m3" : tensor<32x32xi8> scale tensor<32x2xi8>, tensor<64x16xi8> scale tensor<16x2xi8> -> tensor<32x16xf32>
    gpu.return
  }
}
