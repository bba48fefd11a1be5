// Cache modifiers on accesses through pointers (i64 offsets: not the buffer
// path) on gfx950: carried as LLVM's volatile / nontemporal flags, which
// AMDGPU's memory legalizer encodes in the global instruction (Triton's AMD
// table): load .cg / .cs -> nt, load .cv -> volatile (sc0 sc1, waited on);
// store .cs -> nt, store .wt -> volatile (sc0 sc1); load .ca -> nothing.
// RUN: %tlx-compile %s --target gfx950 --emit llvm | FileCheck %s --check-prefix=LLVM
// RUN: %tlx-compile %s --target gfx950 | FileCheck %s

gpu.module @m {
  gpu.func @streams(%src: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>, %n: i64) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %r = tlxamd.make_range 0 to 256 : tensor<256xi32>
    %r64 = arith.extsi %r : tensor<256xi32> to tensor<256xi64>
    %ns = tlxamd.splat %n : tensor<256xi64>
    %m = arith.cmpi slt, %r64, %ns : tensor<256xi64>
    %ps = tlxamd.splat %src : tensor<256x!tlxamd.ptr<f32>>
    %a = tlxamd.addptr %ps, %r64 : tensor<256x!tlxamd.ptr<f32>>, tensor<256xi64>
    %pd = tlxamd.splat %dst : tensor<256x!tlxamd.ptr<f32>>
    %d = tlxamd.addptr %pd, %r64 : tensor<256x!tlxamd.ptr<f32>>, tensor<256xi64>
    %v = tlxamd.load %a mask %m cache ".cg" : tensor<256x!tlxamd.ptr<f32>>
    tlxamd.store %v, %d mask %m cache ".wt" : tensor<256x!tlxamd.ptr<f32>>
    gpu.return
  }
  gpu.func @unmasked(%u: !tlxamd.ptr<f32>, %v: !tlxamd.ptr<f32>, %w: !tlxamd.ptr<f32>, %dst: !tlxamd.ptr<f32>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %r = tlxamd.make_range 0 to 64 : tensor<64xi32>
    %r64 = arith.extsi %r : tensor<64xi32> to tensor<64xi64>
    %pu = tlxamd.splat %u : tensor<64x!tlxamd.ptr<f32>>
    %a = tlxamd.addptr %pu, %r64 : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi64>
    %pv = tlxamd.splat %v : tensor<64x!tlxamd.ptr<f32>>
    %b = tlxamd.addptr %pv, %r64 : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi64>
    %pw = tlxamd.splat %w : tensor<64x!tlxamd.ptr<f32>>
    %c = tlxamd.addptr %pw, %r64 : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi64>
    %pd = tlxamd.splat %dst : tensor<64x!tlxamd.ptr<f32>>
    %d = tlxamd.addptr %pd, %r64 : tensor<64x!tlxamd.ptr<f32>>, tensor<64xi64>
    %x = tlxamd.load %a cache ".cv" : tensor<64x!tlxamd.ptr<f32>>
    %y = tlxamd.load %b cache ".cs" : tensor<64x!tlxamd.ptr<f32>>
    %z = tlxamd.load %c cache ".ca" : tensor<64x!tlxamd.ptr<f32>>
    %s = arith.addf %x, %y : tensor<64xf32>
    %t = arith.addf %s, %z : tensor<64xf32>
    tlxamd.store %t, %d cache ".cs" : tensor<64x!tlxamd.ptr<f32>>
    gpu.return
  }
}

// LLVM-LABEL: define amdgpu_kernel void @streams(
// LLVM-COUNT-4: load <1 x float>, ptr addrspace(1) %{{[0-9]+}}, align 4, !nontemporal
// LLVM-NOT: load
// LLVM-COUNT-4: store volatile <1 x float> %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, align 4, !nontemporal
// LLVM-LABEL: define amdgpu_kernel void @unmasked(
// LLVM-DAG: load volatile <1 x float>, ptr addrspace(1) %{{[0-9]+}}, align 4, !nontemporal
// LLVM-DAG: load <1 x float>, ptr addrspace(1) %{{[0-9]+}}, align 4, !nontemporal
// LLVM-DAG: load <1 x float>, ptr addrspace(1) %{{[0-9]+}}, align 4{{$}}
// LLVM: store <1 x float> %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, align 4, !nontemporal

// CHECK-LABEL: streams:
// CHECK-COUNT-4: global_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off nt{{$}}
// CHECK-NOT: global_load
// CHECK-COUNT-4: global_store_dword v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, off sc0 sc1{{$}}
// CHECK-NOT: global_store
// CHECK-LABEL: unmasked:
// CHECK-DAG: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] sc0 sc1{{$}}
// CHECK-DAG: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] nt{{$}}
// CHECK-DAG: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]{{$}}
// CHECK: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] nt{{$}}
