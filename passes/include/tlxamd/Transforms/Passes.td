//===- Passes.td - tlxamd dialect passes -------------------*- tablegen -*-===//
#ifndef TLXAMD_TRANSFORMS_PASSES_TD
#define TLXAMD_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TlxAmdVerifyTarget : Pass<"tlxamd-verify-target"> {
  let summary = "Check that every op can be compiled for a target";
  let description = [{
    Runs the target-legality checks of every op (TargetLegalityOpInterface)
    against the target's entry in the capability table, and checks that
    every distributed tensor fits the target's warps. An op the target lacks
    gets a diagnostic naming the op, the target and the targets that have
    it. First in every `tlxamd-to-llvm` pipeline; the conversions run the
    same checks.

    Option `target`: a target of the capability table (`-help` lists them).
  }];
}

#endif // TLXAMD_TRANSFORMS_PASSES_TD
