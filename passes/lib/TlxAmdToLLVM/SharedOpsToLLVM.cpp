//===- SharedOpsToLLVM.cpp - memory descriptors and local_* ops ----------===//
//
// A memory descriptor lowers to {tile base (LDS / shared pointer), XOR of
// its view's origin}: local_alloc takes its base from the kernel's shared
// block at the offset tlxamd-allocate-shared-memory gave it; memdesc_index
// advances the base by whole buffers; memdesc_subslice XORs the sub-tile's
// origin in. local_load / local_store move each thread's registers in the
// widest in-order vectors the layout core finds. The asynchronous copies'
// target-neutral half (which element each lane copies where) is here too;
// the targets emit the copy instructions.
//
//===----------------------------------------------------------------------===//
#include "BufferAccess.h"
#include "LayoutLowering.h"
#include "Patterns.h"
#include "SharedAccess.h"

#include "tlxamd/Analysis/SharedAllocation.h"
#include "tlxamd/Target/TargetLegality.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tlxamd;

SharedTile mlir::tlxamd::unpackMemDesc(RewriterBase &rewriter, Location loc,
                                       Value desc, MemDescType type) {
  Value base =
      LLVM::ExtractValueOp::create(rewriter, loc, desc, ArrayRef<int64_t>{0});
  Value x =
      LLVM::ExtractValueOp::create(rewriter, loc, desc, ArrayRef<int64_t>{1});
  return {base, x, dyn_cast<PaddedSharedLayoutAttr>(type.getEncoding())};
}

static Value packMemDesc(RewriterBase &rewriter, Location loc, Type type,
                         Value base, Value xorOffset) {
  Value desc = LLVM::UndefOp::create(rewriter, loc, type);
  desc = LLVM::InsertValueOp::create(rewriter, loc, desc, base,
                                     ArrayRef<int64_t>{0});
  return LLVM::InsertValueOp::create(rewriter, loc, desc, xorOffset,
                                     ArrayRef<int64_t>{1});
}

namespace {

struct LocalAllocLowering : TargetPattern<LocalAllocOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value base = getSharedMemory(rewriter, op);
    Value desc = packMemDesc(rewriter, loc,
                             getTypeConverter()->convertType(op.getType()),
                             base, i32Const(rewriter, loc, 0));
    if (Value src = op.getSrc()) {
      auto type = cast<RankedTensorType>(src.getType());
      std::optional<LinearLayout> offsets =
          getMemDescOffsets(type, op.getType());
      if (!offsets)
        return op.emitOpError("the value's layout and the tile's shared "
                              "layout do not describe the same tile");
      SharedTile tile{
          base, Value(),
          dyn_cast<PaddedSharedLayoutAttr>(op.getType().getEncoding())};
      ThreadIndex thread =
          emitThreadIndex(rewriter, loc, targetInfo,
                          getDistributedLayout(type).getLanesPerWarp());
      // The memory may have had an earlier user (allocations reuse it).
      targetInfo.sharedBarrier(rewriter, loc);
      storeShared(rewriter, loc, tile, *offsets, thread,
                  unpackRegisters(rewriter, loc, adaptor.getSrc()));
      targetInfo.sharedBarrier(rewriter, loc);
    }
    rewriter.replaceOp(op, desc);
    return success();
  }
};

struct LocalLoadLowering : TargetPattern<LocalLoadOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    std::optional<LinearLayout> offsets =
        getMemDescOffsets(type, op.getSrc().getType());
    if (!offsets)
      return op.emitOpError("the result's layout and the tile's shared "
                            "layout do not describe the same tile");
    SharedTile tile =
        unpackMemDesc(rewriter, loc, adaptor.getSrc(), op.getSrc().getType());
    ThreadIndex thread =
        emitThreadIndex(rewriter, loc, targetInfo,
                        getDistributedLayout(type).getLanesPerWarp());
    Type elemType = getTypeConverter()->convertType(type.getElementType());
    SmallVector<Value> regs =
        loadShared(rewriter, loc, tile, *offsets, thread, elemType);
    rewriter.replaceOp(op, packRegisters(rewriter, loc,
                                         getTypeConverter()->convertType(type),
                                         regs));
    return success();
  }
};

