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

/// `op` (a local_load of `bits`-bit elements over warps of `lanes` lanes)
/// lowered to a cooperative matrix load: `plan` maps the registers' element
/// offsets in the tile to the offset each lane addresses, one "register"
/// per instruction (nullopt: the instruction does not serve the layout),
/// each lane's row `run` elements, whole and aligned in the tile (the
/// view's origin and padding allowing); `load(ptr, elem)`
/// emits one instruction and returns the registers it fills. Failure where
/// it does not apply (the generic loads serve the op then).
LogicalResult lowerCooperativeLoad(
    ConversionPatternRewriter &rewriter, LocalLoadOp op, Value src,
    const TargetInfoBase &targetInfo, const TypeConverter &converter,
    unsigned lanes, unsigned bits, int64_t run,
    function_ref<std::optional<LinearLayout>(const LinearLayout &)> plan,
    function_ref<SmallVector<Value>(Value, Type)> load);

/// The registers of a cooperative read of `tile`: one `load(ptr, elem)`
/// per address `addresses` gives the thread (planned by getMatrixLoad or
/// getTransposedLoad), the registers each fills in order.
SmallVector<Value>
emitCooperativeReads(RewriterBase &rewriter, Location loc,
                     const SharedTile &tile, const LinearLayout &addresses,
                     const ThreadIndex &thread, Type elem,
                     function_ref<SmallVector<Value>(Value, Type)> load);

/// One thread's copy instructions of a buffer_load_to_shared.
struct DirectCopyAccess {
  int64_t vec = 1;    ///< elements per instruction and lane
  unsigned bytes = 0; ///< bytes per instruction and lane
  /// Per instruction: on AMD the warp's block start (the LDS address in
  /// M0, the tile's base plus an offset made uniform already; lane l
  /// writes at it + l * bytes), on NVIDIA the lane's own destination.
  SmallVector<Value> sharedAddrs;
  /// Per instruction: the byte offset (i32) from the base pointer of the
  /// first element the lane copies, its mask (i1, null: none) and, with
  /// `other`, the `vec` values a masked-out lane writes instead.
  SmallVector<Value> globalOffsets;
  SmallVector<Value> masks;
  SmallVector<SmallVector<Value>> others;
};

/// The copy instructions of `op` (planDirectCopy: L5-L7 hold, or a
/// diagnostic and failure); `dest`, `offsets`, `mask` and `other` are the
/// converted operands. Emits a barrier first (earlier readers of the tile
/// are done). On AMD a swizzle within a warp's block (L7) fetches each
/// lane's offset, mask and `other` from the lane whose element it writes
/// (one warp shuffle each). With `hoist`, that lanes' part is emitted where
/// the offsets, the lanes' mask, `other` and the root are defined: before a
/// loop that refills the buffers of a multi-buffered tile.
struct DirectCopyHoist {
  Value viewRoot;   ///< the converted tile the destination indexes a buffer of
  Value laneMask;   ///< the converted mask, or its per-lane factor
  Value scalarMask; ///< null, or the converted scalar i1 factor of the mask
};
FailureOr<DirectCopyAccess> emitDirectCopyAccess(
    RewriterBase &rewriter, BufferLoadToSharedOp op, Value dest, Value offsets,
    Value mask, Value other, const TargetInfoBase &targetInfo,
    const KernelAnalyses &analyses, const DirectCopyHoist *hoist = nullptr);

/// What `op`'s lanes' part may be computed from, converted by `remap`: the
/// tile its destination indexes a buffer of (the view's XOR is that
/// tile's), and a mask `lanes & splat(scalar)` split in its factors (the
/// scalar, a loop's bound test, applied per iteration).
DirectCopyHoist directCopyHoist(BufferLoadToSharedOp op,
                                function_ref<Value(Value)> remap);

/// Emit each copy instruction i of `access` with `copy(i, pred)`: `pred` is
/// null (unmasked) or the lane's mask, which the target folds into the
/// instruction (an out-of-bounds offset, a zero source size: zero is
/// written). With a non-zero `other`, a masked-out lane skips the copy and
/// stores `other` (of `elemType`) at `otherAddress(i)` instead.
void emitDirectCopies(RewriterBase &rewriter, Location loc,
                      const DirectCopyAccess &access, Type elemType,
                      function_ref<void(size_t, Value)> copy,
                      function_ref<Value(size_t)> otherAddress);

} // namespace mlir::tlxamd

#endif // TLXAMD_CONVERSION_SHAREDACCESS_H
