//===- TlxAmdScheduledMfmaOps.td - explicit MFMA scheduling --*- tablegen -*-===//
//
// Explicit MFMA scheduling and register classes on AMD (rules M1-M17):
// amd_register_resident, amd_register_class_anchor, amd_scheduled_mfma,
// amd_mfma_commit, amd_sched_barrier.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_SCHEDULED_MFMA_OPS_TD
#define TLXAMD_SCHEDULED_MFMA_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "tlxamd/Dialect/TlxAmdMatrixOps.td"
//===----------------------------------------------------------------------===//
// Explicit MFMA scheduling and register classes (the TLX tensor-core reference)
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

def TlxAmd_AmdSetPriorityOp : TlxAmd_Op<"amd_set_priority", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>]> {
  let summary = "set the wave's instruction-issue priority (s_setprio)";
  let description = [{
    `s_setprio priority` (0 lowest ... 3): among the waves of a compute
    unit competing for the same issue port, the arbiter favours those of
    higher priority until they lower it again. TLX's
    `with tlx.warp_pipeline_stage(name, priority=p):` raises the priority to
    `p` for the stage's instructions and restores 0 after it, so that one
    group of waves' memory stage issues ahead of another's MFMA stage
    (ping-pong schedules). A scheduling hint: it changes no result. AMD
    only.

    ```mlir
    tlxamd.amd_set_priority 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>:$priority);
  let assemblyFormat = "$priority attr-dict";
}

def TlxAmd_AmdWarpPipelineStageOp : TlxAmd_Op<"amd_warp_pipeline_stage", [
    DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "the start of a warp-pipeline stage (TLX warp_pipeline_stage)";
  let description = [{
    TLX's `with tlx.warp_pipeline_stage(name, priority=p):` in a loop: the
    ops up to the matching `amd_warp_pipeline_stage_end` form one stage.
    A loop whose body is two or more stages runs as a ping-pong between the
    two halves of the program's waves (`tlxamd-warp-pipeline`): the upper
    half starts one stage late (one extra `s_barrier` before the loop), a
    workgroup barrier separates consecutive stages, so that while one half
    runs the MFMA stage the other runs the memory stage; each stage issues
    at its priority (`s_setprio`); after the loop the lower half's extra
    barrier realigns the halves. Between two stages only an `async_wait`
    (whose barrier then separates them) may stand, and only pure ops sit
    outside stages. Rules W10-W12 (docs/contracts.md). AMD only.

    ```mlir
    scf.for %k = %c0 to %n step %c1 {
      tlxamd.amd_warp_pipeline_stage "mem" priority 1
      ...
      tlxamd.amd_warp_pipeline_stage_end
      tlxamd.async_wait {num = 1 : i32}
      tlxamd.amd_warp_pipeline_stage "mfma" priority 0
      ...
      tlxamd.amd_warp_pipeline_stage_end
    }
    ```
  }];
  let arguments = (ins StrAttr:$name,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>:$priority);
  let assemblyFormat = "$name `priority` $priority attr-dict";
  let hasVerifier = 1;
}

def TlxAmd_AmdWarpPipelineStageEndOp : TlxAmd_Op<"amd_warp_pipeline_stage_end", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "the end of a warp-pipeline stage";
  let description = [{
    Closes the stage opened by the preceding `amd_warp_pipeline_stage` of
    the same block (W10).
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // TLXAMD_SCHEDULED_MFMA_OPS_TD
