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
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
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

/// Rule L2 orders an access of a copy's destination after its `async_wait`
/// (an explicit `s_waitcnt vmcnt`), so shared-memory reads and writes are
/// marked not to alias the direct-to-LDS copies: otherwise the backend,
/// which cannot tell the buffers apart, waits for every copy in flight (the
/// next tiles' included) before each read, and before the first write of a
/// conversion's or reduction's scratch, and the copies no longer overlap
/// the math.
static void markDirectCopyScopes(gpu::GPUModuleOp module) {
  SmallVector<ROCDL::RawPtrBufferLoadLdsOp> copies;
  module.walk([&](ROCDL::RawPtrBufferLoadLdsOp op) { copies.push_back(op); });
  if (copies.empty())
    return;
  MLIRContext *ctx = module.getContext();
  auto domain = LLVM::AliasScopeDomainAttr::get(
      ctx, StringAttr::get(ctx, "tlxamd shared memory"));
  auto scope = ArrayAttr::get(
      ctx, {LLVM::AliasScopeAttr::get(
               domain, StringAttr::get(ctx, "direct-to-LDS copies"))});
  for (ROCDL::RawPtrBufferLoadLdsOp copy : copies)
    copy.setAliasScopesAttr(scope);
  module.walk([&](LLVM::AliasAnalysisOpInterface op) {
    bool access = isa<LLVM::LoadOp, LLVM::StoreOp>(op) ||
                  op->getName().getStringRef().starts_with("rocdl.ds.read.tr");
    if (!access)
      return;
    for (Value ptr : op.getAccessedOperands())
      if (auto type = dyn_cast<LLVM::LLVMPointerType>(ptr.getType());
          type && type.getAddressSpace() == 3)
        op.setNoAliasScopes(scope);
  });
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
      populateSharedOpsToLLVMPatterns(converter, patterns, targetInfo,
                                      analyses);
      populateReduceOpToLLVMPatterns(converter, patterns, targetInfo);
      populateAtomicOpsToLLVMPatterns(converter, patterns, targetInfo);
      populateContractChecksToLLVMPatterns(converter, patterns, targetInfo);
      rocdl::populateBufferOpsToROCDLPatterns(converter, patterns, targetInfo,
                                              analyses);
      rocdl::populateMatrixOpsToROCDLPatterns(converter, patterns, targetInfo);
      rocdl::populateDotScaledToROCDLPatterns(converter, patterns, targetInfo);
      rocdl::populatePreshuffleToROCDLPatterns(converter, patterns, targetInfo);
      populateKernelDialectsToLLVMPatterns(converter, patterns, targetInfo);
      populateGpuToROCDLPatterns(converter, patterns, target, targetInfo);
    };
    if (failed(convertKernelModule(module, targetInfo, families, remarks)))
      return signalPassFailure();
    markDirectCopyScopes(module);
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
