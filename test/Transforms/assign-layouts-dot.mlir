// Layout assignment for a layout-free tl.dot: the target's MFMA layout
// (32 x 32 where the tile allows, else 16 x 16; the deepest K dividing
// the tile; warps split between M and N; transposed), or on NVIDIA the
// mma.sync layout (k_width 2 for bf16), for the result and the
// accumulator, its dot-operand layouts for the operands, which are
// converted from the layouts their loads chose; on gfx1250 the 16 x 16
// WMMA of the deepest K, transposed, operands in its K groups of 8.
// RUN: tlx-opt %s -split-input-file --tlxamd-assign-layouts=target=gfx950 | FileCheck %s --check-prefix=GFX950
// RUN: tlx-opt %s -split-input-file --tlxamd-assign-layouts=target=gfx942 | FileCheck %s --check-prefix=GFX942
// RUN: tlx-opt %s -split-input-file --tlxamd-assign-layouts=target=sm_90a | FileCheck %s --check-prefix=SM90
// RUN: tlx-opt %s -split-input-file --tlxamd-assign-layouts=target=gfx1250 | FileCheck %s --check-prefix=GFX1250
// Triton's matrix_instr_nonkdim on the kernel restricts the MFMA's M and N
// (16: the 16 x 16 x 32 bf16 MFMA); gfx1250's WMMA has only 16, so 32 is
// a diagnostic there naming the hint.
// RUN: sed 's/kernel attributes {tlxamd.num_warps = 4 : i32} {/kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.matrix_instr_nonkdim = 16 : i32} {/' %s | tlx-opt -split-input-file --tlxamd-assign-layouts=target=gfx950 | FileCheck %s --check-prefix=NONK16
// RUN: sed 's/kernel attributes {tlxamd.num_warps = 4 : i32} {/kernel attributes {tlxamd.num_warps = 4 : i32, tlxamd.matrix_instr_nonkdim = 32 : i32} {/' %s | not tlx-opt -split-input-file --tlxamd-assign-layouts=target=gfx1250 2>&1 | FileCheck %s --check-prefix=NONK32

// NONK16-LABEL: gpu.func @tile
// NONK16: tlxamd.dot {{.*}} -> tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>>
// NONK32: error: 'tlxamd.dot' op has no matrix instruction on gfx1250 (gfx1250) for a 64x64x32 product of 'bf16' operands with matrix_instr_nonkdim = 32

// GFX950-LABEL: gpu.func @tile
// GFX950: %[[A:.*]] = tlxamd.convert_layout %{{.*}} : tensor<64x32xbf16, #tlxamd.blocked<{{.*}}>> -> tensor<64x32xbf16, #tlxamd.dot_operand<{op_idx = 0, parent = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>, k_width = 8}>>
// GFX950: %[[B:.*]] = tlxamd.convert_layout %{{.*}} -> tensor<32x64xbf16, #tlxamd.dot_operand<{op_idx = 1, parent = #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>, k_width = 8}>>
// GFX950: tlxamd.dot %[[A]], %[[B]], %{{.*}} : {{.*}} -> tensor<64x64xf32, #tlxamd.amd_mfma<{version = 4, instr_shape = [32, 32, 16], transposed = true, warps_per_cta = [2, 2]}>>
// GFX942-LABEL: gpu.func @tile
// GFX942: tlxamd.dot {{.*}} -> tensor<64x64xf32, #tlxamd.amd_mfma<{version = 3, instr_shape = [32, 32, 8], transposed = true, warps_per_cta = [2, 2]}>>
// SM90-LABEL: gpu.func @tile
// SM90: tlxamd.convert_layout {{.*}} -> tensor<64x32xbf16, #tlxamd.dot_operand<{op_idx = 0, parent = #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>, k_width = 2}>>
// SM90: tlxamd.dot {{.*}} -> tensor<64x64xf32, #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>>
// GFX1250-LABEL: gpu.func @tile
// GFX1250: tlxamd.convert_layout {{.*}} -> tensor<64x32xbf16, #tlxamd.dot_operand<{op_idx = 0, parent = #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>, k_width = 8}>>
// GFX1250: tlxamd.dot {{.*}} -> tensor<64x64xf32, #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 32], transposed = true, warps_per_cta = [2, 2]}>>
gpu.module @m {
  gpu.func @tile(%a: !tlxamd.ptr<bf16>, %b: !tlxamd.ptr<bf16>, %c: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %r64 = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %r32 = tlxamd.make_range 0 to 32 : tensor<32xi32>
    %m = tlxamd.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %k = tlxamd.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %c32 = arith.constant dense<32> : tensor<64x1xi32>
    %ms = arith.muli %m, %c32 : tensor<64x1xi32>
    %mb = tlxamd.broadcast %ms : tensor<64x1xi32> -> tensor<64x32xi32>
    %kb = tlxamd.broadcast %k : tensor<1x32xi32> -> tensor<64x32xi32>
    %oa = arith.addi %mb, %kb : tensor<64x32xi32>
    %x = tlxamd.buffer_load %a[%oa] : !tlxamd.ptr<bf16>, tensor<64x32xi32> -> tensor<64x32xbf16>
    %kr = tlxamd.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %n = tlxamd.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %c64 = arith.constant dense<64> : tensor<32x1xi32>
    %ks = arith.muli %kr, %c64 : tensor<32x1xi32>
    %kb2 = tlxamd.broadcast %ks : tensor<32x1xi32> -> tensor<32x64xi32>
    %nb = tlxamd.broadcast %n : tensor<1x64xi32> -> tensor<32x64xi32>
    %ob = arith.addi %kb2, %nb : tensor<32x64xi32>
    %y = tlxamd.buffer_load %b[%ob] : !tlxamd.ptr<bf16>, tensor<32x64xi32> -> tensor<32x64xbf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tlxamd.dot %x, %y, %z : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    %m2 = tlxamd.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c64b = arith.constant dense<64> : tensor<64x1xi32>
    %ms2 = arith.muli %m2, %c64b : tensor<64x1xi32>
    %mb2 = tlxamd.broadcast %ms2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %nb2 = tlxamd.broadcast %n : tensor<1x64xi32> -> tensor<64x64xi32>
    %oc = arith.addi %mb2, %nb2 : tensor<64x64xi32>
    tlxamd.buffer_store %d, %c[%oc] : tensor<64x64xf32>, !tlxamd.ptr<f32>, tensor<64x64xi32>
    gpu.return
  }
}
