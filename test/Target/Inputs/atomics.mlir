// Atomics through pointers as the frontend writes them (tl.atomic_add,
// tl.atomic_max, tl.atomic_cas).
gpu.module @m {
  // tl.atomic_add(bins + (v & 15), 1, mask=m): a histogram; the old values are stored.
  gpu.func @hist(%arg0: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg3: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c256_i32 = arith.constant 256 : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %3 = tlxamd.splat %1 : tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tlxamd.splat %arg3 : tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tlxamd.splat %arg0 : tensor<256x!tlxamd.ptr<i32>>
    %8 = tlxamd.addptr %7, %4 : tensor<256x!tlxamd.ptr<i32>>, tensor<256xi32>
    %c0_i32 = arith.constant 0 : i32
    %9 = tlxamd.splat %c0_i32 : tensor<256xi32>
    %10 = tlxamd.load %8 mask %6 other %9 : tensor<256x!tlxamd.ptr<i32>>
    %11 = tlxamd.splat %arg2 : tensor<256x!tlxamd.ptr<i32>>
    %12 = tlxamd.addptr %11, %4 : tensor<256x!tlxamd.ptr<i32>>, tensor<256xi32>
    %c15_i32 = arith.constant 15 : i32
    %13 = tlxamd.splat %c15_i32 : tensor<256xi32>
    %14 = arith.andi %10, %13 : tensor<256xi32>
    %15 = tlxamd.splat %arg1 : tensor<256x!tlxamd.ptr<i32>>
    %16 = tlxamd.addptr %15, %14 : tensor<256x!tlxamd.ptr<i32>>, tensor<256xi32>
    %c1_i32 = arith.constant 1 : i32
    %17 = tlxamd.splat %c1_i32 : tensor<256xi32>
    %18 = tlxamd.atomic_rmw add, %16, %17 mask %6 : tensor<256x!tlxamd.ptr<i32>>
    tlxamd.store %18, %12 mask %6 : tensor<256x!tlxamd.ptr<i32>>
    gpu.return
  }

  // tl.atomic_max on f32: integer atomics on the bits (signed max where the
  // value is non-negative, unsigned min where it is negative).
  gpu.func @bucket_max(%arg0: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<f32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg2: i32) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %0 = tlxamd.program_id 0 : i32
    %c256_i32 = arith.constant 256 : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %3 = tlxamd.splat %1 : tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tlxamd.splat %arg2 : tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tlxamd.splat %arg0 : tensor<256x!tlxamd.ptr<f32>>
    %8 = tlxamd.addptr %7, %4 : tensor<256x!tlxamd.ptr<f32>>, tensor<256xi32>
    %cst = arith.constant 0.000000e+00 : f32
    %9 = tlxamd.splat %cst : tensor<256xf32>
    %10 = tlxamd.load %8 mask %6 other %9 : tensor<256x!tlxamd.ptr<f32>>
    %c7_i32 = arith.constant 7 : i32
    %11 = tlxamd.splat %c7_i32 : tensor<256xi32>
    %12 = arith.andi %4, %11 : tensor<256xi32>
    %13 = tlxamd.splat %arg1 : tensor<256x!tlxamd.ptr<f32>>
    %14 = tlxamd.addptr %13, %12 : tensor<256x!tlxamd.ptr<f32>>, tensor<256xi32>
    %15 = tlxamd.atomic_rmw max, %14, %10 mask %6 sem relaxed : tensor<256x!tlxamd.ptr<f32>>
    gpu.return
  }

  // A scalar atomic: thread 0 performs it once per program and shares the
  // old value through shared memory; then a compare-and-swap.
  gpu.func @ticket(%arg0: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}, %arg1: !tlxamd.ptr<i32> {tlxamd.divisibility = 16 : i32, tlxamd.pointer_range = 32 : i32}) kernel attributes {tlxamd.num_warps = 4 : i32} {
    %c1_i32 = arith.constant 1 : i32
    %0 = tlxamd.atomic_rmw add, %arg0, %c1_i32 : !tlxamd.ptr<i32>
    %c1_i32_0 = arith.constant 1 : i32
    %1 = tlxamd.addptr %arg0, %c1_i32_0 : !tlxamd.ptr<i32>, i32
    %c1_i32_1 = arith.constant 1 : i32
    %2 = arith.addi %0, %c1_i32_1 : i32
    %3 = tlxamd.atomic_cas %1, %0, %2 : !tlxamd.ptr<i32>
    %4 = tlxamd.program_id 0 : i32
    %5 = tlxamd.addptr %arg1, %4 : !tlxamd.ptr<i32>, i32
    tlxamd.store %0, %5 : !tlxamd.ptr<i32>
    gpu.return
  }
}
