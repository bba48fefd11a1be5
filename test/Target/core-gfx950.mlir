// The whole pipeline to gfx950 machine code: tlx-opt lowers, the compile
// driver translates, and llc-22 (Debian's LLVM 22, with the AMDGPU backend)
// assembles. The ISA is the ground truth.
// RUN: tlx-opt %S/Inputs/scale.mlir --tlxamd-to-llvm=target=gfx950 | %tlx-compile - --target gfx950 --emit llvm | FileCheck %s --check-prefix=LLVM
// RUN: %tlx-compile %S/Inputs/scale.mlir --target gfx950 --emit llvm | llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx950 -O3 | FileCheck %s --check-prefix=ISA
// RUN: %tlx-compile %S/Inputs/scale.mlir --target gfx942 --emit asm | FileCheck %s --check-prefix=GFX942
// RUN: %tlx-compile %S/Inputs/scale.mlir --target gfx950 --emit bin -o %t.hsaco
// RUN: llvm-readobj --file-headers %t.hsaco | FileCheck %s --check-prefix=ELF

// LLVM: target triple = "amdgcn-amd-amdhsa"
// LLVM: define amdgpu_kernel void @scale(ptr addrspace(1) %0, ptr addrspace(1) %1) #[[A256:[0-9]+]]
// LLVM-DAG: call i32 @llvm.amdgcn.workgroup.id.x()
// LLVM-DAG: call i32 @llvm.amdgcn.workgroup.id.y()
// LLVM: getelementptr float, ptr addrspace(1) %0, i32
// LLVM: load float, ptr addrspace(1)
// LLVM: br i1 %{{.*}}, label %[[W:.*]], label
// LLVM: [[W]]:
// LLVM-NEXT: store <1 x float>
// LLVM: define amdgpu_kernel void @eight_warps() #[[A512:[0-9]+]]
// No kernel here pins AGPRs (no scheduling op): MFMA results stay in VGPRs.
// LLVM: attributes #[[A256]] = { "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256"
// LLVM: attributes #[[A512]] = { "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,512"

// The two pointers come in one 16-byte kernarg load; the workgroup ids are
// the system SGPRs after the user SGPRs; the uniform load is scalar.
// ISA: .amdgcn_target "amdgcn-amd-amdhsa--gfx950"
// ISA-LABEL: scale:
// Thread 0 alone stores the scalar (LLVM sinks the loads under the branch):
// ISA: v_cmp_eq_u32_e32 vcc, 0, v0
// ISA: s_and_saveexec_b64 s[{{[0-9]+}}:{{[0-9]+}}], vcc
// ISA: s_load_dwordx4 s[4:7], s[4:5], 0x0
// ISA: v_cvt_f32_i32_e32 v{{[0-9]+}}, s{{[0-9]+}}
// ISA: s_load_dword s{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0x0
// ISA: v_add_f32_e32
// ISA: global_store_dword
// ISA: s_endpgm
// ISA: .amdhsa_system_sgpr_workgroup_id_x 1
// ISA-LABEL: eight_warps:
// ISA-NOT: {{^\s+[sv]_(load|store|mov|add)}}
// ISA: s_endpgm
// ISA: .amdgpu_metadata
// ISA: .max_flat_workgroup_size: 256
// ISA: .name: scale
// ISA: .wavefront_size: 64
// ISA: .max_flat_workgroup_size: 512
// ISA: .name: eight_warps

// GFX942: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// GFX942: global_store_dword

// ELF: Class: 64-bit
// ELF: OS/ABI: AMDGPU_HSA
// ELF: Type: SharedObject
// ELF: Machine: EM_AMDGPU
