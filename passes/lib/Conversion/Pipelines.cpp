//===- Pipelines.cpp - tlxamd-to-llvm{target=...} ------------------------===//
#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Target/Arch.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tlxamd;

LogicalResult mlir::tlxamd::buildTlxAmdToLLVMPipeline(
    OpPassManager &pm, StringRef target,
    function_ref<LogicalResult(const Twine &)> errorHandler) {
  const ArchInfo *arch = lookupArch(target);
  if (!arch)
    return errorHandler("tlxamd-to-llvm: unknown target '" + target +
                        "' (supported: " + getSupportedArchNames(Vendor::AMD) +
                        ", " + getSupportedArchNames(Vendor::NVIDIA) + ")");
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createSCFToControlFlowPass());
  if (arch->isAMD()) {
    ConvertTlxAmdToROCDLOptions options;
    options.chipset = arch->name.str();
    kernels.addPass(createConvertTlxAmdToROCDL(options));
  } else {
    ConvertTlxAmdToNVVMOptions options;
    options.chip = arch->name.str();
    kernels.addPass(createConvertTlxAmdToNVVM(options));
  }
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  return success();
}

namespace {
struct TlxAmdToLLVMPipelineOptions
    : public PassPipelineOptions<TlxAmdToLLVMPipelineOptions> {
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("target chip: gfx942, gfx950, gfx1250, sm_90a, sm_100a"),
      llvm::cl::init("gfx950")};
};
} // namespace

void mlir::tlxamd::registerTlxAmdPipelines() {
  registerPassPipeline(
      "tlxamd-to-llvm",
      "Lower a module of tlxamd kernels to the LLVM dialect (ROCDL or NVVM) "
      "for a target chip",
      [](OpPassManager &pm, StringRef optionsStr,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        TlxAmdToLLVMPipelineOptions options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        return buildTlxAmdToLLVMPipeline(pm, options.target, errorHandler);
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(TlxAmdToLLVMPipelineOptions());
      });
}
