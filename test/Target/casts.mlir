// Casts LLVM has no instruction for (x.to(dtype, fp_downcast_rounding=...)):
// f32 -> fp8 rounding to nearest even or toward zero, saturating, and back;
// f32 -> f16 / bf16 toward zero. NVIDIA converts OCP fp8 to nearest even
// and back with cvt pairs and rounds toward zero with cvt.rz; the rest (AMD,
// FNUZ formats, fp8 toward zero) is integer arithmetic on the f32 bits,
// with the values below the smallest normal rounded as integers
// (llvm.roundeven / llvm.trunc: v_rndne_f32 / v_trunc_f32, cvt.rni /
// cvt.rzi). bench/gpu/suite.py checks every one bit-exactly against torch
// on the H200 (specials, ties, subnormals, saturation).
// RUN: %tlx-compile %S/Inputs/casts.mlir --target gfx950 --emit llvm | FileCheck %s --check-prefix=LLVM
// RUN: %tlx-compile %S/Inputs/casts.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %S/Inputs/casts.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=NV < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin

// E4M3FN to nearest even: subnormals (|x| < 2^-6, f32 bits 0x3C800000 =
// 1015021568) rounded as integers; above 448 (code 126) saturated, also
// infinities; NaN is code 127.
// LLVM-LABEL: define amdgpu_kernel void @to_e4m3fn(
// LLVM: call float @llvm.roundeven.f32(
// LLVM: icmp ult i32 %{{.*}}, 1015021568
// LLVM: icmp eq i32 %{{.*}}, 2139095040
// LLVM: icmp ugt i32 %{{.*}}, 2139095040
// LLVM: icmp sgt i32 %{{.*}}, 126
// LLVM: select i1 %{{.*}}, i32 126,
// LLVM: select i1 %{{.*}}, i32 127,
// LLVM-LABEL: define amdgpu_kernel void @to_e4m3fn_rtz(
// LLVM: call float @llvm.trunc.f32(
// LLVM-NOT: roundeven
// E5M2FNUZ: bias 16, so subnormals below 2^-15 (0x38000000 = 939524096);
// the largest code is 127 and NaN is 0x80 (-128 as i8).
// LLVM-LABEL: define amdgpu_kernel void @to_e5m2fnuz(
// LLVM: call float @llvm.roundeven.f32(
// LLVM: icmp ult i32 %{{.*}}, 939524096
// LLVM: icmp sgt i32 %{{.*}}, 127

// Four elements per thread (1024 over 4 waves of 64): four roundings.
// AMD-LABEL: to_e4m3fn:
// AMD-COUNT-4: v_rndne_f32_e32
// AMD-NOT: v_trunc_f32
// AMD: s_endpgm
// AMD-LABEL: to_e4m3fn_rtz:
// AMD-COUNT-4: v_trunc_f32_e32
// AMD: s_endpgm
// AMD-LABEL: to_e5m2fnuz:
// AMD-COUNT-4: v_rndne_f32_e32
// AMD: s_endpgm
// AMD-LABEL: to_f16_rtz:
// AMD-COUNT-4: v_trunc_f32_e32
// AMD: s_endpgm
// bf16 shares f32's exponent: no integer rounding at all.
// AMD-LABEL: to_bf16_rtz:
// AMD-NOT: v_trunc_f32
// AMD-NOT: v_rndne_f32
// AMD: s_endpgm

// Eight elements per thread on NVIDIA: four cvt pairs each way.
// NV-LABEL: .entry to_e4m3fn(
// NV-COUNT-4: cvt.rn.satfinite.e4m3x2.f32
// NV-COUNT-4: cvt.rn.f16x2.e4m3x2
// NV-LABEL: .entry to_e4m3fn_rtz(
// NV-NOT: cvt.rn.satfinite
// NV: cvt.rzi.f32.f32
// NV: cvt.rn.f16x2.e4m3x2
// NV-LABEL: .entry to_e5m2fnuz(
// NV-NOT: cvt.rn.f16x2
// NV: cvt.rni.f32.f32
// NV-LABEL: .entry to_f16_rtz(
// NV-COUNT-8: cvt.rz.f16.f32
// NV-LABEL: .entry to_bf16_rtz(
// NV-COUNT-8: cvt.rz.bf16.f32
