//===- TlxAmdToNVVM.cpp - convert-tlxamd-to-nvvm -------------------------===//
#include "TargetInfo.h"

#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_CONVERTTLXAMDTONVVM
#include "tlxamd/Conversion/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {
struct ConvertTlxAmdToNVVMPass
    : tlxamd::impl::ConvertTlxAmdToNVVMBase<ConvertTlxAmdToNVVMPass> {
  using Base::Base;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    const ArchInfo *arch = lookupArch(chip);
    if (!arch || !arch->isNVIDIA()) {
      emitError(module.getLoc())
          << "convert-tlxamd-to-nvvm: unsupported chip '" << chip
          << "' (supported: " << getSupportedArchNames(Vendor::NVIDIA) << ")";
      return signalPassFailure();
    }
    nvvm::TargetInfo targetInfo(*arch);
    if (failed(convertKernelModule(module, targetInfo)))
      return signalPassFailure();
  }
};
} // namespace
