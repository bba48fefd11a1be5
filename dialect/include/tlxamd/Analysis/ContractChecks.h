//===- ContractChecks.h - promises refuted at compile time ------*- C++ -*-===//
//
// A buffer access with `contiguity = c` promises, for every group of c
// elements a thread owns, consecutive offsets, one mask value and an
// aligned first address (B12). The compiler trusts what it cannot check;
// what it can evaluate exactly (offsets and masks built from constants,
// ranges, splats, broadcasts and integer arithmetic) it checks, and a
// refuted promise is an error naming the op, the thread and the group.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_ANALYSIS_CONTRACTCHECKS_H
#define TLXAMD_ANALYSIS_CONTRACTCHECKS_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
namespace tlxamd {

/// Elements per access of a buffer op of `elemType` elements: `contiguity`
/// capped at 128 bits (B13); 2 for packed 16-bit float atomics (B18), 1
/// for other atomics.
int64_t getBufferAccessWidth(Operation *op, Type elemType, int64_t contiguity);

/// B12 over every laid-out buffer_load / buffer_store / buffer_atomic_add
/// under `root` whose offsets or mask evaluate to constants: an error at
/// each access whose promise they refute.
LogicalResult verifyRefutedPromises(Operation *root);

} // namespace tlxamd
} // namespace mlir

#endif // TLXAMD_ANALYSIS_CONTRACTCHECKS_H
