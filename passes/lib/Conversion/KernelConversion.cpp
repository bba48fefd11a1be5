//===- KernelConversion.cpp - the conversion shared by ROCDL and NVVM ----===//
#include "BufferAccess.h"
#include "TargetInfo.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// Every kernel gets its block size from `tlxamd.num_warps` and the target's
/// warp size, as upstream `known_block_size`, so that the upstream GPU
/// lowering emits the target's launch-bound attributes.
static LogicalResult setKernelBlockSizes(gpu::GPUModuleOp module,
                                         const TargetInfoBase &targetInfo,
                                         llvm::StringMap<unsigned> &threads) {
  WalkResult result = module.walk([&](gpu::GPUFuncOp func) {
    if (!func.isKernel())
      return WalkResult::advance();
    std::optional<int64_t> numWarps = getNumWarps(func);
    if (!numWarps) {
      func.emitError() << "kernel '" << func.getName() << "' has no '"
                       << TlxAmdDialect::getNumWarpsAttrName() << "' attribute";
      return WalkResult::interrupt();
    }
    unsigned n = *numWarps * getKernelLanesPerWarp(func, targetInfo);
    if (auto known = func.getKnownBlockSizeAttr()) {
      if (known.asArrayRef() != ArrayRef<int32_t>{int32_t(n), 1, 1}) {
        func.emitError() << "known_block_size disagrees with "
                         << TlxAmdDialect::getNumWarpsAttrName() << " = "
                         << *numWarps << " on " << targetInfo.getArch().name
                         << " (" << n << " threads)";
        return WalkResult::interrupt();
      }
    }
    func.setKnownBlockSizeAttr(
        DenseI32ArrayAttr::get(func.getContext(), {int32_t(n), 1, 1}));
    threads[func.getName()] = n;
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult
mlir::tlxamd::convertKernelModule(gpu::GPUModuleOp module,
                                  const TargetInfoBase &targetInfo) {
  MLIRContext *ctx = module.getContext();
  llvm::StringMap<unsigned> threads;
  if (failed(setKernelBlockSizes(module, targetInfo, threads)))
    return failure();

  LowerToLLVMOptions options(ctx);
  LLVMTypeConverter converter(ctx, options);
  converter.addConversion([ctx](PtrType type) -> Type {
    return LLVM::LLVMPointerType::get(ctx, type.getAddressSpace());
  });
  addTensorTypeConversion(converter);
  if (failed(verifyTensorsForTarget(module, targetInfo)) ||
      failed(verifyBufferOpsForTarget(module, targetInfo)))
    return failure();
  annotateMaskUniformity(module);

  RewritePatternSet patterns(ctx);
  LLVMConversionTarget target(*ctx);
  target.addIllegalDialect<TlxAmdDialect>();
  target.addLegalOp<gpu::GPUModuleOp>();

  populateCoreOpsToLLVMPatterns(converter, patterns, targetInfo);
  populateTensorOpsToLLVMPatterns(converter, patterns, targetInfo);
  arith::populateArithToLLVMConversionPatterns(converter, patterns);
  populateMathToLLVMConversionPatterns(converter, patterns);
  cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
  populateFuncToLLVMConversionPatterns(converter, patterns);
  index::populateIndexToLLVMConversionPatterns(converter, patterns);
  populateVectorToLLVMConversionPatterns(converter, patterns);
  targetInfo.populateTargetPatterns(converter, patterns, target);

  if (failed(applyPartialConversion(module, target, std::move(patterns))))
    return failure();

  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    auto it = threads.find(func.getName());
    if (it != threads.end())
      targetInfo.annotateKernel(func, it->second);
  }
  return success();
}
