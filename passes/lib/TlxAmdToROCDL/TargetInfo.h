//===- TargetInfo.h - ROCDL target primitives -------------------*- C++ -*-===//
#ifndef TLXAMD_TLXAMDTOROCDL_TARGETINFO_H
#define TLXAMD_TLXAMDTOROCDL_TARGETINFO_H

#include "../TlxAmdToLLVM/Patterns.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"

namespace mlir::tlxamd::rocdl {

/// The LLVM function attribute that bounds the AGPRs a kernel allocates
/// ("0": none; MFMA results stay in VGPRs).
inline constexpr llvm::StringLiteral kAgprAllocAttr = "amdgpu-agpr-alloc";

class TargetInfo final : public TargetInfoBase {
public:
  /// `chipset` is upstream's view of the same entry (its GPU-to-ROCDL
  /// patterns take one), parsed from the entry's CPU name.
  TargetInfo(const ArchInfo &arch, amdgpu::Chipset chipset)
      : TargetInfoBase(arch), chipset(chipset) {}
  /// CDNA: `s_waitcnt lgkmcnt(0); s_barrier` (amdgpu.lds_barrier's form on
  /// chips without fences that spare the global memory): the LDS accesses
  /// are waited for, not the global loads and direct-to-LDS copies in
  /// flight (vmcnt), which the kernel orders with its own waits.
  void sharedBarrier(RewriterBase &rewriter, Location loc) const override;
  /// v_readfirstlane (the value moves to a scalar register).
  Value laneZeroValue(RewriterBase &rewriter, Location loc,
                      Value v) const override {
    return warpUniform(rewriter, loc, v);
  }

  const amdgpu::Chipset &getChipset() const { return chipset; }

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
  Value reductionShuffle(RewriterBase &rewriter, Location loc, Value v,
                         unsigned laneMask, Value lane,
                         bool uniformBelow) const override;
  StringRef syncScope(MemScope scope) const override;
  void annotateKernel(LLVM::LLVMFuncOp func,
                      unsigned numThreads) const override;
  Value log2Approx(RewriterBase &rewriter, Location loc,
                   Value x) const override;
  bool branchesAroundMaskedAccesses() const override { return true; }
  SmallVector<Value> transposedSharedRead(RewriterBase &rewriter, Location loc,
                                          Value ptr, Type elem) const override;
  Value sqrtApprox(RewriterBase &rewriter, Location loc,
                   Value x) const override;
  Value rsqrtApprox(RewriterBase &rewriter, Location loc,
                    Value x) const override;
  void asyncCommitGroup(RewriterBase &rewriter, Location loc) const override;
  void asyncWait(RewriterBase &rewriter, Location loc, unsigned groups,
                 int64_t copies, bool forAsyncProxy) const override;

  //===--- Buffer instructions (the TLX buffer-op reference)
  //---------------------------===//
  /// voffset that is out of bounds of every descriptor we build (masked
  /// accesses read zero and drop writes).
  static constexpr int64_t kOutOfBoundsOffset = 0x80000000LL;
  /// A raw buffer resource over `base` (stride 0, 2 GiB - 2 bytes of records,
  /// or `numRecords` bytes, an i32).
  Value makeBufferResource(RewriterBase &rewriter, Location loc, Value base,
                           Value numRecords = {}) const;
  /// The aux (cache policy) bits of a load or store cache modifier.
  int32_t getCacheBits(std::optional<CacheModifier> cache, bool isLoad) const;
  /// The aux bits of an atomic of `scope`.
  int32_t getAtomicBits(MemScope scope) const;
  /// Fences implementing `sem` at `scope` around a buffer atomic.
  void emitFenceBefore(RewriterBase &rewriter, Location loc, MemSemantic sem,
                       MemScope scope) const;
  void emitFenceAfter(RewriterBase &rewriter, Location loc, MemSemantic sem,
                      MemScope scope) const;

private:
  amdgpu::Chipset chipset;
};

/// buffer_load / buffer_store / buffer_atomic_add (the TLX buffer-op
/// reference).
void populateBufferOpsToROCDLPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TargetInfo &targetInfo,
                                      const KernelAnalyses &analyses);

/// Preshuffled MXFP B loads (the Mojo PreshuffledBLoader reference).
void populatePreshuffleToROCDLPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TargetInfo &targetInfo);

/// tl.dot on MFMA and WMMA; register classes and scheduled MFMAs.
void populateMatrixOpsToROCDLPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TargetInfo &targetInfo);

/// dot_scaled on the scaled MFMA and WMMA.
void populateDotScaledToROCDLPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TargetInfo &targetInfo);

/// The ROCDL op `rocdl.<name>` of `operands` and `result` with every
/// immediate attribute the op declares set: `immediate(name)`'s value
/// where it gives one, else zero / false (no modifiers, no operand reuse).
Value createIntrinsic(RewriterBase &rewriter, Location loc, StringRef name,
                      ValueRange operands, Type result,
                      function_ref<Attribute(StringRef)> immediate);

} // namespace mlir::tlxamd::rocdl

#endif
