//===- WarpgroupDot.h - Hopper warpgroup MMAs -------------------*- C++ -*-===//
//
// Declarations of the dialect's Hopper warpgroup MMAs family, included by
// TlxAmdDialect.h after the generated op classes (include that header, not
// this one).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_WARPGROUPDOT_H
#define TLXAMD_DIALECT_WARPGROUPDOT_H

namespace mlir::tlxamd {

/// The accumulator layout of warpgroup_dot (Hopper wgmma) over `numWarps`
/// warps: nvidia_mma with warps [numWarps, 1] and the 16 x 8 tile, so that
/// warpgroup g holds rows 64 g ... 64 g + 63 of each block of
/// 16 * numWarps rows, in the registers wgmma.mma_async writes.
Attribute getWarpgroupDotLayout(MLIRContext *ctx, unsigned numWarps);
/// Triton's warps for a wgmma result of `type` (A elements of
/// `elemType`): warpgroups along M while the tile has rows for them, the
/// rest along N (version 3, the instruction's N split between them). A
/// result feeding another product's A (`chained`: attention's Q K^T) keeps
/// whole rows per warpgroup: getWarpgroupDotLayout, repeated over M.
Attribute chooseWarpgroupDotLayout(Type type, Type elemType, unsigned numWarps,
                                   bool chained);
/// T13: the result of each warpgroup_dot under `root` is read only through
/// warpgroup_dot_wait (or accumulated into by the next warpgroup_dot),
/// following it through loops and branches; an error at each other reader.
LogicalResult verifyWarpgroupDotWaits(Operation *root);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_WARPGROUPDOT_H
