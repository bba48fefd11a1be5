//===- PipelineSlices.h - what a pipelined load is computed from -*- C++
//-*-===//
//
// Shared by tlxamd-pipeline's two forms (loads carried in registers, copies
// into multi-buffered shared memory): the ops that compute a load's address,
// mask and `other` from the loop counter, loop-carried values that advance
// by a loop-invariant step each iteration (a pointer `p += step`, an integer
// `k += step`) and values defined outside the loop, and their clones for an
// iteration ahead of the current one or before the loop.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TRANSFORMS_PIPELINESLICES_H
#define TLXAMD_TRANSFORMS_PIPELINESLICES_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tlxamd {

/// The ops (in body order) computing some values of a loop body for another
/// iteration, and the loop-carried values they read.
struct LoopSlice {
  llvm::SetVector<Operation *> ops;
  /// Loop-carried arguments that step by a loop-invariant amount.
  llvm::SetVector<BlockArgument> carried;
};

/// The `tlxamd.num_stages` an innermost loop (no loop nested in its body)
/// takes from the nearest enclosing op that sets it (the kernel: Triton's
/// `num_stages`); null for a loop with loops inside or nothing to take.
IntegerAttr getInheritedStages(scf::ForOp loop);

/// The loop-invariant step of carried argument `arg` (`yield arg + step`,
/// `addptr(arg, step)`, the step defined outside the loop); null if it is
/// not such an induction.
Value getCarriedStep(scf::ForOp loop, BlockArgument arg);

/// Adds to `slice` the body ops computing `v` (operands first); false when
/// `v` depends on anything but the counter, stepping carried values and
/// values defined outside (another carried value, an op with effects or
/// regions, a nested block).
bool collectSlice(Value v, scf::ForOp loop, LoopSlice &slice);

/// Clones `slice` at `b` for the iteration whose counter is `iv` and whose
/// carried values are `carried` (in the order of `slice.carried`); returns
/// the mapping.
IRMapping cloneSlice(OpBuilder &b, scf::ForOp loop, const LoopSlice &slice,
                     Value iv, ArrayRef<Value> carried);

/// The carried values of `slice` `ahead` iterations after the current one
/// (`inLoop`: built in the body from the arguments) or at iteration `ahead`
/// (before the loop: from the initial values).
SmallVector<Value> advanceCarried(OpBuilder &b, scf::ForOp loop,
                                  const LoopSlice &slice, int64_t ahead,
                                  bool inLoop);

/// Loop-carried tensors of pointers `splat(base) + offsets` advanced by a
/// loop-invariant scalar each iteration (Triton's `a_ptrs += BK * stride`)
/// become carried scalar pointers: the lanes' offsets stay outside the loop
/// and one scalar add per iteration advances the base. Returns the loop
/// (replaced when anything changed).
scf::ForOp scalarizeCarriedPointers(scf::ForOp loop);

/// A loop-carried i32 counter: `start` before the loop, advanced by `step`
/// (0 <= step < modulus) modulo `modulus` each iteration with a compare
/// and a select (a mask for a power of two), no division.
struct WrappingCounter {
  Value start;
  int64_t step, modulus;
};

/// Adds `counters` to `loop`'s carried values; returns the replaced loop
/// (null when it could not be grown) and their block arguments in `args`.
scf::ForOp addWrappingCounters(scf::ForOp loop,
                               ArrayRef<WrappingCounter> counters,
                               SmallVectorImpl<Value> &args);

/// `ptrs` as a scalar base pointer and i32 element offsets of its shape
/// (null when all zero), built at `b` from splat / broadcast / expand_dims /
/// addptr; nullopt when it is not built that way.
std::optional<std::pair<Value, Value>> splitPointerTensor(OpBuilder &b,
                                                          Value ptrs);

/// Whether `ptrs` splits so; collects the i32 offset tensors it adds.
bool splitPointerTensorParts(Value ptrs, SmallVectorImpl<Value> &parts);

} // namespace mlir::tlxamd

#endif
