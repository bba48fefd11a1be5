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

#endif // TLXAMD_MATRIX_OPS_TD
