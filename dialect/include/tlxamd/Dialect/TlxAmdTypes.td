//===- TlxAmdTypes.td - tlxamd types -----------------------*- tablegen -*-===//
#ifndef TLXAMD_TYPES_TD
#define TLXAMD_TYPES_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class TlxAmd_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TlxAmd_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TlxAmd_PtrType : TlxAmd_Type<"Ptr", "ptr"> {
  let summary = "typed scalar pointer";
  let description = [{
    A scalar pointer to elements of `pointeeType` in address space
    `addressSpace` (1 = global, the default; 3 = shared/LDS). It is the
    "scalar base pointer" of the buffer operations and the type of pointer
    kernel arguments. Lowers to `!llvm.ptr<addressSpace>`.

    ```mlir
    !tlxamd.ptr<bf16>        // global memory (address space 1)
    !tlxamd.ptr<f32, 3>      // shared memory
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType,
                        DefaultValuedParameter<"unsigned", "1">:$addressSpace);
  let assemblyFormat = "`<` $pointeeType (`,` $addressSpace^)? `>`";
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
                                        CArg<"unsigned", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
}

def TlxAmd_AnyPtr : Type<CPred<"::llvm::isa<::mlir::tlxamd::PtrType>($_self)">,
                         "tlxamd scalar pointer", "::mlir::tlxamd::PtrType">;

// Tensors as the frontend writes them: either without an encoding (the
// layout is assigned later, by tlxamd-assign-layouts) or with a tlxamd layout.
def TlxAmd_Tensor : Type<
    CPred<"::mlir::tlxamd::isTlxAmdTensorType($_self)">,
    "ranked tensor (with a tlxamd layout or none yet)", "::mlir::RankedTensorType">;

def TlxAmd_I32Tensor : Type<
    And<[TlxAmd_Tensor.predicate,
         CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).getElementType().isSignlessInteger(32)">]>,
    "i32 tensor", "::mlir::RankedTensorType">;

def TlxAmd_I1Tensor : Type<
    And<[TlxAmd_Tensor.predicate,
         CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).getElementType().isInteger(1)">]>,
    "i1 tensor", "::mlir::RankedTensorType">;

def TlxAmd_MemDescType : TlxAmd_Type<"MemDesc", "memdesc"> {
  let summary = "a shared-memory allocation: a memory descriptor";
  let description = [{
    A tile of `shape` elements in shared memory (LDS), laid out by a shared
    layout (`#tlxamd.swizzled_shared`, `#tlxamd.nvmma_shared`,
    `#tlxamd.padded_shared`). A shape with one more dimension than the
    layout has a leading buffer count (multi-buffering; `memdesc_index`
    selects one). `mutable` descriptors may be stored to. A view of part of
    a larger tile (`memdesc_subslice`) names the allocation's shape last:
    the layout maps coordinates of that whole tile.

    ```mlir
    !tlxamd.memdesc<64x128xbf16, #shared, #tlxamd.shared_memory, mutable>
    !tlxamd.memdesc<3x64x64xf16, #shared, #tlxamd.shared_memory, mutable>
    !tlxamd.memdesc<32x64xf16, #shared, #tlxamd.shared_memory, mutable, 64x64>
    !tlxamd.memdesc<128x16xf32, #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>, #tlxamd.tensor_memory, mutable>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding,
                        "::mlir::Attribute":$memorySpace,
                        "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let builders = [
    TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape,
                     "::mlir::Type":$elementType,
                     "::mlir::Attribute":$encoding,
                     "bool":$mutableMemory), [{
      return $_get($_ctxt, shape, elementType, encoding,
                   ::mlir::tlxamd::SharedMemorySpaceAttr::get($_ctxt),
                   mutableMemory, shape);
    }]>
  ];
  let skipDefaultBuilders = 0;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Buffers of a multi-buffered descriptor (its leading dimension), or 1.
    int64_t getBufferCount() const;
    /// Whether the descriptor is in tensor memory (#tlxamd.tensor_memory).
    bool isTensorMemory() const;
    /// The shape of one buffer (the layout's tile).
    ::llvm::ArrayRef<int64_t> getTileShape() const;
    /// Whether the shape has a leading buffer dimension.
    bool isMultiBuffered() const;
    /// Bytes one buffer occupies (padding included), a multiple of 16.
    int64_t getTileBytes() const;
    /// The shape of the tile this (sub)tile is part of: the one the layout
    /// maps.
    ::llvm::ArrayRef<int64_t> getAllocTileShape() const;
  }];
}

def TlxAmd_TensorDescType : TlxAmd_Type<"TensorDesc", "tensor_desc"> {
  let summary = "a TMA tensor descriptor: a global tensor seen in tiles";
  let description = [{
    A kernel argument describing a global tensor for the tensor memory
    accelerator (Gluon's `tensor_descriptor`, TLX's descriptors): each
    `async_tma_copy_global_to_shared` moves one `shape` tile of
    `elementType` into a shared tile laid out by `encoding`, an
    `#tlxamd.nvmma_shared` layout (the swizzle the hardware writes). The
    global shape, strides and base are the host's (`cuTensorMapEncodeTiled`
    in `tlxamd.runtime`); the kernel receives the 128-byte map as a
    `__grid_constant__` parameter. The tile is copied in TMA boxes: the
    contiguous dimension cut to the swizzle width, every other at most 256
    (the layout core's box, `getTmaBoxShape`).

    ```mlir
    !tlxamd.tensor_desc<64x64xf16, #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The box one TMA copy moves (the tensor map's boxDim, slowest
    /// dimension first).
    ::llvm::SmallVector<int64_t> getBoxShape() const;
    /// Bytes of one tile (what an mbarrier expects per copy).
    int64_t getTileBytes() const;
  }];
}

#endif // TLXAMD_TYPES_TD
