//===- TlxAmdSharedOps.td - shared-memory descriptors ------*- tablegen -*-===//
//
// Shared memory as a value: local_alloc / local_load / local_store /
// local_dealloc / memdesc_index / memdesc_subslice on !tlxamd.memdesc
// (Gluon's allocate_shared_memory, TLX's local_alloc), and the asynchronous
// global-to-shared copies (document 001's buffer_load_to_shared, NVIDIA's
// cp.async) with their commit groups. The tile layout comes from the
// descriptor; the lowering moves each thread's registers in the widest
// in-order vectors the layout core finds (Layout/LinearLayout.h,
// getSharedOffsets). Where a tile lives in the program's shared memory is
// decided by tlxamd-allocate-shared-memory.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_SHARED_OPS_TD
#define TLXAMD_SHARED_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TlxAmd_MemDesc : Type<CPred<"::llvm::isa<::mlir::tlxamd::MemDescType>($_self) && "
                                "!::llvm::cast<::mlir::tlxamd::MemDescType>($_self).isTensorMemory()">,
                          "tlxamd shared-memory descriptor", "::mlir::tlxamd::MemDescType">;
def TlxAmd_TmemDesc : Type<CPred<"::llvm::isa<::mlir::tlxamd::MemDescType>($_self) && "
                                 "::llvm::cast<::mlir::tlxamd::MemDescType>($_self).isTensorMemory()">,
                           "tlxamd tensor-memory descriptor", "::mlir::tlxamd::MemDescType">;
def TlxAmd_AnyMemDesc : Type<CPred<"::llvm::isa<::mlir::tlxamd::MemDescType>($_self)">,
                             "tlxamd memory descriptor", "::mlir::tlxamd::MemDescType">;

def TlxAmd_SharedMemoryResource : Resource<"::mlir::tlxamd::SharedMemoryResource">;

