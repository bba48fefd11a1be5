//===- Passes.h - tlxamd dialect passes -------------------------*- C++ -*-===//
#ifndef TLXAMD_TRANSFORMS_PASSES_H
#define TLXAMD_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include "tlxamd/Target/Arch.h"

namespace mlir::tlxamd {

#define GEN_PASS_DECL
#include "tlxamd/Transforms/Passes.h.inc"

/// tlxamd-verify-target{target=...}.
std::unique_ptr<Pass> createTlxAmdVerifyTargetPass(StringRef target);

/// The mbarrier protocol of every warp-specialized kernel under `root`
/// (tlxamd-verify-barriers); failure after a diagnostic. With `remarks`, a
/// kernel it cannot check gets a remark saying why.
LogicalResult verifyBarrierProtocol(Operation *root, bool remarks = false);

/// tlxamd-convert-to-buffer-ops{target=...}.
std::unique_ptr<Pass> createTlxAmdConvertToBufferOpsPass(StringRef target);

/// tlxamd-remove-layout-conversions{assigned-only=...}.
std::unique_ptr<Pass>
createTlxAmdRemoveLayoutConversionsPass(bool assignedOnly);

/// tlxamd-allocate-shared-memory{target=...}.
std::unique_ptr<Pass> createTlxAmdAllocateSharedMemoryPass(StringRef target);

/// tlxamd-assign-layouts{target=...}.
std::unique_ptr<Pass> createTlxAmdAssignLayoutsPass(StringRef target);

/// tlxamd-instrument-contracts{target=...}.
std::unique_ptr<Pass> createTlxAmdInstrumentContractsPass(StringRef target);

#define GEN_PASS_REGISTRATION
#include "tlxamd/Transforms/Passes.h.inc"

} // namespace mlir::tlxamd

#endif // TLXAMD_TRANSFORMS_PASSES_H
