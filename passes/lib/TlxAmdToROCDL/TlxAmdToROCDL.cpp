//===- TlxAmdToROCDL.cpp - convert-tlxamd-to-rocdl -----------------------===//
//
// The AMD lowering: the op families of a kernel, listed explicitly.
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Target/TargetLegality.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_CONVERTTLXAMDTOROCDL
#include "tlxamd/Conversion/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

static const std::string &chipsetHelp() {
  static const Vendor amd = Vendor::AMD;
  static const std::string help =
      getTargetOptionHelp("AMD target of the capability table", &amd);
  return help;
}

namespace {
struct ConvertTlxAmdToROCDLPass
    : tlxamd::impl::ConvertTlxAmdToROCDLBase<ConvertTlxAmdToROCDLPass> {
  ConvertTlxAmdToROCDLPass() = default;
  ConvertTlxAmdToROCDLPass(const ConvertTlxAmdToROCDLPass &other)
      : ConvertTlxAmdToROCDLBase(other) {}
  explicit ConvertTlxAmdToROCDLPass(StringRef target) {
    if (!target.empty())
      chipset = target.str();
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    Vendor amd = Vendor::AMD;
    const ArchInfo *arch =
        lookupArchOrEmitError(module, chipset, "convert-tlxamd-to-rocdl", &amd);
    if (!arch)
      return signalPassFailure();
    FailureOr<amdgpu::Chipset> parsed = amdgpu::Chipset::parse(arch->cpu);
    if (failed(parsed)) {
      emitError(module.getLoc()) << "convert-tlxamd-to-rocdl: cannot parse "
                                 << "the chipset of '" << arch->cpu << "'";
      return signalPassFailure();
    }
    rocdl::TargetInfo targetInfo(*arch, *parsed);
    auto families = [&](LLVMTypeConverter &converter,
                        RewritePatternSet &patterns, ConversionTarget &target,
                        const KernelAnalyses &analyses) {
      populateCoreOpsToLLVMPatterns(converter, patterns, targetInfo);
      populateTensorOpsToLLVMPatterns(converter, patterns, targetInfo);
      rocdl::populateBufferOpsToROCDLPatterns(converter, patterns, targetInfo,
                                              analyses);
      populateKernelDialectsToLLVMPatterns(converter, patterns, targetInfo);
      rocdl::populateGpuToROCDLPatterns(converter, patterns, target,
                                        targetInfo);
    };
    if (failed(convertKernelModule(module, targetInfo, families)))
      return signalPassFailure();
  }

  Option<std::string> chipset{
      *this, "chipset", llvm::cl::desc(chipsetHelp()),
      llvm::cl::init(getDefaultArch(Vendor::AMD).name.str())};
};
} // namespace

std::unique_ptr<Pass>
mlir::tlxamd::createConvertTlxAmdToROCDLPass(StringRef chipset) {
  return std::make_unique<ConvertTlxAmdToROCDLPass>(chipset);
}
