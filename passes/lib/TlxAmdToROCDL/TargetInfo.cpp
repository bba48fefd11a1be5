//===- TargetInfo.cpp - ROCDL code generation facts ----------------------===//
#include "TargetInfo.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/GPUToROCDL/Runtimes.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::rocdl;

Value TargetInfo::programId(RewriterBase &rewriter, Location loc,
                            unsigned axis) const {
  Type i32 = rewriter.getI32Type();
  switch (axis) {
  case 0:
    return ROCDL::BlockIdXOp::create(rewriter, loc, i32);
  case 1:
    return ROCDL::BlockIdYOp::create(rewriter, loc, i32);
  default:
    return ROCDL::BlockIdZOp::create(rewriter, loc, i32);
  }
}

void TargetInfo::populateTargetPatterns(LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        ConversionTarget &target) const {
  populateGpuToROCDLConversionPatterns(converter, patterns,
                                       gpu::amd::Runtime::Unknown, chipset);
  configureGpuToROCDLConversionLegality(target);
}

void TargetInfo::annotateKernel(LLVM::LLVMFuncOp func,
                                unsigned numThreads) const {
  // The register allocator budgets VGPRs for the largest workgroup the
  // kernel may be launched with: state it exactly.
  func->setAttr("rocdl.flat_work_group_size",
                StringAttr::get(func.getContext(),
                                "1," + std::to_string(numThreads)));
}