struct LocalStoreLowering : TargetPattern<LocalStoreOp> {
  LocalStoreLowering(LLVMTypeConverter &converter,
                     const TargetInfoBase &targetInfo,
                     const KernelAnalyses &analyses)
      : TargetPattern(converter, targetInfo), analyses(analyses) {}
  const KernelAnalyses &analyses;

  LogicalResult
  matchAndRewrite(LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getValue().getType();
    std::optional<LinearLayout> offsets =
        getMemDescOffsets(type, op.getDst().getType());
    if (!offsets)
      return op.emitOpError("the value's layout and the tile's shared "
                            "layout do not describe the same tile");
    SharedTile tile =
        unpackMemDesc(rewriter, loc, adaptor.getDst(), op.getDst().getType());
    ThreadIndex thread =
        emitThreadIndex(rewriter, loc, targetInfo,
                        getDistributedLayout(type).getLanesPerWarp());
    // Earlier readers of the tile are done; later ones see the store (a
    // store next to another shares the barrier between them).
    if (!analyses.storeSkipsLeadingBarrier(op))
      targetInfo.sharedBarrier(rewriter, loc);
    storeShared(rewriter, loc, tile, *offsets, thread,
                unpackRegisters(rewriter, loc, adaptor.getValue()));
    if (!analyses.storeSkipsTrailingBarrier(op))
      targetInfo.sharedBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalDeallocLowering : ConvertOpToLLVMPattern<LocalDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(LocalDeallocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Lifetimes are the allocation pass's business.
    rewriter.eraseOp(op);
    return success();
  }
};

struct MemDescIndexLowering : ConvertOpToLLVMPattern<MemDescIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MemDescType src = op.getSrc().getType();
    if (src.isTensorMemory()) {
      // Buffers follow each other along the TMEM columns.
      Value cols =
          LLVM::MulOp::create(rewriter, loc, adaptor.getIndex(),
                              i32Const(rewriter, loc, src.getTileShape()[1]));
      rewriter.replaceOp(
          op, offsetTensorMemory(rewriter, loc, adaptor.getSrc(), cols));
      return success();
    }
    SharedTile tile = unpackMemDesc(rewriter, loc, adaptor.getSrc(), src);
    Value bytes =
        LLVM::MulOp::create(rewriter, loc, adaptor.getIndex(),
                            i32Const(rewriter, loc, src.getTileBytes()));
    Value base =
        LLVM::GEPOp::create(rewriter, loc, tile.base.getType(),
                            rewriter.getI8Type(), tile.base, ValueRange{bytes});
    rewriter.replaceOp(
        op, packMemDesc(rewriter, loc,
                        getTypeConverter()->convertType(op.getType()), base,
                        tile.xorOffset));
    return success();
  }
};

struct MemDescSubsliceLowering : ConvertOpToLLVMPattern<MemDescSubsliceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MemDescSubsliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MemDescType src = op.getSrc().getType();
    SharedTile tile = unpackMemDesc(rewriter, loc, adaptor.getSrc(), src);
    // The parent view's origin is aligned to its (larger) extent, the
    // sub-tile's to its own: their coordinates share no bits, so the
    // origins' offsets XOR.
    int64_t origin = getSharedOffsetOf(
        src.getEncoding(), src.getAllocTileShape(), op.getOffsets());
    Value x = LLVM::XOrOp::create(rewriter, loc, tile.xorOffset,
                                  i32Const(rewriter, loc, origin));
    rewriter.replaceOp(
        op, packMemDesc(rewriter, loc,
                        getTypeConverter()->convertType(op.getType()),
                        tile.base, x));
    return success();
  }
};

struct AsyncCommitGroupLowering : TargetPattern<AsyncCommitGroupOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    targetInfo.asyncCommitGroup(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The target's wait, then a barrier: every thread sees every copy.
struct AsyncWaitLowering : TargetPattern<AsyncWaitOp> {
  AsyncWaitLowering(LLVMTypeConverter &converter,
                    const TargetInfoBase &targetInfo,
                    const KernelAnalyses &analyses)
      : TargetPattern(converter, targetInfo), analyses(analyses) {}

  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto copies = op->getAttrOfType<IntegerAttr>(kAsyncOutstandingAttr);
    targetInfo.asyncWait(rewriter, op.getLoc(), op.getNum(),
                         copies ? copies.getInt() : 0,
                         analyses.isAsyncProxyHandoff(op));
    targetInfo.sharedBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }

  const KernelAnalyses &analyses;
};

} // namespace

