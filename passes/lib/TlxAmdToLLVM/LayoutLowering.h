//===- LayoutLowering.h - index arithmetic of linear layouts ----*- C++ -*-===//
//
// Emits, for the registers a thread owns in a linear layout, the tensor
// coordinates they hold: constants per register, XOR the lane and warp
// contributions computed from the thread id with shifts and masks. Shared by
// every pattern that needs coordinates (ranges, layout conversions, memory
// ops), on every target.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_CONVERSION_LAYOUTLOWERING_H
#define TLXAMD_CONVERSION_LAYOUTLOWERING_H

#include "TargetInfo.h"

#include "tlxamd/Layout/LinearLayout.h"

#include <map>

namespace mlir::tlxamd {

/// The lane and warp of the running thread in a layout of `layoutLanes`
/// lanes per warp (i32; the warp id warp-uniform). A layout may have more
/// lanes than the hardware warp (a wave64 layout on a 32-lane target): each
/// of its warps then runs as several hardware warps.
struct ThreadIndex {
  Value lane;
  Value warp;
};
ThreadIndex emitThreadIndex(RewriterBase &rewriter, Location loc,
                            const TargetInfoBase &targetInfo,
                            unsigned layoutLanes);

/// Which copies of a stored value a thread writes: its registers that
/// repeat an earlier register (`skippedRegisters`: register r is left out
/// when r & skippedRegisters, it holds what r & ~skippedRegisters holds),
/// and `writes`, an i1 true in one thread of each set of threads holding
/// the same elements (null when no two threads do). A scalar is written by
/// thread 0 alone; a broadcast layout's copies by the threads whose
/// broadcast lane and warp bits are zero (Triton's redundant-data mask).
struct StoreCopies {
  int64_t skippedRegisters = 0;
  Value writes;
};
StoreCopies getStoreCopies(RewriterBase &rewriter, Location loc,
                           const TargetInfoBase &targetInfo, Type valueType);

/// coords[r][d]: coordinate along dimension d of register r (i32).
SmallVector<SmallVector<Value>> emitCoordinates(RewriterBase &rewriter,
                                                Location loc,
                                                const LinearLayout &layout,
                                                const ThreadIndex &thread);

/// XOR of the contributions of the bits of `x` (i32) through the bases of
/// input dimension `in` of `layout` along out dimension `dim` (shifts and
/// masks, one per run of consecutive bits), or nullptr when none.
Value emitContribution(RewriterBase &rewriter, Location loc,
                       const LinearLayout &layout, LinearLayout::InDim in,
                       unsigned dim, Value x);

/// An i32 LLVM constant.
Value i32Const(RewriterBase &rewriter, Location loc, int64_t v);

/// The registers of a thread that hold each `tile`-shaped block of the
/// last two dimensions of `layout` (rank 2, or rank 3 with the leading
/// dimension across warps), keyed by the block's index (row block, column
/// block; the registers' coordinates at lane 0 and warp 0, whose bits above the
/// tile the lanes and warps do not change), each block's registers in register
/// order; a register repeating an earlier one's coordinate (a broadcast)
/// is left out. For a matrix-instruction layout a block is one
/// instruction's fragment, in the order the instruction takes it.
std::map<std::pair<int64_t, int64_t>, SmallVector<unsigned>>
getRegisterTiles(const LinearLayout &layout, int64_t tileRows,
                 int64_t tileCols);

/// Registers of a converted tensor value (a vector) as scalars, and back.
SmallVector<Value> unpackRegisters(RewriterBase &rewriter, Location loc,
                                   Value vector);
Value packRegisters(RewriterBase &rewriter, Location loc, Type vectorType,
                    ArrayRef<Value> values);

/// A shuffle of `v` (an integer or float of up to 64 bits, i1 included)
/// made of 32-bit shuffles (`shuffle32` of an i32, one per 32 bits).
Value shuffleValue(RewriterBase &rewriter, Location loc, Value v,
                   function_ref<Value(Value)> shuffle32);

/// The name of a gpu.module's shared-memory block (one LDS / shared array
/// that every kernel of the module addresses from 0).
constexpr llvm::StringLiteral kSharedBlockName = "__tlxamd_shared";

/// Create the shared block of `module`, sized for its largest kernel
/// (tlxamd-allocate-shared-memory's figures), when some kernel uses it.
void createSharedBlock(OpBuilder &builder, Operation *module);

/// The address (an LDS / shared pointer) of the shared memory that
/// tlxamd-allocate-shared-memory gave `op` (its `tlxamd.shared_offset`).
Value getSharedMemory(RewriterBase &rewriter, Operation *op);

/// A shared tile as the lowering addresses it: the tile's base, and for a
/// view of part of a tile (memdesc_subslice) the unpadded element offset of
/// its origin, XOR-ed into every offset (null: none); padded layouts insert
/// their padding after that.
/// i32 IR arithmetic for the layout core's build* formulas (written once
/// over an arithmetic, evaluated on integers by the core itself).
struct IROps {
  RewriterBase &rewriter;
  Location loc;

  Value c(int64_t v) { return i32Const(rewriter, loc, v); }
  Value add(Value a, Value b) {
    return LLVM::AddOp::create(rewriter, loc, a, b);
  }
  Value mul(Value a, Value b) {
    return LLVM::MulOp::create(rewriter, loc, a, b);
  }
  Value udiv(Value a, int64_t b) {
    return LLVM::UDivOp::create(rewriter, loc, a, c(b));
  }
  Value urem(Value a, int64_t b) {
    return LLVM::URemOp::create(rewriter, loc, a, c(b));
  }
};

/// The LLVM address space of tensor-memory addresses (NVPTX's 6).
constexpr unsigned kTensorMemoryAddressSpace = 6;

/// A tensor-memory address `offset` (an i32: lane << 16 | column) on.
Value offsetTensorMemory(RewriterBase &rewriter, Location loc, Value addr,
                         Value offset);

struct SharedTile {
  Value base;
  Value xorOffset;
  PaddedSharedLayoutAttr padding;
};

/// The element type a value of `type` is kept in shared memory as (i1 as
/// i8).
Type sharedStorageType(RewriterBase &rewriter, Type type);

/// Bytes one register of `type` (a converted element type) takes in a
/// shared tile: i1 as a byte, pointers as i64.
unsigned getSharedTileElementBytes(Type type);

/// Moves between a thread's registers and a shared tile. `offsets` is
/// LinearLayout::getSharedOffsets of the registers' layout and the tile's
/// shared layout: each group of its contiguous offsets (at most 16 bytes)
/// is one vector access at the tile's base + offset (capped at a padding
/// interval). `values` / the result are the
/// registers of element type `elemType`, each taking
/// getSharedTileElementBytes(elemType) bytes.
void storeShared(RewriterBase &rewriter, Location loc, const SharedTile &tile,
                 const LinearLayout &offsets, const ThreadIndex &thread,
                 ArrayRef<Value> values);
SmallVector<Value> loadShared(RewriterBase &rewriter, Location loc,
                              const SharedTile &tile,
                              const LinearLayout &offsets,
                              const ThreadIndex &thread, Type elemType);

/// The physical element offset (i32) of unpadded offset `off` in `tile`:
/// the view's XOR, then the padding.
Value finishSharedOffset(RewriterBase &rewriter, Location loc,
                         const SharedTile &tile, Value off);

} // namespace mlir::tlxamd

#endif
