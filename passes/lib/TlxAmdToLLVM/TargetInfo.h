//===- TargetInfo.h - the target primitives of the lowering -----*- C++ -*-===//
//
// What the target-neutral lowering patterns need from a target: thread and
// program ids, warp shuffles, uniformity hints and kernel annotations. One
// implementation for ROCDL, one for NVVM; every fact about the chip comes
// from its capability-table entry (`getArch()`).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TLXAMDTOLLVM_TARGETINFO_H
#define TLXAMD_TLXAMDTOLLVM_TARGETINFO_H

#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/Arch.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tlxamd {

/// The x, y or z op of a target's id family (block ids, thread ids), as i32.
template <typename XOp, typename YOp, typename ZOp>
Value createAxisOp(RewriterBase &rewriter, Location loc, unsigned axis) {
  Type i32 = rewriter.getI32Type();
  if (axis == 0)
    return XOp::create(rewriter, loc, i32);
  if (axis == 1)
    return YOp::create(rewriter, loc, i32);
  return ZOp::create(rewriter, loc, i32);
}

/// `name(x)`: a call of an LLVM intrinsic returning the type of `x`.
inline Value callUnaryIntrinsic(RewriterBase &rewriter, Location loc,
                                StringRef name, Value x) {
  return LLVM::CallIntrinsicOp::create(rewriter, loc, x.getType(),
                                       rewriter.getStringAttr(name),
                                       ValueRange{x})
      .getResult(0);
}

class TargetInfoBase {
public:
  explicit TargetInfoBase(const ArchInfo &arch) : arch(arch) {}
  virtual ~TargetInfoBase() = default;

  const ArchInfo &getArch() const { return arch; }
  unsigned getWarpSize() const { return arch.warpSize; }

  /// Program (workgroup / CTA) id along `axis` as an i32.
  virtual Value programId(RewriterBase &rewriter, Location loc,
                          unsigned axis) const = 0;

  /// Number of programs along `axis` as an i32.
  virtual Value numPrograms(RewriterBase &rewriter, Location loc,
                            unsigned axis) const = 0;

  /// Thread id (x dimension) as an i32: within the program, or within the
  /// task when the insertion point is in a `tlxamd.async_tasks` region
  /// (the task's first thread is 0).
  Value threadId(RewriterBase &rewriter, Location loc) const;

  /// Thread id within the program (x dimension) as an i32.
  virtual Value programThreadId(RewriterBase &rewriter, Location loc) const = 0;

  /// The task holding the rewriter's insertion point: the tasks op and its
  /// region, or (null, -1) outside tasks.
  static std::pair<AsyncTasksOp, int> getTaskAt(RewriterBase &rewriter);

  /// Named barrier `id` over `threads` threads: arrive and wait
  /// (`bar.sync`), or arrive only (`bar.arrive`). Targets without named
  /// barriers never get here (target legality rejects what needs them).
  virtual void namedBarrier(RewriterBase &rewriter, Location loc, Value id,
                            Value threads, bool wait) const;

  /// On entry to a task of `kernel`, whose threads start with `limit`
  /// registers each: make the task's limit `registers` (0: keep `limit`).
  virtual void setTaskRegisters(RewriterBase &rewriter, Location loc,
                                LLVM::LLVMFuncOp kernel, int64_t registers,
                                int64_t limit) const {}

  /// `v` (the same in every lane of a warp) made visibly warp-uniform, so
  /// that the backend keeps it in scalar registers where it has them.
  virtual Value warpUniform(RewriterBase &rewriter, Location loc,
                            Value v) const = 0;

  /// Lane 0's i32 `v`, the same in every lane of the warp and known to be
  /// (a shuffle from lane 0 by default).
  virtual Value laneZeroValue(RewriterBase &rewriter, Location loc,
                              Value v) const;

  /// The i32 `v` of lane `srcLane` of the same hardware warp (an indexed
  /// warp shuffle; every lane of the warp active).
  virtual Value shuffleIndex(RewriterBase &rewriter, Location loc, Value v,
                             Value srcLane) const = 0;

  /// The i32 `v` of lane `lane ^ laneMask` of the same hardware warp (a
  /// butterfly step; `lane` is the running lane id; every lane active). By
  /// default an indexed shuffle; targets override it with cheaper forms.
  virtual Value shuffleXor(RewriterBase &rewriter, Location loc, Value v,
                           unsigned laneMask, Value lane) const;

  /// A butterfly step of a reduction: the i32 `v` of a lane whose value
  /// combines as lane `lane ^ laneMask`'s would. With `uniformBelow` (the
  /// lanes that differ only in bits below `laneMask` hold the same value)
  /// any lane of the other half of the `2 * laneMask` group will do, which
  /// targets may get more cheaply; by default shuffleXor.
  virtual Value reductionShuffle(RewriterBase &rewriter, Location loc, Value v,
                                 unsigned laneMask, Value lane,
                                 bool uniformBelow) const {
    return shuffleXor(rewriter, loc, v, laneMask, lane);
  }

