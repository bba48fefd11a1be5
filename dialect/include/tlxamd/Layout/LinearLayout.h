//===- LinearLayout.h - layouts as linear maps over GF(2) -------*- C++ -*-===//
//
// A linear layout maps the bits of a (register, lane, warp, block) index to
// tensor coordinates: the coordinate of an index is the XOR of the basis
// vectors of its set bits. Every distributed layout of tlxamd converts to one
// (dialect/lib/LayoutConversions.cpp), in the basis convention of Triton and
// Gluon
// (`reg_bases`, `lane_bases`, `warp_bases`, `block_bases`), and every layout
// fact used by verifiers and lowerings is derived from it here.
//
// This header depends on LLVM ADT only.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_LAYOUT_LINEARLAYOUT_H
#define TLXAMD_LAYOUT_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tlxamd {

class LinearLayout {
public:
  enum InDim : unsigned { Register = 0, Lane = 1, Warp = 2, Block = 3 };
  static constexpr unsigned kNumInDims = 4;
  /// Shared-memory layouts map the bits of an element offset in an
  /// allocation (Gluon's "offset" input); it is their first input dimension.
  static constexpr InDim Offset = Register;
  /// One basis vector: a coordinate per tensor dimension.
  using Basis = llvm::SmallVector<int32_t, 4>;
  using Bases = llvm::SmallVector<Basis, 8>;

  LinearLayout() = default;
  /// The empty (zero-input) layout of a rank-`rank` tensor of shape 1x..x1.
  explicit LinearLayout(unsigned rank);
  /// A layout from explicit bases; output sizes are the smallest powers of two
  /// covering the bases, and the out-dim order is the standard 0..rank-1.
  LinearLayout(unsigned rank, std::array<Bases, kNumInDims> bases);

  /// L(in = i) = i along `outDim` for i < size (size a power of two).
  static LinearLayout identity1D(int32_t size, InDim in, unsigned outDim,
                                 unsigned rank);
  /// L(in = i) = 0: `size` inputs that all map to the origin (broadcast).
  static LinearLayout zeros1D(int32_t size, InDim in, unsigned outDim,
                              unsigned rank);
  /// The product over `order` (fastest first) of identity1D(shape[d]).
  static LinearLayout identityND(InDim in, llvm::ArrayRef<unsigned> shape,
                                 llvm::ArrayRef<unsigned> order);

  unsigned getRank() const { return rank; }
  const Bases &getBases(InDim in) const { return bases[in]; }
  Bases &getMutableBases(InDim in) { return bases[in]; }
  unsigned getInDimSizeLog2(InDim in) const { return bases[in].size(); }
  int64_t getInDimSize(InDim in) const {
    return int64_t(1) << bases[in].size();
  }
  int32_t getOutDimSize(unsigned d) const { return outSizes[d]; }
  llvm::SmallVector<int64_t> getOutShape() const;
  /// Order of the out dims used by `ensureNotSmallerThan` (minor first).
  llvm::ArrayRef<unsigned> getOutDimOrder() const { return outOrder; }

  /// Product: `other`'s bases come after ours, scaled past our out sizes.
  LinearLayout &operator*=(const LinearLayout &other);
  friend LinearLayout operator*(LinearLayout a, const LinearLayout &b) {
    a *= b;
    return a;
  }
  /// Reorder the out dims (affects only later extensions).
  LinearLayout transposeOuts(llvm::ArrayRef<unsigned> order) const;

