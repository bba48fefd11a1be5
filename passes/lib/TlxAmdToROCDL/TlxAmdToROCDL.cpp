//===- TlxAmdToROCDL.cpp - convert-tlxamd-to-rocdl -----------------------===//
//
// The AMD lowering: the op families of a kernel, listed explicitly.
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Target/TargetLegality.h"
#include "tlxamd/Target/TargetOption.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/GPUToROCDL/Runtimes.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_CONVERTTLXAMDTOROCDL
#include "tlxamd/Conversion/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

/// The upstream gpu dialect to ROCDL.
static void populateGpuToROCDLPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       ConversionTarget &target,
                                       const rocdl::TargetInfo &targetInfo) {
  populateGpuToROCDLConversionPatterns(
      converter, patterns, gpu::amd::Runtime::Unknown, targetInfo.getChipset());
  configureGpuToROCDLConversionLegality(target);
  allowNativeMath(target);
}

namespace {
struct ConvertTlxAmdToROCDLPass
    : tlxamd::impl::ConvertTlxAmdToROCDLBase<ConvertTlxAmdToROCDLPass> {
  using ConvertTlxAmdToROCDLBase::ConvertTlxAmdToROCDLBase;

  LogicalResult initialize(MLIRContext *) override {
    resolved.resolve(target, chipset, Vendor::AMD);
    return success();
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    const ArchInfo *arch = resolved.get(module, "convert-tlxamd-to-rocdl");
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
      populateCoreOpsToLLVMPatterns(converter, patterns, targetInfo, analyses);
      populateTensorOpsToLLVMPatterns(converter, patterns, targetInfo);
      populateSharedOpsToLLVMPatterns(converter, patterns, targetInfo);
      populateReduceOpToLLVMPatterns(converter, patterns, targetInfo);
      populateAtomicOpsToLLVMPatterns(converter, patterns, targetInfo);
      populateContractChecksToLLVMPatterns(converter, patterns, targetInfo);
      rocdl::populateBufferOpsToROCDLPatterns(converter, patterns, targetInfo,
                                              analyses);
      rocdl::populateMatrixOpsToROCDLPatterns(converter, patterns, targetInfo);
      rocdl::populatePreshuffleToROCDLPatterns(converter, patterns, targetInfo);
      populateKernelDialectsToLLVMPatterns(converter, patterns, targetInfo);
      populateGpuToROCDLPatterns(converter, patterns, target, targetInfo);
    };
    if (failed(convertKernelModule(module, targetInfo, families, remarks)))
      return signalPassFailure();
  }

  ResolvedTarget resolved;
};
} // namespace

std::unique_ptr<Pass>
mlir::tlxamd::createConvertTlxAmdToROCDLPass(StringRef chipset, bool remarks) {
  ConvertTlxAmdToROCDLOptions options;
  if (!chipset.empty())
    options.target = chipset.str();
  options.remarks = remarks;
  return createConvertTlxAmdToROCDL(options);
}
