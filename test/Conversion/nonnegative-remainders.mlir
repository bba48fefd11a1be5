// `(pid_n * BLOCK + arange) % N` keeps its runs only for a non-negative
// dividend. The sign proof follows what grouped GEMM launches compute: a
// truncating remainder has its dividend's sign whatever the divisor
// (`pid % num_pid_in_group`, a runtime divisor), min of two non-negative
// values, a select and an scf.if whose branches all are (the chiplet
// remap's early return). Each thread's 8 f16 are then one 16-byte load; a
// dividend with a subtraction in it stays unproven (2-byte loads).
// RUN: %tlx-compile %s --target sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin

// CHECK-LABEL: .entry grouped(
// CHECK-NOT: ld.global.b16
// CHECK: ld.global.v4.b32
// CHECK-NOT: ld.global.b16
// CHECK-LABEL: .entry unproven(
// CHECK: ld.global.b16
module {
  gpu.module @m {
    gpu.func @grouped(%x: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32},
                      %y: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32},
                      %n: i32 {tlxamd.divisibility = 16 : i32}, %group: i32, %aligned: i32) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %pid = tlxamd.program_id 0 : i32
      %c8 = arith.constant 8 : i32
      %late = arith.cmpi sge, %pid, %aligned : i32
      %remapped = scf.if %late -> (i32) {
        scf.yield %pid : i32
      } else {
        %q = arith.divsi %pid, %c8 : i32
        %w = arith.remsi %pid, %c8 : i32
        %s = arith.muli %w, %c8 : i32
        %t = arith.addi %q, %s : i32
        scf.yield %t : i32
      }
      %in_group = arith.remsi %remapped, %group : i32
      %capped = arith.minsi %in_group, %c8 : i32
      %pid_n = arith.select %late, %capped, %in_group : i32
      %c256 = arith.constant 256 : i32
      %start = arith.muli %pid_n, %c256 : i32
      %r = tlxamd.make_range 0 to 256 : tensor<256xi32>
      %s0 = tlxamd.splat %start : tensor<256xi32>
      %offs = arith.addi %s0, %r : tensor<256xi32>
      %ns = tlxamd.splat %n : tensor<256xi32>
      %wrapped = arith.remsi %offs, %ns : tensor<256xi32>
      %base = tlxamd.splat %x : tensor<256x!tlxamd.ptr<f16>>
      %p = tlxamd.addptr %base, %wrapped : tensor<256x!tlxamd.ptr<f16>>, tensor<256xi32>
      %v = tlxamd.load %p : tensor<256x!tlxamd.ptr<f16>>
      %out = tlxamd.splat %y : tensor<256x!tlxamd.ptr<f16>>
      %q2 = tlxamd.addptr %out, %r : tensor<256x!tlxamd.ptr<f16>>, tensor<256xi32>
      tlxamd.store %v, %q2 : tensor<256x!tlxamd.ptr<f16>>
      gpu.return
    }
    gpu.func @unproven(%x: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32},
                       %y: !tlxamd.ptr<f16> {tlxamd.divisibility = 16 : i32},
                       %n: i32 {tlxamd.divisibility = 16 : i32}, %first: i32) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %pid = tlxamd.program_id 0 : i32
      %d = arith.subi %pid, %first : i32
      %c256 = arith.constant 256 : i32
      %start = arith.muli %d, %c256 : i32
      %r = tlxamd.make_range 0 to 256 : tensor<256xi32>
      %s0 = tlxamd.splat %start : tensor<256xi32>
      %offs = arith.addi %s0, %r : tensor<256xi32>
      %ns = tlxamd.splat %n : tensor<256xi32>
      %wrapped = arith.remsi %offs, %ns : tensor<256xi32>
      %base = tlxamd.splat %x : tensor<256x!tlxamd.ptr<f16>>
      %p = tlxamd.addptr %base, %wrapped : tensor<256x!tlxamd.ptr<f16>>, tensor<256xi32>
      %v = tlxamd.load %p : tensor<256x!tlxamd.ptr<f16>>
      %out = tlxamd.splat %y : tensor<256x!tlxamd.ptr<f16>>
      %q2 = tlxamd.addptr %out, %r : tensor<256x!tlxamd.ptr<f16>>, tensor<256xi32>
      tlxamd.store %v, %q2 : tensor<256x!tlxamd.ptr<f16>>
      gpu.return
    }
  }
}
