//===- Patterns.h - populating the lowering of tlxamd kernels ---*- C++ -*-===//
//
// The op families every target shares (core ops, distributed tensors, the
// upstream dialects of a kernel) and the driver of one conversion. Each
// target pass lists its families explicitly and hands them to
// `convertKernelModule`; every `populate...` takes the TargetInfo.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TLXAMDTOLLVM_PATTERNS_H
#define TLXAMD_TLXAMDTOLLVM_PATTERNS_H

#include "TargetInfo.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir {
class ConversionTarget;
class LLVMTypeConverter;
class RewritePatternSet;
namespace gpu {
class GPUModuleOp;
} // namespace gpu
namespace tlxamd {

/// Facts about the module computed once before conversion and handed to the
/// patterns that need them.
class KernelAnalyses {
public:
  /// With `remarks`, the lowerings report their code-shape decisions
  /// (split mask groups) as remarks on the ops.
  KernelAnalyses(Operation *module, bool remarks);

  bool remarksEnabled() const { return remarks; }

  /// B12: over how many consecutive elements the axis analysis proves the
  /// mask of a masked buffer op uniform (at most its contiguity; unbounded
  /// when the op has no mask or contiguity 1).
  int64_t getMaskUniformWidth(Operation *op) const;
  /// Over how many consecutive elements the mask is proven a prefix mask
  /// (`offsets < n`): all of them are in exactly when the last one is.
  int64_t getMaskPrefixWidth(Operation *op) const;

private:
  bool remarks;
  /// Per masked buffer op: (uniform width, prefix width).
  llvm::DenseMap<Operation *, std::pair<int64_t, int64_t>> masks;
};

/// Adds a target's op families to the pattern set and legality.
using PopulateFamilies =
    function_ref<void(LLVMTypeConverter &, RewritePatternSet &,
                      ConversionTarget &, const KernelAnalyses &)>;

/// Verify `module` for the target (tlxamd-verify-target), then convert it
/// (tlxamd and the upstream ops of a kernel) to the LLVM dialect with the
/// patterns `populate` adds. Emits diagnostics and fails on error; with
/// `remarks`, also remarks on the lowering's decisions.
LogicalResult convertKernelModule(gpu::GPUModuleOp module,
                                  const TargetInfoBase &targetInfo,
                                  PopulateFamilies populate, bool remarks);

/// Core ops (program ids, scalar pointers, scalar loads/stores).
void populateCoreOpsToLLVMPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   const TargetInfoBase &targetInfo);

/// Distributed tensor ops (ranges, splats, broadcasts, layout changes,
/// tensor constants).
void populateTensorOpsToLLVMPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const TargetInfoBase &targetInfo);

/// The upstream dialects of a kernel body (arith, math, cf, func, index,
/// vector) to LLVM.
void populateKernelDialectsToLLVMPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const TargetInfoBase &targetInfo);

/// Map distributed tensors to the vector of registers one thread owns.
void addTensorTypeConversion(LLVMTypeConverter &converter);

/// Lanes per warp the kernel's layouts assume (the target's warp size when
/// it has no distributed tensors). Threads per program = num_warps x this.
unsigned getKernelLanesPerWarp(Operation *kernel,
                               const TargetInfoBase &targetInfo);

} // namespace tlxamd
} // namespace mlir

#endif // TLXAMD_TLXAMDTOLLVM_PATTERNS_H
