//===- TlxAmdShapeOps.td - shape ops -----------------------*- tablegen -*-===//
//
// Shape ops (trans, reshape, cat, join, split): the elements stay in
// their threads; only their coordinates change.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_SHAPE_OPS_TD
#define TLXAMD_SHAPE_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
//===----------------------------------------------------------------------===//
// Shape ops: the elements stay in their threads
//===----------------------------------------------------------------------===//

// Each shape op relabels the coordinates of its operands' elements without
// moving any of them: the result layout must keep every element in the
// thread (and lane, warp) that holds it. The layout that does so in
// register order is inferred (`#tlxamd.blocked` for a transposed blocked
// layout, else `#tlxamd.linear`); a result layout that only reorders a
// thread's registers is accepted too. Anything else needs a
// `tlxamd.convert_layout` before or after.
class TlxAmd_ShapeOp<string mnemonic, list<Trait> traits = []>
    : TlxAmd_Op<mnemonic, !listconcat(traits, [Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>])> {
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Result layouts that reorder a thread's registers are accepted too.
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r);
  }];
}

def TlxAmd_TransOp : TlxAmd_ShapeOp<"trans"> {
  let summary = "permute a tensor's dimensions (tl.trans, tl.permute)";
  let description = [{
    Result dimension j is source dimension `order[j]`.

    ```mlir
    %t = tlxamd.trans %x {order = array<i32: 1, 0>}
        : tensor<64x32xf32, #blocked> -> tensor<32x64xf32, #blocked_t>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TlxAmd_ReshapeOp : TlxAmd_Op<"reshape", [Pure]> {
  let summary = "view a tensor's elements in another shape (tl.reshape)";
  let description = [{
    Row-major: element i of the flattened source is element i of the
    flattened result. The element counts match (extents are powers of two).
    Like the other shape ops it moves no element (see `tlxamd.trans`).

    ```mlir
    %r = tlxamd.reshape %x : tensor<64x32xf32, #blocked>
        -> tensor<2048xf32, #tlxamd.linear<{...}>>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$src);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The result type of reshaping `src` to `shape`: the inferred layout
    /// (none for a layout-free source); null when `shape` has another
    /// element count.
    static ::mlir::RankedTensorType
    inferResultType(::mlir::RankedTensorType src,
                    ::llvm::ArrayRef<int64_t> shape);
  }];
}

def TlxAmd_CatOp : TlxAmd_ShapeOp<"cat", [SameTypeOperands]> {
  let summary = "concatenate two tensors along a dimension (tl.cat)";
  let description = [{
    `tl.cat(a, b, dim=0)`: along `dim` the result's first `lhs` extent
    elements are `lhs`, the rest `rhs`, in order. Each thread holds its
    `lhs` registers, then its `rhs` ones (the natural result layout adds
    a top register bit along `dim`).

    ```mlir
    %c = tlxamd.cat %a, %b : tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #linear>
    %d = tlxamd.cat %a, %b {dim = 1 : i32} : tensor<64x64xf32, #mfma> -> tensor<64x128xf32, #mfma>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$lhs, TlxAmd_Tensor:$rhs,
                   DefaultValuedAttr<I32Attr, "0">:$dim);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
}

def TlxAmd_JoinOp : TlxAmd_ShapeOp<"join", [SameTypeOperands]> {
  let summary = "stack two tensors along a new minor dimension (tl.join)";
  let description = [{
    `result[..., 0] = lhs`, `result[..., 1] = rhs`; each thread holds
    `lhs` and `rhs` elements interleaved in its registers.

    ```mlir
    %j = tlxamd.join %a, %b : tensor<64xf32, #blocked> -> tensor<64x2xf32, #linear>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$lhs, TlxAmd_Tensor:$rhs);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
}

def TlxAmd_SplitOp : TlxAmd_ShapeOp<"split", [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "split a tensor along its minor dimension of extent 2 (tl.split)";
  let description = [{
    The inverse of `tlxamd.join`: `lhs = src[..., 0]`, `rhs = src[..., 1]`.
    The last dimension must be held in registers (each thread owns both
    halves of an element pair).

    ```mlir
    %l, %h = tlxamd.split %x : tensor<64x2xf32, #linear> -> tensor<64xf32, #blocked>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$src);
  let results = (outs TlxAmd_Tensor:$lhs, TlxAmd_Tensor:$rhs);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($lhs)";
}

#endif // TLXAMD_SHAPE_OPS_TD
