//===- Passes.h - tlxamd dialect passes -------------------------*- C++ -*-===//
#ifndef TLXAMD_TRANSFORMS_PASSES_H
#define TLXAMD_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::tlxamd {

#define GEN_PASS_DECL
#include "tlxamd/Transforms/Passes.h.inc"

/// tlxamd-verify-target{target=...}.
std::unique_ptr<Pass> createTlxAmdVerifyTargetPass(StringRef target);

#define GEN_PASS_REGISTRATION
#include "tlxamd/Transforms/Passes.h.inc"

} // namespace mlir::tlxamd

#endif // TLXAMD_TRANSFORMS_PASSES_H
