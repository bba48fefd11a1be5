//===- SharedMemory.h - shared-memory tiles ---------------------*- C++ -*-===//
//
// Declarations of the dialect's shared-memory tiles family, included by
// TlxAmdDialect.h after the generated op classes (include that header, not
// this one).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_SHAREDMEMORY_H
#define TLXAMD_DIALECT_SHAREDMEMORY_H

namespace mlir::tlxamd {

/// The unpadded element offsets, in the tile behind `desc`, of the
/// registers of the distributed `tensor` (of `desc`'s shape): a rank-1
/// layout (LinearLayout::getSharedOffsets). For a view of part of a tile
/// (memdesc_subslice) the offsets are those of the view's coordinates; the
/// view's elements lie at these XOR the view's base (getSharedOffsetOf of
/// its origin). nullopt when the layouts do not describe the same tile.
std::optional<LinearLayout> getMemDescOffsets(RankedTensorType tensor,
                                              MemDescType desc);
/// The unpadded element offset of the element at `coords` of a tile of
/// `shape` laid out by the shared layout `layout`.
int64_t getSharedOffsetOf(Attribute layout, ArrayRef<int64_t> shape,
                          ArrayRef<int64_t> coords);
/// The element width a shared layout states (nvmma_shared), else 0 (any).
unsigned getSharedLayoutElementBits(Attribute layout);
/// The widest access to shared memory a lane makes (ds_read_b128,
/// ld.shared.v4).
constexpr unsigned kMaxSharedVectorBytes = 16;
/// What moving a tile of `shape` between the distributed layout `dist` and
/// the shared layout `shared` costs a warp, with `banks` 4-byte banks.
LinearLayout::SharedAccessCost
getSharedAccessCost(Attribute dist, Attribute shared, ArrayRef<int64_t> shape,
                    unsigned elementBytes, unsigned banks);
/// The target's transposing LDS read of `elementBits`-bit elements (the
/// capability table's ldsTransposeRead16Elems / ldsTransposeRead8Elems).
TransposedRead getTransposedRead(const ArchInfo &arch, unsigned elementBits);

/// The swizzled shared layout that makes storing a tile from `src` and
/// loading it into `dst` cheapest: fewest wavefronts (bank conflicts), then
/// widest vectors, then the mildest swizzle. With `transposed` (the
/// target's transposing read of the elements), a load the read serves
/// (getTransposedLoad) costs its run-wide accesses.
SwizzledSharedLayoutAttr
chooseSwizzledSharedLayout(Attribute src, Attribute dst,
                           ArrayRef<int64_t> shape, unsigned elementBytes,
                           unsigned banks, TransposedRead transposed = {});

/// The shared layout of a rank-2 dot operand tile staged before layouts
/// exist (tlxamd-pipeline), contiguous along `fastDim`: for the warpgroup
/// MMA the widest nvmma swizzle one contiguous row fills (transposed when
/// the first dimension is the contiguous one); else 16-byte chunks
/// XOR-swizzled so that 8 consecutive rows read at one chunk position hit
/// 8 different chunks (rows under 128 bytes share a phase).
Attribute getStagedOperandLayout(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                 unsigned elementBits, unsigned fastDim,
                                 bool forWarpgroupMma);

/// The registers a row-major K x N operand tile (B) staged through
/// registers is loaded into so that it can be stored K-contiguous: each
/// thread reads k consecutive rows of one 16-byte run of N (2 <= k <= 4,
/// its share of the tile permitting), so its stores write runs of k along
/// K (the block transposed in its registers) and the MFMA operand reads
/// come back 8 bytes a lane. Null when the share is under two rows, and
/// where the target reads such elements transposed from a row-major tile
/// (getTransposedRead: the tile is then stored as it is).
Attribute getStagedRegisterLayout(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                  unsigned elementBits, unsigned numWarps,
                                  const ArchInfo &arch);

/// An mbarrier operand: one mutable i64 in shared memory (else an error on
/// `op`).
LogicalResult checkBarrier(Operation *op, MemDescType type);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_SHAREDMEMORY_H
