//===- TlxAmdToROCDL.cpp - convert-tlxamd-to-rocdl -----------------------===//
#include "TargetInfo.h"

#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_CONVERTTLXAMDTOROCDL
#include "tlxamd/Conversion/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {
struct ConvertTlxAmdToROCDLPass
    : tlxamd::impl::ConvertTlxAmdToROCDLBase<ConvertTlxAmdToROCDLPass> {
  using Base::Base;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    const ArchInfo *arch = lookupArch(chipset);
    if (!arch || !arch->isAMD()) {
      emitError(module.getLoc())
          << "convert-tlxamd-to-rocdl: unsupported chipset '" << chipset
          << "' (supported: " << getSupportedArchNames(Vendor::AMD) << ")";
      return signalPassFailure();
    }
    FailureOr<amdgpu::Chipset> parsed = amdgpu::Chipset::parse(chipset);
    if (failed(parsed)) {
      emitError(module.getLoc())
          << "convert-tlxamd-to-rocdl: cannot parse chipset '" << chipset
          << "'";
      return signalPassFailure();
    }
    rocdl::TargetInfo targetInfo(*arch, *parsed);
    if (failed(convertKernelModule(module, targetInfo)))
      return signalPassFailure();
  }
};
} // namespace
