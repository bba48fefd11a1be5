//===- TargetInfo.h - per-target code generation facts ----------*- C++ -*-===//
//
// The interface through which the shared tlxamd lowering patterns reach the
// target: one implementation for ROCDL, one for NVVM. Patterns that are the
// same on both vendors are written once against it.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_CONVERSION_TARGETINFO_H
#define TLXAMD_CONVERSION_TARGETINFO_H

#include "tlxamd/Target/Arch.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
class ConversionTarget;
class LLVMTypeConverter;
class RewritePatternSet;
namespace gpu {
class GPUFuncOp;
class GPUModuleOp;
}
namespace tlxamd {

class TargetInfoBase {
public:
  explicit TargetInfoBase(const ArchInfo &arch) : arch(arch) {}
  virtual ~TargetInfoBase() = default;

  const ArchInfo &getArch() const { return arch; }
  unsigned getWarpSize() const { return arch.warpSize; }

  /// Program (workgroup / CTA) id along `axis` as an i32.
  virtual Value programId(RewriterBase &rewriter, Location loc,
                          unsigned axis) const = 0;

  /// Add the upstream GPU-to-target patterns and legality.
  virtual void populateTargetPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      ConversionTarget &target) const = 0;

  /// Attach the target's kernel attributes to a lowered kernel that runs
  /// `numThreads` threads per program.
  virtual void annotateKernel(LLVM::LLVMFuncOp func,
                              unsigned numThreads) const = 0;

private:
  const ArchInfo &arch;
};

/// Patterns for the core ops (program ids, scalar pointers) on any target.
void populateCoreOpsToLLVMPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   const TargetInfoBase &targetInfo);

/// Run the full conversion of `module` (tlxamd + upstream kernel dialects) to
/// the LLVM dialect for `targetInfo`. Emits diagnostics and fails on error.
LogicalResult convertKernelModule(gpu::GPUModuleOp module,
                                  const TargetInfoBase &targetInfo);

} // namespace tlxamd
} // namespace mlir

#endif // TLXAMD_CONVERSION_TARGETINFO_H
