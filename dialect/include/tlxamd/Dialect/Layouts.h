//===- Layouts.h - layouts of distributed tensors ---------------*- C++ -*-===//
//
// Declarations of the dialect's layouts of distributed tensors family, included
// by TlxAmdDialect.h after the generated op classes (include that header, not
// this one).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_LAYOUTS_H
#define TLXAMD_DIALECT_LAYOUTS_H

namespace mlir::tlxamd {

/// The linear layout of `layout` (a tlxamd distributed layout) for a tensor of
/// `shape`. The layout must have been verified for the shape
/// (DistributedLayoutAttr::verifyShape); this is the one entry point to the
/// layout core for verifiers, lowerings and the C API.
LinearLayout toLinearLayout(Attribute layout, ArrayRef<int64_t> shape);
/// A shared-memory layout (SharedLayoutAttr) of a tile of `shape`: from the
/// element offset (LinearLayout::Offset) to coordinates. The padded layout
/// gives its unpadded offsets (see PaddedSharedLayoutAttr::getPaddedOffset).
LinearLayout toSharedLinearLayout(Attribute layout, ArrayRef<int64_t> shape);

/// The linear layout of a distributed tensor type.
LinearLayout getLinearLayout(RankedTensorType type);

/// The layout of a ranked tensor type whose encoding is a tlxamd layout, or
/// nullptr.
DistributedLayoutAttr getDistributedLayout(Type type);

/// A blocked layout for a tensor of `shape` whose threads own
/// `sizePerThread` elements, lanes then warps filling the dimensions in
/// `order` (fastest first) as far as the shape reaches and the remainder on
/// the slowest dimension (Triton's BlockedEncodingAttr::get). With all-ones
/// `sizePerThread` and a reversed `order` this is the default layout.
BlockedLayoutAttr getBlockedLayoutFor(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                      ArrayRef<unsigned> sizePerThread,
                                      ArrayRef<unsigned> order,
                                      unsigned numWarps, unsigned warpSize);

/// How a layout change (convert_layout, require_layout) between two
/// distributed tensor types moves data on a target with `warpSize` lanes
/// per hardware warp: within each thread's registers, between the lanes of
/// a warp (one shuffle per register; elements of at most 32 bits), or
/// through shared memory. The lowering takes the same path.
enum class LayoutChangeKind { Registers, WarpShuffle, SharedMemory };
LayoutChangeKind classifyLayoutChange(RankedTensorType src,
                                      RankedTensorType dst, unsigned warpSize);

/// Shared memory a layout change through shared memory uses: the whole
/// tensor (i1 elements as bytes).
int64_t getLayoutChangeScratchBytes(RankedTensorType type);

/// The #tlxamd.linear attribute of a linear layout.
LinearLayoutEncodingAttr getLinearLayoutAttr(MLIRContext *ctx,
                                             const LinearLayout &ll);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_LAYOUTS_H
