//===- TlxAmdLayoutAttrs.td - distributed layouts ----------*- tablegen -*-===//
//
// Distributed layouts: the encodings of tlxamd tensors. Every one converts to
// a linear layout (Layout/LinearLayout.h) through the one layout core
// (LayoutConversions.cpp); verifiers and lowerings use only that.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_LAYOUT_ATTRS_TD
#define TLXAMD_LAYOUT_ATTRS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/TensorEncoding.td"

def TlxAmd_DistributedLayoutInterface : AttrInterface<"DistributedLayoutAttr"> {
  let cppNamespace = "::mlir::tlxamd";
  let description = [{
    A distributed layout: which (register, lane, warp) of a program holds
    each element of a tensor.
  }];
  let methods = [
    InterfaceMethod<"Rank of the tensors this layout describes.",
      "unsigned", "getRank">,
    InterfaceMethod<"Lanes per warp the layout assumes.",
      "unsigned", "getLanesPerWarp">,
    InterfaceMethod<"Warps per program the layout assumes.",
      "unsigned", "getWarpsPerProgram">,
    InterfaceMethod<"Check that the layout can describe a tensor of `shape`.",
      "::llvm::LogicalResult", "verifyShape",
      (ins "::llvm::ArrayRef<int64_t>":$shape,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

class TlxAmd_LayoutAttr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TlxAmd_Dialect, name,
              !listconcat([TlxAmd_DistributedLayoutInterface,
                           DeclareAttrInterfaceMethods<VerifiableTensorEncoding>],
                          traits)> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const;
    unsigned getLanesPerWarp() const;
    unsigned getWarpsPerProgram() const;
    ::llvm::LogicalResult verifyShape(
        ::llvm::ArrayRef<int64_t> shape,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

def TlxAmd_BlockedLayoutAttr : TlxAmd_LayoutAttr<"BlockedLayout", "blocked"> {
  let summary = "blocked layout: each thread owns a block of contiguous elements";
  let description = [{
    Thread t of warp w owns a `size_per_thread` block; lanes tile
    `threads_per_warp`, warps tile `warps_per_cta`, all in `order` (fastest
    dimension first); the pattern repeats over larger tensors.

    ```mlir
    #tlxamd.blocked<{size_per_thread = [1, 8], threads_per_warp = [8, 8],
                     warps_per_cta = [4, 1], order = [1, 0]}>
    ```
    Rules: all lists have one entry per dimension; every entry is a power of
    two; `order` is a permutation; the lanes multiply to 32 or 64.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order);
}

def TlxAmd_AmdMfmaLayoutAttr : TlxAmd_LayoutAttr<"AmdMfmaLayout", "amd_mfma"> {
  let summary = "AMD MFMA accumulator layout (CDNA3 version 3, CDNA4 version 4)";
  let description = [{
    The layout of an MFMA result: `instr_shape` = [M, N, K] of one
    instruction, `transposed` swaps which dimension a lane's registers run
    along, `warps_per_cta` tiles warps, `tiles_per_warp` gives each warp a
    block of instruction tiles (N first), `element_bit_width` is 32 or 64.
    As `tlx.amd_mfma_layout(version=4, instr_shape=[16, 16, 32],
    transposed=True, warps_per_cta=[2, 2])`:

    ```mlir
    #tlxamd.amd_mfma<{version = 4, instr_shape = [16, 16, 32], transposed = true,
                      warps_per_cta = [2, 2]}>
    ```
    Rules: version 3 (CDNA3) or 4 (CDNA4), a generation some target of the
    capability table has; [M, N] is [32, 32], [16, 16],
    [64, 4] or [4, 64]; K is one the version offers for that M x N; rank 2
    or 3 (batch first); warps and tiles per warp are powers of two.
  }];
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$instrShape,
                        "bool":$transposed,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        "unsigned":$elementBitWidth);
}

def TlxAmd_AmdWmmaLayoutAttr : TlxAmd_LayoutAttr<"AmdWmmaLayout", "amd_wmma"> {
  let summary = "AMD WMMA accumulator layout (the WMMA generations of the capability table)";
  let description = [{
    The layout of a WMMA result (wave32): 16x16 instruction tiles,
    `warps_per_cta` tiling warps and `tiles_per_warp` giving each warp a
    block of tiles, so that one period spans
    `instr_shape[d] * warps_per_cta[d] * tiles_per_warp[d]` (D2).

    ```mlir
    #tlxamd.amd_wmma<{version = 3, instr_shape = [16, 16, 128], transposed = false,
                      warps_per_cta = [2, 2], tiles_per_warp = [2, 2]}>
    ```
  }];
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$instrShape,
                        "bool":$transposed,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp);
}

def TlxAmd_NvidiaMmaLayoutAttr : TlxAmd_LayoutAttr<"NvidiaMmaLayout", "nvidia_mma"> {
  let summary = "NVIDIA mma.sync accumulator layout (MMA version 2)";
  let description = [{
    The layout of an `mma.sync.aligned.m16n8k*` result (Gluon's
    `NVMMADistributedLayout(version=[2, 0], warps_per_cta, instr_shape=[16, 8])`):
    in each 16 x 8 tile, lane l holds rows l / 4 and l / 4 + 8, columns
    2 * (l % 4) + {0, 1}; warps tile N first, then M; the tile repeats over
    larger tensors N first.

    ```mlir
    #tlxamd.nvidia_mma<{version = [2, 0], warps_per_cta = [2, 2], instr_shape = [16, 8]}>
    ```
    Rules: version [2, 0], instr_shape [16, 8], rank 2, warps powers of two.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$version,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape);
}

def TlxAmd_DotOperandLayoutAttr : TlxAmd_LayoutAttr<"DotOperandLayout", "dot_operand"> {
  let summary = "layout of an MFMA/WMMA operand (A: op_idx 0, B: op_idx 1)";
  let description = [{
    Each lane holds `k_width` consecutive elements along K of operand
    `op_idx` of a dot whose result has layout `parent` (an `amd_mfma`,
    `amd_wmma` or `nvidia_mma` layout; for `nvidia_mma`, 32 bits of K per
    register: k_width = 32 / element bits).

    ```mlir
    #tlxamd.dot_operand<{op_idx = 0, parent = #mfma, k_width = 8}>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent,
                        "unsigned":$kWidth);
}

def TlxAmd_SliceLayoutAttr : TlxAmd_LayoutAttr<"SliceLayout", "slice"> {
  let summary = "a parent layout with dimension `dim` removed";
  let description = [{
    The layout of a tensor obtained by reducing `parent`'s tensors along
    `dim`; `expand_dims` along `dim` restores the parent.

    ```mlir
    #tlxamd.slice<{dim = 1, parent = #blocked}>
    ```
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
}

def TlxAmd_LinearLayoutAttr : TlxAmd_LayoutAttr<"LinearLayoutEncoding", "linear"> {
  let summary = "a layout given by its linear-layout bases";
  let description = [{
    The general form every layout converts to: for each input dimension the
    tensor coordinates of each index bit (Triton/Gluon convention).

    ```mlir
    #tlxamd.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]],
                    warp = [[4, 0]], block = []}>
    ```
    Rules: every basis has one coordinate per dimension, non-negative; there
    are log2(32) or log2(64) lane bases.
  }];
  let parameters = (ins "unsigned":$rank,
                        ArrayRefParameter<"int32_t">:$registerBases,
                        ArrayRefParameter<"int32_t">:$laneBases,
                        ArrayRefParameter<"int32_t">:$warpBases,
                        ArrayRefParameter<"int32_t">:$blockBases);
  // getRank() is the `rank` parameter here.
  let extraClassDeclaration = [{
    unsigned getLanesPerWarp() const;
    unsigned getWarpsPerProgram() const;
    ::llvm::LogicalResult verifyShape(
        ::llvm::ArrayRef<int64_t> shape,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

//===----------------------------------------------------------------------===//
// Shared-memory layouts: where each element of a tile lives in a shared
// allocation. Each converts to a linear layout from the element offset
// (the `Offset` input dimension) to tensor coordinates, in the same layout
// core (LayoutConversions.cpp); bank conflicts and vector widths derive
// from it.
//===----------------------------------------------------------------------===//

def TlxAmd_SharedLayoutInterface : AttrInterface<"SharedLayoutAttr"> {
  let cppNamespace = "::mlir::tlxamd";
  let description = [{
    A shared-memory layout: the element offset of each tensor element in an
    allocation.
  }];
  let methods = [
    InterfaceMethod<"Rank of the tiles this layout describes.",
      "unsigned", "getRank">,
    InterfaceMethod<"Check that the layout can describe a tile of `shape` "
      "with elements of `elementBits` bits.",
      "::llvm::LogicalResult", "verifyShape",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "unsigned":$elementBits,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

class TlxAmd_SharedAttr<string name, string attrMnemonic>
    : AttrDef<TlxAmd_Dialect, name, [TlxAmd_SharedLayoutInterface]> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const;
    ::llvm::LogicalResult verifyShape(
        ::llvm::ArrayRef<int64_t> shape, unsigned elementBits,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

def TlxAmd_SwizzledSharedLayoutAttr
    : TlxAmd_SharedAttr<"SwizzledSharedLayout", "swizzled_shared"> {
  let summary = "Triton's swizzled shared layout";
  let description = [{
    Rows of the two fastest dimensions (`order[0]` the columns, `order[1]`
    the rows) are stored contiguously; row r's columns are XOR-ed with
    `vec * ((r / per_phase) % max_phase)`, so `vec`-element vectors of
    consecutive rows land in different banks. `vec = 1, per_phase = 1,
    max_phase = 1` is the unswizzled row-major tile.

    ```mlir
    #tlxamd.swizzled_shared<{vec = 8, per_phase = 2, max_phase = 4, order = [1, 0]}>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order);
  let extraClassDeclaration = [{
    unsigned getRank() const { return getOrder().size(); }
    ::llvm::LogicalResult verifyShape(
        ::llvm::ArrayRef<int64_t> shape, unsigned elementBits,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

def TlxAmd_NvmmaSharedLayoutAttr
    : TlxAmd_SharedAttr<"NvmmaSharedLayout", "nvmma_shared"> {
  let summary = "the shared layout of wgmma / tcgen05 operands and TMA tiles";
  let description = [{
    NVIDIA's swizzled shared-memory layout: 8-row core matrices of
    `swizzle_bytes` (0, 32, 64 or 128) per row, 16-byte chunks XOR-ed by the
    row within each 8-row tile (the TMA `CU_TENSOR_MAP_SWIZZLE_*B` modes).
    `transposed` makes the first dimension the contiguous one.

    ```mlir
    #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
    ```
  }];
  let parameters = (ins "unsigned":$swizzleBytes, "unsigned":$elementBits,
                        "bool":$transposed, "unsigned":$rank);
  let extraClassDeclaration = [{
    ::llvm::LogicalResult verifyShape(
        ::llvm::ArrayRef<int64_t> shape, unsigned elementBits,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
    /// Elements per swizzled 16-byte chunk.
    unsigned getVec() const { return 128 / getElementBits(); }
  }];
}

def TlxAmd_PaddedSharedLayoutAttr
    : TlxAmd_SharedAttr<"PaddedSharedLayout", "padded_shared"> {
  let summary = "a row-major tile with padding inserted at intervals";
  let description = [{
    The tile in `order` (fastest first), with `padding` elements inserted
    after every `interval` elements, for each (interval, padding) pair:
    element i lives at i + sum over pairs of (i / interval) * padding
    (Gluon's PaddedSharedLayout with the identity offset map).

    ```mlir
    #tlxamd.padded_shared<{interval_padding_pairs = [[64, 4]], order = [1, 0]}>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$intervals,
                        ArrayRefParameter<"unsigned">:$paddings,
                        ArrayRefParameter<"unsigned">:$order);
  let extraClassDeclaration = [{
    unsigned getRank() const { return getOrder().size(); }
    ::llvm::LogicalResult verifyShape(
        ::llvm::ArrayRef<int64_t> shape, unsigned elementBits,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
    /// The padded offset of linear element offset `i`.
    int64_t getPaddedOffset(int64_t i) const;
  }];
}

#endif // TLXAMD_LAYOUT_ATTRS_TD
