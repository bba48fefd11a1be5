//===- TlxAmdMemoryOps.td - AMD buffer memory ops ----------*- tablegen -*-===//
//
// buffer_load / buffer_store / buffer_atomic_add (the TLX buffer-op reference, rules B1-B20):
// a scalar base pointer and a tensor of i32 offsets, through an AMD buffer
// resource descriptor (hardware bounds checking), with `contiguity` as a
// correctness contract.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_MEMORY_OPS_TD
#define TLXAMD_MEMORY_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TlxAmd_I1DistributedTensor : Type<
    And<[TlxAmd_DistributedTensor.predicate,
         CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).getElementType().isInteger(1)">]>,
    "i1 tensor with a tlxamd layout", "::mlir::RankedTensorType">;

class TlxAmd_BufferOp<string mnemonic, list<Trait> traits = []>
    : TlxAmd_Op<mnemonic, !listconcat(traits, [
        DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>])> {
  code commonRules = [{
    Offsets are in units of `offset_unit`: `elements` (the default, what the
    document's examples and the public TLX code compute: the lowering scales
    them by the element size) or `bytes` (the hardware's unit, as the
    document's argument table says). Either way they are i32 (B2, B20).

    `contiguity` (B5, B6, B12) is a contract: a positive power of two that
    divides the elements each thread owns; for every group of `contiguity`
    consecutive registers of a thread, the caller promises consecutive
    offsets, an identical mask and an aligned first address. The lowering
    emits one access per group, capped at 128 bits (B13); `contiguity = 1`
    keeps scalar accesses (B14). Masked-out elements are made out of bounds
    so the hardware returns zero or drops the write (B8, B15).

    Targets (B1): CDNA4, as the document says, and CDNA3, which has the same
    buffer instructions except the packed BF16 atomic add; on NVIDIA the same
    semantics lower to predicated vector global accesses. What a target lacks
    is rejected by `tlxamd-verify-target`, naming the targets that have it.
  }];
}

def TlxAmd_BufferLoadOp : TlxAmd_BufferOp<"buffer_load", [AttrSizedOperandSegments,
    OptionalTypesMatchWith<"mask has the shape and layout of the offsets, with i1 elements (B3)",
                   "offsets", "mask",
                   "::mlir::tlxamd::getI1TensorLike($_self)">,
    OptionalTypesMatchWith<"other has the type of the result (B3)", "result", "other", "$_self">]> {
  let summary = "load a tensor through a scalar base pointer and i32 offsets";
  let description = [{
    `tlx.buffer_load(ptr, offsets, mask=None, other=None, cache=None,
    contiguity=1)`. The result has the shape and layout of `offsets` and the
    pointee's element type (B7). Masked-out elements take `other` (zero when
    absent, B3, B8). `cache` is one of ".ca", ".cg", ".cs", ".cv" (B4); a
    target whose capability entry encodes no cache policy rejects it.

    `masked_undef` (a masked load without `other` only) relaxes B3 to
    Triton's `tl.load`: masked-out elements are unspecified. CDNA still
    reads zero (the hardware's out-of-range result); NVIDIA skips the
    zero-fill, which leaves the registers free for the scheduler to issue
    every load of a row before the first use. `tlxamd-convert-to-buffer-ops`
    sets it on the loads it converts from `tlxamd.load` without `other`.
  }] # commonRules # [{
    ```mlir
    %v = tlxamd.buffer_load %src[%offs] mask %m other %o cache ".cg" {contiguity = 8 : i32}
        : !tlxamd.ptr<bf16>, tensor<1024xi32, #blocked> -> tensor<1024xbf16, #blocked>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_AnyPtr, "", [MemRead]>:$ptr,
                       TlxAmd_I32Tensor:$offsets,
                       Optional<TlxAmd_I1Tensor>:$mask,
                       Optional<TlxAmd_Tensor>:$other,
                       OptionalAttr<TlxAmd_CacheModifierAttr>:$cache,
                       DefaultValuedAttr<I32Attr, "1">:$contiguity,
                       DefaultValuedAttr<TlxAmd_OffsetUnitAttr, "::mlir::tlxamd::OffsetUnit::elements">:$offset_unit,
                       UnitAttr:$masked_undef);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` (`mask` $mask^)? (`other` $other^)?
    (`cache` $cache^)? (`offset_unit` $offset_unit^)? attr-dict `:`
    qualified(type($ptr)) `,` type($offsets) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TlxAmd_BufferStoreOp : TlxAmd_BufferOp<"buffer_store", [
    OptionalTypesMatchWith<"mask has the shape and layout of the offsets, with i1 elements (B3)",
                   "offsets", "mask",
                   "::mlir::tlxamd::getI1TensorLike($_self)">]> {
  let summary = "store a tensor through a scalar base pointer and i32 offsets";
  let description = [{
    `tlx.buffer_store(stored_value, ptr, offsets, mask=None, cache=None,
    contiguity=1)`. `offsets` and `mask` carry the stored value's layout
    (B11). With `contiguity > 1` the stored value must be pinned with
    `tlxamd.require_layout` (B9), and `contiguity` may not exceed the
    physical adjacency of the pinned layout (B10). `cache` is one of ".wb",
    ".cg", ".cs", ".wt" (B4).
  }] # commonRules # [{
    ```mlir
    tlxamd.buffer_store %v, %dst[%offs] mask %m {contiguity = 4 : i32}
        : tensor<64x64xbf16, #mfma>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #mfma>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$value,
                       Arg<TlxAmd_AnyPtr, "", [MemWrite]>:$ptr,
                       TlxAmd_I32Tensor:$offsets,
                       Optional<TlxAmd_I1Tensor>:$mask,
                       OptionalAttr<TlxAmd_CacheModifierAttr>:$cache,
                       DefaultValuedAttr<I32Attr, "1">:$contiguity,
                       DefaultValuedAttr<TlxAmd_OffsetUnitAttr, "::mlir::tlxamd::OffsetUnit::elements">:$offset_unit);
  let assemblyFormat = [{
    $value `,` $ptr `[` $offsets `]` (`mask` $mask^)?
    (`cache` $cache^)? (`offset_unit` $offset_unit^)? attr-dict `:`
    type($value) `,` qualified(type($ptr)) `,` type($offsets)
  }];
  let hasVerifier = 1;
}

def TlxAmd_BufferAtomicAddOp : TlxAmd_BufferOp<"buffer_atomic_add", [
    OptionalTypesMatchWith<"mask has the shape and layout of the offsets, with i1 elements (B3)",
                   "offsets", "mask",
                   "::mlir::tlxamd::getI1TensorLike($_self)">,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "atomically add a tensor in memory; returns the old values";
  let description = [{
    `tlx.buffer_atomic_add(ptr, offsets, value, mask=None, sem=None,
    scope=None, contiguity=1)`. Returns the values observed before the
    additions (B16). `sem` is "relaxed", "acquire", "release" or "acq_rel"
    (the default); `scope` is "cta", "gpu" (the default) or "sys" (B19).
    Element types: f32, i32, and f16/bf16 as packed pairs, which need
    `contiguity >= 2` and a mask uniform over each adjacent pair; compilation
    fails when the mask analysis cannot prove it (B18). `contiguity > 1`
    keeps the layout of `offsets` and may not exceed the physical adjacency
    of that layout, as for stores (B17, B10).
  }] # commonRules # [{
    ```mlir
    %old = tlxamd.buffer_atomic_add %acc[%offs], %v sem relaxed scope cta {contiguity = 2 : i32}
        : !tlxamd.ptr<bf16>, tensor<256xi32, #blocked>, tensor<256xbf16, #blocked>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_AnyPtr, "", [MemRead, MemWrite]>:$ptr,
                       TlxAmd_I32Tensor:$offsets,
                       TlxAmd_Tensor:$value,
                       Optional<TlxAmd_I1Tensor>:$mask,
                       DefaultValuedAttr<TlxAmd_MemSemanticAttr, "::mlir::tlxamd::MemSemantic::acq_rel">:$sem,
                       DefaultValuedAttr<TlxAmd_MemScopeAttr, "::mlir::tlxamd::MemScope::gpu">:$scope,
                       DefaultValuedAttr<I32Attr, "1">:$contiguity,
                       DefaultValuedAttr<TlxAmd_OffsetUnitAttr, "::mlir::tlxamd::OffsetUnit::elements">:$offset_unit);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` `,` $value (`mask` $mask^)? (`sem` $sem^)?
    (`scope` $scope^)? (`offset_unit` $offset_unit^)? attr-dict `:`
    qualified(type($ptr)) `,` type($offsets) `,` type($value)
  }];
  let hasVerifier = 1;
}

#endif // TLXAMD_MEMORY_OPS_TD
