//===- TargetLegality.h - what a target can compile --------------*- C++
//-*-===//
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

#include "tlxamd/Target/Arch.h"

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
namespace tlxamd {

/// Check every op nested in `root` (and `root`) for `arch`. Emits a
/// diagnostic for each op the target cannot compile and fails if any.
LogicalResult verifyForTarget(Operation *root, const ArchInfo &arch);

/// The target called `name`, or a diagnostic on `anchor` naming the
/// supported targets (of `vendor` when given) and nullptr.
const ArchInfo *lookupArchOrEmitError(Operation *anchor, StringRef name,
                                      StringRef what,
                                      const Vendor *vendor = nullptr);

} // namespace tlxamd
} // namespace mlir

#endif // TLXAMD_TARGET_TARGETLEGALITY_H
