//===- TlxAmdDialect.h - tlxamd dialect -------------------------*- C++ -*-===//
#ifndef TLXAMD_DIALECT_TLXAMDDIALECT_H
#define TLXAMD_DIALECT_TLXAMDDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tlxamd/Layout/LinearLayout.h"
#include "tlxamd/Layout/Tcgen05.h"
#include "tlxamd/Target/Arch.h"

#include "tlxamd/Dialect/TlxAmdAttrInterfaces.h.inc"
#include "tlxamd/Dialect/TlxAmdDialect.h.inc"
#include "tlxamd/Dialect/TlxAmdEnums.h.inc"
#include "tlxamd/Dialect/TlxAmdOpInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tlxamd/Dialect/TlxAmdTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tlxamd/Dialect/TlxAmdAttrs.h.inc"

namespace mlir::tlxamd {
/// The side-effect resource of shared memory (local_alloc / load / store).
struct SharedMemoryResource
    : public SideEffects::Resource::Base<SharedMemoryResource> {
  StringRef getName() final { return "<SharedMemory>"; }
};
} // namespace mlir::tlxamd

#define GET_OP_CLASSES
#include "tlxamd/Dialect/TlxAmdOps.h.inc"

namespace mlir::tlxamd {

/// The linear layout of `layout` (a tlxamd distributed layout) for a tensor of
/// `shape`. The layout must have been verified for the shape
/// (DistributedLayoutAttr::verifyShape); this is the one entry point to the
/// layout core for verifiers, lowerings and the C API.
LinearLayout toLinearLayout(Attribute layout, ArrayRef<int64_t> shape);
/// A shared-memory layout (SharedLayoutAttr) of a tile of `shape`: from the
/// element offset (LinearLayout::Offset) to coordinates. The padded layout
/// gives its unpadded offsets (see PaddedSharedLayoutAttr::getPaddedOffset).
LinearLayout toSharedLinearLayout(Attribute layout, ArrayRef<int64_t> shape);

/// The instruction of `engine` on `arch` computing an m x n x k tile from
/// `aType` operands, or nullptr (findMatrixInstr of the type's spelling).
const MatrixInstr *findMatrixInstrFor(const ArchInfo &arch, MatrixEngine engine,
                                      unsigned m, unsigned n, unsigned k,
                                      Type aType);

/// The result layout layout assignment gives a tl.dot, and its operands'
/// k_width.
struct DotLayoutChoice {
  Attribute layout; ///< null: the target has no instruction for the dot
  unsigned kWidth = 0;
};
/// For an m x n x k tl.dot of `elem` operands over `numWarps` warps on
/// `arch`: on AMD Triton's MFMA choice (32 x 32 instructions where the
/// tile allows, else 16 x 16, the deepest K that divides the tile;
/// transposed, so that each lane's results run along N), on NVIDIA the
/// mma.sync layout (32 bits of K per operand register); warps split
/// between M and N.
DotLayoutChoice chooseDotLayout(MLIRContext *ctx, const ArchInfo &arch,
                                int64_t m, int64_t n, int64_t k, Type elem,
                                unsigned numWarps);

/// An operand format of dot_scaled (tl.dot_scaled's `lhs_format` /
/// `rhs_format`): its bits per value and whether it is a microscaled (MX)
/// format taking E8M0 scales.
struct ScaledFormat {
  llvm::StringLiteral name;
  unsigned bits;
  bool microscaled;
};
/// The format named `name`, or nullptr.
const ScaledFormat *getScaledFormat(StringRef name);
/// Whether an operand of format `f` may have element type `t`.
bool isScaledFormatElement(const ScaledFormat &f, Type t);
/// The element types of format `f`, for diagnostics.
StringRef describeScaledFormatElements(const ScaledFormat &f);
/// The formats, for diagnostics ("e2m1, e2m3, ...").
std::string describeScaledFormats();
/// K elements sharing one E8M0 scale (the OCP MX block).
constexpr int64_t kScaleBlockSize = 32;

/// The result and operand layouts layout assignment gives a dot_scaled:
/// the instruction's layout, each operand's k_width in its tensor's
/// elements (16 bytes of packed fp4 hold 32 values).
struct ScaledDotLayoutChoice {
  Attribute layout; ///< null: the target has no scaled instruction for it
  unsigned aKWidth = 0, bKWidth = 0;
};
/// For an m x n x k (logical) dot_scaled of `lhs` / `rhs` formats over
/// `numWarps` warps on `arch`: gfx950's scaled MFMA (32 x 32 x 64 where
/// the tile allows, else 16 x 16 x 128; transposed like tl.dot's), or
/// only the instruction of M = N = `instrM` when given (a preshuffled B
/// is stored as the 16 x 16 x 128 instruction's fragments: document 004).
ScaledDotLayoutChoice
chooseScaledDotLayout(MLIRContext *ctx, const ArchInfo &arch, int64_t m,
                      int64_t n, int64_t k, const ScaledFormat &lhs,
                      const ScaledFormat &rhs, unsigned numWarps,
                      int64_t instrM = 0);

/// The kernel attribute naming its tensor-map parameters for the runtime:
/// one dictionary per tensor-descriptor argument (`arg`, the TMA `box`,
/// the `element` type and `swizzle` bytes), set by the lowering.
constexpr llvm::StringLiteral kTensorMapsAttr = "tlxamd.tensor_maps";

/// The TMA box of an `l` tile of `shape` (slowest dimension first): every
/// extent at most 256, the contiguous one cut to the swizzle's width. The
/// layout repeats this box over the tile, one copy per box.
SmallVector<int64_t> getTmaBoxShape(NvmmaSharedLayoutAttr l,
                                    ArrayRef<int64_t> shape);
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
/// The swizzled shared layout that makes storing a tile from `src` and
/// loading it into `dst` cheapest: fewest wavefronts (bank conflicts), then
/// widest vectors, then the mildest swizzle.
SwizzledSharedLayoutAttr chooseSwizzledSharedLayout(Attribute src,
                                                    Attribute dst,
                                                    ArrayRef<int64_t> shape,
                                                    unsigned elementBytes,
                                                    unsigned banks);

/// The linear layout of a distributed tensor type.
LinearLayout getLinearLayout(RankedTensorType type);

/// The layout of a ranked tensor type whose encoding is a tlxamd layout, or
/// nullptr.
DistributedLayoutAttr getDistributedLayout(Type type);

/// A blocked layout for a tensor of `shape` whose threads own
/// `sizePerThread` elements, lanes then warps filling the dimensions in
/// `order` (fastest first) as far as the shape reaches and the remainder on
/// the slowest dimension (Triton's BlockedEncodingAttr::get). With all-ones
/// `sizePerThread` and a reversed `order` this is the default layout.
BlockedLayoutAttr getBlockedLayoutFor(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                      ArrayRef<unsigned> sizePerThread,
                                      ArrayRef<unsigned> order,
                                      unsigned numWarps, unsigned warpSize);

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

/// Number of warps of a kernel (`tlxamd.num_warps`), or std::nullopt when the
/// attribute is absent.
std::optional<int64_t> getNumWarps(Operation *kernel);
/// An mbarrier operand: one mutable i64 in shared memory (else an error on
/// `op`).
LogicalResult checkBarrier(Operation *op, MemDescType type);
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
/// The accumulator layout of warpgroup_dot (Hopper wgmma) over `numWarps`
/// warps: nvidia_mma with warps [numWarps, 1] and the 16 x 8 tile, so that
/// warpgroup g holds rows 64 g ... 64 g + 63 of each block of
/// 16 * numWarps rows, in the registers wgmma.mma_async writes.
Attribute getWarpgroupDotLayout(MLIRContext *ctx, unsigned numWarps);
/// T13: the result of each warpgroup_dot under `root` is read only through
/// warpgroup_dot_wait (or accumulated into by the next warpgroup_dot),
/// following it through loops and branches; an error at each other reader.
LogicalResult verifyWarpgroupDotWaits(Operation *root);
/// The CTA group of the kernel enclosing `op` (tcgen05's .cta_group): 2
/// when it issues two-CTA MMAs (a two_ctas async_dot[_scaled] or
/// tcgen05_commit), else 1.
unsigned getCtaGroup(Operation *op);
/// One cta_group per kernel: the tcgen05 ops of each function under `root`
/// agree on two_ctas, and a two-CTA kernel runs in clusters of 2 CTAs.
LogicalResult verifyCtaGroups(Operation *root);

/// The CTAs of a thread-block cluster of the kernel enclosing `op` (or
/// `op` itself): its `tlxamd.num_ctas`, 1 when absent.
int64_t getNumCtas(Operation *op);

/// How a layout change (convert_layout, require_layout) between two
/// distributed tensor types moves data on a target with `warpSize` lanes
/// per hardware warp: within each thread's registers, between the lanes of
/// a warp (one shuffle per register; elements of at most 32 bits), or
/// through shared memory. The lowering takes the same path.
enum class LayoutChangeKind { Registers, WarpShuffle, SharedMemory };
LayoutChangeKind classifyLayoutChange(RankedTensorType src,
                                      RankedTensorType dst, unsigned warpSize);

/// Shared memory a layout change through shared memory uses: the whole
/// tensor (i1 elements as bytes).
int64_t getLayoutChangeScratchBytes(RankedTensorType type);

/// How a reduction along `axis` of a distributed layout combines on a
/// target with `warpSize` lanes per hardware warp: registers of a thread
/// first, then lanes of a hardware warp by XOR shuffles (`shuffleLaneBits`,
/// lane-id bits), then the remaining thread-id bits (`sharedThreadBits`,
/// bits of `warp * lanes + lane`) through a shared-memory scratch buffer of
/// `scratchBytes`. Every basis of the layout must lie along the axis or
/// off it (bases that mix both are not supported).
struct ReductionPlan {
  llvm::SmallVector<unsigned> shuffleLaneBits;
  llvm::SmallVector<unsigned> sharedThreadBits;
  int64_t scratchBytes = 0;
};
FailureOr<ReductionPlan> planReduction(ReduceOp op, unsigned warpSize);

/// The #tlxamd.linear attribute of a linear layout.
LinearLayoutEncodingAttr getLinearLayoutAttr(MLIRContext *ctx,
                                             const LinearLayout &ll);

/// Shape ops (trans, reshape, cat, join, split) relabel coordinates without
/// moving elements. The layout math of each, for verifiers, layout
/// assignment and lowerings alike.
struct ShapeOpSpec {
  enum Kind { Trans, Reshape, Cat, Join, Split } kind = Trans;
  llvm::SmallVector<unsigned> order;      ///< trans
  llvm::SmallVector<int64_t> resultShape; ///< reshape
  unsigned dim = 0;                       ///< cat

