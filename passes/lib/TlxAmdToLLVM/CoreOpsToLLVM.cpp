//===- CoreOpsToLLVM.cpp - program ids and scalar memory, any target -----===//
#include "Patterns.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

struct ProgramIdOpLowering : ConvertOpToLLVMPattern<ProgramIdOp> {
  ProgramIdOpLowering(LLVMTypeConverter &converter,
                      const TargetInfoBase &targetInfo)
      : ConvertOpToLLVMPattern(converter), targetInfo(targetInfo) {}

  LogicalResult
  matchAndRewrite(ProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, targetInfo.programId(rewriter, op.getLoc(), op.getAxis()));
    return success();
  }
  const TargetInfoBase &targetInfo;
};

struct AddPtrOpLowering : ConvertOpToLLVMPattern<AddPtrOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type elemType = op.getPtr().getType().getPointeeType();
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, resultType, elemType,
                                             adaptor.getPtr(),
                                             ValueRange{adaptor.getOffset()});
    return success();
  }
};

struct LoadOpLowering : ConvertOpToLLVMPattern<LoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, type, adaptor.getPtr());
    return success();
  }
};

struct StoreOpLowering : ConvertOpToLLVMPattern<StoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, adaptor.getValue(),
                                               adaptor.getPtr());
    return success();
  }
};

} // namespace

void mlir::tlxamd::populateCoreOpsToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &targetInfo) {
  patterns.add<ProgramIdOpLowering>(converter, targetInfo);
  patterns.add<AddPtrOpLowering, LoadOpLowering, StoreOpLowering>(converter);
}
