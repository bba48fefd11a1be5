//===- TargetInfo.h - NVVM target primitives --------------------*- C++ -*-===//
#ifndef TLXAMD_TLXAMDTONVVM_TARGETINFO_H
#define TLXAMD_TLXAMDTONVVM_TARGETINFO_H

#include "../TlxAmdToLLVM/Patterns.h"

namespace mlir::tlxamd::nvvm {

class TargetInfo final : public TargetInfoBase {
public:
  explicit TargetInfo(const ArchInfo &arch) : TargetInfoBase(arch) {}

  Value programId(RewriterBase &rewriter, Location loc,
                  unsigned axis) const override;
  Value numPrograms(RewriterBase &rewriter, Location loc,
                    unsigned axis) const override;
  Value programThreadId(RewriterBase &rewriter, Location loc) const override;
  Value activeLanes(RewriterBase &rewriter, Location loc) const override;
  Value warpUniform(RewriterBase &rewriter, Location loc,
                    Value v) const override;
  Value shuffleIndex(RewriterBase &rewriter, Location loc, Value v,
                     Value srcLane) const override;
  Value shuffleXor(RewriterBase &rewriter, Location loc, Value v,
                   unsigned laneMask, Value lane) const override;
  StringRef syncScope(MemScope scope) const override;
  void annotateKernel(LLVM::LLVMFuncOp func,
                      unsigned numThreads) const override;
  void namedBarrier(RewriterBase &rewriter, Location loc, Value id,
                    Value threads, bool wait) const override;
  void setTaskRegisters(RewriterBase &rewriter, Location loc,
                        LLVM::LLVMFuncOp kernel, int64_t registers,
                        int64_t limit) const override;
  Value log2Approx(RewriterBase &rewriter, Location loc,
                   Value x) const override;
  Value sqrtApprox(RewriterBase &rewriter, Location loc,
                   Value x) const override;
  Value rsqrtApprox(RewriterBase &rewriter, Location loc,
                    Value x) const override;
  bool dividesF32() const override { return true; }
  Value divideF32(RewriterBase &rewriter, Location loc, Value a,
                  Value b) const override;
  void asyncCommitGroup(RewriterBase &rewriter, Location loc) const override;
  void asyncWait(RewriterBase &rewriter, Location loc, unsigned groups,
                 int64_t copies, bool forAsyncProxy) const override;
  SmallVector<Value> truncFloatsNative(RewriterBase &rewriter, Location loc,
                                       ArrayRef<Value> values, Type dst,
                                       bool towardZero) const override;
  SmallVector<Value> extFloatsNative(RewriterBase &rewriter, Location loc,
                                     ArrayRef<Value> codes,
                                     Type src) const override;
};

/// buffer_load / buffer_store / buffer_atomic_add as predicated global
/// accesses (the TLX buffer-op reference's semantics on NVIDIA).
void populateBufferOpsToNVVMPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const TargetInfo &targetInfo,
                                     const KernelAnalyses &analyses);

/// mbarriers and tensor-memory-accelerator copies (sm_90 and later).
void populateTmaOpsToNVVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const TargetInfo &targetInfo,
                                  const KernelAnalyses &analyses);

/// Tensor memory and tcgen05 (sm_100a).
void populateTensorMemoryToNVVMPatterns(LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        const TargetInfo &targetInfo);

/// tcgen05 MMAs (async_dot, async_dot_scaled) and scale copies
/// (tmem_copy) (sm_100a).
void populateTcgen05MmaToNVVMPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TargetInfo &targetInfo);

/// Hopper's warpgroup MMAs (warpgroup_dot, warpgroup_dot_wait: wgmma).
void populateWarpgroupDotToNVVMPatterns(LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        const TargetInfo &targetInfo,
                                        const KernelAnalyses &analyses);

/// tl.dot on mma.sync.
void populateMatrixOpsToNVVMPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const TargetInfo &targetInfo);

} // namespace mlir::tlxamd::nvvm

#endif
