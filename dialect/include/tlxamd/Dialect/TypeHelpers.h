//===- TypeHelpers.h - type and kernel helpers ------------------*- C++ -*-===//
//
// Declarations of the dialect's type and kernel helpers family, included by
// TlxAmdDialect.h after the generated op classes (include that header, not
// this one).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_TYPEHELPERS_H
#define TLXAMD_DIALECT_TYPEHELPERS_H

namespace mlir::tlxamd {

/// The i1 tensor type with the shape and layout of `type`.
Type getI1TensorLike(Type type);

/// Whether `type` is a ranked tensor whose encoding is a tlxamd layout or
/// absent (a tensor the frontend wrote before layout assignment).
bool isTlxAmdTensorType(Type type);

/// i1 for a scalar, the i1 tensor of the same shape and layout for a tensor.
Type getI1Like(Type type);

/// The pointee of a !tlxamd.ptr, or the tensor of pointees of a tensor of
/// pointers (same shape and layout); null for anything else.
Type getPointeeLike(Type type);

/// Bits of a tensor element: its width for integers and floats, 64 for
/// pointers.
unsigned getElementBitWidth(Type elementType);

/// The value of a signless (or index) IntegerAttr, or nullopt for anything
/// else (an unsigned or signed integer type, another attribute): what the
/// verifiers use before reading an integer attribute's value.
std::optional<int64_t> getSignlessIntValue(Attribute attr);

/// Number of warps of a kernel (`tlxamd.num_warps`), or std::nullopt when the
/// attribute is absent.
std::optional<int64_t> getNumWarps(Operation *kernel);
/// The `tlxamd.matrix_instr_nonkdim` of the kernel enclosing `op` (0 when
/// it has none).
unsigned getMatrixInstrNonKDim(Operation *op);

/// The warps that run `op`: those of the task (`tlxamd.async_tasks` region)
/// holding it, else its kernel's `tlxamd.num_warps`; std::nullopt when
/// neither is known.
std::optional<int64_t> getWarpsAt(Operation *op);

/// The warps of a program of `kernel`: every task's together when it has
/// `tlxamd.async_tasks`, else its `tlxamd.num_warps`.
std::optional<int64_t> getProgramWarps(Operation *kernel);

/// The per-thread register limit (`.maxnreg`) of a kernel with register
/// budgets whose programs have `threads` threads: the register file
/// (`registersPerBlock`) divided evenly, in steps of 8, at most 256.
int64_t getTaskRegisterLimit(int64_t threads, int64_t registersPerBlock);

/// The registers per thread each task of an `async_tasks` with register
/// budgets runs with (Triton's rule): a task's budget, else an even share,
/// in steps of 8 and at most 256, of what the budgets leave of the launch's
/// registers (getTaskRegisterLimit a thread) to the tasks without one; `limit`
/// for those when one of them is not whole warpgroups (setmaxnreg acts per
/// warpgroup). `warps` / `firstWarps` / `budgets` per task (budget 0: none);
/// all 0 when no task has a budget.
SmallVector<int64_t> getTaskRegisters(ArrayRef<int32_t> warps,
                                      ArrayRef<int64_t> firstWarps,
                                      ArrayRef<int32_t> budgets,
                                      int64_t warpSize,
                                      int64_t registersPerBlock);

/// The CTAs of a thread-block cluster of the kernel enclosing `op` (or
/// `op` itself): its `tlxamd.num_ctas`, 1 when absent.
int64_t getNumCtas(Operation *op);

/// Whether `type` may be the pointee of a !tlxamd.ptr: a byte-sized integer
/// or float scalar.
bool isValidPointeeType(Type type);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_TYPEHELPERS_H
