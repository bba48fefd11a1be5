//===- TargetInfo.cpp - NVVM code generation facts -----------------------===//
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/LayoutLowering.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::nvvm;

Value TargetInfo::programId(RewriterBase &rewriter, Location loc,
                            unsigned axis) const {
  Type i32 = rewriter.getI32Type();
  switch (axis) {
  case 0:
    return NVVM::BlockIdXOp::create(rewriter, loc, i32);
  case 1:
    return NVVM::BlockIdYOp::create(rewriter, loc, i32);
  default:
    return NVVM::BlockIdZOp::create(rewriter, loc, i32);
  }
}

Value TargetInfo::threadId(RewriterBase &rewriter, Location loc) const {
  return NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
}

Value TargetInfo::warpUniform(RewriterBase &, Location, Value v) const {
  // NVIDIA has no scalar register file: uniformity is the compiler's.
  return v;
}

Value TargetInfo::shuffleIndex(RewriterBase &rewriter, Location loc, Value v,
                               Value srcLane) const {
  // shfl.sync.idx.b32 over the full warp, lane index clamped to 31.
  return NVVM::ShflOp::create(rewriter, loc, rewriter.getI32Type(),
                              i32Const(rewriter, loc, -1), v, srcLane,
                              i32Const(rewriter, loc, getWarpSize() - 1),
                              NVVM::ShflKind::idx, UnitAttr());
}

void mlir::tlxamd::nvvm::populateGpuToNVVMPatterns(LLVMTypeConverter &converter,
                                                   RewritePatternSet &patterns,
                                                   ConversionTarget &target,
                                                   const TargetInfo &) {
  populateGpuToNVVMConversionPatterns(converter, patterns);
  configureGpuToNVVMConversionLegality(target);
}

void TargetInfo::annotateKernel(LLVM::LLVMFuncOp func,
                                unsigned numThreads) const {
  // `nvvm.maxntid` comes from known_block_size through the upstream lowering;
  // nothing else is needed on NVIDIA.
  (void)func;
  (void)numThreads;
}
