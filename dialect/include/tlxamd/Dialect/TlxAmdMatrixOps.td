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
    dimension and the period fits in the result tile (D3); only the gfx1250
    scaled-WMMA lowering consumes it, elsewhere it is an error (D4).
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
    /// of the K blocks its fragment covers.
    ::mlir::tlxamd::LinearLayout getScaleLayout(unsigned opIdx,
                                                ::mlir::Attribute operandLayout);
  }];
}

//===----------------------------------------------------------------------===//
// Explicit MFMA scheduling and register classes (document 003)
//===----------------------------------------------------------------------===//

def TlxAmd_AmdScheduledMfmaOp : TlxAmd_Op<"amd_scheduled_mfma", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "MFMA chains in K-major, N-major, M-minor order (tlx.amd_scheduled_mfma)";
  let description = [{
    `tlx.amd_scheduled_mfma(a, b, acc, accumulator_role="transient",
    resident_operand=None, accumulator_register_class=None,
    initialize=False)`: the native-fragment equivalent of `acc + a @ b`
    over the whole tile passed (`initialize`: of `a @ b`, the earlier
    accumulator discarded, M7). One SSA chain per output fragment, updated
    in K-major, N-major, M-minor order (M8):

    ```
    for k in native_k_fragments:
      for n in output_n_fragments:
        for m in output_m_fragments:
          acc[m, n] = mfma(a[m, k], b[k, n], acc[m, n])
    ```

    `a` / `b` are BF16 or F16 with dot-operand layouts of k_width 4 or 8,
    `acc` F32 with the unit-tile MFMA layout they name; all rank 2, or all
    rank 3 with one batch repetition per wave (M6). Both roles lower to the
    native `rocdl.mfma` intrinsics (M9). The `persistent` role pins each
    output fragment to `accumulator_register_class` (default `agpr`) with a
    tied inline-asm constraint before and after its chain, and the operand
    named by `resident_operand` (`"a"` or `"b"`) to AGPRs; the `transient`
    role leaves placement to LLVM. All active lanes of a wave must execute
    it (M11). It is not `Pure`: the chains it starts are not merged or
    dropped by CSE.

    ```mlir
    %d = tlxamd.amd_scheduled_mfma %a, %b, %acc {accumulator_role = "persistent", initialize}
        : tensor<64x16xbf16, #dot0>, tensor<16x64xbf16, #dot1> -> tensor<64x64xf32, #mfma>
    ```
  }];
  let arguments = (ins TlxAmd_DistributedTensor:$a, TlxAmd_DistributedTensor:$b,
                   TlxAmd_DistributedTensor:$acc,
                   DefaultValuedStrAttr<StrAttr, "transient">:$accumulator_role,
                   OptionalAttr<StrAttr>:$resident_operand,
                   OptionalAttr<StrAttr>:$accumulator_register_class,
                   UnitAttr:$initialize);
  let results = (outs TlxAmd_DistributedTensor:$result);
  let assemblyFormat = "$a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    bool isPersistent() { return getAccumulatorRole() == "persistent"; }
    /// The accumulator's register class in the persistent lowering
    /// ("agpr" when not given).
    ::llvm::StringRef getEffectiveAccumulatorClass() {
      if (auto c = getAccumulatorRegisterClass())
        return *c;
      return "agpr";
    }
  }];
}

