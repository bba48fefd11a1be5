// M11's run-time check in machine code: the wave's active lanes (EXEC read
// and compared with all ones on gfx950, activemask.b32 on NVIDIA), the first
// active lane's record on the slow path. Its records are checked in the
// emulator (test_sanitizer.py).
// RUN: %tlx-compile %S/Inputs/active_lanes.mlir --target gfx950 | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %S/Inputs/active_lanes.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// AMD-LABEL: lanes:
// AMD: s_mov_b64 s[{{[0-9]+:[0-9]+}}], exec
// AMD: s_cmp_lg_u64 s[{{[0-9]+:[0-9]+}}], -1
// AMD: global_atomic_add

// PTX-LABEL: .entry lanes(
// PTX: activemask.b32 [[M:%r[0-9]+]];
// PTX: setp.eq.b32 %p{{[0-9]+}}, [[M]], -1;
// PTX: atom.global.add.u32
