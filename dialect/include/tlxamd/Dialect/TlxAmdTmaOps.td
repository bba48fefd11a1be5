//===- TlxAmdTmaOps.td - the tensor memory accelerator -----*- tablegen -*-===//
//
// Tensor descriptors and TMA tile copies from global to shared memory
// (NVIDIA sm_90 and later), completing on an mbarrier.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TMA_OPS_TD
#define TLXAMD_TMA_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tlxamd/Dialect/TlxAmdSharedOps.td"

def TlxAmd_TensorDesc : Type<CPred<"::llvm::isa<::mlir::tlxamd::TensorDescType>($_self)">,
                             "tlxamd tensor descriptor", "::mlir::tlxamd::TensorDescType">;

def TlxAmd_AsyncTmaCopyGlobalToSharedOp : TlxAmd_Op<"async_tma_copy_global_to_shared", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    AttrSizedOperandSegments]> {
  let summary = "copy a tile of a tensor descriptor into shared memory (TMA)";
  let description = [{
    Gluon's `tma.async_copy_global_to_shared(tensor_desc, coord, barrier,
    result, pred=True)`: the copy engine moves the tile of the descriptor
    at element coordinates `coords` (one i32 per dimension, slowest first;
    parts outside the tensor read zero) into `dest`, a mutable tile of the
    descriptor's shape, element type and layout, and signals `barrier` with
    the tile's bytes (`complete_tx`). One thread issues one
    `cp.async.bulk.tensor` per TMA box of the tile. The program
    synchronizes before the copy (earlier readers of `dest` are done) and
    orders its generic-proxy accesses before the copy engine's writes
    (`fence.proxy.async`). Wait for the barrier's phase before reading
    `dest`; `mbarrier_expect_tx` announces the bytes.

    ```mlir
    tlxamd.async_tma_copy_global_to_shared %desc[%r, %c] %buf, %bar : !tlxamd.tensor_desc<64x64xf16, #nvmma>, !tlxamd.memdesc<64x64xf16, #nvmma, #tlxamd.shared_memory, mutable>, !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_TensorDesc:$desc, Variadic<I32>:$coords,
                       Arg<TlxAmd_MemDesc, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$dest,
                       Arg<TlxAmd_MemDesc, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$barrier,
                       Optional<I1>:$pred);
  let assemblyFormat = [{
    $desc `[` $coords `]` $dest `,` $barrier (`,` $pred^)? attr-dict `:`
    qualified(type($desc)) `,` qualified(type($dest)) `,` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TlxAmd_AsyncTmaCopySharedToGlobalOp : TlxAmd_Op<"async_tma_copy_shared_to_global", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    AttrSizedOperandSegments]> {
  let summary = "copy a shared tile to a tile of a tensor descriptor (TMA store)";
  let description = [{
    Gluon's `tma.async_copy_shared_to_global(tensor_desc, coord, src)`
    (`tma.async_store`), TLX's `async_descriptor_store`: the copy engine
    writes `src`, a tile of the descriptor's shape, element type and layout,
    to the descriptor's tile at element coordinates `coords` (one i32 per
    dimension, slowest first; parts outside the tensor are not written).
    Every thread orders its earlier generic-proxy writes of shared memory
    before the copy engine's reads (`fence.proxy.async.shared::cta`), the
    program synchronizes, and one thread issues one `cp.async.bulk.tensor`
    per TMA box of the tile and commits them as one bulk group. The copy is
    asynchronous: `src` must not be written again, and the global tile not
    read, before `async_tma_store_wait` says the group is done (the shared
    allocation stays reserved until the end of the kernel, and the kernel
    waits for its stores' reads before it exits).

    ```mlir
    tlxamd.async_tma_copy_shared_to_global %desc[%r, %c] %buf : !tlxamd.tensor_desc<64x64xf16, #nvmma>, !tlxamd.memdesc<64x64xf16, #nvmma, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_TensorDesc:$desc, Variadic<I32>:$coords,
                       Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$src,
                       Optional<I1>:$pred);
  let assemblyFormat = [{
    $desc `[` $coords `]` $src (`,` $pred^)? attr-dict `:`
    qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TlxAmd_AsyncTmaStoreWaitOp : TlxAmd_Op<"async_tma_store_wait", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemRead<TlxAmd_SharedMemoryResource>,
                   MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "wait until at most `pendings` TMA stores are in flight";
  let description = [{
    Gluon's `tma.store_wait(pendings, read_only=True)`: the issuing thread
    waits until at most `pendings` of its TMA store groups are outstanding
    (`cp.async.bulk.wait_group`), then the program synchronizes. With
    `read` (Gluon's default) a group is done once the copy engine has read
    its shared tile (the tile may be overwritten; `.read`); without it, once
    the global writes are complete (visible to a later kernel or, after a
    release, to another CTA).

    ```mlir
    tlxamd.async_tma_store_wait 0 read
    tlxamd.async_tma_store_wait 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<63>]>:$pendings,
                       UnitAttr:$read);
  let assemblyFormat = "$pendings (`read` $read^)? attr-dict";
}

def TlxAmd_FenceAsyncSharedOp : TlxAmd_Op<"fence_async_shared", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemRead<TlxAmd_SharedMemoryResource>,
                   MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "order generic shared-memory accesses before the async proxy's";
  let description = [{
    Gluon's `fence_async_shared(cluster=False)`, TLX's
    `fence_async_shared()`: each thread's earlier shared-memory accesses
    through ordinary loads and stores are ordered before later accesses of
    the async proxy (TMA copies, wgmma and tcgen05 operand reads)
    (`fence.proxy.async.shared::cta`; `shared::cluster` with `cluster`).

    ```mlir
    tlxamd.fence_async_shared
    tlxamd.fence_async_shared cluster
    ```
  }];
  let arguments = (ins UnitAttr:$cluster);
  let assemblyFormat = "(`cluster` $cluster^)? attr-dict";
}

#endif // TLXAMD_TMA_OPS_TD
