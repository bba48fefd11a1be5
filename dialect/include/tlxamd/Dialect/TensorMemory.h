//===- TensorMemory.h - tensor memory and tcgen05 ---------------*- C++ -*-===//
//
// Declarations of the dialect's tensor memory and tcgen05 family, included by
// TlxAmdDialect.h after the generated op classes (include that header, not
// this one).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_TENSORMEMORY_H
#define TLXAMD_DIALECT_TENSORMEMORY_H

namespace mlir::tlxamd {

/// T10: in each function under `root`, a tensor-memory buffer that
/// tmem_shift shifts is read or written only after a tcgen05_commit and a
/// wait on the committed barrier, on every path (loops and branches
/// included). Emits an error at each access that may come too early.
LogicalResult verifyTensorMemoryShifts(Operation *root);

/// The tensor-memory columns a descriptor's allocation occupies before
/// rounding to the allocation granule: its buffers' columns (32-bit
/// elements), or the columns of its MX scales (one buffer: a placeholder's
/// count is dropped when it resolves, T7).
int64_t getTensorMemoryColumns(MemDescType type);
/// The shared-memory matrix descriptor of a tcgen05.mma operand tile (A
/// [M, K] or, with `isB`, B [K, N]) for instructions of `instrMN` x
/// `instrK` of its elements; none, with the reason, when its layout cannot
/// be described (the layout core's getOperandDescriptor).
std::optional<SmemMatrixDescriptor>
getMmaOperandDescriptor(MemDescType type, bool isB, int64_t instrMN,
                        int64_t instrK, std::string &why);
/// The byte offset of element (mn, k) of an MMA operand tile (A [M, K],
/// or with `isB` B [K, N]) in its shared layout.
int64_t getMmaOperandByteOffset(MemDescType type, bool isB, int64_t mn,
                                int64_t k);
/// Whether an MMA operand tile is MN-major (M / N its contiguous
/// dimension).
bool isMmaOperandMNMajor(MemDescType type, bool isB);

/// The CTA group of the kernel enclosing `op` (tcgen05's .cta_group): 2
/// when it issues two-CTA MMAs (a two_ctas async_dot[_scaled] or
/// tcgen05_commit), else 1.
unsigned getCtaGroup(Operation *op);
/// One cta_group per kernel: the tcgen05 ops of each function under `root`
/// agree on two_ctas, and a two-CTA kernel runs in clusters of 2 CTAs.
LogicalResult verifyCtaGroups(Operation *root);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_TENSORMEMORY_H
