//===- TlxAmdToNVVM.cpp - convert-tlxamd-to-nvvm -------------------------===//
//
// The NVIDIA lowering: the op families of a kernel, listed explicitly.
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Target/TargetLegality.h"
#include "tlxamd/Target/TargetOption.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
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

/// A CTA's shared memory must outlive the TMA stores reading it: a kernel
/// that issues them waits for their reads before each return (only the
/// issuing thread has groups to wait for).
static void waitForTmaStoresAtExit(gpu::GPUModuleOp module) {
  llvm::SetVector<Operation *> kernels;
  module.walk([&](AsyncTmaCopySharedToGlobalOp op) {
    if (auto fn = op->getParentOfType<FunctionOpInterface>())
      kernels.insert(fn);
  });
  for (Operation *fn : kernels)
    fn->walk([&](Operation *op) {
      // The function's exits: its terminators without successors.
      if (op->getParentOp() != fn || !op->hasTrait<OpTrait::IsTerminator>() ||
          op->getNumSuccessors() != 0)
        return;
      OpBuilder b(op);
      NVVM::CpAsyncBulkWaitGroupOp::create(b, op->getLoc(), 0, b.getUnitAttr());
    });
}

namespace {
struct ConvertTlxAmdToNVVMPass
    : tlxamd::impl::ConvertTlxAmdToNVVMBase<ConvertTlxAmdToNVVMPass> {
  using ConvertTlxAmdToNVVMBase::ConvertTlxAmdToNVVMBase;

  LogicalResult initialize(MLIRContext *) override {
    resolved.resolve(target, chip, Vendor::NVIDIA);
    return success();
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    const ArchInfo *arch = resolved.get(module, "convert-tlxamd-to-nvvm");
    if (!arch)
      return signalPassFailure();
    nvvm::TargetInfo targetInfo(*arch);
    auto families = [&](LLVMTypeConverter &converter,
                        RewritePatternSet &patterns, ConversionTarget &target,
                        const KernelAnalyses &analyses) {
      populateCoreOpsToLLVMPatterns(converter, patterns, targetInfo, analyses);
      populateTensorOpsToLLVMPatterns(converter, patterns, targetInfo);
      populateSharedOpsToLLVMPatterns(converter, patterns, targetInfo,
                                      analyses);
      populateReduceOpToLLVMPatterns(converter, patterns, targetInfo);
      populateAtomicOpsToLLVMPatterns(converter, patterns, targetInfo);
      populateContractChecksToLLVMPatterns(converter, patterns, targetInfo);
      nvvm::populateBufferOpsToNVVMPatterns(converter, patterns, targetInfo,
                                            analyses);
      nvvm::populateTmaOpsToNVVMPatterns(converter, patterns, targetInfo,
                                         analyses);
      nvvm::populateTensorMemoryToNVVMPatterns(converter, patterns, targetInfo);
      nvvm::populateTcgen05MmaToNVVMPatterns(converter, patterns, targetInfo);
      nvvm::populateWarpgroupDotToNVVMPatterns(converter, patterns, targetInfo,
                                               analyses);
      nvvm::populateMatrixOpsToNVVMPatterns(converter, patterns, targetInfo);
      populateKernelDialectsToLLVMPatterns(converter, patterns, targetInfo);
      populateGpuToNVVMPatterns(converter, patterns, target, targetInfo);
    };
    waitForTmaStoresAtExit(module);
    if (failed(convertKernelModule(module, targetInfo, families, remarks)))
      return signalPassFailure();
  }

  ResolvedTarget resolved;
};
} // namespace

std::unique_ptr<Pass>
mlir::tlxamd::createConvertTlxAmdToNVVMPass(StringRef chip, bool remarks) {
  ConvertTlxAmdToNVVMOptions options;
  if (!chip.empty())
    options.target = chip.str();
  options.remarks = remarks;
  return createConvertTlxAmdToNVVM(options);
}
