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
} // namespace gpu
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

  /// Thread id within the program (x dimension) as an i32.
  virtual Value threadId(RewriterBase &rewriter, Location loc) const = 0;

  /// `v` (the same in every lane of a warp) made visibly warp-uniform, so
  /// that the backend keeps it in scalar registers where it has them.
  virtual Value warpUniform(RewriterBase &rewriter, Location loc,
                            Value v) const = 0;

  /// The i32 `v` of lane `srcLane` of the same hardware warp (an indexed
  /// warp shuffle; every lane of the warp active).
  virtual Value shuffleIndex(RewriterBase &rewriter, Location loc, Value v,
                             Value srcLane) const = 0;

  /// Whether the target has packed bf16 atomic adds for buffer ops.
  bool hasPackedBF16BufferAtomics() const {
    return arch.packedBF16BufferAtomics;
  }

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

/// Map distributed tensors to the vector of registers one thread owns.
void addTensorTypeConversion(LLVMTypeConverter &converter);

/// Patterns for the distributed tensor ops (ranges, splats, broadcasts,
/// layout changes, tensor constants) on any target.
void populateTensorOpsToLLVMPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const TargetInfoBase &targetInfo);

/// Lanes per warp the kernel's layouts assume (the target's warp size when
/// it has no distributed tensors). Threads per program = num_warps x this.
unsigned getKernelLanesPerWarp(Operation *kernel,
                               const TargetInfoBase &targetInfo);

/// Target-dependent checks of a module's tensors before lowering (layout
/// lane counts against the warp size, supported constants).
LogicalResult verifyTensorsForTarget(Operation *module,
                                     const TargetInfoBase &targetInfo);

/// Run the full conversion of `module` (tlxamd + upstream kernel dialects) to
/// the LLVM dialect for `targetInfo`. Emits diagnostics and fails on error.
LogicalResult convertKernelModule(gpu::GPUModuleOp module,
                                  const TargetInfoBase &targetInfo);

} // namespace tlxamd
} // namespace mlir

#endif // TLXAMD_CONVERSION_TARGETINFO_H