//===----------------------------------------------------------------------===//
// Asynchronous copies: which element each lane copies where
//===----------------------------------------------------------------------===//

/// The inverse over GF(2) of the lane map of a warp's block: lane bit i
/// writes block position `columns[i]`; returns, per position bit, the lane.
static SmallVector<int32_t> invertLaneMap(ArrayRef<int32_t> columns) {
  unsigned n = columns.size();
  // Rows (position bits, lane bits), reduced until each position bit has
  // its own row.
  SmallVector<std::pair<int32_t, int32_t>> rows;
  for (unsigned i = 0; i < n; ++i)
    rows.push_back({columns[i], int32_t(1) << i});
  SmallVector<int32_t> inverse(n, 0);
  for (unsigned col = 0; col < n; ++col) {
    auto pivot = llvm::find_if(rows, [&](const auto &r) {
      return (r.first >> col & 1) && (r.first & ((1 << col) - 1)) == 0;
    });
    assert(pivot != rows.end() && "L6 verified: the lanes span the block");
    auto p = *pivot;
    for (auto &r : rows)
      if (&r != &*pivot && (r.first >> col & 1))
        r = {r.first ^ p.first, r.second ^ p.second};
  }
  for (auto &r : rows)
    inverse[llvm::Log2_32(r.first)] = r.second;
  return inverse;
}

namespace {
/// AMD: which lane's element hardware lane l' copies. The warp writes one
/// block (L6), lane l' at block position l'; under a swizzle within the
/// block (L7) that position holds the element of the layout's lane
/// Linv(l' ^ c), c the block bits the register, warp and view add.
class WarpBlockLanes {
public:
  WarpBlockLanes(RewriterBase &rewriter, Location loc,
                 const DirectCopyPlan &plan, const TargetInfoBase &targetInfo)
      : rewriter(rewriter), loc(loc), targetInfo(targetInfo) {
    unsigned warp = targetInfo.getWarpSize();
    unsigned laneBits = llvm::Log2_32(warp);
    vecLog = llvm::Log2_64(plan.vec);
    block = int32_t(((plan.vec << laneBits) - 1) & ~(plan.vec - 1));
    if (plan.lanesInOrder)
      return;
    SmallVector<int32_t> columns;
    LinearLayout::Bases fwd, inv;
    for (unsigned i = 0; i < laneBits; ++i) {
      int32_t off = plan.offsets.getBases(LinearLayout::Lane)[i][0];
      columns.push_back(off >> vecLog);
      fwd.push_back({off});
    }
    for (int32_t c : invertLaneMap(columns))
      inv.push_back({c});
    inverse = laneLayout(inv);
    Value tid = targetInfo.threadId(rewriter, loc);
    hwLane = LLVM::AndOp::create(rewriter, loc, tid,
                                 i32Const(rewriter, loc, warp - 1));
    ownBlockBits = emitContribution(rewriter, loc, laneLayout(fwd),
                                    LinearLayout::Lane, 0, hwLane);
  }

  /// The start of the block a warp's instruction writes (unpadded offset).
  Value blockStart(Value viewed) {
    return LLVM::AndOp::create(rewriter, loc, viewed,
                               i32Const(rewriter, loc, ~block));
  }

  /// `v` of the lane whose element this lane writes, for the register
  /// whose (viewed) offset is `viewed`; `v` itself in lane order.
  std::function<Value(Value)> fetcherFor(Value viewed) {
    if (!hwLane)
      return [](Value v) { return v; };
    // c = block bits of (register ^ warp ^ view) = viewed ^ L(own lane).
    Value c =
        LLVM::XOrOp::create(rewriter, loc,
                            LLVM::AndOp::create(rewriter, loc, viewed,
                                                i32Const(rewriter, loc, block)),
                            ownBlockBits);
    Value pos = LLVM::XOrOp::create(
        rewriter, loc, hwLane,
        LLVM::LShrOp::create(rewriter, loc, c,
                             i32Const(rewriter, loc, vecLog)));
    Value src =
        emitContribution(rewriter, loc, inverse, LinearLayout::Lane, 0, pos);
    return [this, src](Value v) {
      return shuffleValue(rewriter, loc, v, [&](Value x) {
        return targetInfo.shuffleIndex(rewriter, loc, x, src);
      });
    };
  }

private:
  static LinearLayout laneLayout(const LinearLayout::Bases &lanes) {
    return LinearLayout(
        1, std::array<LinearLayout::Bases, LinearLayout::kNumInDims>{
               LinearLayout::Bases(), lanes, LinearLayout::Bases(),
               LinearLayout::Bases()});
  }