  /// The lanes of the running hardware warp that are active, one bit per
  /// lane, as an integer of the warp's width (i32 or i64).
  virtual Value activeLanes(RewriterBase &rewriter, Location loc) const = 0;

  /// The LLVM synchronization scope of an atomic's `scope` (the empty
  /// string: the whole system).
  virtual StringRef syncScope(MemScope scope) const = 0;

  /// Attach the target's kernel attributes to a lowered kernel that runs
  /// `numThreads` threads per program.
  virtual void annotateKernel(LLVM::LLVMFuncOp func,
                              unsigned numThreads) const = 0;

  /// One transposing read of `elem`s at the shared `ptr` (getTransposedRead
  /// says how many a lane reads, getTransposedLoad which lane receives
  /// what): the registers it fills. Targets without such reads never get
  /// here.
  virtual SmallVector<Value> transposedSharedRead(RewriterBase &rewriter,
                                                  Location loc, Value ptr,
                                                  Type elem) const {
    llvm_unreachable("the target has no transposing shared reads");
  }

  /// The hardware's approximate base-2 logarithm and reciprocal square root
  /// of an f32 (the math lowering builds exp, log, ... from them and from
  /// LLVM's exp2/sin/cos, which both backends select natively).
  virtual Value log2Approx(RewriterBase &rewriter, Location loc,
                           Value x) const = 0;
  /// Whether a masked load or store of a group is a branch around the plain
  /// access (AMD: an exec-masked block, what Triton emits; robust to the
  /// middle end turning a splat mask into a shuffle LLVM's masked-access
  /// scalarization splits per element) rather than LLVM's masked intrinsic
  /// with a splat mask (NVIDIA: one predicated access).
  virtual bool branchesAroundMaskedAccesses() const { return false; }
  /// Whether f32 a / b is divideF32 (else LLVM's correctly rounded fdiv,
  /// Triton's on AMD too).
  virtual bool dividesF32() const { return false; }
  virtual Value divideF32(RewriterBase &rewriter, Location loc, Value a,
                          Value b) const {
    llvm_unreachable("the target keeps LLVM's fdiv");
  }
  virtual Value rsqrtApprox(RewriterBase &rewriter, Location loc,
                            Value x) const = 0;
  /// The hardware's approximate f32 square root (tl.sqrt; tl.sqrt_rn and
  /// f64 are LLVM's correctly rounded sqrt).
  virtual Value sqrtApprox(RewriterBase &rewriter, Location loc,
                           Value x) const = 0;

  /// A barrier that orders the workgroup's shared-memory accesses (scratch
  /// of conversions and reductions, tiles): every thread's earlier ones
  /// done and visible before any thread's later ones. gpu.barrier by
  /// default; a target may leave its other memory out of it. In task `i`,
  /// named barrier `i + 1` over the task's threads.
  virtual void sharedBarrier(RewriterBase &rewriter, Location loc) const;
  /// The named barrier of the task holding the insertion point; false
  /// outside tasks (nothing emitted).
  bool taskBarrier(RewriterBase &rewriter, Location loc) const;
  /// Close the current group of asynchronous global-to-shared copies.
  virtual void asyncCommitGroup(RewriterBase &rewriter, Location loc) const = 0;
  /// Wait until at most `groups` committed groups of copies are in flight
  /// (`copies`: the copy instructions of those groups and of the open one,
  /// for targets that count instructions); with `forAsyncProxy`, the landed
  /// data is then also ordered before the async proxy's reads (Hopper's
  /// wgmma reads its operands through it).
  virtual void asyncWait(RewriterBase &rewriter, Location loc, unsigned groups,
                         int64_t copies, bool forAsyncProxy) const = 0;

  /// The target's conversion instructions for f32 `values` to `dst` (an
  /// fp8 format, or f16 / bf16 toward zero), as integer codes of its
  /// width, with the contract of FloatConversions.cpp; empty where the
  /// target has none (the conversion is then computed).
  virtual SmallVector<Value> truncFloatsNative(RewriterBase &, Location,
                                               ArrayRef<Value>, Type,
                                               bool) const {
    return {};
  }
  /// The f32 values of fp8 codes (i8) of format `src`; empty where the
  /// target has no instruction.
  virtual SmallVector<Value> extFloatsNative(RewriterBase &, Location,
                                             ArrayRef<Value>, Type) const {
    return {};
  }

private:
  const ArchInfo &arch;
};

} // namespace mlir::tlxamd

#endif // TLXAMD_TLXAMDTOLLVM_TARGETINFO_H
