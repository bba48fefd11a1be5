//===- TlxAmdToNVVM.cpp - convert-tlxamd-to-nvvm -------------------------===//
//
// The NVIDIA lowering: the op families of a kernel, listed explicitly.
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Target/TargetLegality.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_CONVERTTLXAMDTONVVM
#include "tlxamd/Conversion/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

/// The upstream gpu dialect to NVVM.
static void populateGpuToNVVMPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      ConversionTarget &target,
                                      const nvvm::TargetInfo &) {
  populateGpuToNVVMConversionPatterns(converter, patterns);
  configureGpuToNVVMConversionLegality(target);
  allowNativeMath(target);
}

namespace {
struct ConvertTlxAmdToNVVMPass
    : tlxamd::impl::ConvertTlxAmdToNVVMBase<ConvertTlxAmdToNVVMPass> {
  ConvertTlxAmdToNVVMPass() = default;
  ConvertTlxAmdToNVVMPass(const ConvertTlxAmdToNVVMPass &other)
      : ConvertTlxAmdToNVVMBase(other) {}
  ConvertTlxAmdToNVVMPass(StringRef target, bool withRemarks) {
    if (!target.empty())
      chip = target.str();
    remarks = withRemarks;
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    Vendor nvidia = Vendor::NVIDIA;
    const ArchInfo *arch =
        lookupArchOrEmitError(module, chip, "convert-tlxamd-to-nvvm", &nvidia);
    if (!arch)
      return signalPassFailure();
    nvvm::TargetInfo targetInfo(*arch);
    auto families = [&](LLVMTypeConverter &converter,
                        RewritePatternSet &patterns, ConversionTarget &target,
                        const KernelAnalyses &analyses) {
      populateCoreOpsToLLVMPatterns(converter, patterns, targetInfo, analyses);
      populateTensorOpsToLLVMPatterns(converter, patterns, targetInfo);
      populateSharedOpsToLLVMPatterns(converter, patterns, targetInfo);
      populateReduceOpToLLVMPatterns(converter, patterns, targetInfo);
      populateAtomicOpsToLLVMPatterns(converter, patterns, targetInfo);
      populateContractChecksToLLVMPatterns(converter, patterns, targetInfo);
      nvvm::populateBufferOpsToNVVMPatterns(converter, patterns, targetInfo,
                                            analyses);
      nvvm::populateTmaOpsToNVVMPatterns(converter, patterns, targetInfo);
      nvvm::populateTensorMemoryToNVVMPatterns(converter, patterns, targetInfo);
      nvvm::populateTcgen05MmaToNVVMPatterns(converter, patterns, targetInfo);
      nvvm::populateWarpgroupDotToNVVMPatterns(converter, patterns, targetInfo);
      nvvm::populateMatrixOpsToNVVMPatterns(converter, patterns, targetInfo);
      populateKernelDialectsToLLVMPatterns(converter, patterns, targetInfo);
      populateGpuToNVVMPatterns(converter, patterns, target, targetInfo);
    };
    if (failed(convertKernelModule(module, targetInfo, families, remarks)))
      return signalPassFailure();
  }

  Option<std::string> chip{
      *this, "chip", llvm::cl::desc(getTargetOptionHelp(Vendor::NVIDIA)),
      llvm::cl::init(getDefaultArch(Vendor::NVIDIA).name.str())};
  Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("Report the lowering's decisions as remarks on the ops "
                     "(buffer-op groups split because their mask is not "
                     "proven uniform)"),
      llvm::cl::init(false)};
};
} // namespace

std::unique_ptr<Pass>
mlir::tlxamd::createConvertTlxAmdToNVVMPass(StringRef chip, bool remarks) {
  return std::make_unique<ConvertTlxAmdToNVVMPass>(chip, remarks);
}
