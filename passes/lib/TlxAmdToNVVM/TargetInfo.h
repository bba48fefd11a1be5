//===- TargetInfo.h - NVVM code generation facts ----------------*- C++ -*-===//
#ifndef TLXAMD_TLXAMDTONVVM_TARGETINFO_H
#define TLXAMD_TLXAMDTONVVM_TARGETINFO_H

#include "../Conversion/TargetInfo.h"

namespace mlir::tlxamd::nvvm {

class TargetInfo final : public TargetInfoBase {
public:
  explicit TargetInfo(const ArchInfo &arch) : TargetInfoBase(arch) {}

  Value programId(RewriterBase &rewriter, Location loc,
                  unsigned axis) const override;
  Value threadId(RewriterBase &rewriter, Location loc) const override;
  Value warpUniform(RewriterBase &rewriter, Location loc,
                    Value v) const override;
  Value shuffleIndex(RewriterBase &rewriter, Location loc, Value v,
                     Value srcLane) const override;
  void populateTargetPatterns(LLVMTypeConverter &converter,
                              RewritePatternSet &patterns,
                              ConversionTarget &target) const override;
  void annotateKernel(LLVM::LLVMFuncOp func,
                      unsigned numThreads) const override;
};

void populateBufferOpsToNVVMPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns);

} // namespace mlir::tlxamd::nvvm

#endif
