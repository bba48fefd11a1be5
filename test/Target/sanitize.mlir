// The contract sanitizer's checks in machine code (tlxamd-to-llvm
// {sanitize=true}): per run of a thread's registers a compare, and on the
// slow path one atomic add that claims a record of the violation ring (the
// kernel's last argument) and the record's stores; the access itself is
// unchanged (one buffer_load_dwordx4 / ld.global.v4 per run) but for the
// alignment guard in its predicate. Without sanitize nothing of it exists.
// RUN: %tlx-compile %S/Inputs/sanitize.mlir --target gfx950 --sanitize --emit mlir | FileCheck %s --check-prefix=MLIR
// RUN: %tlx-compile %S/Inputs/sanitize.mlir --target gfx950 --sanitize | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %S/Inputs/sanitize.mlir --target gfx950 | FileCheck %s --check-prefix=OFF
// RUN: %tlx-compile %S/Inputs/sanitize_copy_gfx950.mlir --target gfx950 --sanitize | FileCheck %s --check-prefix=COPY
// RUN: sed 's/threads_per_warp = \[64\]/threads_per_warp = [32]/' %S/Inputs/sanitize.mlir > %t.mlir
// RUN: %tlx-compile %t.mlir --target sm_90a --sanitize -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// MLIR-LABEL: llvm.func @gather(
// MLIR-SAME: %arg3: !llvm.ptr<1>
// MLIR-SAME: tlxamd.violations_arg = 3 : i32
// The alignment check's base: the address's low bits.
// MLIR: llvm.ptrtoint %arg0 : !llvm.ptr<1> to i64
// The run's offsets: three differences from the first, compared; on the
// slow path a slot claimed, the ring's room checked, the record's 8 words
// and the 4 offsets stored.
// MLIR: llvm.sub
// MLIR: llvm.icmp "ne"
// MLIR: llvm.sub
// MLIR: llvm.icmp "ne"
// MLIR: llvm.sub
// MLIR: llvm.icmp "ne"
// MLIR: llvm.atomicrmw add %arg3, %{{.*}} monotonic : !llvm.ptr<1>, i32
// MLIR: llvm.icmp "ult"
// MLIR-COUNT-12: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<1>
// Then the first address's low 4 bits.
// MLIR: llvm.and %{{.*}}, %{{.*}} : i32
// MLIR: llvm.atomicrmw add %arg3
// MLIR-LABEL: llvm.func @atomic_pairs(
// MLIR: llvm.xor %{{.*}}, %{{.*}} : i1
// MLIR: llvm.atomicrmw add %arg3

// AMD-LABEL: gather:
// AMD: buffer_load_dwordx4
// AMD: global_atomic_add v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] sc0 sc1
// AMD: global_store_dwordx4
// AMD: buffer_load_dwordx4
// AMD: buffer_store_dwordx4
// AMD-LABEL: atomic_pairs:
// AMD: global_atomic_add
// AMD: buffer_atomic_pk_add_bf16

// OFF-LABEL: gather:
// OFF-NOT: global_atomic
// OFF-LABEL: atomic_pairs:
// OFF-NOT: global_atomic
// OFF: buffer_atomic_pk_add_bf16
// OFF-NOT: global_atomic

// PTX-LABEL: .entry gather(
// PTX: .param .u64 .ptr .global .align 1 gather_param_3
// PTX: atom.global.add.u32 {{.*}}, [%rd{{[0-9]+}}], 1;
// PTX: @%p{{[0-9]+}} ld.global.v4.b32
// PTX-LABEL: .entry atomic_pairs(
// PTX: atom.global.add.u32
// PTX: atom.acq_rel.gpu.global.add.noftz.bf16x2

// L5: the direct-to-LDS copy of 16 bytes per lane, after the checks of its
// run (two per thread: its 16 elements are two rows of 8).
// COPY-LABEL: copy_gather:
// COPY-COUNT-4: global_atomic_add
// COPY: s_mov_b32 m0
// COPY: buffer_load_dwordx4 v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0 offen lds
