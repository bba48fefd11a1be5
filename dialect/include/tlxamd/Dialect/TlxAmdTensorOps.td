//===- TlxAmdTensorOps.td - distributed tensors ------------*- tablegen -*-===//
//
// The tensor IR kernels are written in: index ranges, splats, broadcasts,
// dimension expansion and layout changes. Elementwise arithmetic uses the
// upstream arith and math ops on the same tensors.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TENSOR_OPS_TD
#define TLXAMD_TENSOR_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TlxAmd_DistributedTensor : Type<
    And<[IsTensorTypePred,
         CPred<"::mlir::tlxamd::getDistributedLayout($_self) != nullptr">]>,
    "ranked tensor with a tlxamd layout", "::mlir::RankedTensorType">;

def TlxAmd_I32DistributedTensor : Type<
    And<[TlxAmd_DistributedTensor.predicate,
         CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).getElementType().isSignlessInteger(32)">]>,
    "i32 tensor with a tlxamd layout", "::mlir::RankedTensorType">;

def TlxAmd_MakeRangeOp : TlxAmd_Op<"make_range", [Pure]> {
  let summary = "the integers start, start + 1, ..., end - 1 as a 1-D tensor";
  let description = [{
    `tl.arange(start, end)`: a rank-1 i32 tensor of `end - start` elements
    (a power of two) in the result's layout. Each thread computes the
    coordinates of its registers from the layout's lane and warp bases.
    With `rematerialize` (`tlx.rematerialized_range(start, end, layout)`,
    M19) the lowering recreates the range right before each of its users
    instead of keeping one copy live across the kernel.

    ```mlir
    %r = tlxamd.make_range 0 to 1024 : tensor<1024xi32, #blocked>
    %c = tlxamd.make_range 0 to 64 {rematerialize} : tensor<64xi32, #slice>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end, UnitAttr:$rematerialize);
  let results = (outs TlxAmd_I32Tensor:$result);
  let assemblyFormat = "$start `to` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TlxAmd_SplatOp : TlxAmd_Op<"splat", [Pure,
    TypesMatchWith<"result element type matches the scalar", "result", "src",
                   "::llvm::cast<::mlir::RankedTensorType>($_self).getElementType()">]> {
  let summary = "a tensor with every element equal to a scalar";
  let description = [{
    ```mlir
    %t = tlxamd.splat %x : tensor<64x64xf32, #blocked>
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, AnyFloat, TlxAmd_AnyPtr]>:$src);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($result)";
}

