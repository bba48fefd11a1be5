// Registers consecutive in a shared tile but not in register order (a
// thread's 4 x 8 block of a row-major tile written into a column-major
// one: the transpose happens in the thread's registers) move as one vector
// per run (LinearLayout::withContiguousRegistersFirst): 8 runs of 4 bf16
// each way, ds_write_b64 / ds_read_b64 (or their two-address forms), never
// a 2-byte access; the global side reads and writes 16 bytes a row.
// RUN: %PYTHON %S/Inputs/transposing_store.py gfx942 > %t.mlir
// RUN: tlx-opt %t.mlir --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx942})' | FileCheck %s --check-prefix=ROCDL
// RUN: %tlx-compile %t.mlir --target gfx942 | FileCheck %s --check-prefix=ISA

// ROCDL-LABEL: llvm.func @transposing_store
// ROCDL-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<4xbf16>, !llvm.ptr<3>
// ROCDL-NOT: llvm.store %{{.*}} : bf16, !llvm.ptr<3>
// ROCDL-COUNT-8: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xbf16>

// ISA-LABEL: transposing_store:
// ISA-COUNT-4: buffer_load_dwordx4
// ISA-NOT: ds_write_b16
// ISA: ds_write{{2?}}_b64
// ISA-NOT: ds_write_b16
// ISA: ds_read{{2?}}_b64
// ISA-NOT: ds_read_u16
// ISA-COUNT-4: buffer_store_dwordx4
// ISA: s_endpgm
