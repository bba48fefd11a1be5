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

#include "tlxamd/Target/TargetLegality.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir {
class ConversionTarget;
class LLVMTypeConverter;
class RewritePatternSet;
namespace gpu {
class GPUModuleOp;
} // namespace gpu
namespace tlxamd {

/// `emit()` where `pred` holds: the current block is split and `emit` gets
/// a block of its own. With a `type`, its result (of `type`) where `pred`
/// holds, else zero; without one, `emit` returns no value (null).
Value emitPredicated(ConversionPatternRewriter &rewriter, Location loc,
                     Value pred, Type type, function_ref<Value()> emit);

/// Conversion patterns that need the target (thread ids, shuffles, its
/// conversion instructions), applied in order of `Benefit`.
template <typename OpTy, unsigned Benefit = 1>
struct TargetPattern : ConvertOpToLLVMPattern<OpTy> {
  TargetPattern(LLVMTypeConverter &converter, const TargetInfoBase &targetInfo)
      : ConvertOpToLLVMPattern<OpTy>(converter, Benefit),
        targetInfo(targetInfo) {}
  const TargetInfoBase &targetInfo;
};

/// Ops whose lowered value is their source's: views and casts that change
/// no bits (pointer casts, transposed shared views).
template <typename OpTy>
struct ForwardSourceLowering : ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

/// Facts about the module computed once before conversion and handed to the
/// patterns that need them.
class KernelAnalyses {
public:
  /// With `remarks`, the lowerings report their code-shape decisions
  /// (split mask groups) as remarks on the ops.
  KernelAnalyses(Operation *module, const ArchInfo &arch, bool remarks);

  bool remarksEnabled() const { return remarks; }

  /// What the axis analysis proves about a buffer op's registers (for a
  /// load or store through a tensor of pointers: the run the pointers are
  /// proven contiguous and aligned over).
  struct BufferFacts {
    /// Registers sharing one base offset: the op's contiguity (B12), or for
    /// atomics (one element per access, never merged) the run the analysis
    /// proves consecutive.
    int64_t offsetsRun;
    /// B12: over how many consecutive registers the mask is proven uniform
    /// (at most the run; unbounded without a mask).
    int64_t maskUniformWidth;
    /// Over how many the mask is proven a prefix mask (`offsets < n`): all
    /// of them are in exactly when the last one is.
    int64_t maskPrefixWidth;
  };
  const BufferFacts &getBufferFacts(Operation *op) const;

  /// How a buffer_load_to_shared copies (planDirectCopy), decided on the
  /// unconverted kernel: the axis analysis cannot see through operands the
  /// conversion has already replaced. Null for a copy the target cannot do
  /// (tlxamd-verify-target reported it).
  const DirectCopyPlan *getCopyPlan(Operation *op) const;

  /// For a mask op (an i1 compare or logic op on a tensor) whose value the
  /// axis analysis proves constant over aligned blocks that several of a
  /// thread's registers share: per register, the register whose value it
  /// repeats (LinearLayout::getUniformRegisterRepresentatives). Null when
  /// every register is its own.
  const llvm::SmallVector<int64_t> *getUniformRegisters(Operation *op) const;

  /// An async_wait and the warpgroup_dot after it in its block with only
  /// copies, commits and side-effect-free ops between (a pipelined K
  /// step): the wait makes the landed copies visible to the async proxy
  /// (and its barrier to every thread), so the MMA needs no fence and
  /// barrier of its own (the copies between write other buffers, rule L2).
  /// Also a warpgroup_dot or TMA copy whose tiles only the async proxy
  /// touches (TMA writes, MMA and TMA-store reads; mbarriers order them).
  bool isAsyncProxyHandoff(Operation *op) const {
    return asyncProxyHandoffs.contains(op);
  }

  /// Of two local_stores to different allocations with nothing between
  /// that touches shared memory, the first's trailing barrier and the
  /// second's leading one are the same: one barrier before both stores and
  /// one after both (the tensors' writes are disjoint, and the readers of
  /// the second tile were done at the first's barrier).
  bool storeSkipsLeadingBarrier(Operation *op) const {
    return storesAfterStore.contains(op);
  }
  bool storeSkipsTrailingBarrier(Operation *op) const {
    return storesBeforeStore.contains(op);
  }

