// Pointers from 64-bit addresses and back (a grouped GEMM's table of
// matrices: tl.load(table + g).to(tl.pointer_type(tl.float16))): LLVM's
// inttoptr / ptrtoint on every register, ptr_cast no instruction; the
// machine code loads the address, then the element through it.
// RUN: tlx-opt %s --pass-pipeline='builtin.module(tlxamd-to-llvm{target=sm_90a})' | FileCheck %s --check-prefix=NV
// RUN: tlx-opt %s --pass-pipeline='builtin.module(tlxamd-to-llvm{target=gfx950})' | FileCheck %s --check-prefix=AMD
// RUN: %tlx-compile %s --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %tlx-compile %s --target gfx950 | FileCheck %s --check-prefix=ISA

module {
  gpu.module @m {
    // NV-LABEL: llvm.func @table
    // NV: %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> i64
    // NV: %[[P:.*]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr<1>
    // NV: llvm.getelementptr %[[P]]
    // AMD-LABEL: llvm.func @table
    // AMD: %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> i64
    // AMD: llvm.inttoptr %[[A]] : i64 to !llvm.ptr<1>
    // PTX-LABEL: .entry table(
    // the address in one 8-byte load (the module's data layout gives i64 8
    // bytes; LLVM's built-in one gives 4 and NVPTX split the load in two)
    // PTX: ld.global.b64 [[A:%rd[0-9]+]]
    // the element 3 halves past the loaded address
    // PTX: ld.global.b16 {{.*}}[[[A]]+6]
    // ISA-LABEL: table:
    // ISA: s_load_dwordx2 s[[[LO:[0-9]+]]:[[HI:[0-9]+]]], s[{{[0-9]+}}:{{[0-9]+}}], 0x0
    // ISA: global_load_ushort v{{[0-9]+}}, v{{[0-9]+}}, s[[[LO]]:[[HI]]] offset:6
    gpu.func @table(%t: !tlxamd.ptr<i64>, %y: !tlxamd.ptr<f16>, %g: i32) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %tp = tlxamd.addptr %t, %g : !tlxamd.ptr<i64>, i32
      %a = tlxamd.load %tp : !tlxamd.ptr<i64>
      %p = tlxamd.int_to_ptr %a : i64 -> !tlxamd.ptr<f16>
      %c = arith.constant 3 : i32
      %q = tlxamd.addptr %p, %c : !tlxamd.ptr<f16>, i32
      %v = tlxamd.load %q : !tlxamd.ptr<f16>
      tlxamd.store %v, %y : !tlxamd.ptr<f16>
      gpu.return
    }
    // A tensor of addresses: one cast of the registers' vector.
    // NV-LABEL: llvm.func @addresses
    // NV: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
    // NV: llvm.inttoptr %{{.*}} : vector<{{[0-9]+}}xi64> to vector<{{[0-9]+}}x!llvm.ptr<1>>
    // AMD-LABEL: llvm.func @addresses
    // AMD: llvm.inttoptr %{{.*}} : vector<{{[0-9]+}}xi64> to vector<{{[0-9]+}}x!llvm.ptr<1>>
    // PTX-LABEL: .entry addresses(
    // PTX: ld.global
    // PTX: st.global
    // ISA-LABEL: addresses:
    // ISA: global_load_{{dword|ubyte}}
    // ISA: global_store
    gpu.func @addresses(%x: !tlxamd.ptr<f32>, %y: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 1 : i32} {
      %base = tlxamd.ptr_to_int %x : !tlxamd.ptr<f32> -> i64
      %r = tlxamd.make_range 0 to 64 : tensor<64xi32>
      %r64 = arith.extsi %r : tensor<64xi32> to tensor<64xi64>
      %four = arith.constant dense<4> : tensor<64xi64>
      %bytes = arith.muli %r64, %four : tensor<64xi64>
      %bs = tlxamd.splat %base : tensor<64xi64>
      %addrs = arith.addi %bs, %bytes : tensor<64xi64>
      %ps = tlxamd.int_to_ptr %addrs : tensor<64xi64> -> tensor<64x!tlxamd.ptr<f32>>
      %bp = tlxamd.ptr_cast %ps : tensor<64x!tlxamd.ptr<f32>> -> tensor<64x!tlxamd.ptr<i8>>
      %fp = tlxamd.ptr_cast %bp : tensor<64x!tlxamd.ptr<i8>> -> tensor<64x!tlxamd.ptr<f32>>
      %v = tlxamd.load %fp : tensor<64x!tlxamd.ptr<f32>>
      %ys = tlxamd.splat %y : tensor<64x!tlxamd.ptr<f32>>
      %yp = tlxamd.addptr %ys, %r : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi32>
      tlxamd.store %v, %yp : tensor<64x!tlxamd.ptr<f32>>
      gpu.return
    }
  }
}
