//===- SharedAccess.h - memory descriptors in the lowering ------*- C++ -*-===//
//
// The lowered form of a memory descriptor and the target-neutral half of the
// asynchronous global-to-shared copies: for each copy instruction of a
// thread, where it writes, which global element it reads and its mask.
// The targets (BufferOpsToROCDL, BufferOpsToNVVM) emit the instructions.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_CONVERSION_SHAREDACCESS_H
#define TLXAMD_CONVERSION_SHAREDACCESS_H

#include "LayoutLowering.h"

#include "tlxamd/Target/TargetLegality.h"

namespace mlir::tlxamd {

/// The tile a lowered descriptor (`{ptr<3> base, i32 view XOR}`) names.
SharedTile unpackMemDesc(RewriterBase &rewriter, Location loc, Value desc,
                         MemDescType type);

/// One thread's copy instructions of a buffer_load_to_shared.
struct DirectCopyAccess {
  int64_t vec = 1;    ///< elements per instruction and lane
  unsigned bytes = 0; ///< bytes per instruction and lane
  /// Per instruction: on AMD the warp's block start (uniform: the LDS
  /// address in M0; lane l writes at it + l * bytes), on NVIDIA the lane's
  /// own destination.
  SmallVector<Value> sharedAddrs;
  /// Per instruction: the byte offset (i32) from the base pointer of the
  /// first element the lane copies, its mask (i1, null: none) and, with
  /// `other`, the `vec` values a masked-out lane writes instead.
  SmallVector<Value> globalOffsets;
  SmallVector<Value> masks;
  SmallVector<SmallVector<Value>> others;
};

/// The copy instructions of `op` under `plan` (planDirectCopy); `dest`,
/// `offsets`, `mask` and `other` are the converted operands. On AMD a
/// swizzle within a warp's block (L7) fetches each lane's offset, mask and
/// `other` from the lane whose element it writes (one warp shuffle each).
DirectCopyAccess emitDirectCopyAccess(RewriterBase &rewriter, Location loc,
                                      BufferLoadToSharedOp op,
                                      const DirectCopyPlan &plan, Value dest,
                                      Value offsets, Value mask, Value other,
                                      const TargetInfoBase &targetInfo);

/// Store `values` (of `elemType`, one vector) at `at`: what a masked-out
/// lane writes in place of its copy.
void storeOtherValues(RewriterBase &rewriter, Location loc,
                      ArrayRef<Value> values, Type elemType, Value at);

} // namespace mlir::tlxamd

#endif // TLXAMD_CONVERSION_SHAREDACCESS_H
