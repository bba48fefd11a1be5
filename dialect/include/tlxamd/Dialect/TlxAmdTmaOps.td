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

#endif // TLXAMD_TMA_OPS_TD
