//===- ShapeOps.h - shape ops -----------------------------------*- C++ -*-===//
//
// Declarations of the dialect's shape ops family, included by
// TlxAmdDialect.h after the generated op classes (include that header, not
// this one).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_SHAPEOPS_H
#define TLXAMD_DIALECT_SHAPEOPS_H

namespace mlir::tlxamd {

/// Shape ops (trans, reshape, cat, join, split) relabel coordinates without
/// moving elements. The layout math of each, for verifiers, layout
/// assignment and lowerings alike.
struct ShapeOpSpec {
  enum Kind { Trans, Reshape, Cat, Join, Split } kind = Trans;
  llvm::SmallVector<unsigned> order;      ///< trans
  llvm::SmallVector<int64_t> resultShape; ///< reshape
  unsigned dim = 0;                       ///< cat

  static ShapeOpSpec get(Operation *op);
  static bool isShapeOp(Operation *op);
  llvm::SmallVector<int64_t> getResultShape(ArrayRef<int64_t> src) const;
  /// The result's layout when every thread keeps its registers in order
  /// (cat: lhs registers then rhs; join: lhs and rhs interleaved; split:
  /// registers with the pair bit clear, then set) for operands in `src`;
  /// failure for a split whose last dimension is not one register bit.
  FailureOr<LinearLayout> getResultLayout(const LinearLayout &src) const;
  /// The operand layout whose natural result layout is `result` up to the
  /// order of registers; failure when there is none.
  FailureOr<LinearLayout> getOperandLayout(const LinearLayout &result,
                                           ArrayRef<int64_t> srcShape) const;
  /// The encodings of those: a transposed blocked layout stays blocked,
  /// everything else is #tlxamd.linear; null when none exists.
  Attribute inferResultEncoding(RankedTensorType src) const;
  Attribute inferOperandEncoding(RankedTensorType result,
                                 ArrayRef<int64_t> srcShape) const;
  /// Which register of the natural layout each register of `result` is;
  /// none when the result layout moves elements between threads.
  static std::optional<llvm::SmallVector<int64_t>>
  getRegisterMap(const LinearLayout &natural, RankedTensorType result);
};

/// split: the register bit of `src` that selects the element of a pair
/// (the only basis moving along the last dimension); -1 when there is none.
int getSplitRegisterBit(const LinearLayout &src);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_SHAPEOPS_H