  static ShapeOpSpec get(Operation *op);
  static bool isShapeOp(Operation *op);
  llvm::SmallVector<int64_t> getResultShape(ArrayRef<int64_t> src) const;
  /// The result's layout when every thread keeps its registers in order
  /// (cat: lhs registers then rhs; join: lhs and rhs interleaved; split:
  /// registers with the pair bit clear, then set) for operands in `src`;
  /// failure for a split whose last dimension is not one register bit.
  FailureOr<LinearLayout> getResultLayout(const LinearLayout &src) const;
  /// The operand layout whose natural result layout is `result` up to the
  /// order of registers; failure when there is none.
  FailureOr<LinearLayout> getOperandLayout(const LinearLayout &result,
                                           ArrayRef<int64_t> srcShape) const;
  /// The encodings of those: a transposed blocked layout stays blocked,
  /// everything else is #tlxamd.linear; null when none exists.
  Attribute inferResultEncoding(RankedTensorType src) const;
  Attribute inferOperandEncoding(RankedTensorType result,
                                 ArrayRef<int64_t> srcShape) const;
  /// Which register of the natural layout each register of `result` is;
  /// none when the result layout moves elements between threads.
  static std::optional<llvm::SmallVector<int64_t>>
  getRegisterMap(const LinearLayout &natural, RankedTensorType result);
};

/// split: the register bit of `src` that selects the element of a pair
/// (the only basis moving along the last dimension); -1 when there is none.
int getSplitRegisterBit(const LinearLayout &src);

/// The documented cache modifiers of loads or of stores (B4).
ArrayRef<CacheModifier> getCacheModifiers(bool isLoad);

/// B4: `cache`, when present, is one of the load (or store) modifiers.
LogicalResult verifyCacheModifier(Operation *op,
                                  std::optional<CacheModifier> cache,
                                  bool isLoad);

/// The spellings of the ops' typed vocabulary (cache modifiers, orderings,
/// scopes, offset units) as a JSON object of arrays, for the Python layer.
void printVocabularyJSON(llvm::raw_ostream &os);

/// Whether `type` may be the pointee of a !tlxamd.ptr: a byte-sized integer
/// or float scalar.
bool isValidPointeeType(Type type);
} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_TLXAMDDIALECT_H
