//===- VerifyTarget.cpp - tlxamd-verify-target ---------------------------===//
#include "tlxamd/Target/TargetLegality.h"
#include "tlxamd/Target/TargetOption.h"
#include "tlxamd/Transforms/Passes.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDVERIFYTARGET
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {
struct TlxAmdVerifyTargetPass
    : tlxamd::impl::TlxAmdVerifyTargetBase<TlxAmdVerifyTargetPass> {
  using TlxAmdVerifyTargetBase::TlxAmdVerifyTargetBase;

  LogicalResult initialize(MLIRContext *) override {
    resolved.resolve(target);
    return success();
  }

  void runOnOperation() override {
    const ArchInfo *arch = resolved.get(getOperation(), "tlxamd-verify-target");
    if (!arch || failed(verifyForTarget(getOperation(), *arch)) ||
        failed(verifyBarrierProtocol(getOperation())))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }

  ResolvedTarget resolved;
};
} // namespace

std::unique_ptr<Pass> mlir::tlxamd::createTlxAmdVerifyTargetPass(StringRef t) {
  TlxAmdVerifyTargetOptions options;
  options.target = t.str();
  return createTlxAmdVerifyTarget(options);
}