def TlxAmd_ExpandDimsOp : TlxAmd_Op<"expand_dims", [Pure]> {
  let summary = "insert a dimension of extent 1 (x[:, None] / x[None, :])";
  let description = [{
    The source's layout must be `#tlxamd.slice<{dim = axis, parent = P}>`;
    the result has layout P and extent 1 along `axis`. No data moves.

    ```mlir
    %c = tlxamd.expand_dims %r {axis = 1 : i32}
        : tensor<64xi32, #tlxamd.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$src, I32Attr:$axis);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TlxAmd_BroadcastOp : TlxAmd_Op<"broadcast", [Pure]> {
  let summary = "repeat a tensor along its extent-1 dimensions";
  let description = [{
    Source and result have the same rank, element type and layout; each
    source dimension equals the result's or is 1. No data moves: each thread
    already holds the elements it repeats.

    ```mlir
    %b = tlxamd.broadcast %c : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$src);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TlxAmd_ConvertLayoutOp : TlxAmd_Op<"convert_layout", [Pure]> {
  let summary = "move a tensor's elements to another layout";
  let description = [{
    Same shape and element type, another layout. Lowered to a register
    permutation when the layouts place every element in the same thread; to
    one indexed warp shuffle per register (ds_bpermute_b32, shfl.sync.idx)
    when elements move only between the lanes of a hardware warp and each
    destination register comes from one source register (elements of up to
    32 bits); otherwise through shared memory (store, barrier, load).

    ```mlir
    %m = tlxamd.convert_layout %b : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mfma>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$src);
  let results = (outs TlxAmd_DistributedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TlxAmd_RequireLayoutOp : TlxAmd_Op<"require_layout", [Pure]> {
  let summary = "pin a value to a layout (tlx.require_layout)";
  let description = [{
    `tlx.require_layout(values, layout, pin=False)`: the result holds the
    same elements in exactly the layout of its type, which no later
    transformation may change. With `pin`, the value must already be in
    that layout up to an order of each thread's registers: the op only
    renames registers and the verifier rejects any movement across lanes
    or warps. Operations whose contracts depend on the layout of an operand
    (e.g. `buffer_store` with `contiguity > 1`, B9) require the operand to
    come from this op. Lowers like `convert_layout`.

    ```mlir
    %v = tlxamd.require_layout %x : tensor<64x64xbf16, #blocked> -> tensor<64x64xbf16, #mfma>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$src, UnitAttr:$pin);
  let results = (outs TlxAmd_DistributedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TlxAmd_ExtractSliceOp : TlxAmd_Op<"extract_slice", [Pure]> {
  let summary = "an aligned register fragment of a tensor (tlx.extract_slice)";
  let description = [{
    `tlx.extract_slice(x, shape, offsets)`: the elements `x[offsets[d] :
    offsets[d] + shape[d]]`, selected from the registers each thread
    already holds, with no movement across lanes or warps (M18). The
    layout core proves it: the result's layout has the source's lane and
    warp bases, each offset is a multiple of the slice's extent, and the
    offset and every register of the result are registers of the source.

    ```mlir
    %r = tlxamd.extract_slice %b [0, 64] : tensor<16x128xbf16, #dot1> -> tensor<16x64xbf16, #dot1>
    ```
  }];
  let arguments = (ins TlxAmd_DistributedTensor:$src, DenseI64ArrayAttr:$offsets);
  let results = (outs TlxAmd_DistributedTensor:$result);
  let assemblyFormat = "$src $offsets attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// For each result register, the source register it takes; none when
    /// the slice is not a whole-register selection.
    std::optional<::llvm::SmallVector<int64_t>> getRegisterMap();
  }];
}

def TlxAmd_ReduceOp : TlxAmd_Op<"reduce", [Pure, SameOperandsShape,
    SingleBlock]> {
  let summary = "combine the elements of tensors along one axis (tl.reduce)";
  let description = [{
    `tl.sum`, `tl.max`, `tl.argmax`, `tl.reduce(x, axis, fn)`: the region
    combines two partial results (the first N block arguments, one per
    operand) into one, and the op applies it along `axis` to every operand
    at once (`argmax` reduces values and indices together). The combine
    function is taken as associative and commutative; the lowering combines
    in-thread registers first, then lanes of a warp with warp shuffles, then
    warps through shared memory.

    Operands share shape and layout. Each result has the operand's shape
    without `axis` and the layout `#tlxamd.slice<{dim = axis, parent = L}>`
    of the operands' layout L (none when the operands have none); reducing a
    rank-1 tensor gives a scalar.

    ```mlir
    %s = tlxamd.reduce %x {axis = 1 : i32} : tensor<64x128xf32, #blocked>
        -> tensor<64xf32, #tlxamd.slice<{dim = 1, parent = #blocked}>> {
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tlxamd.reduce.return %c : f32
    }
    ```
  }];
  let arguments = (ins Variadic<TlxAmd_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    $srcs attr-dict `:` type($srcs) `->` type($results) $combineOp
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The type of result `i` for operand types `srcs` reduced along `axis`:
    /// a scalar for rank 1, else the shape without `axis` in the slice of
    /// the operands' layout.
    static ::mlir::Type inferResultType(::mlir::RankedTensorType src,
                                        unsigned axis);
  }];
}

def TlxAmd_ReduceReturnOp : TlxAmd_Op<"reduce.return", [Pure,
    HasParent<"ReduceOp">, ReturnLike, Terminator]> {
  let summary = "the combined values of a reduction's combine region";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

#endif // TLXAMD_TENSOR_OPS_TD
