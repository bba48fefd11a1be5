//===- TlxAmdAsyncCopyOps.td - asynchronous copies ---------*- tablegen -*-===//
//
// Asynchronous global-to-shared copies: the Gluon async-copy reference's
// buffer_load_to_shared (AMD buffer_load ... lds, NVIDIA cp.async) with its
// commit groups and waits (rules L1-L7).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_ASYNC_COPY_OPS_TD
#define TLXAMD_ASYNC_COPY_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tlxamd/Dialect/TlxAmdSharedOps.td"

//===----------------------------------------------------------------------===//
// Asynchronous copies from global to shared memory
//===----------------------------------------------------------------------===//

def TlxAmd_BufferLoadToSharedOp : TlxAmd_Op<"buffer_load_to_shared", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    AttrSizedOperandSegments,
    OptionalTypesMatchWith<"mask has the shape and layout of the offsets, with i1 elements (L1)",
                   "offsets", "mask",
                   "::mlir::tlxamd::getI1TensorLike($_self)">]> {
  let summary = "asynchronously copy a tile from global to shared memory";
  let description = [{
    The Gluon async-copy reference, `buffer_load_to_shared(dest, ptr, offsets, mask=None,
    other=None, cache_modifier="")`: element i of the tile `dest` receives
    `ptr[offsets[i]]` (offsets in elements, i32) without passing through
    registers (L1, L2). The copy is asynchronous: it belongs to the current
    commit group (`async_commit_group`), and `dest` may be read only after
    `async_wait` has waited for its group (L2). On CDNA4 it completes in
    order with buffer_load / buffer_store (L3). Out-of-bounds and masked-out
    elements are dropped by the buffer resource's range check, which writes
    zero (L4); with `other` they take `other` instead.

    Static contracts, checked by `tlxamd-verify-target` for the target:
    per thread, the run of consecutive elements of the offsets' layout
    (as far as the offsets are proven consecutive) times the element bits
    is 128 or 32 (L5; 32 only on CDNA3; cp.async on NVIDIA also takes 64);
    the lanes of a warp write one contiguous block of `dest` (L6), so a
    swizzled `dest` may permute elements only within a warp's block (L7).

    On NVIDIA the same op lowers to `cp.async` (16-byte `.cg`, 4/8-byte
    `.ca`) with the zero-filling source size for masked-out elements.

    ```mlir
    tlxamd.buffer_load_to_shared %buf, %src[%offs] mask %m : !tlxamd.memdesc<64x64xbf16, #shared, #tlxamd.shared_memory, mutable>, !tlxamd.ptr<bf16>, tensor<64x64xi32, #blocked>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_MemDesc, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$dest,
                       Arg<TlxAmd_AnyPtr, "", [MemRead]>:$ptr,
                       TlxAmd_I32Tensor:$offsets,
                       Optional<TlxAmd_I1Tensor>:$mask,
                       Optional<TlxAmd_Tensor>:$other,
                       OptionalAttr<TlxAmd_CacheModifierAttr>:$cache);
  let assemblyFormat = [{
    $dest `,` $ptr `[` $offsets `]` (`mask` $mask^)? (`other` $other^)?
    (`cache` $cache^)? attr-dict `:` qualified(type($dest)) `,`
    qualified(type($ptr)) `,` type($offsets) (`,` type($other)^)?
  }];
  let hasVerifier = 1;
}

def TlxAmd_AsyncCommitGroupOp : TlxAmd_Op<"async_commit_group", [
    MemoryEffects<[MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "close the current group of asynchronous copies";
  let description = [{
    `async_copy.commit_group()`: the copies issued since the previous commit
    form one group, which `async_wait` counts. On NVIDIA
    `cp.async.commit_group`; on AMD the hardware counts copies
    (vmcnt), so the op only marks the group boundary for `async_wait`.

    ```mlir
    tlxamd.async_commit_group
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TlxAmd_AsyncWaitOp : TlxAmd_Op<"async_wait", [
    MemoryEffects<[MemRead<TlxAmd_SharedMemoryResource>,
                   MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "wait until at most `num` groups of copies are in flight";
  let description = [{
    `async_copy.wait_group(num_outstanding)`: every copy of all but the
    `num` most recent commit groups has landed in shared memory, and the
    program synchronizes so that every thread sees them (L2). On AMD an
    `s_waitcnt vmcnt(N)` where N counts the copy instructions of those
    groups (the lowering counts each group's instructions); on NVIDIA
    `cp.async.wait_group num`.

    ```mlir
    tlxamd.async_wait {num = 1 : i32}
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$num);
  let assemblyFormat = "attr-dict";
}

#endif // TLXAMD_ASYNC_COPY_OPS_TD
