//===- SharedAllocation.h - where shared memory lives -----------*- C++ -*-===//
//
// Every kernel has one block of shared memory. Its users are the explicit
// allocations (local_alloc: from the allocation to the last use of any view
// of it, or its local_dealloc) and the ops that need a scratch tile while
// they run (layout changes through shared memory, reductions across warps,
// scalar atomics). `allocateSharedMemory` gives each an offset in the block,
// reusing memory whose earlier user is dead (first fit over lifetimes), and
// records the block's size on the kernel; lowerings address shared memory
// only through these offsets.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_ANALYSIS_SHAREDALLOCATION_H
#define TLXAMD_ANALYSIS_SHAREDALLOCATION_H

#include "tlxamd/Target/Arch.h"

#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::tlxamd {

/// The byte offset of an op's shared memory in its kernel's block (i64).
constexpr llvm::StringLiteral kSharedOffsetAttr = "tlxamd.shared_offset";
/// The size of a kernel's shared-memory block in bytes (i64, on the kernel).
constexpr llvm::StringLiteral kSharedBytesAttr = "tlxamd.shared_memory_bytes";
/// On the op that is its kernel's first access to shared memory (unit):
/// nothing can still be reading its scratch, so it needs no barrier before
/// writing it.
constexpr llvm::StringLiteral kFirstSharedAccessAttr =
    "tlxamd.first_shared_access";
/// AMD: on an async_wait, the copy instructions of the groups it leaves in
/// flight (its s_waitcnt vmcnt).
constexpr llvm::StringLiteral kAsyncOutstandingAttr =
    "tlxamd.outstanding_copies";
/// On a copy into shared memory in a warp-pipelined loop: its buffer's
/// readers are proven done before it issues (W12), so it needs no barrier.
constexpr llvm::StringLiteral kWarpPipelinedCopyAttr = "tlxamd.warp_pipelined";

/// Bytes of shared memory `op` needs while it runs on a target with
/// `warpSize` lanes per warp (0: none).
int64_t getSharedScratchBytes(Operation *op, unsigned warpSize);

/// Allocate the shared memory of every kernel (function) in `root` for
/// `arch`: offsets on the ops, the block size on each kernel. Fails with a
/// diagnostic naming the allocations live at the peak when a kernel needs
/// more than the target has.
LogicalResult allocateSharedMemory(Operation *root, const ArchInfo &arch);

/// The offset `allocateSharedMemory` gave `op`, if any.
std::optional<int64_t> getSharedOffset(Operation *op);

/// (Re)marks each kernel's first access to shared memory in `root` (an op
/// with scratch that every run reaches before any other shared-memory
/// user: outside loops and branches back, first in program order).
/// allocateSharedMemory marks; the conversion marks again, after the passes
/// between them.
void markFirstSharedAccesses(Operation *root);

/// Whether `op` carries that mark.
bool isFirstSharedAccess(Operation *op);

/// Copy instructions one buffer_load_to_shared issues per thread on `arch`
/// (its direct-copy plan), 0 when it has no plan.
int64_t countDirectCopyInstructions(Operation *op, const ArchInfo &arch);

} // namespace mlir::tlxamd

#endif // TLXAMD_ANALYSIS_SHAREDALLOCATION_H
