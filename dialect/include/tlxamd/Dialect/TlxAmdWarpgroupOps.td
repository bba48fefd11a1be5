//===- TlxAmdWarpgroupOps.td - warpgroup MMAs --------------*- tablegen -*-===//
//
// Hopper's asynchronous warpgroup MMA with a register accumulator and its
// wait (rule T13).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_WARPGROUP_OPS_TD
#define TLXAMD_WARPGROUP_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tlxamd/Dialect/TlxAmdSharedOps.td"

def TlxAmd_WarpgroupDotOp : TlxAmd_Op<"warpgroup_dot", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "an asynchronous warpgroup MMA with a register accumulator (Hopper wgmma)";
  let description = [{
    TLX's `async_dot(a, b, acc=None)` on Hopper: `d = a @ b (+ c)` issued
    asynchronously by each warpgroup (4 warps) as
    `wgmma.mma_async.sync.aligned.m64nNk16` (f16 / bf16; k32 for fp8), one
    per 64-row block and column block of the warpgroup and per
    instruction's K, then `wgmma.commit_group`. `b` ([K, N]) is a swizzled
    `nvmma_shared` tile in shared memory read through a matrix descriptor;
    `a` ([M, K]) is one too, or (Gluon's `warpgroup_mma` with A in
    registers, f16 / bf16) a tensor in the accumulator's
    `dot_operand<{op_idx = 0, k_width = 2}>` layout. `c` / `d` are f32
    tensors in an accumulator layout: `nvidia_mma` version [3, 0] (Gluon's
    wgmma layout: warps along M four to a warpgroup, then along N;
    instr_shape [16, n, k]), or version [2, 0] with warps [num_warps, 1]
    and instr [16, 8] (the same registers as version 3 with warps
    [num_warps, 1]). Each warpgroup computes the blocks its warps hold, as
    the layout places them. `d` is in flight until
    `warpgroup_dot_wait` (T13): read it only through that op, or feed it
    to the next warpgroup_dot.

    ```mlir
    %d = tlxamd.warpgroup_dot %a, %b, %c : tensor<64x64xf32, #mma> : !tlxamd.memdesc<64x64xbf16, ...>, !tlxamd.memdesc<64x64xbf16, ...> -> tensor<64x64xf32, #mma>
    ```
  }];
  let arguments = (ins Arg<AnyTypeOf<[TlxAmd_MemDesc, TlxAmd_Tensor]>, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$a,
                       Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$b,
                       Optional<TlxAmd_Tensor>:$c);
  let results = (outs TlxAmd_Tensor:$d);
  let assemblyFormat = [{
    $a `,` $b (`,` $c^ `:` type($c))? attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TlxAmd_WarpgroupDotWaitOp : TlxAmd_Op<"warpgroup_dot_wait", [
    AllTypesMatch<["inp", "result"]>,
    MemoryEffects<[MemRead<TlxAmd_SharedMemoryResource>,
                   MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "wait until at most `pendings` warpgroup MMA groups are in flight";
  let description = [{
    TLX's `async_dot_wait(pendings, acc)` (T13): `wgmma.wait_group.sync.
    aligned pendings`, after which all but the last `pendings` committed
    warpgroup_dot groups are complete; `result` is `inp`, readable once the
    dots that produce it are among the completed ones.

    ```mlir
    %r = tlxamd.warpgroup_dot_wait %d pendings = 0 : tensor<64x64xf32, #mma>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$inp, I32Attr:$pendings);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = "$inp `pendings` `=` $pendings attr-dict `:` type($inp)";
  let hasVerifier = 1;
}

#endif // TLXAMD_WARPGROUP_OPS_TD
