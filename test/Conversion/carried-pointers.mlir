// The axis analysis through loops and remainders, as Triton's GEMM K loop
// needs them: pointers an scf.for carries (`a_ptrs += BLOCK_K`) keep the
// facts their initial value has and every iteration's increment keeps (a
// fixpoint of the two), and `(pid * BLOCK + arange) % N` with N a multiple
// of 16 keeps runs of 16. Each thread's contiguous f16 are then one
// load (16 bytes on NVIDIA), not one ld.global.b16 each; its mask, one bit
// per run, reaches LLVM as a splat (insertelement + zero shuffle), which
// the scalarization of masked loads keeps whole (a chain of
// insertelements it splits into a branch per element).
// RUN: tlx-opt %s --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s --check-prefix=NV
// RUN: %tlx-compile %s --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %tlx-compile %s --target gfx950 | FileCheck %s --check-prefix=ISA

module {
  gpu.module @m {
    // NV-LABEL: llvm.func @carried
    // NV: llvm.shufflevector {{.*}} [0, 0, 0, 0, 0, 0, 0, 0] : vector<8xi1>
    // NV: llvm.intr.masked.load
    // PTX-LABEL: .entry carried(
    // PTX-NOT: ld.global.b16
    // PTX: ld.global.v4.b32
    // PTX-NOT: ld.global.b16
    // PTX-LABEL: .entry carried_unaligned_step(
    // PTX: ld.global.b16
    // ISA-LABEL: carried:
    // ISA-NOT: global_load_ushort
    // ISA-NOT: buffer_load_ushort
    // (64 lanes: a thread's 4 contiguous f16 in one 8-byte load)
    // ISA: {{global|buffer}}_load_dwordx2
    // ISA-LABEL: carried_unaligned_step:
    // ISA: {{global|buffer}}_load_ushort
    gpu.func @carried(%x: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                      %y: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                      %n: i32 {tlxamd.divisibility = 16 : i32}, %iters: i32) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %zero = arith.constant dense<0.0> : tensor<256xf16>
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %pid = tlxamd.program_id 0 : i32
      %c256 = arith.constant 256 : i32
      %start = arith.muli %pid, %c256 : i32
      %r = tlxamd.make_range 0 to 256 : tensor<256xi32>
      %s = tlxamd.splat %start : tensor<256xi32>
      %offs = arith.addi %s, %r : tensor<256xi32>
      %ns = tlxamd.splat %n : tensor<256xi32>
      %wrapped = arith.remsi %offs, %ns : tensor<256xi32>
      %base = tlxamd.splat %x : tensor<256x!tlxamd.ptr<f16>>
      %p0 = tlxamd.addptr %base, %wrapped : tensor<256x!tlxamd.ptr<f16>>, tensor<256xi32>
      %step = arith.constant dense<64> : tensor<256xi32>
      %sum, %pend = scf.for %i = %c0 to %iters step %c1 iter_args(%acc = %zero, %p = %p0) -> (tensor<256xf16>, tensor<256x!tlxamd.ptr<f16>>) : i32 {
        // Triton's K mask: `offs < n - i * 64`, uniform over each run
        %c64 = arith.constant 64 : i32
        %done = arith.muli %i, %c64 : i32
        %left = arith.subi %n, %done : i32
        %ls = tlxamd.splat %left : tensor<256xi32>
        %m = arith.cmpi slt, %r, %ls : tensor<256xi32>
        %v = tlxamd.load %p mask %m other %zero : tensor<256x!tlxamd.ptr<f16>>
        %a = arith.addf %acc, %v : tensor<256xf16>
        %pn = tlxamd.addptr %p, %step : tensor<256x!tlxamd.ptr<f16>>, tensor<256xi32>
        scf.yield %a, %pn : tensor<256xf16>, tensor<256x!tlxamd.ptr<f16>>
      }
      %out = tlxamd.splat %y : tensor<256x!tlxamd.ptr<f16>>
      %q = tlxamd.addptr %out, %r : tensor<256x!tlxamd.ptr<f16>>, tensor<256xi32>
      tlxamd.store %sum, %q : tensor<256x!tlxamd.ptr<f16>>
      gpu.return
    }
    // The same loop stepping by 3 elements: the second iteration's
    // pointers are not 16-byte aligned, so the fixpoint drops to 2-byte
    // accesses (the facts of the first iteration alone would be wrong).
    gpu.func @carried_unaligned_step(%x: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                      %y: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32},
                      %iters: i32) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %zero = arith.constant dense<0.0> : tensor<256xf16>
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %r = tlxamd.make_range 0 to 256 : tensor<256xi32>
      %base = tlxamd.splat %x : tensor<256x!tlxamd.ptr<f16>>
      %p0 = tlxamd.addptr %base, %r : tensor<256x!tlxamd.ptr<f16>>, tensor<256xi32>
      %step = arith.constant dense<3> : tensor<256xi32>
      %sum, %pend = scf.for %i = %c0 to %iters step %c1 iter_args(%acc = %zero, %p = %p0) -> (tensor<256xf16>, tensor<256x!tlxamd.ptr<f16>>) : i32 {
        %v = tlxamd.load %p : tensor<256x!tlxamd.ptr<f16>>
        %a = arith.addf %acc, %v : tensor<256xf16>
        %pn = tlxamd.addptr %p, %step : tensor<256x!tlxamd.ptr<f16>>, tensor<256xi32>
        scf.yield %a, %pn : tensor<256xf16>, tensor<256x!tlxamd.ptr<f16>>
      }
      %out = tlxamd.splat %y : tensor<256x!tlxamd.ptr<f16>>
      %q = tlxamd.addptr %out, %r : tensor<256x!tlxamd.ptr<f16>>, tensor<256xi32>
      tlxamd.store %sum, %q : tensor<256x!tlxamd.ptr<f16>>
      gpu.return
    }
  }
}