  /// The layout of the tensor whose dimension j is this one's dimension
  /// `order[j]` (tl.trans / tl.permute): every element stays where it is.
  LinearLayout permuteOuts(llvm::ArrayRef<unsigned> order) const;
  /// The same elements seen as the row-major tensor of `shape`
  /// (tl.reshape); the out sizes and `shape` are powers of two with the same
  /// product, so flattening is a concatenation of coordinate bits.
  LinearLayout reshapeOuts(llvm::ArrayRef<int64_t> shape) const;
  /// With `basis` inserted as register bit `position` (the register count
  /// doubles; out sizes grow to cover it).
  LinearLayout withRegisterBasis(unsigned position, Basis basis) const;
  /// Without register bit `position` (registers with that bit set go).
  LinearLayout withoutRegisterBasis(unsigned position) const;
  /// With out dimension `dim` of extent 1 inserted (coordinate 0), or
  /// removed (every basis must have coordinate 0 there).
  LinearLayout withOutDimInserted(unsigned dim) const;
  LinearLayout withOutDimRemoved(unsigned dim) const;
  /// The same bases over out sizes `shape` (each at least the current
  /// size): a layout of a sub-tile seen inside the tile it is part of.
  LinearLayout withOutSizes(llvm::ArrayRef<int64_t> shape) const;

  /// Grow the out sizes to `shape` by adding register bases, out dims in the
  /// layout's out-dim order.
  LinearLayout ensureNotSmallerThan(llvm::ArrayRef<int64_t> shape) const;
  /// Shrink the out sizes to `shape`: bases that step past the tensor
  /// broadcast (map to 0); optionally drop registers that became pure
  /// broadcasts.
  LinearLayout ensureNotLargerThan(llvm::ArrayRef<int64_t> shape,
                                   bool dropBroadcastRegisters = false) const;
  /// The layout for exactly `shape`: both of the above, standard out order.
  LinearLayout resizedTo(llvm::ArrayRef<int64_t> shape,
                         bool dropBroadcastRegisters = false) const;

  /// Coordinates of the element held at (register, lane, warp, block).
  Basis apply(int64_t reg, int64_t lane, int64_t warp, int64_t block = 0) const;

  /// Register count per thread (the "elements per thread", broadcast
  /// registers included).
  int64_t getNumRegisters() const { return getInDimSize(Register); }
  /// Consecutive registers, from register 0, that hold elements adjacent
  /// along one tensor dimension (the documents' "physical adjacency");
  /// `dim` receives that dimension (or -1 when the count is 1).
  int64_t getContiguousRegisters(int *dim = nullptr) const;
  /// Consecutive registers, from register 0, adjacent along `dim`.
  int64_t getContiguousRegistersAlong(unsigned dim) const;
  /// This layout with the register bases that step along `dim` alone by 1,
  /// 2, 4, ... elements moved first, in that order (the same elements per
  /// thread; a thread's elements contiguous along `dim` then sit in
  /// consecutive registers).
  LinearLayout withContiguousRegistersFirst(unsigned dim) const;
  /// For each register, the first register whose element lies, in every
  /// thread, in the same aligned block of `runs[d]` elements along each
  /// dimension d (`runs`: powers of two). A value constant over such
  /// blocks (the axis analysis' constancy) is computed once per group.
  llvm::SmallVector<int64_t>
  getUniformRegisterRepresentatives(llvm::ArrayRef<int64_t> runs) const;
  /// Same bases for every input dimension and same out sizes (the out-dim
  /// order, a construction detail, is ignored).
  bool isStructurallyEqual(const LinearLayout &other) const;
  /// Equality of the maps (bases of every input dimension, out sizes).
  bool operator==(const LinearLayout &other) const {
    return isStructurallyEqual(other);
  }
  /// The register bit whose basis is `basis`, when it is the only basis of
  /// any input dimension with a nonzero coordinate along `dim`; -1 otherwise
  /// (split: the pair bit of the last dimension).
  int getSoleRegisterBitAlong(const Basis &basis, unsigned dim) const;
  /// Whether every coordinate inside the out sizes is reached by some index
  /// (the bases span the whole tensor over GF(2)).
  bool isSurjective() const;
  /// Whether some index bit of `in` maps to zero (data is replicated).
  bool hasBroadcast(InDim in) const;
  /// The bits of input dimension `in` whose basis is zero: indices that
  /// differ only in them hold the same element (a broadcast's copies).
  int64_t getBroadcastMask(InDim in) const;

