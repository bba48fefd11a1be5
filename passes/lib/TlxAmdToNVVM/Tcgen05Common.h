//===- Tcgen05Common.h - what the tcgen05 lowerings share -------*- C++ -*-===//
//
// The pieces every tcgen05 lowering (tensor memory, copies, MMAs) uses:
// the kernel's CTA group, the single issuing thread, the fences around
// thread synchronization and the commit to an mbarrier; and the
// shared-memory matrix descriptors tcgen05 and Hopper's wgmma share.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_CONVERSION_TCGEN05COMMON_H
#define TLXAMD_CONVERSION_TCGEN05COMMON_H

#include "TargetInfo.h"

#include "tlxamd/Layout/Tcgen05.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::tlxamd::nvvm {

/// The .cta_group of the kernel enclosing `op` (getCtaGroup).
NVVM::CTAGroupKindAttr getCtaGroupAttr(Operation *op);

/// Every thread's tensor-memory accesses so far are done and ordered
/// before what follows (fence, barrier, fence); with `sharedOperands`, the
/// threads' shared-memory writes are also made visible to the tensor
/// core's asynchronous proxy first.
void syncTensorMemory(RewriterBase &rewriter, Location loc,
                      const TargetInfoBase &targetInfo,
                      bool sharedOperands = false);

/// The threads' shared-memory writes so far are done and visible to the
/// asynchronous proxy (the tensor cores, TMA): fence.proxy.async, then a
/// barrier.
void syncSharedForAsyncProxy(RewriterBase &rewriter, Location loc,
                             const TargetInfoBase &targetInfo);

/// Whether the running thread issues the kernel's asynchronous tcgen05
/// operations (and commits them): thread 0, of the lead CTA of the pair in
/// a two-CTA kernel.
Value isTcgen05Issuer(RewriterBase &rewriter, Location loc,
                      const TargetInfoBase &targetInfo, Operation *op);

/// tcgen05.commit of the issuing thread's earlier operations to `barrier`
/// (a shared-memory pointer); in a two-CTA kernel to the barrier at this
/// offset in both CTAs of the pair (multicast).
void emitTcgen05Commit(RewriterBase &rewriter, Location loc, Value barrier,
                       Operation *op);

/// An i64 constant.
Value i64Const(RewriterBase &rewriter, Location loc, uint64_t v);

/// The shared-memory byte address (i32) of a lowered descriptor's tile.
Value sharedTileAddress(RewriterBase &rewriter, Location loc, Value lowered,
                        MemDescType type);

/// The matrix descriptor (i64) of an operand tile at `address` +
/// `byteOffset` bytes: the layout core's fields (tcgen05's format, or
/// wgmma's with `tcgen05 = false`) and the start address.
Value emitMatrixDescriptor(RewriterBase &rewriter, Location loc,
                           const SmemMatrixDescriptor &d, Value address,
                           int64_t byteOffset, bool tcgen05 = true);

} // namespace mlir::tlxamd::nvvm

#endif
