//===- TargetLegality.h - what a target can compile ------------*- C++ -*-===//
//
// The checks of `tlxamd-verify-target`: every op that implements
// TargetLegalityOpInterface states what it needs from the capability table,
// and every distributed tensor must fit the target's warps. Run before any
// lowering, so that what a target lacks is a diagnostic naming the targets
// that have it, never a legalization failure.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TARGET_TARGETLEGALITY_H
#define TLXAMD_TARGET_TARGETLEGALITY_H

#include "tlxamd/Layout/LinearLayout.h"
#include "tlxamd/Target/Arch.h"

#include "tlxamd/Dialect/MaybeDiagnostic.h"

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
namespace tlxamd {

/// Check every op nested in `root` (and `root`) for `arch`. Emits a
/// diagnostic for each op the target cannot compile and fails if any.
LogicalResult verifyForTarget(Operation *root, const ArchInfo &arch);

/// Thread-block clusters of `ctas` CTAs on `arch` (its capability-table
/// cluster size), else an error on `op`.
LogicalResult verifyClusterTarget(Operation *op, const ArchInfo &arch,
                                  int64_t ctas);

/// The target called `name`, or a diagnostic on `anchor` naming the
/// supported targets (of `vendor` when given) and nullptr.
const ArchInfo *lookupArchOrEmitError(Operation *anchor, StringRef name,
                                      StringRef what,
                                      const Vendor *vendor = nullptr);

class BufferLoadToSharedOp;

/// How buffer_load_to_shared (the Gluon async-copy reference) moves its tile on
/// a target.
struct DirectCopyPlan {
  /// Elements one lane copies per instruction: the run of registers
  /// consecutive both in `dest` and, as the axis analysis proves, in the
  /// offsets, capped at 16 bytes (L5).
  int64_t vec = 1;
  /// Unpadded `dest` offsets of the offsets' registers (getMemDescOffsets).
  LinearLayout offsets;
  /// AMD (one LDS address per warp, lane l at base + l * vec): the lanes of
  /// the layout write the warp's block in lane order, so no lane copies
  /// another lane's element (false: a swizzle within the block, L7).
  bool lanesInOrder = true;
};

/// Bytes one lane may copy per global-to-shared instruction on `arch`,
/// ascending: the capability table's widths, on AMD those the Gluon async-copy
/// reference allows (32 or 128 bits, L5).
SmallVector<unsigned> getDirectCopyBytes(const ArchInfo &arch);

/// The plan for `op` on `arch`, checking rules L5-L7 (per-lane bytes the
/// target copies; coalesced writes; swizzle within a warp's block). With
/// `emitErrors`, a violated rule is a diagnostic on the op.
FailureOr<DirectCopyPlan> planDirectCopy(BufferLoadToSharedOp op,
                                         const ArchInfo &arch, bool emitErrors);

} // namespace tlxamd
} // namespace mlir

#endif // TLXAMD_TARGET_TARGETLEGALITY_H