  /// How an input dimension contributes to coordinate `dim`, as runs of
  /// consecutive input bits landing on consecutive coordinate bits:
  /// contribution(x) = XOR over runs of ((x >> inBit) & (2^width - 1)) <<
  /// outBit, plus, for bases that are not a single bit, XOR of `value` when bit
  /// `inBit` of x is set (width 0). Lowerings turn this into shifts and masks.
  struct BitRun {
    unsigned inBit;
    unsigned width; ///< 0: a general basis `value`
    unsigned outBit;
    int32_t value;
  };
  llvm::SmallVector<BitRun> getBitRuns(InDim in, unsigned dim) const;
  /// Coordinate bits an input dimension can set along `dim`.
  int32_t getReachableBits(InDim in, unsigned dim) const;

  /// For each register of `dst`, a register of `src` holding the same
  /// element in the same thread, when `dst` only reorders, drops or
  /// duplicates the registers of `src` (same lane and warp bases, every
  /// register coordinate of `dst` found among those of `src`). `embed` maps a
  /// coordinate of `src` into `dst`'s dimensions (for expand_dims) and
  /// `dstZeroDims` are `dst` dimensions whose coordinate is ignored (for
  /// broadcast). `srcOffset` is added to every coordinate of `dst` (for
  /// extract_slice: `dst` a slice of `src` at that offset).
  static std::optional<llvm::SmallVector<int64_t>>
  getRegisterMap(const LinearLayout &src, const LinearLayout &dst,
                 llvm::ArrayRef<int> embed, llvm::ArrayRef<bool> dstZeroDims,
                 llvm::ArrayRef<int64_t> srcOffset = {});

  /// A register of a layout conversion done with one warp shuffle: every
  /// lane reads register `srcRegister` of lane
  /// `laneXor ^ XOR{laneColumns[b] : bit b of its own lane set}`.
  struct ShuffleStep {
    int64_t srcRegister;
    int32_t laneXor;
    llvm::SmallVector<int32_t> laneColumns;
    /// Whether every lane reads its own lane (no shuffle needed).
    bool isOwnLane() const;
  };
  /// For each register of `dst`, the warp shuffle that fetches it from
  /// `src`, when the conversion moves data only between the lanes of a warp
  /// (same warp and block bases, same shape) and the source register of each
  /// `dst` register is the same in every lane; the source lane is an affine
  /// function of the lane id over GF(2) (linear layouts compose linearly).
  static std::optional<llvm::SmallVector<ShuffleStep>>
  getWarpShuffles(const LinearLayout &src, const LinearLayout &dst);

  //===--------------------------------------------------------------------===//
  // Distributed <-> shared accesses
  //===--------------------------------------------------------------------===//

  /// The element offset, in a shared tile laid out by `shared` (Offset ->
  /// coordinates, a bijection onto its out sizes), of the element each
  /// (register, lane, warp, block) of `dist` holds: a rank-1 layout with
  /// `dist`'s input bases. nullopt when `shared` is not a bijection or the
  /// two describe different shapes.
  static std::optional<LinearLayout>
  getSharedOffsets(const LinearLayout &dist, const LinearLayout &shared);
  /// Registers, from register 0, whose offsets (a getSharedOffsets result)
  /// are consecutive: the widest vector one shared access moves.
  int64_t getContiguousOffsets() const;
  /// This offsets layout (rank 1) with the register bits whose offsets
  /// are 1, 2, 4, ... (in any register position) moved first, in that
  /// order, the other register bits after them in theirs: a thread's
  /// registers that sit consecutively in the tile become a register prefix
  /// (getContiguousOffsets). `origin[r]` is the register of this layout
  /// that register r of the result is.
  LinearLayout
  withContiguousRegistersFirst(llvm::SmallVectorImpl<int64_t> &origin) const;

  /// What a warp's accesses to shared memory cost under a bank model
  /// (`banks` banks of 4 bytes): lanes are served `banks * 4 /
  /// access bytes` at a time (one phase; at least 1, at most the warp), a
  /// phase takes as many wavefronts as the most distinct 4-byte words one
  /// bank holds among its lanes' accesses (same word: broadcast).
  struct SharedAccessCost {
    int64_t vectorElements;  ///< elements per access (per lane)
    int64_t accesses;        ///< accesses per lane for the whole tensor
    int64_t wavefronts;      ///< wavefronts of one warp's accesses, summed
    int64_t idealWavefronts; ///< the same without bank conflicts
  };
  /// The cost of a warp moving its registers with the widest vectors (at
  /// most `maxVectorBytes`): `offsets` from getSharedOffsets.
  static SharedAccessCost getSharedAccessCost(const LinearLayout &offsets,
                                              unsigned elementBytes,
                                              unsigned maxVectorBytes,
                                              unsigned banks);

