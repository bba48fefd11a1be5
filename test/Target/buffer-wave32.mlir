// Wave32 buffer kernels: gfx1250 (whose buffer instructions take the gfx12
// names) and NVIDIA; and an f8 `other`, whose constant lowers to its bits
// (-7.0 in f8E4M3FN is 0xCE, i8 -50) and is selected into masked-out lanes.
// RUN: %tlx-compile %S/Inputs/buffer_wave32.mlir --target gfx1250 | FileCheck %s --check-prefix=GFX1250
// RUN: %tlx-compile %S/Inputs/buffer_wave32.mlir --target gfx1250 --emit bin -o %t.hsaco
// RUN: %tlx-compile %S/Inputs/buffer_wave32.mlir --target sm_90a | FileCheck %s --check-prefix=PTX
// RUN: %tlx-compile %S/Inputs/buffer_wave32.mlir --target sm_90a --emit bin -o %t.cubin
// RUN: %tlx-compile %S/Inputs/buffer_wave32.mlir --target sm_90a --emit mlir | FileCheck %s --check-prefix=MLIR

// gfx1250's resource (as LLVM 22 builds it from make.buffer.rsrc): the
// 57-bit base, num_records from bit 57 (its low 7 bits in word 1's top,
// the rest in word 2: 2^31 - 2 gives 0xfc000000 and 0xffffff) and word 3
// zero, the flag word the other targets take not used.
// GFX1250: .amdgcn_target "amdgcn-amd-amdhsa--gfx1250"
// GFX1250-LABEL: copy_f32_c4:
// GFX1250-DAG: s_mov_b32 s[[W3:[0-9]+]], 0{{$}}
// GFX1250-DAG: s_mov_b32 s[[W2:[0-9]+]], 0xffffff
// GFX1250-DAG: s_or_b32 s[[W1:[0-9]+]], s[[W1]], 0xfc000000
// GFX1250: buffer_load_b128 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], null offen
// GFX1250: buffer_store_b128
// GFX1250-LABEL: other_f8:
// GFX1250: v_cndmask_b32{{.*}} 0x80000000
// GFX1250: buffer_load_u8
// GFX1250: buffer_store_b8

// PTX-LABEL: .entry copy_f32_c4(
// PTX: ld.global.v4.b32
// PTX: st.global.v4.b32
// PTX-LABEL: .entry other_f8(
// PTX: @%p{{[0-9]+}} ld.global.u8
// PTX: selp.b16 {{.*}}, -50, %p

// MLIR: llvm.mlir.constant(dense<-50> : vector<4xi8>)
