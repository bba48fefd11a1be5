// 8- and 64-bit elements on NVIDIA: bytes live in 16-bit PTX registers
// (ld.global.u8 / st.global.b8, zeroed with mov.b16), 64-bit elements in
// 64-bit ones; 16-byte groups whose mask is not provably uniform fall back
// element by element. Everything assembles (ptxas) and runs on the GPU suite.
// RUN: %tlx-compile %S/Inputs/buffer_widths.mlir --target sm_90a | FileCheck %s
// RUN: %tlx-compile %S/Inputs/buffer_widths.mlir --target sm_90a --emit bin -o %t.cubin
// RUN: %tlx-compile %S/Inputs/buffer_widths.mlir --target sm_100a --emit bin -o %t.100.cubin

// CHECK-LABEL: .entry i8_c1(
// CHECK: { mov.b16 [[R:%rs[0-9]+]], 0; @%p{{[0-9]+}} ld.global.u8 [[R]], [%rd{{[0-9]+}}]; }
// CHECK: @%p{{[0-9]+}} st.global.b8 [%rd{{[0-9]+}}], %rs{{[0-9]+}};
// CHECK-LABEL: .entry i8_c16(
// CHECK: ld.global.v4.b32
// CHECK: ld.global.u8
// CHECK: st.global.v4.b32
// CHECK: st.global.b8
// CHECK-LABEL: .entry i64_c2(
// CHECK: ld.global.v4.b32
// CHECK: ld.global.b64
// CHECK: st.global.v4.b32
// CHECK: st.global.b64
// CHECK-LABEL: .entry f64_c1(
// CHECK: { mov.b32 %r{{[0-9]+}}, 0; mov.b32 %r{{[0-9]+}}, 0; @%p{{[0-9]+}} ld.global.v2.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}]; }
// CHECK: @%p{{[0-9]+}} st.global.v2.b32
