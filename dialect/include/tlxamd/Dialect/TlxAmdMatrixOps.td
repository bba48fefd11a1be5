//===- TlxAmdMatrixOps.td - matrix multiply ----------------*- tablegen -*-===//
//
// tl.dot on the matrix engines: the result's layout names the instruction
// (an `amd_mfma` layout: MFMA [M, N, K]), the operands' `dot_operand`
// layouts hold each lane's fragment of it. The capability table says
// which instructions a target has (Target/Arch.h, matrixInstrs).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_MATRIX_OPS_TD
#define TLXAMD_MATRIX_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def TlxAmd_DotOp : TlxAmd_Op<"dot", [
    Pure,
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    AllTypesMatch<["c", "d"]>]> {
  let summary = "matrix multiply-accumulate: d = a * b + c";
  let description = [{
    `tl.dot(a, b, acc)`: `a` (M x K) times `b` (K x N) plus `c` (M x N),
    products and sums in the accumulator's type (f32 for f16 / bf16
    operands). With layouts, `d` and `c` have an MFMA layout whose
    `instr_shape` [M, N, K] is the instruction, and `a` / `b` the
    `dot_operand` layouts (op_idx 0 / 1) of it with the instruction's
    `k_width` (elements of K one lane holds); each warp's tile is covered
    by whole instructions, for each (M, N) tile the K steps accumulate in
    order. Without layouts, layout assignment chooses them.

    ```mlir
    %d = tlxamd.dot %a, %b, %c : tensor<64x32xbf16, #dot0>, tensor<32x64xbf16, #dot1> -> tensor<64x64xf32, #mfma>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$a, TlxAmd_Tensor:$b, TlxAmd_Tensor:$c);
  let results = (outs TlxAmd_Tensor:$d);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `->` type($d)";
  let hasVerifier = 1;
}

def TlxAmd_DotScaledOp : TlxAmd_Op<"dot_scaled", [
    Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    TypesMatchWith<"the accumulator has the result's type", "d", "c", "$_self">]> {
  let summary = "microscaled matrix multiply-accumulate (tl.dot_scaled, tlx.dot_scaled)";
  let description = [{
    `tlx.dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format,
    acc, fast_math=False, lhs_k_pack=True, rhs_k_pack=True,
    tiles_per_warp=None)`: `d = (lhs * 2^lhs_scale) @ (rhs * 2^rhs_scale) + c`
    with OCP microscaling. Formats: `e4m3` / `e5m2` (fp8: the f8 types or
    i8 bit patterns), `e2m3` / `e3m2` (fp6, one per i8 byte in its low six
    bits), `e2m1` (fp4, two per i8 byte, the first element in the low
    nibble; packed along K, or along M / N with `*_k_pack = false`), `bf16`
    and `fp16` (no scale). A scale is an i8 tensor of E8M0 exponents (value
    2^(e - 127)), one per 32 consecutive K elements of a row: `[M, K / 32]`
    for the lhs, `[N, K / 32]` for the rhs; a missing scale is 1. The
    accumulator is f32.

    `tiles_per_warp = array<i32: m, n>` (D1-D4) is the AMD WMMA scheduling
    hint: each warp emits an m x n block of instruction tiles, so one layout
    period spans instr_shape[d] x warps_per_cta[d] x tiles_per_warp[d] of the
    result (D2). It has one positive power-of-two entry per result
    dimension and the period fits in the result tile (D3). In the reference
    only a scaled-WMMA lowering (gfx1250's) reads it; tlxamd has no
    scaled-WMMA lowering yet, so target legality rejects it on every target
    rather than ignore it (D4).
    Without it the op is the plain scaled dot (D1).

    With layouts, `d` / `c` have the layout of the instruction (an
    `amd_mfma` layout with a scaled-MFMA `instr_shape` on gfx950: [16, 16,
    128] or [32, 32, 64]), the operands its `dot_operand` layouts (k_width
    counted in the tensor's elements: 32 for fp8 / fp6, 16 bytes for packed
    fp4), and each scale the layout that gives a lane the exponents of the
    K blocks its fragment covers (the operand's layout with K divided by
    the block; the layout core's getBlockScaleLayout). Without layouts,
    layout assignment chooses them.

    ```mlir
    %d = tlxamd.dot_scaled %a scale %as, %b scale %bs, %c lhs = "e2m1" rhs = "e4m3"
        : tensor<32x64xi8> scale tensor<32x4xi8>, tensor<128x32xf8E4M3FN> scale tensor<32x4xi8>
        -> tensor<32x32xf32>
    ```
  }];
  let arguments = (ins TlxAmd_Tensor:$a, Optional<TlxAmd_Tensor>:$a_scale,
                   TlxAmd_Tensor:$b, Optional<TlxAmd_Tensor>:$b_scale,
                   TlxAmd_Tensor:$c, StrAttr:$lhs_format, StrAttr:$rhs_format,
                   UnitAttr:$fast_math,
                   DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
                   DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack,
                   OptionalAttr<DenseI32ArrayAttr>:$tiles_per_warp);
  let results = (outs TlxAmd_Tensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $lhs_format `rhs` `=` $rhs_format attr-dict `:`
    type($a) (`scale` type($a_scale)^)? `,` type($b) (`scale` type($b_scale)^)?
    `->` type($d)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The logical (unpacked) M, N and K of the product.
    ::llvm::SmallVector<int64_t, 3> getLogicalShape();
    /// The layout operand `opIdx`'s scale ([M or N, K / 32]) needs when the
    /// operand has `operandLayout`: the operand's with K divided by the
    /// 32-value block (getBlockScaleLayout), each lane holding the scales
    /// of the K blocks its fragment covers (under a WMMA layout, those of
    /// its lane group: every block of its rows).
    ::mlir::tlxamd::LinearLayout getScaleLayout(unsigned opIdx,
                                                ::mlir::Attribute operandLayout);
  }];
}

#endif // TLXAMD_MATRIX_OPS_TD