  /// A warpgroup_dot_wait whose groups an earlier wait of its block already
  /// retired (that wait's pendings plus the MMAs issued since are at most
  /// its own): it only ties its values, emitting no instruction.
  bool isRetiredWait(Operation *op) const { return retiredWaits.contains(op); }

private:
  bool remarks;
  llvm::DenseSet<Operation *> retiredWaits;
  llvm::DenseSet<Operation *> storesAfterStore, storesBeforeStore;
  llvm::DenseMap<Operation *, BufferFacts> facts;
  llvm::DenseMap<Operation *, llvm::SmallVector<int64_t>> uniformRegisters;
  llvm::DenseMap<Operation *, DirectCopyPlan> copyPlans;
  llvm::DenseSet<Operation *> asyncProxyHandoffs;
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

/// Where `cond` holds, a record in the violation ring `ring` (sanitizer
/// site `site`) of a barrier wait that timed out: kind 5, the barrier's
/// shared-memory address `bar` and the phase `parity`, `task` as the
/// record's group.
void recordBarrierTimeout(ConversionPatternRewriter &rewriter, Location loc,
                          Value ring, const TargetInfoBase &targetInfo,
                          int32_t site, Value cond, Value bar, Value parity,
                          int64_t task);

/// Each `tlxamd.async_tasks` of `module` (its ops already lowered) as a
/// dispatch on the warp id to its tasks' blocks (TaskLowering.cpp).
void lowerAsyncTasks(Operation *module, const TargetInfoBase &targetInfo);

/// Core ops (program ids, pointer arithmetic, loads/stores through
/// pointers and tensors of pointers).
void populateCoreOpsToLLVMPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   const TargetInfoBase &targetInfo,
                                   const KernelAnalyses &analyses);

/// Distributed tensor ops (ranges, splats, broadcasts, layout changes,
/// tensor constants).
void populateTensorOpsToLLVMPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const TargetInfoBase &targetInfo);

/// Memory descriptors: local_alloc / local_load / local_store /
/// local_dealloc / memdesc_index / memdesc_subslice.
void populateSharedOpsToLLVMPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const TargetInfoBase &targetInfo,
                                     const KernelAnalyses &analyses);

/// The contract sanitizer's checks (contract_check, active_lanes_check).
void populateContractChecksToLLVMPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const TargetInfoBase &targetInfo);

/// Atomics through pointers and tensors of pointers (tl.atomic_*).
void populateAtomicOpsToLLVMPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const TargetInfoBase &targetInfo);

/// Reductions along an axis (tlxamd.reduce): registers, warp shuffles,
/// shared memory.
void populateReduceOpToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfoBase &targetInfo);

/// The upstream dialects of a kernel body (arith, math, cf, func, index,
/// vector) to LLVM.
void populateKernelDialectsToLLVMPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const TargetInfoBase &targetInfo);

/// A floating-point format LLVM has no conversions for (the fp8 formats,
/// stored as i8) or no rounding modes for (f16 and bf16 toward zero).
struct FloatFormat {
  unsigned bits, expBits, manBits;
  int bias;
  /// IEEE: infinities and NaNs at the top exponent; FiniteOnly (E4M3FN):
  /// no infinities, the all-ones code is NaN; UnsignedZero (FNUZ): no -0,
  /// 0x80 is the one NaN.
  enum class Kind { IEEE, FiniteOnly, UnsignedZero } kind;
  /// The code of the largest finite magnitude.
  int32_t maxFiniteCode() const;
};
std::optional<FloatFormat> getFloatFormat(Type type);
/// The code (iN) of f32 `x` in `format`, rounded to nearest even or toward
/// zero; fp8 saturates (FloatConversions.cpp states the contract).
Value truncFloatBits(RewriterBase &rewriter, Location loc, Value x,
                     const FloatFormat &format, bool towardZero);
/// The f32 value of an fp8 code (exact).
Value extFloatBits(RewriterBase &rewriter, Location loc, Value code,
                   const FloatFormat &format);
/// arith.truncf / arith.extf to and from fp8, and truncf toward zero.
void populateFloatConversionPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const TargetInfoBase &targetInfo);

/// Transcendental math (exp, log, sin, ...) on the targets' approximate f32
/// instructions, ahead of the upstream device-library calls.
void populateMathToLLVMPatterns(LLVMTypeConverter &converter,
                                RewritePatternSet &patterns,
                                const TargetInfoBase &targetInfo);

/// Keep the f32 LLVM math intrinsics the math lowering emits legal (the
/// upstream GPU legality marks them illegal, to route them to device
/// libraries). Call after the vendor's legality.
void allowNativeMath(ConversionTarget &target);

/// Map distributed tensors to the vector of registers one thread owns.
void addTensorTypeConversion(LLVMTypeConverter &converter);

/// Lanes per warp the kernel's layouts assume (the target's warp size when
/// it has no distributed tensors). Threads per program = num_warps x this.
unsigned getKernelLanesPerWarp(Operation *kernel,
                               const TargetInfoBase &targetInfo);

} // namespace tlxamd
} // namespace mlir

#endif // TLXAMD_TLXAMDTOLLVM_PATTERNS_H