def TlxAmd_LocalAllocOp : TlxAmd_Op<"local_alloc", [
    MemoryEffects<[MemAlloc<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "allocate a shared-memory tile, optionally initialized";
  let description = [{
    `tl.local_alloc(shape, dtype, layout, num=1, value=None)`: a fresh
    descriptor; with `src` the tile holds it (every thread's registers are
    stored, then the program synchronizes). Without `src` the descriptor is
    mutable. Allocations count against the target's shared memory; the
    offset of each in the program's shared block is the
    `tlxamd.shared_offset` attribute tlxamd-allocate-shared-memory sets.

    ```mlir
    %m = tlxamd.local_alloc %x : (tensor<64x64xf32, #blocked>) -> !tlxamd.memdesc<64x64xf32, #shared, #tlxamd.shared_memory>
    %b = tlxamd.local_alloc : () -> !tlxamd.memdesc<2x64x64xf32, #shared, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins Optional<TlxAmd_Tensor>:$src);
  let results = (outs TlxAmd_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TlxAmd_LocalLoadOp : TlxAmd_Op<"local_load", [
    MemoryEffects<[MemRead<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "load a shared-memory tile into a distributed tensor";
  let description = [{
    `tl.local_load(buf)` / `buf.load(layout)`: the tile (one buffer) as a
    tensor of any distributed layout.

    ```mlir
    %t = tlxamd.local_load %m : !tlxamd.memdesc<64x64xf32, #shared, #tlxamd.shared_memory> -> tensor<64x64xf32, #mfma>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$src);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($result)";
  let hasVerifier = 1;
}

def TlxAmd_LocalStoreOp : TlxAmd_Op<"local_store", [
    MemoryEffects<[MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "store a distributed tensor into a mutable shared-memory tile";
  let description = [{
    `tl.local_store(buf, value)` / `buf.store(value)`. The program
    synchronizes before (earlier readers are done) and after (later readers
    see the tile).

    ```mlir
    tlxamd.local_store %t, %m : tensor<64x64xf32, #blocked>, !tlxamd.memdesc<64x64xf32, #shared, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$value, TlxAmd_MemDesc:$dst);
  let assemblyFormat = "$value `,` $dst attr-dict `:` type($value) `,` qualified(type($dst))";
  let hasVerifier = 1;
}

def TlxAmd_LocalDeallocOp : TlxAmd_Op<"local_dealloc", [
    MemoryEffects<[MemFree<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "end the lifetime of a shared-memory allocation";
  let arguments = (ins TlxAmd_MemDesc:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
  let hasVerifier = 1;
}

def TlxAmd_MemDescIndexOp : TlxAmd_Op<"memdesc_index", [Pure]> {
  let summary = "one buffer of a multi-buffered descriptor";
  let description = [{
    `tl.local_view(buffers, i)` / `buffers.index(i)`: buffer `index` (an
    i32, in range when constant) of a descriptor with a leading buffer
    count; the result has the tile's shape and the same layout, memory space
    and mutability.

    ```mlir
    %b = tlxamd.memdesc_index %m[%i] : !tlxamd.memdesc<3x64x64xf16, #shared, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x64xf16, #shared, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_AnyMemDesc:$src, I32:$index);
  let results = (outs TlxAmd_AnyMemDesc:$result);
  let assemblyFormat = "$src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TlxAmd_MemDescSubsliceOp : TlxAmd_Op<"memdesc_subslice", [Pure]> {
  let summary = "a static sub-tile of a descriptor";
  let description = [{
    `buf.slice(start, length, dim)` / TLX's `local_slice`: the sub-tile of
    the result's shape at static `offsets`. Each dimension of the result is
    a power of two and each offset a multiple of it, so the sub-tile is a
    block of the layout's offset map (its elements are those of the parent
    at `offsets` XOR the sub-tile coordinates). The result keeps the
    layout, element type, memory space and mutability and names the
    allocation's shape last.

    ```mlir
    %s = tlxamd.memdesc_subslice %m[0, 32] : !tlxamd.memdesc<64x64xf16, #shared, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x32xf16, #shared, #tlxamd.shared_memory, mutable, 64x64>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$src, DenseI64ArrayAttr:$offsets);
  let results = (outs TlxAmd_MemDesc:$result);
  let assemblyFormat = "$src `` $offsets attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

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
    Document 001, `buffer_load_to_shared(dest, ptr, offsets, mask=None,
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

//===----------------------------------------------------------------------===//
// mbarriers and the tensor memory accelerator (NVIDIA sm_90 and later)
//===----------------------------------------------------------------------===//

def TlxAmd_TensorDesc : Type<CPred<"::llvm::isa<::mlir::tlxamd::TensorDescType>($_self)">,
                             "tlxamd tensor descriptor", "::mlir::tlxamd::TensorDescType">;

def TlxAmd_MBarrierInitOp : TlxAmd_Op<"mbarrier_init", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "initialize an mbarrier for `count` arrivals";
  let description = [{
    Gluon's `mbarrier.init(mbarrier, count)`: the barrier (one mutable
    `1xi64` shared tile) starts in phase 0 expecting `count` arrivals and no
    transactions. One thread initializes it (`mbarrier.init.shared.b64`),
    then the program synchronizes so that every thread, and the copy
    engine, sees the initialized barrier.

    ```mlir
    tlxamd.mbarrier_init %bar, 1 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<1>, IntMaxValue<1048575>]>:$count);
  let assemblyFormat = "$barrier `,` $count attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def TlxAmd_MBarrierExpectTxOp : TlxAmd_Op<"mbarrier_expect_tx", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "expect `bytes` of transactions on an mbarrier, and arrive";
  let description = [{
    Gluon's `mbarrier.expect(mbarrier, bytes, pred=True)`: one thread of the
    program raises the barrier's transaction count by `bytes` and arrives
    once (`mbarrier.arrive.expect_tx`); the phase completes when the
    arrivals are in and the copies signalling the barrier have delivered
    the bytes. With `pred` false nothing happens.

    ```mlir
    tlxamd.mbarrier_expect_tx %bar, 8192 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<1048575>]>:$bytes,
                       Optional<I1>:$pred);
  let assemblyFormat = "$barrier `,` $bytes (`,` $pred^)? attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def TlxAmd_MBarrierArriveOp : TlxAmd_Op<"mbarrier_arrive", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    AttrSizedOperandSegments,
    MemoryEffects<[MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "arrive on an mbarrier `count` times, here or in another CTA of the cluster";
  let description = [{
    Gluon's `mbarrier.arrive(mbarrier, count=1, pred=True)`, TLX's
    `barrier_arrive(bar, arrive_count, remote_cta_rank=None)`: one thread of
    the program arrives `count` times (`mbarrier.arrive.shared.b64`, release
    at CTA scope: the program's earlier writes are visible to a thread that
    waits for the phase). With `remote_cta_rank` the arrival goes to the
    barrier at the same shared-memory offset in CTA `remote_cta_rank` of
    the kernel's thread-block cluster ("arrive remote, wait local"): `mapa`
    maps the address into that CTA's shared memory and the arrive is
    `mbarrier.arrive.release.cluster.shared::cluster.b64`. The kernel must
    be a cluster kernel (`tlxamd.num_ctas` > 1) and a constant rank one of
    its CTAs.

    ```mlir
    tlxamd.mbarrier_arrive %bar, 1 : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    tlxamd.mbarrier_arrive %bar, 1 remote %rank : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<1>, IntMaxValue<1048575>]>:$count,
                       Optional<I1>:$pred, Optional<I32>:$remote_cta_rank);
  let assemblyFormat = [{
    $barrier `,` $count (`,` $pred^)? (`remote` $remote_cta_rank^)? attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TlxAmd_MBarrierWaitOp : TlxAmd_Op<"mbarrier_wait", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemRead<TlxAmd_SharedMemoryResource>,
                   MemWrite<TlxAmd_SharedMemoryResource>]>]> {
  let summary = "wait for the phase of parity `phase` of an mbarrier";
  let description = [{
    Gluon's `mbarrier.wait(mbarrier, phase)`: every thread waits until the
    phase with parity `phase` (an i32; only bit 0 counts) has completed
    (`mbarrier.try_wait.parity` in a loop, acquire at CTA scope, at
    cluster scope in a cluster kernel so that remote arrivals' writes are
    visible too): the arrivals' earlier writes and the bytes of the copies
    that signalled the barrier are visible afterwards. The first phase has
    parity 0. With `pred` false the thread does not wait.

    ```mlir
    tlxamd.mbarrier_wait %bar, %phase : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$barrier, I32:$phase, Optional<I1>:$pred);
  let assemblyFormat = "$barrier `,` $phase (`,` $pred^)? attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Thread-block clusters (NVIDIA sm_90 and later)
//===----------------------------------------------------------------------===//

def TlxAmd_ClusterCtaRankOp : TlxAmd_Op<"cluster_cta_rank", [Pure,
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "the program's rank in its thread-block cluster";
  let description = [{
    TLX's `cluster_cta_rank()`: 0 ... `tlxamd.num_ctas` - 1
    (`%cluster_ctarank`); 0 in a kernel without clusters.

    ```mlir
    %r = tlxamd.cluster_cta_rank : i32
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TlxAmd_ClusterBarrierOp : TlxAmd_Op<"cluster_barrier", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "synchronize every thread of the thread-block cluster";
  let description = [{
    TLX's `cluster_barrier()`: every thread of every CTA of the cluster
    arrives (release) and waits (acquire) (`barrier.cluster.arrive` +
    `barrier.cluster.wait`): shared-memory writes before it, barrier
    initializations included, are visible to the whole cluster after it,
    and no CTA leaves while another may still access its shared memory.

    ```mlir
    tlxamd.cluster_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Tensor memory and tcgen05 (NVIDIA sm_100a, document 003)
//===----------------------------------------------------------------------===//

class TlxAmd_TmemOp<string mnemonic, list<Trait> traits = []>
    : TlxAmd_Op<mnemonic, !listconcat(traits, [
        DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>])>;

def TlxAmd_TmemAllocOp : TlxAmd_TmemOp<"tmem_alloc"> {
  let summary = "allocate a tile of tensor memory for the kernel";
  let description = [{
    TLX's `local_alloc(shape, dtype, num, storage=tlx.storage_kind.tmem)`:
    `num` buffers (the leading dimension, when there is one) of a 128 x
    block_n tile in tensor memory, one warp allocating the columns
    (`tcgen05.alloc`, a power of two of at least 32) into a shared-memory
    slot every thread then reads; the last allocation of the kernel
    relinquishes the right to allocate, and the columns are freed
    (`tcgen05.dealloc`) when the kernel returns.

    ```mlir
    %t = tlxamd.tmem_alloc : !tlxamd.memdesc<128x16xf32, #tmem, #tlxamd.tensor_memory, mutable>
    ```
  }];
  let results = (outs TlxAmd_TmemDesc:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def TlxAmd_TmemLoadOp : TlxAmd_TmemOp<"tmem_load"> {
  let summary = "a tensor-memory tile into registers (tcgen05.ld)";
  let description = [{
    TLX's `local_load(buffer)` of a tensor-memory buffer: every warp moves
    its lanes' rows (`tcgen05.ld.sync.aligned.32x32b`, then
    `tcgen05.wait::ld`), after a `tcgen05.fence::after_thread_sync` that
    orders it after the barrier waits before it. The result's layout is the
    instruction's (Layout/TensorMemory.h): rows over lanes and warps,
    columns over registers; 4 or 8 warps.

    ```mlir
    %v = tlxamd.tmem_load %t : !tlxamd.memdesc<128x16xf32, #tmem, #tlxamd.tensor_memory, mutable> -> tensor<128x16xf32, #regs>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_TmemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$src);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($result)";
  let hasVerifier = 1;
}

def TlxAmd_TmemStoreOp : TlxAmd_TmemOp<"tmem_store"> {
  let summary = "registers into a tensor-memory tile (tcgen05.st)";
  let description = [{
    TLX's `local_store(buffer, values)` of a tensor-memory buffer:
    `tcgen05.st.sync.aligned.32x32b` from the layout `tmem_load` uses,
    then `tcgen05.wait::st`.

    ```mlir
    tlxamd.tmem_store %v, %t : tensor<128x16xf32, #regs>, !tlxamd.memdesc<128x16xf32, #tmem, #tlxamd.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$value,
                       Arg<TlxAmd_TmemDesc, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$dest);
  let assemblyFormat = "$value `,` $dest attr-dict `:` type($value) `,` qualified(type($dest))";
  let hasVerifier = 1;
}

def TlxAmd_TmemShiftOp : TlxAmd_TmemOp<"tmem_shift"> {
  let summary = "shift a tensor-memory tile's rows down by one, in place (tcgen05.shift)";
  let description = [{
    TLX's `tmem_shift(buffer)`: within each 32-row group row r receives row
    r + 1 for r in 0 ... 30 and row 31 keeps its contents (T9), one
    `tcgen05.shift.cta_group::1.down` per 32-byte column segment (T12),
    issued by one thread after the program's earlier tensor-memory
    accesses. It completes asynchronously: commit it to a barrier
    (`tcgen05_commit`) and wait on that barrier before reading the buffer
    (T10, checked by tlxamd-verify-target). The buffer is a mutable
    128-row tile in the standard layout whose row is a multiple of 8
    columns (T11).

    ```mlir
    tlxamd.tmem_shift %t : !tlxamd.memdesc<128x16xf32, #tmem, #tlxamd.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_TmemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>,
                                                 MemWrite<TlxAmd_SharedMemoryResource>]>:$buffer);
  let assemblyFormat = "$buffer attr-dict `:` qualified(type($buffer))";
  let hasVerifier = 1;
}

def TlxAmd_Tcgen05CommitOp : TlxAmd_TmemOp<"tcgen05_commit"> {
  let summary = "track the program's earlier asynchronous tcgen05 operations on an mbarrier";
  let description = [{
    TLX's `tcgen05_commit(barrier, two_ctas=False)`: the thread that issued
    the program's asynchronous tcgen05 operations (`tmem_shift`,
    `tmem_copy`, `async_dot`, `async_dot_scaled`) makes `barrier` track
    their completion (`tcgen05.commit.cta_group::1.mbarrier::arrive::one`):
    the barrier's phase completes with one arrival once they are done (T4).
    With `two_ctas` the lead CTA of the pair commits its two-CTA MMAs
    (`cta_group::2`) to the barrier at this offset in both CTAs
    (`.multicast::cluster` with the pair's CTA mask).

    ```mlir
    tlxamd.tcgen05_commit %bar : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    tlxamd.tcgen05_commit %bar two_ctas : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_MemDesc, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$barrier,
                       UnitAttr:$two_ctas);
  let assemblyFormat = "$barrier (`two_ctas` $two_ctas^)? attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def TlxAmd_TmemCopyOp : TlxAmd_TmemOp<"tmem_copy"> {
  let summary = "copy MX scales from shared memory into tensor memory (tcgen05.cp)";
  let description = [{
    TLX's `tmem_copy(src, dst)` [sm100]: an asynchronous copy (T6) of the
    E8M0 scales of a `rows` x `k / 32` scale buffer in tensor memory
    (`#tlxamd.tmem_scales`, or the placeholder layout until
    `tlxamd-resolve-tmem-layouts` resolves it) from `src`, the scales in
    shared memory in the standard scale-factor order: 512-byte blocks of
    128 rows x 4 scales (byte (r % 32) * 16 + (r / 32) * 4 + j of a block
    is scale j of row r), as `[rows / 128, k / 128, 32, 16]` (a 4-D TMA
    tile) or `[rows / 128, k / 128 * 512]`. One thread issues one
    `tcgen05.cp.cta_group::N.32x128b.warpx4` per block (N the kernel's
    CTA group: 2 in a kernel of two-CTA MMAs, the lead CTA copying for
    the pair, each CTA's shared memory into its own tensor memory); like the MMAs it
    completes asynchronously, in order with the MMAs the same thread
    issues after it, and `tcgen05_commit` tracks it.

    ```mlir
    tlxamd.tmem_copy %smem, %tmem : !tlxamd.memdesc<1x1x32x16xi8, #s, #tlxamd.shared_memory, mutable>, !tlxamd.memdesc<128x4xi8, #tlxamd.tmem_scales, #tlxamd.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$src,
                       Arg<TlxAmd_TmemDesc, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$dest);
  let assemblyFormat = [{
    $src `,` $dest attr-dict `:` qualified(type($src)) `,` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def TlxAmd_AsyncDotScaledOp : TlxAmd_TmemOp<"async_dot_scaled"> {
  let summary = "an MX-scaled MMA into tensor memory (tcgen05.mma ... block_scale)";
  let description = [{
    TLX's `async_dot_scaled(a, b, acc, A_scale, A_format, B_scale,
    B_format, use_acc=None, two_ctas=False, mBarriers=[])`: `acc = (a *
    2^A_scale) @ (b * 2^B_scale) (+ acc if use_acc)`, issued
    asynchronously by one thread as `tcgen05.mma.cta_group::N.kind::
    mxf8f6f4.block_scale`, one instruction per 32 elements of K. `a` ([M,
    K]) and `b` ([K, N]) are swizzled `nvmma_shared` tiles in shared
    memory, described to the tensor core by shared-memory matrix
    descriptors; `acc` is an f32 M x N tensor-memory tile; the scales
    (E8M0, one per 32 K elements: `[M, K / 32]` and `[N, K / 32]`) are
    tensor-memory buffers in the scales layout, or shared-memory buffers in
    the scale-factor order of `tmem_copy` that
    `tlxamd-resolve-tmem-layouts` copies into tensor memory first. Formats
    are the documented FP8 / FP6 / FP4 kinds (T3). Completion: each
    barrier of `barriers` (TLX's mBarriers) gets a `tcgen05.commit`, or
    the program commits later (`tcgen05_commit`).

    With `two_ctas` the MMA spans the two CTAs of a cluster of 2 (T1): each
    CTA holds its M = 128 rows of `a` and of `acc` and half of `b`'s
    columns (N / 2), while `B_scale` holds all N columns' scales in each
    CTA; the lead CTA issues `cta_group::2` for the pair.

    ```mlir
    tlxamd.async_dot_scaled %a, %b, %acc, %as, %bs, %use_acc barriers(%bar : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>)
        a_format = "e4m3" b_format = "e4m3" : ...
    ```
  }];
  let arguments = (ins Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$a,
                       Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$b,
                       Arg<TlxAmd_TmemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>,
                                                 MemWrite<TlxAmd_SharedMemoryResource>]>:$acc,
                       Arg<TlxAmd_AnyMemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$a_scale,
                       Arg<TlxAmd_AnyMemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$b_scale,
                       I1:$use_acc,
                       Arg<Variadic<TlxAmd_MemDesc>, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$barriers,
                       StrAttr:$a_format, StrAttr:$b_format, UnitAttr:$two_ctas);
  let assemblyFormat = [{
    $a `,` $b `,` $acc `,` $a_scale `,` $b_scale `,` $use_acc
    (`barriers` `(` $barriers^ `:` qualified(type($barriers)) `)`)?
    `a_format` `=` $a_format `b_format` `=` $b_format (`two_ctas` $two_ctas^)? attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($acc)) `,`
    qualified(type($a_scale)) `,` qualified(type($b_scale))
  }];
  let hasVerifier = 1;
}

def TlxAmd_AsyncDotOp : TlxAmd_TmemOp<"async_dot"> {
  let summary = "an MMA into tensor memory (tcgen05.mma kind::f16)";
  let description = [{
    TLX's `async_dot(a, b, acc, use_acc=None, two_ctas=False,
    mBarriers=[])` on Blackwell: `acc = a @ b (+ acc if use_acc)` for
    f16 / bf16 operands, issued asynchronously by one thread as
    `tcgen05.mma.cta_group::N.kind::f16`, one instruction per 16 elements
    of K, with the operands, accumulator, two-CTA split (T1) and
    completion of `async_dot_scaled`.

    ```mlir
    tlxamd.async_dot %a, %b, %acc, %use_acc : ...
    ```
  }];
  let arguments = (ins Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$a,
                       Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$b,
                       Arg<TlxAmd_TmemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>,
                                                 MemWrite<TlxAmd_SharedMemoryResource>]>:$acc,
                       I1:$use_acc,
                       Arg<Variadic<TlxAmd_MemDesc>, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$barriers,
                       UnitAttr:$two_ctas);
  let assemblyFormat = [{
    $a `,` $b `,` $acc `,` $use_acc
    (`barriers` `(` $barriers^ `:` qualified(type($barriers)) `)`)?
    (`two_ctas` $two_ctas^)? attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($acc))
  }];
  let hasVerifier = 1;
}

def TlxAmd_WarpgroupDotOp : TlxAmd_Op<"warpgroup_dot", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "an asynchronous warpgroup MMA with a register accumulator (Hopper wgmma)";
  let description = [{
    TLX's `async_dot(a, b, acc=None)` on Hopper: `d = a @ b (+ c)` issued
    asynchronously by each warpgroup (4 warps) as
    `wgmma.mma_async.sync.aligned.m64nNk16` (f16 / bf16; k32 for fp8), one
    per 64 rows of the warpgroup and per instruction's K, then
    `wgmma.commit_group`. `a` ([M, K]) and `b` ([K, N]) are swizzled
    `nvmma_shared` tiles in shared memory read through matrix descriptors;
    `c` / `d` are f32 tensors in the accumulator layout (`nvidia_mma`
    with warps [num_warps, 1], instr [16, 8]: warpgroup g holds rows 64 g
    ... of each 64 x num_warpgroups row block). `d` is in flight until
    `warpgroup_dot_wait` (T13): read it only through that op, or feed it
    to the next warpgroup_dot.

    ```mlir
    %d = tlxamd.warpgroup_dot %a, %b, %c : tensor<64x64xf32, #mma> : !tlxamd.memdesc<64x64xbf16, ...>, !tlxamd.memdesc<64x64xbf16, ...> -> tensor<64x64xf32, #mma>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$a,
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

#endif // TLXAMD_SHARED_OPS_TD
