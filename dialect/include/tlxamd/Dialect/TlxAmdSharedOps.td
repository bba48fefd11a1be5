//===- TlxAmdSharedOps.td - shared-memory descriptors ------*- tablegen -*-===//
//
// Shared memory as a value: local_alloc / local_load / local_store /
// local_dealloc / memdesc_index / memdesc_subslice on !tlxamd.memdesc
// (Gluon's allocate_shared_memory, TLX's local_alloc). The asynchronous
// copies, mbarriers, clusters, tensor memory, tcgen05, warpgroup MMAs and
// TMA have their own files (TlxAmd*Ops.td). The tile layout comes from the
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

def TlxAmd_MemDescTransOp : TlxAmd_Op<"memdesc_trans", [Pure]> {
  let summary = "a transposed view of a rank-2 shared tile";
  let description = [{
    Gluon's `smem.permute((1, 0))`: the same bytes seen as the transposed
    tile, shape [d1, d0]. The layout is the source's with the dimensions
    exchanged: an `nvmma_shared` tile flips `transposed` (a [N, K] tile with
    K contiguous is a [K, N] tile with K contiguous), a `swizzled_shared`
    tile reverses `order`. Element type, memory space and mutability are
    kept; the source is one whole tile.

    ```mlir
    %t = tlxamd.memdesc_trans %b : !tlxamd.memdesc<128x64xf16, #nv, #tlxamd.shared_memory, mutable> -> !tlxamd.memdesc<64x128xf16, #nvT, #tlxamd.shared_memory, mutable>
    ```
  }];
  let arguments = (ins TlxAmd_MemDesc:$src);
  let results = (outs TlxAmd_MemDesc:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

#endif // TLXAMD_SHARED_OPS_TD
