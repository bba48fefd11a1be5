//===- TargetInfo.h - ROCDL code generation facts ---------------*- C++ -*-===//
#ifndef TLXAMD_TLXAMDTOROCDL_TARGETINFO_H
#define TLXAMD_TLXAMDTOROCDL_TARGETINFO_H

#include "../Conversion/TargetInfo.h"

#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"

namespace mlir::tlxamd::rocdl {

class TargetInfo final : public TargetInfoBase {
public:
  TargetInfo(const ArchInfo &arch, amdgpu::Chipset chipset)
      : TargetInfoBase(arch), chipset(chipset) {}

  const amdgpu::Chipset &getChipset() const { return chipset; }

  Value programId(RewriterBase &rewriter, Location loc,
                  unsigned axis) const override;
  void populateTargetPatterns(LLVMTypeConverter &converter,
                              RewritePatternSet &patterns,
                              ConversionTarget &target) const override;
  void annotateKernel(LLVM::LLVMFuncOp func,
                      unsigned numThreads) const override;

private:
  amdgpu::Chipset chipset;
};

} // namespace mlir::tlxamd::rocdl

#endif
