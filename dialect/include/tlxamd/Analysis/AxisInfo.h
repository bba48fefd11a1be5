//===- AxisInfo.h - contiguity/divisibility/constancy of i32/i1 tensors ---===//
//
// A small static analysis of integer and boolean tensors (and i32 scalars)
// in the style of Triton's AxisInfo: per dimension,
//   contiguity   c: the values run in blocks of c consecutive integers,
//   divisibility d: the first value of each such block is a multiple of d,
//   constancy    k: the values are equal over blocks of k elements,
// all powers of two, for blocks aligned at multiples of their size. It
// propagates from kernel arguments marked `tlxamd.divisibility`, through
// pointer arithmetic (in elements), make_range, splat, constants, expand_dims,
// broadcast, layout changes, add/sub/mul/shl, and/or/xor and comparisons, one
// transfer function per op. Used where a contract depends on the values (B18:
// mask uniform over packed pairs) and by the lowerings (B12: mask-uniform
// groups).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_ANALYSIS_AXISINFO_H
#define TLXAMD_ANALYSIS_AXISINFO_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::tlxamd {

/// Argument attribute of a kernel: the value (for pointers, the address in
/// bytes) is a multiple of this power of two.
constexpr llvm::StringLiteral kDivisibilityAttrName = "tlxamd.divisibility";

/// Attribute of an op (tl.max_contiguous): its result is contiguous over
/// runs of this many elements (an integer for scalars, one per dimension).
/// `tlxamd.divisibility` on an op (tl.multiple_of) states divisibility.
constexpr llvm::StringLiteral kContiguityAttrName = "tlxamd.contiguity";

/// Argument attribute of a kernel pointer: every offset from it that the
/// kernel uses stays below 2^N bytes (N = 32: the buffer is below 2 GiB, as
/// Triton's AMD launcher specializes it), so 32-bit buffer offsets reach it.
constexpr llvm::StringLiteral kPointerRangeAttrName = "tlxamd.pointer_range";

/// Whether every element of the i32 `v` is provably >= 0: promised with
/// tl.assume (`v >= 0`, `v > 0`), constants,
/// ranges from a non-negative start, program ids, scf.for counters from a
/// non-negative start, and what splats, broadcasts, layout changes,
/// additions, multiplications, divisions and remainders make of them
/// (values that stay below 2^31: no wrap-around).
bool isProvablyNonNegative(Value v, int depth = 0);

struct AxisInfo {
  llvm::SmallVector<int64_t, 4> contiguity, divisibility, constancy;

  unsigned getRank() const { return contiguity.size(); }
  /// Nothing known (scalars have rank 0 and only `divisibility[0]`... see
  /// `scalar`).
  static AxisInfo unknown(llvm::ArrayRef<int64_t> shape);
  static AxisInfo scalar(int64_t divisibility);
};

class AxisInfoAnalysis {
public:
  /// With `trustOpHints` false, the hints on ops (tl.multiple_of,
  /// tl.max_contiguous) are ignored: what the analysis then proves rests on
  /// the kernel's structure and its argument promises only (which a
  /// sanitized launch checks), so it may elide a run-time check.
  explicit AxisInfoAnalysis(bool trustOpHints = true)
      : trustOpHints(trustOpHints) {}

  /// Facts about `v` (an i32/i1 tensor or an integer scalar).
  const AxisInfo &get(Value v);

  /// Over how many consecutive registers of `dataType`'s layout (along its
  /// contiguous dimension) `mask` is proven uniform, at most `contiguity`
  /// (B12, B18).
  int64_t getMaskUniformWidth(Value mask, RankedTensorType dataType,
                              int64_t contiguity);

  /// Over how many consecutive registers (a power of two, at most
  /// `contiguity`) `mask` is proven a prefix mask (`offsets < n` with
  /// contiguous offsets): every element of such a block is in exactly when
  /// its last one is, so one compare tests the whole block.
  int64_t getMaskPrefixWidth(Value mask, RankedTensorType dataType,
                             int64_t contiguity);
  bool isPrefixMask(Value mask, unsigned dim, int64_t width);
  /// Over how many consecutive registers of `dataType`'s layout `offsets`
  /// are proven consecutive integers (aligned runs; at most the registers
  /// adjacent in memory).
  int64_t getOffsetsRun(Value offsets, RankedTensorType dataType);

  /// The largest power of two that the first value of every run of `run`
  /// consecutive registers of `dataType`'s layout (along its contiguous
  /// dimension) is proven a multiple of.
  int64_t getRunStartDivisibility(Value offsets, RankedTensorType dataType,
                                  int64_t run);
  /// Over how many consecutive registers of `dataType`'s layout a tensor
  /// of pointers is proven to address consecutive elements starting at an
  /// address aligned to the run (contiguity and divisibility, in elements).
  int64_t getPointerRun(Value pointers, RankedTensorType dataType);

private:
  AxisInfo compute(Value v);
  AxisInfo computeResult(Value v);
  bool trustOpHints;
  llvm::DenseMap<Value, AxisInfo> cache;
  /// Values being computed: their cache entries are the "unknown" seeds
  /// that stop cycles, not facts (a loop's fixpoint recomputes them).
  llvm::SmallVector<Value> inProgress;
};

} // namespace mlir::tlxamd

#endif