  RewriterBase &rewriter;
  Location loc;
  const TargetInfoBase &targetInfo;
  int64_t vecLog;
  int32_t block;
  LinearLayout inverse{1};
  Value hwLane, ownBlockBits;
};
} // namespace

/// Whether an earlier buffer_load_to_shared or async_wait of the same
/// block already emitted the barrier a copy needs: between the two, only
/// address arithmetic and commits (no op that reads or writes shared
/// memory, or lowers through it).
static bool followsCopyBarrier(Operation *op) {
  if (op->hasAttr(kWarpPipelinedCopyAttr))
    return true;
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (isa<BufferLoadToSharedOp, AsyncWaitOp>(prev))
      return true;
    if (isa<AsyncCommitGroupOp>(prev))
      continue;
    if (prev->getNumRegions() || !isMemoryEffectFree(prev) ||
        isa<ConvertLayoutOp, RequireLayoutOp, ReduceOp>(prev))
      return false;
  }
  return false;
}

/// The tile a chain of buffer indexes starts from: a view of it names the
/// same XOR whichever buffer is indexed.
static Value bufferRoot(Value desc) {
  while (auto index = desc.getDefiningOp<MemDescIndexOp>())
    desc = index.getSrc();
  return desc;
}

DirectCopyHoist
mlir::tlxamd::directCopyHoist(BufferLoadToSharedOp op,
                              function_ref<Value(Value)> remap) {
  DirectCopyHoist hoist{remap(bufferRoot(op.getDest())), Value(), Value()};
  auto both = op.getMask() ? op.getMask().getDefiningOp<arith::AndIOp>()
                           : arith::AndIOp();
  for (unsigned side = 0; both && side < 2; ++side)
    if (auto splat = both->getOperand(side).getDefiningOp<SplatOp>()) {
      Value lanes = remap(both->getOperand(1 - side));
      Value scalar = remap(splat.getSrc());
      if (lanes && scalar)
        hoist.laneMask = lanes, hoist.scalarMask = scalar;
      break;
    }
  return hoist;
}

/// The latest point at which all of `values` (converted operands of `op`,
/// each dominating it) are defined: after the last definition, or the
/// start of the block whose argument is last. None where that is `op`'s
/// own block (nothing to gain).
static std::optional<OpBuilder::InsertPoint>
latestDefinition(Operation *op, ArrayRef<Value> values) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return std::nullopt;
  DominanceInfo dom(func);
  std::optional<OpBuilder::InsertPoint> best;
  for (Value v : values) {
    if (!v)
      continue;
    OpBuilder::InsertPoint at =
        v.getDefiningOp()
            ? OpBuilder::InsertPoint(v.getDefiningOp()->getBlock(),
                                     ++Block::iterator(v.getDefiningOp()))
            : OpBuilder::InsertPoint(
                  cast<BlockArgument>(v).getOwner(),
                  cast<BlockArgument>(v).getOwner()->begin());
    auto before = [&](OpBuilder::InsertPoint a, OpBuilder::InsertPoint b) {
      if (a.getBlock() != b.getBlock())
        return dom.properlyDominates(a.getBlock(), b.getBlock());
      if (a.getPoint() == a.getBlock()->end())
        return false;
      return b.getPoint() == b.getBlock()->end() ||
             a.getPoint()->isBeforeInBlock(&*b.getPoint()) ||
             a.getPoint() == b.getPoint();
    };
    if (!best || before(*best, at))
      best = at;
  }
  if (!best || best->getBlock() == op->getBlock())
    return std::nullopt;
  return best;
}

