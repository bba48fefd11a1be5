// The whole pipeline to PTX and a cubin: tlx-opt lowers, the compile driver
// translates and runs llc (NVPTX), and ptxas -arch=sm_90a must accept it.
// RUN: tlx-opt %S/Inputs/scale.mlir --tlxamd-to-llvm=target=sm_90a | %tlx-compile - --target sm_90a --emit llvm | FileCheck %s --check-prefix=LLVM
// RUN: %tlx-compile %S/Inputs/scale.mlir --target sm_90a --emit asm -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %tlx-compile %S/Inputs/scale.mlir --target sm_100a --emit asm -o %t100.ptx
// RUN: ptxas -arch=sm_100a %t100.ptx -o %t100.cubin
// RUN: FileCheck %s --check-prefix=PTX100 < %t100.ptx

// LLVM: target triple = "nvptx64-nvidia-cuda"
// LLVM: define ptx_kernel void @scale(ptr addrspace(1) %0, ptr addrspace(1) %1)
// LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()

// PTX: .target sm_90a
// PTX-LABEL: .visible .entry scale(
// PTX: .maxntid 128, 1, 1
// PTX: mov.u32 %r[[PID:[0-9]+]], %ctaid.x;
// PTX: mul.wide.u32 %rd{{[0-9]+}}, %r[[PID]], 4;
// PTX: ld.global.b32
// PTX: cvt.rn.f32.s32
// PTX: add.rn.f32
// PTX: st.global.b32
// PTX-LABEL: .visible .entry eight_warps()
// PTX: .maxntid 256, 1, 1

// PTXAS-DAG: Compiling entry function 'scale' for 'sm_90a'
// PTXAS-DAG: Compiling entry function 'eight_warps' for 'sm_90a'
// PTXAS: Used {{[0-9]+}} registers

// PTX100: .target sm_100a
