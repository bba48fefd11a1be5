//===- Tma.h - the tensor memory accelerator --------------------*- C++ -*-===//
//
// Declarations of the dialect's tensor memory accelerator family, included by
// TlxAmdDialect.h after the generated op classes (include that header, not
// this one).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_TMA_H
#define TLXAMD_DIALECT_TMA_H

namespace mlir::tlxamd {

/// The kernel attribute naming its tensor-map parameters for the runtime:
/// one dictionary per tensor-descriptor argument (`arg`, the TMA `box`,
/// the `element` type and `swizzle` bytes), set by the lowering.
constexpr llvm::StringLiteral kTensorMapsAttr = "tlxamd.tensor_maps";

/// The TMA box of an `l` tile of `shape` (slowest dimension first): every
/// extent at most 256, the contiguous one cut to the swizzle's width. The
/// layout repeats this box over the tile, one copy per box.
SmallVector<int64_t> getTmaBoxShape(NvmmaSharedLayoutAttr l,
                                    ArrayRef<int64_t> shape);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_TMA_H