  std::string str() const;

private:
  void recomputeOutSizes();

  unsigned rank = 0;
  std::array<Bases, kNumInDims> bases;
  llvm::SmallVector<int32_t, 4> outSizes;
  llvm::SmallVector<unsigned, 4> outOrder;
};

llvm::StringRef stringifyInDim(LinearLayout::InDim in);

/// A warp's cooperative 8 x 8 matrix loads (NVIDIA ldmatrix .x4, 16-bit
/// elements) for a load from shared memory whose element offsets are
/// `offsets` (register, lane, warp -> offset; 32 lanes). Each instruction
/// fills 8 registers: register bit 0 and the first two lane bits step
/// through a matrix row (offsets 1, 2, 4: plain) or lane bits 2-4 do
/// (`trans`: the row runs along the lanes), register bits 1 and 2 pick one
/// of 4 matrices; every other basis keeps 16-byte alignment. `addresses`
/// gives the offset of the row each lane addresses, one "register" per
/// instruction. None when the layout is not of that form.
struct MatrixLoad {
  bool trans;
  LinearLayout addresses;
};
std::optional<MatrixLoad> getMatrixLoad(const LinearLayout &offsets);

/// A transposing LDS read: the elements each lane reads (0: none) and
/// whether a group of 8 lanes is two runs of 4 (gfx1250's 8-bit read).
struct TransposedRead {
  unsigned run = 0;
  bool pairedRuns = false;
};

/// A wave's cooperative transposing reads, each lane reading `read.run`
/// consecutive elements (CDNA4 ds_read_b64_tr_b16: 4 16-bit ones; gfx1250
/// ds_load_tr16_b128: 8 16-bit, ds_load_tr8_b64: 8 8-bit), for a load from
/// shared memory whose element offsets are `offsets` (register, lane, warp
/// -> offset). The lanes work in groups of 64 / run (16; 8): in a group,
/// the lane whose low bits are c and next bits r supplies the address of a
/// run, and the lane whose low bits (log2 run of them) are e and next bits
/// c receives its element e as register r. With `pairedRuns` (8-bit reads)
/// a group is lanes 0-3 and 8-11 of 16 (and so on): the supplying lane's
/// bits are register bits 0-1, the receiver's lane bit 3, register bit 2.
/// So lane bits below `run` must step through consecutive offsets,
/// register bits below `run` pick the supplying lanes' runs, and every
/// other basis keeps the runs whole and aligned. The result gives the
/// offset each lane addresses, one "register" per instruction (each
/// filling `run` registers). None when the layout is not of that form.
std::optional<LinearLayout> getTransposedLoad(const LinearLayout &offsets,
                                              TransposedRead read);

/// The layout of the block scales of an operand laid out as `operand`:
/// every basis with its `kDim` coordinate divided by `block` (a power of
/// two; the shift is linear), registers that then repeat another's scale
/// dropped. Each thread holds exactly the scales of the K blocks its
/// elements fall in, at the same lanes and warps (the scales of a
/// dot_scaled operand: one E8M0 exponent per `block` K elements).
/// `lanesShareRows`: a lane holds the scales of every block its lane
/// group's elements fall in (gfx1250's scaled WMMA: one register of a
/// row's four scales, alike in both half-waves): a lane basis that moves
/// along K becomes a register basis, placed among the registers in K
/// order, and the lanes it distinguished hold the same scales.
LinearLayout getBlockScaleLayout(const LinearLayout &operand, unsigned kDim,
                                 int32_t block, bool lanesShareRows = false);

} // namespace mlir::tlxamd

#endif // TLXAMD_LAYOUT_LINEARLAYOUT_H