/// The lanes' part of a copy: per instruction, on AMD the byte offset of
/// the warp's block start (uniform) into `sharedOffsets`, on NVIDIA the
/// lane's destination in the tile at `tileBase` into `out`; and the global
/// offset, mask and `other` of the element it copies into `out`.
static void emitCopyLanes(RewriterBase &rewriter, Location loc,
                          BufferLoadToSharedOp op, const DirectCopyPlan &plan,
                          const TargetInfoBase &targetInfo, Value offsets,
                          Value mask, Value other, Value viewXor,
                          Value tileBase, PaddedSharedLayoutAttr padding,
                          unsigned elemBytes, DirectCopyAccess &out,
                          SmallVectorImpl<Value> &sharedOffsets,
                          std::optional<OpBuilder::InsertPoint> masksAt) {
  bool amd = targetInfo.getArch().isAMD();
  ThreadIndex thread = emitThreadIndex(
      rewriter, loc, targetInfo,
      getDistributedLayout(op.getOffsets().getType()).getLanesPerWarp());
  auto coords = emitCoordinates(rewriter, loc, plan.offsets, thread);
  SmallVector<Value> offs = unpackRegisters(rewriter, loc, offsets);
  Value elemSize = i32Const(rewriter, loc, elemBytes);
  SharedTile padOnly{{}, {}, padding};
  auto byteOffset = [&](Value unpadded) {
    return LLVM::MulOp::create(
        rewriter, loc, finishSharedOffset(rewriter, loc, padOnly, unpadded),
        elemSize);
  };
  std::optional<WarpBlockLanes> lanes;
  if (amd)
    lanes.emplace(rewriter, loc, plan, targetInfo);
  SmallVector<std::function<Value(Value)>> fetchers;
  for (size_t r = 0; r < coords.size(); r += plan.vec) {
    Value viewed = LLVM::XOrOp::create(rewriter, loc, coords[r][0], viewXor);
    std::function<Value(Value)> fetch = [](Value v) { return v; };
    if (amd) {
      // the warp's block start, one value for the warp (M0)
      sharedOffsets.push_back(targetInfo.warpUniform(
          rewriter, loc, byteOffset(lanes->blockStart(viewed))));
      fetch = lanes->fetcherFor(viewed);
    } else {
      // the lane's own element (NVIDIA), never moved out of a loop
      out.sharedAddrs.push_back(LLVM::GEPOp::create(
          rewriter, loc, tileBase.getType(), rewriter.getI8Type(), tileBase,
          ValueRange{byteOffset(viewed)}));
    }
    out.globalOffsets.push_back(
        LLVM::MulOp::create(rewriter, loc, fetch(offs[r]), elemSize));
    fetchers.push_back(fetch);
  }
  // The mask and `other` where they are defined (in the loop that computes
  // them, the offsets' part staying before it).
  OpBuilder::InsertionGuard guard(rewriter);
  if (masksAt)
    rewriter.restoreInsertionPoint(*masksAt);
  SmallVector<Value> masks =
      mask ? unpackRegisters(rewriter, loc, mask) : SmallVector<Value>();
  SmallVector<Value> others =
      other ? unpackRegisters(rewriter, loc, other) : SmallVector<Value>();
  for (auto [i, fetch] : llvm::enumerate(fetchers)) {
    size_t r = i * plan.vec;
    out.masks.push_back(masks.empty() ? Value() : fetch(masks[r]));
    SmallVector<Value> otherRegs;
    for (int64_t e = 0; !others.empty() && e < plan.vec; ++e)
      otherRegs.push_back(fetch(others[r + e]));
    out.others.push_back(otherRegs);
  }
}

