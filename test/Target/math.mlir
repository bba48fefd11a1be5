// Elementwise math on both vendors: the hardware's f32 instructions, never
// a device-library call (kernels are not linked with one). exp is
// exp2(x * log2 e), log is log2(x) * ln 2; bf16 is computed in f32.
// RUN: %tlx-compile %S/Inputs/math.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %S/Inputs/math.mlir --target gfx950 --emit llvm | FileCheck %s --check-prefix=LLVM
// RUN: %tlx-compile %S/Inputs/math.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=NV < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin

// LLVM-NOT: __ocml
// LLVM-LABEL: define amdgpu_kernel void @math_f32(
// LLVM: fmul float %{{.*}}, 0x3FF7154760000000
// LLVM: call afn float @llvm.exp2.f32(
// LLVM: call afn float @llvm.exp2.f32(
// LLVM: call afn float @llvm.log2.f32(
// LLVM: fmul float %{{.*}}, 0x3FE62E4300000000
// LLVM: call afn float @llvm.sin.f32(
// LLVM: call afn float @llvm.cos.f32(
// LLVM: call float @llvm.sqrt.f32(
// tl.sqrt (afn) is the hardware's approximation, without LLVM's scaling
// of denormal inputs around it:
// LLVM-NOT: call float @llvm.sqrt.f32(
// LLVM: call float @llvm.amdgcn.sqrt.f32(
// LLVM: call float @llvm.amdgcn.rsq.f32(

// AMD-LABEL: math_f32:
// AMD: v_exp_f32
// AMD: v_log_f32
// AMD: v_sin_f32
// AMD: v_cos_f32
// AMD: v_sqrt_f32
// AMD: v_rsq_f32
// AMD: v_fma_f32
// AMD-LABEL: exp_bf16:
// AMD: v_exp_f32
// f64 sqrt stays correctly rounded and native (no __ocml_sqrt_f64):
// AMD-LABEL: sqrt_f64:
// AMD: v_rsq_f64

// NV-NOT: __nv_
// NV-LABEL: .entry math_f32(
// NV: ex2.approx
// NV: lg2.approx.f32
// NV: sin.approx.f32
// NV: cos.approx.f32
// NV: sqrt.rn.f32
// NV: sqrt.approx.f32
// NV: rsqrt.approx.f32
// NV: abs.f32
// NV: fma.rn.f32
// NV-LABEL: .entry exp_bf16(
// NV: cvt.f32.bf16
// NV: ex2.approx
// NV: cvt.rn.bf16{{(x2)?}}.f32
// NV-LABEL: .entry sqrt_f64(
// NV: sqrt.rn.f64
