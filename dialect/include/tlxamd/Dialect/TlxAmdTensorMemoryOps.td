//===- TlxAmdTensorMemoryOps.td - tensor memory ------------*- tablegen -*-===//
//
// Blackwell tensor memory: allocation, loads, stores, shifts, scale copies
// and tcgen05 commits (rules T5-T12).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TENSOR_MEMORY_OPS_TD
#define TLXAMD_TENSOR_MEMORY_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tlxamd/Dialect/TlxAmdSharedOps.td"

//===----------------------------------------------------------------------===//
// Tensor memory and tcgen05 (NVIDIA sm_100a, the TLX tensor-core reference)
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

#endif // TLXAMD_TENSOR_MEMORY_OPS_TD