FailureOr<DirectCopyAccess> mlir::tlxamd::emitDirectCopyAccess(
    RewriterBase &rewriter, BufferLoadToSharedOp op, Value dest, Value offsets,
    Value mask, Value other, const TargetInfoBase &targetInfo,
    const KernelAnalyses &analyses, const DirectCopyHoist *hoist) {
  Location loc = op.getLoc();
  const DirectCopyPlan *planned = analyses.getCopyPlan(op);
  if (!planned) // tlxamd-verify-target reports why
    return op.emitOpError("has no copy plan for ") << targetInfo.getArch().name;
  // Earlier readers of the tile (a previous iteration) are done.
  if (!followsCopyBarrier(op))
    targetInfo.sharedBarrier(rewriter, loc);
  MemDescType destType = op.getDest().getType();
  bool amd = targetInfo.getArch().isAMD();
  unsigned elemBytes = destType.getElementType().getIntOrFloatBitWidth() / 8;
  DirectCopyAccess out;
  out.vec = planned->vec;
  out.bytes = planned->vec * elemBytes;
  SharedTile tile = unpackMemDesc(rewriter, loc, dest, destType);
  // A zero `other` (a constant or a splat of one) is what the copy of a
  // masked-out element writes anyway.
  auto isZero = [](Value v) {
    if (auto splat = v.getDefiningOp<SplatOp>())
      v = splat.getSrc();
    return matchPattern(v, m_Zero()) || matchPattern(v, m_AnyZeroFloat());
  };
  if (op.getOther() && isZero(op.getOther()))
    other = Value();
  // AMD: the lanes' part of the copy (which lane's element each lane
  // copies, one warp shuffle per value; where the warp's block starts)
  // does not depend on which buffer of a multi-buffered tile `dest`
  // indexes. The offsets' part is emitted where the offsets and the view
  // are defined, the mask's and other's where those are (LLVM would not
  // hoist the convergent shuffles): a loop refilling the buffers adds the
  // buffer's base, and shuffles only a mask it computes.
  Value viewXor = tile.xorOffset;
  std::optional<OpBuilder::InsertPoint> at, offsetsAt;
  Value laneMask = mask, scalarMask;
  if (amd && hoist && hoist->viewRoot) {
    if (hoist->scalarMask)
      laneMask = hoist->laneMask, scalarMask = hoist->scalarMask;
    at = latestDefinition(op, {offsets, laneMask, other, hoist->viewRoot});
    offsetsAt = latestDefinition(op, {offsets, hoist->viewRoot});
    if (!at)
      laneMask = mask, scalarMask = Value();
  }
  SmallVector<Value> sharedOffsets;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    // (`at` is set only where `offsetsAt` is: its values include these.)
    std::optional<OpBuilder::InsertPoint> masksAt;
    if (offsetsAt) {
      masksAt = at ? *at : rewriter.saveInsertionPoint();
      rewriter.restoreInsertionPoint(*offsetsAt);
      viewXor =
          unpackMemDesc(rewriter, loc, hoist->viewRoot,
                        cast<MemDescType>(bufferRoot(op.getDest()).getType()))
              .xorOffset;
    }
    emitCopyLanes(rewriter, loc, op, *planned, targetInfo, offsets, laneMask,
                  other, viewXor, tile.base, tile.padding, elemBytes, out,
                  sharedOffsets, masksAt);
  }
  // The mask's scalar factor, per iteration.
  if (scalarMask)
    for (Value &m : out.masks)
      m = LLVM::AndOp::create(rewriter, loc, m, scalarMask);
  for (Value offset : sharedOffsets)
    out.sharedAddrs.push_back(LLVM::GEPOp::create(
        rewriter, loc, tile.base.getType(), rewriter.getI8Type(), tile.base,
        ValueRange{offset}));
  return out;
}

void mlir::tlxamd::emitDirectCopies(RewriterBase &rewriter, Location loc,
                                    const DirectCopyAccess &access,
                                    Type elemType,
                                    function_ref<void(size_t, Value)> copy,
                                    function_ref<Value(size_t)> otherAddress) {
  for (size_t i = 0; i < access.sharedAddrs.size(); ++i) {
    Value pred = access.masks[i];
    if (!pred || access.others[i].empty()) {
      copy(i, pred);
      continue;
    }
    emitBranches(
        rewriter, loc, pred, TypeRange{},
        [&] {
          copy(i, Value());
          return SmallVector<Value>();
        },
        [&] {
          ArrayRef<Value> values = access.others[i];
          Value v = values.size() == 1
                        ? values.front()
                        : packRegisters(rewriter, loc,
                                        VectorType::get(
                                            {int64_t(values.size())}, elemType),
                                        values);
          LLVM::StoreOp::create(rewriter, loc, v, otherAddress(i),
                                /*alignment=*/access.bytes);
          return SmallVector<Value>();
        });
  }
}

//===----------------------------------------------------------------------===//

void mlir::tlxamd::populateSharedOpsToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &targetInfo, const KernelAnalyses &analyses) {
  patterns.add<LocalAllocLowering, LocalLoadLowering, AsyncCommitGroupLowering>(
      converter, targetInfo);
  patterns.add<AsyncWaitLowering, LocalStoreLowering>(converter, targetInfo,
                                                      analyses);
  patterns.add<LocalDeallocLowering, MemDescIndexLowering,
               MemDescSubsliceLowering, ForwardSourceLowering<MemDescTransOp>>(
      converter);
}