def TlxAmd_AmdMfmaCommitOp : TlxAmd_Op<"amd_mfma_commit", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "MFMA result-readiness boundary (tlx.amd_mfma_commit)";
  let description = [{
    `committed = tlx.amd_mfma_commit(acc)`, `committed, live =
    tlx.amd_mfma_commit(acc, preserve=live)`: returns its inputs
    numerically unchanged, the F32 MFMA results (one or a tuple of
    independent subtiles) and then the optional BF16 / F16 dot-operand
    `preserve` (M12). Each F32 chain reaches it without an SSA fork, except
    a loop block argument whose body and exit uses are mutually exclusive
    (M13), and later code uses the returned values (M14); both are checked
    over the function. A results-only boundary constrains the results to
    AGPRs; with `preserve` the results go to VGPRs and `preserve` to AGPRs
    (M16), so committing an AGPR-resident persistent result with `preserve`
    is rejected (M15). It lowers to one side-effecting inline-asm register
    constraint over every 32-bit register of its values; LLVM's hazard
    recognizer places the MFMA wait states before the values' readers. It
    is not an MFMA queue instruction, `s_waitcnt`, fence or barrier.

    ```mlir
    %l, %r = tlxamd.amd_mfma_commit %acc_l, %acc_r : tensor<64x64xf32, #mfma>, tensor<64x64xf32, #mfma>
    %c, %live = tlxamd.amd_mfma_commit %acc preserve %b : tensor<64x64xf32, #mfma> preserve tensor<16x64xbf16, #dot1>
    ```
  }];
  let arguments = (ins Variadic<TlxAmd_DistributedTensor>:$values,
                   Optional<TlxAmd_DistributedTensor>:$preserve);
  let results = (outs Variadic<TlxAmd_DistributedTensor>:$results);
  let assemblyFormat = "$values (`preserve` $preserve^)? attr-dict `:` type($values) (`preserve` type($preserve)^)?";
  let hasVerifier = 1;
}

def TlxAmd_AmdRegisterResidentOp : TlxAmd_Op<"amd_register_resident", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "all packed register groups in one class at one point (tlx.amd_register_resident)";
  let description = [{
    `tlx.amd_register_resident(value, register_class="agpr",
    registers_per_group=1)`: returns `value` unchanged (M2). At one
    allocator-visible point every group of `registers_per_group`
    consecutive 32-bit registers (R 32-bit or 2R 16-bit elements; R in 1,
    2, 4, 8, 16, 32) is in `register_class` (`agpr` or `vgpr`): one
    side-effecting inline asm with a tied `a` / `v` tuple constraint per
    group (M3). Distributed int / float tensors of 16- or 32-bit elements
    (M4). It is not `Pure`: CSE and DCE keep it while its result is used.

    ```mlir
    %b_live = tlxamd.amd_register_resident %b {register_class = "agpr", registers_per_group = 4 : i32} : tensor<16x64xbf16, #dot1>
    ```
  }];
  let arguments = (ins TlxAmd_DistributedTensor:$value, StrAttr:$register_class,
                   DefaultValuedAttr<I32Attr, "1">:$registers_per_group);
  let results = (outs TlxAmd_DistributedTensor:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def TlxAmd_AmdRegisterClassAnchorOp : TlxAmd_Op<"amd_register_class_anchor", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "one tied register-class constraint per 32-bit register (tlx.amd_register_class_anchor)";
  let description = [{
    `tlx.amd_register_class_anchor(value, register_class="vgpr")`: returns
    `value` unchanged after passing each packed 32-bit register through its
    own side-effecting tied `a` / `v` inline-asm constraint (M5): a
    source-local allocation and scheduling anchor. LLVM may coalesce the
    tied input and output.

    ```mlir
    %v = tlxamd.amd_register_class_anchor %x {register_class = "vgpr"} : tensor<64x64xf32, #mfma>
    ```
  }];
  let arguments = (ins TlxAmd_DistributedTensor:$value,
                   DefaultValuedStrAttr<StrAttr, "vgpr">:$register_class);
  let results = (outs TlxAmd_DistributedTensor:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def TlxAmd_AmdSchedBarrierOp : TlxAmd_Op<"amd_sched_barrier", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "a scheduling boundary for AMD instruction classes (tlx.amd_sched_barrier)";
  let description = [{
    `tlx.amd_sched_barrier(mask)` lowers to `rocdl.sched.barrier mask`
    (`s_sched_barrier`). The mask is LLVM's: its set bits name the
    instruction classes allowed to cross the boundary (0x1 non-memory
    non-side-effect ALU, 0x2 VALU, 0x4 SALU, 0x8 MFMA, 0x10 all VMEM,
    0x20 VMEM reads, 0x40 VMEM writes, 0x80 all DS, 0x100 DS reads,
    0x200 DS writes, 0x400 transcendentals); `0`, the document's example,
    lets nothing cross (M17). It is not a workgroup barrier or memory
    fence.

    ```mlir
    tlxamd.amd_sched_barrier 0
    ```
  }];
  let arguments = (ins I32Attr:$mask);
  let assemblyFormat = "$mask attr-dict";
}

#endif // TLXAMD_MATRIX_OPS_TD
