//===- Pipelines.cpp - tlxamd-to-llvm{target=...} ------------------------===//
#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Target/Arch.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
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
    function_ref<LogicalResult(const Twine &)> errorHandler, bool remarks,
    bool sanitize) {
  const ArchInfo *arch = lookupArch(target);
  if (!arch)
    return errorHandler("tlxamd-to-llvm: unsupported target '" + target +
                        "' (supported: " + getSupportedArchNames() + ")");
  // uint8 tensor-memory buffers become MX-scales buffers (the TLX tensor-core
  // reference).
  if (arch->isNVIDIA())
    pm.addPass(createTlxAmdResolveTmemLayouts());
  // acc + dot(a, b, 0): the product accumulates acc.
  pm.addPass(createTlxAmdCombineDotAdd());
  // dot_scaled the target has no scaled instruction for: operands upcast
  // by value, then the plain dot (before the pipeliner sees the loads).
  {
    TlxAmdDecomposeDotScaledOptions options;
    options.target = arch->name.str();
    pm.addPass(createTlxAmdDecomposeDotScaled(options));
  }
  // Loops with `num_stages`: loads feeding dots staged through shared
  // memory (layout-free input), other loads one iteration ahead.
  {
    TlxAmdPipelineOptions options;
    options.target = arch->name.str();
    options.remarks = remarks;
    pm.addPass(createTlxAmdPipeline(options));
  }
  // Layout-free tensors (the frontend's) get layouts first; a no-op on
  // kernels written with explicit layouts.
  pm.addPass(createTlxAmdAssignLayoutsPass(arch->name));
  pm.addPass(createTlxAmdRemoveLayoutConversionsPass(/*assignedOnly=*/true));
  // Buffer indices `i % STAGES` as loop-carried counters on AMD (on the
  // H200 the carried form made the 3-stage wgmma GEMM 8% slower, measured
  // A/B: NVPTX code generation keeps the remainders).
  // Warp-pipelined loops checked (W12) and turned into a ping-pong of the
  // wave halves while their buffer indices are still `i % STAGES`.
  if (arch->isAMD()) {
    TlxAmdWarpPipelineOptions options;
    options.target = arch->name.str();
    pm.addPass(createTlxAmdWarpPipeline(options));
    pm.addPass(createTlxAmdLoopRemainders());
  }
  pm.addPass(createTlxAmdConvertToBufferOpsPass(arch->name));
  pm.addPass(createTlxAmdVerifyTargetPass(arch->name));
  // The contract sanitizer: run-time checks of what no analysis proves.
  if (sanitize)
    pm.addPass(createTlxAmdInstrumentContractsPass(arch->name));
  // Before scf lowering: lifetimes follow the structured control flow.
  pm.addPass(createTlxAmdAllocateSharedMemoryPass(arch->name));
  // The conversion lowers structured control flow itself, after its
  // analyses have read the loops.
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(arch->isAMD()
                      ? createConvertTlxAmdToROCDLPass(arch->name, remarks)
                      : createConvertTlxAmdToNVVMPass(arch->name, remarks));
  // NVVM ops without an intrinsic (a predicated mbarrier or TMA copy, the
  // mbarrier wait loop) become their inline PTX.
  if (arch->isNVIDIA())
    kernels.addPass(createConvertNVVMToLLVMPass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  return success();
}

namespace {
struct TlxAmdToLLVMPipelineOptions
    : public PassPipelineOptions<TlxAmdToLLVMPipelineOptions> {
  Option<std::string> target{
      *this, "target", llvm::cl::desc(getTargetOptionHelp(std::nullopt)),
      llvm::cl::init(getDefaultArch(Vendor::AMD).name.str())};
  Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("Report the conversion's decisions as remarks"),
      llvm::cl::init(false)};
  Option<bool> sanitize{
      *this, "sanitize",
      llvm::cl::desc("Check at run time the contract promises no analysis "
                     "proves (tlxamd-instrument-contracts)"),
      llvm::cl::init(false)};
};
} // namespace

void mlir::tlxamd::registerTlxAmdPipelines() {
  registerPassPipeline(
      "tlxamd-to-llvm",
      "Lower a module of tlxamd kernels to the LLVM dialect (ROCDL or NVVM) "
      "for a target of the capability table",
      [](OpPassManager &pm, StringRef optionsStr,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        TlxAmdToLLVMPipelineOptions options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        return buildTlxAmdToLLVMPipeline(pm, options.target, errorHandler,
                                         options.remarks, options.sanitize);
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(TlxAmdToLLVMPipelineOptions());
      });
}
