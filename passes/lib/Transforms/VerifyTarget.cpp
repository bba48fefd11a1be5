//===- VerifyTarget.cpp - tlxamd-verify-target ---------------------------===//
#include "tlxamd/Target/TargetLegality.h"
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
  TlxAmdVerifyTargetPass() = default;
  TlxAmdVerifyTargetPass(const TlxAmdVerifyTargetPass &other)
      : TlxAmdVerifyTargetBase(other) {}
  explicit TlxAmdVerifyTargetPass(StringRef name) { target = name.str(); }

  void runOnOperation() override {
    const ArchInfo *arch =
        lookupArchOrEmitError(getOperation(), target, "tlxamd-verify-target");
    if (!arch || failed(verifyForTarget(getOperation(), *arch)))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }

  Option<std::string> target{
      *this, "target", llvm::cl::desc(getTargetOptionHelp(std::nullopt)),
      llvm::cl::init(getDefaultArch(Vendor::AMD).name.str())};
};
} // namespace

std::unique_ptr<Pass> mlir::tlxamd::createTlxAmdVerifyTargetPass(StringRef t) {
  return std::make_unique<TlxAmdVerifyTargetPass>(t);
}
