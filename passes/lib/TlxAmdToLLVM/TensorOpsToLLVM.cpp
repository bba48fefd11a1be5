//===- TensorOpsToLLVM.cpp - distributed tensors, any target -------------===//
//
// A distributed tensor becomes the vector of registers one thread owns, in
// linear-layout register order. Ranges compute register coordinates from the
// thread id; broadcasts, dimension expansion and register-local layout
// changes permute registers; changes that move data only between the lanes
// of a warp use warp shuffles; other layout changes go through shared memory.
//
//===----------------------------------------------------------------------===//
#include "LayoutLowering.h"
#include "Patterns.h"
#include "SharedAccess.h"

#include "tlxamd/Analysis/SharedAllocation.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <map>

using namespace mlir;
using namespace mlir::tlxamd;

void mlir::tlxamd::addTensorTypeConversion(LLVMTypeConverter &converter) {
  converter.addConversion(
      [&converter](RankedTensorType type) -> std::optional<Type> {
        if (!getDistributedLayout(type))
          return std::nullopt;
        Type elem = converter.convertType(type.getElementType());
        if (!elem)
          return std::nullopt;
        return VectorType::get({getLinearLayout(type).getNumRegisters()}, elem);
      });
}

namespace {

struct MakeRangeOpLowering : TargetPattern<MakeRangeOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LinearLayout ll = getLinearLayout(op.getType());
    ThreadIndex thread = emitThreadIndex(rewriter, loc, targetInfo,
                                         ll.getInDimSize(LinearLayout::Lane));
    auto coords = emitCoordinates(rewriter, loc, ll, thread);
    SmallVector<Value> values;
    for (auto &c : coords)
      values.push_back(
          op.getStart() == 0
              ? c[0]
              : LLVM::AddOp::create(
                    rewriter, loc, c[0],
                    i32Const(rewriter, loc, int32_t(op.getStart())))
                    .getResult());
    rewriter.replaceOp(
        op,
        packRegisters(rewriter, loc,
                      getTypeConverter()->convertType(op.getType()), values));
    return success();
  }
};

struct SplatOpLowering : ConvertOpToLLVMPattern<SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    SmallVector<Value> values(type.getNumElements(), adaptor.getSrc());
    rewriter.replaceOp(op, packRegisters(rewriter, op.getLoc(), type, values));
    return success();
  }
};

/// Tensor constants are splats: the same value in every register.
struct TensorConstantLowering : ConvertOpToLLVMPattern<arith::ConstantOp> {
  TensorConstantLowering(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tensorType = dyn_cast<RankedTensorType>(op.getType());
    auto dense = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!tensorType || !getDistributedLayout(tensorType) || !dense)
      return failure();
    auto type = dyn_cast_or_null<VectorType>(
        getTypeConverter()->convertType(tensorType));
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible tensor type");
    Attribute value = dense.getSplatValue<Attribute>();
    // Float formats LLVM lacks (f8, ...) become integers of their bits.
    if (auto f = dyn_cast<FloatAttr>(value);
        f && f.getType() != type.getElementType()) {
      if (!type.getElementType().isInteger(
              f.getValue().bitcastToAPInt().getBitWidth()))
        return rewriter.notifyMatchFailure(op, "no LLVM constant for it");
      value = IntegerAttr::get(type.getElementType(),
                               f.getValue().bitcastToAPInt());
    }
    rewriter.replaceOpWithNewOp<LLVM::ConstantOp>(
        op, type, SplatElementsAttr::get(type, value));
    return success();
  }
};

/// Ops whose result registers are registers of the source in the same
/// thread: expand_dims, broadcast, and layout changes that move no data
/// between threads.
template <typename OpTy>
struct RegisterMapLowering : ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> map = getMap(op);
    if (!map)
      return rewriter.notifyMatchFailure(op, "moves data between threads");
    Location loc = op.getLoc();
    SmallVector<Value> src = unpackRegisters(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> dst;
    for (int64_t r : *map)
      dst.push_back(src[r]);
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc,
                          this->getTypeConverter()->convertType(op.getType()),
                          dst));
    return success();
  }

  static std::optional<SmallVector<int64_t>> getMap(OpTy op) {
    RankedTensorType srcType = op.getSrc().getType(), dstType = op.getType();
    LinearLayout src = getLinearLayout(srcType), dst = getLinearLayout(dstType);
    if constexpr (std::is_same_v<OpTy, ExpandDimsOp>) {
      SmallVector<int> embed;
      for (int64_t d = 0; d < srcType.getRank(); ++d)
        embed.push_back(d < int64_t(op.getAxis()) ? d : d + 1);
      return LinearLayout::getRegisterMap(src, dst, embed, {});
    } else if constexpr (std::is_same_v<OpTy, BroadcastOp>) {
      SmallVector<bool> zero;
      for (int64_t d = 0; d < srcType.getRank(); ++d)
        zero.push_back(srcType.getDimSize(d) == 1 &&
                       dstType.getDimSize(d) != 1);
      return LinearLayout::getRegisterMap(src, dst, {}, zero);
    } else if constexpr (std::is_same_v<OpTy, ExtractSliceOp>) {
      return op.getRegisterMap();
    } else {
      return LinearLayout::getRegisterMap(src, dst, {}, {});
    }
  }
};

/// Shape ops: each thread keeps its elements. The registers in the natural
/// result layout (ShapeOpSpec), then in the result layout's order.
template <typename OpTy> struct ShapeOpLowering : ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ShapeOpSpec spec = ShapeOpSpec::get(op);
    auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
    LinearLayout src = getLinearLayout(srcType);
    FailureOr<LinearLayout> natural = spec.getResultLayout(src);
    if (failed(natural))
      return rewriter.notifyMatchFailure(op, "no layout keeps the elements");
    Location loc = op.getLoc();
    SmallVector<SmallVector<Value>> in;
    for (Value v : adaptor.getOperands())
      in.push_back(unpackRegisters(rewriter, loc, v));
    SmallVector<SmallVector<Value>> out(op->getNumResults());
    switch (spec.kind) {
    case ShapeOpSpec::Cat:
      out[0] = in[0];
      out[0].append(in[1]);
      break;
    case ShapeOpSpec::Join:
      for (auto [a, b] : llvm::zip(in[0], in[1]))
        out[0].append({a, b});
      break;
    case ShapeOpSpec::Split: {
      int bit = getSplitRegisterBit(src);
      for (auto [r, v] : llvm::enumerate(in[0]))
        out[(r >> bit) & 1].push_back(v);
      break;
    }
    default:
      out[0] = in[0];
    }
    SmallVector<Value> results;
    for (auto [values, result] : llvm::zip(out, op->getResults())) {
      auto type = cast<RankedTensorType>(result.getType());
      std::optional<SmallVector<int64_t>> map =
          ShapeOpSpec::getRegisterMap(*natural, type);
      if (!map)
        return rewriter.notifyMatchFailure(op, "moves data between threads");
      SmallVector<Value> ordered;
      for (int64_t r : *map)
        ordered.push_back(values[r]);
      results.push_back(packRegisters(
          rewriter, loc, this->getTypeConverter()->convertType(type), ordered));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// The lane `lane` reads from in a warp shuffle step: the lane bits that
/// stay in place under one mask, the constant xor, then each moved bit at
/// its column (a shift for a single bit, a select otherwise).
static Value emitSourceLane(RewriterBase &rewriter, Location loc, Value lane,
                            const LinearLayout::ShuffleStep &step) {
  // Lane bits that stay in place, under one mask; then the moved ones.
  int32_t kept = 0;
  for (auto [b, col] : llvm::enumerate(step.laneColumns))
    if (col == (int32_t(1) << b))
      kept |= col;
  Value acc = i32Const(rewriter, loc, step.laneXor);
  if (kept)
    acc =
        LLVM::XOrOp::create(rewriter, loc, acc,
                            LLVM::AndOp::create(rewriter, loc, lane,
                                                i32Const(rewriter, loc, kept)));
  for (auto [b, col] : llvm::enumerate(step.laneColumns)) {
    if (col == 0 || col == (int32_t(1) << b))
      continue;
    Value bit = LLVM::AndOp::create(rewriter, loc, lane,
                                    i32Const(rewriter, loc, 1 << b));
    Value term;
    if (llvm::isPowerOf2_32(col)) {
      // The lane bit moves to the column's bit.
      int shift = int(llvm::Log2_32(col)) - int(b);
      term = shift == 0  ? bit
             : shift > 0 ? LLVM::ShlOp::create(rewriter, loc, bit,
                                               i32Const(rewriter, loc, shift))
                               .getResult()
                         : LLVM::LShrOp::create(rewriter, loc, bit,
                                                i32Const(rewriter, loc, -shift))
                               .getResult();
    } else {
      Value set = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                       bit, i32Const(rewriter, loc, 0));
      term = LLVM::SelectOp::create(rewriter, loc, set,
                                    i32Const(rewriter, loc, col),
                                    i32Const(rewriter, loc, 0));
    }
    acc = LLVM::XOrOp::create(rewriter, loc, acc, term);
  }
  return acc;
}

/// Layout changes that move data only between the lanes of a hardware warp:
/// one indexed shuffle per register (ds_bpermute_b32 / shfl.sync.idx), the
/// source lane an XOR/shift function of the lane id (see
/// LinearLayout::getWarpShuffles). Elements of up to 32 bits.
template <typename OpTy>
struct WarpShuffleLayoutChange : TargetPattern<OpTy, /*benefit=*/1> {
  using TargetPattern<OpTy, 1>::TargetPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  using TargetPattern<OpTy, 1>::targetInfo;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    unsigned lanes = getDistributedLayout(type).getLanesPerWarp();
    if (classifyLayoutChange(op.getSrc().getType(), type,
                             targetInfo.getWarpSize()) !=
        LayoutChangeKind::WarpShuffle)
      return rewriter.notifyMatchFailure(op, "not an in-warp shuffle");
    auto steps = LinearLayout::getWarpShuffles(
        getLinearLayout(op.getSrc().getType()), getLinearLayout(type));

    Location loc = op.getLoc();
    Value lane = emitThreadIndex(rewriter, loc, targetInfo, lanes).lane;
    // Source lane functions, shared by the registers that use them.
    std::map<std::pair<int32_t, SmallVector<int32_t>>, Value> srcLanes;
    auto srcLaneOf = [&](const LinearLayout::ShuffleStep &step) {
      auto [it, inserted] = srcLanes.try_emplace(
          std::make_pair(step.laneXor, step.laneColumns), Value());
      if (!inserted)
        return it->second;
      it->second = emitSourceLane(rewriter, loc, lane, step);
      return it->second;
    };

    SmallVector<Value> src = unpackRegisters(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> dst;
    for (const LinearLayout::ShuffleStep &step : *steps) {
      Value v = src[step.srcRegister];
      if (!step.isOwnLane())
        v = shuffleValue(rewriter, loc, v, [&](Value x) {
          return targetInfo.shuffleIndex(rewriter, loc, x, srcLaneOf(step));
        });
      dst.push_back(v);
    }
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc,
                          this->getTypeConverter()->convertType(type), dst));
    return success();
  }
};

/// Layout changes that move data between threads: every thread stores its
/// registers into a shared-memory scratch tile, the program synchronizes,
/// and every thread loads its new registers. The tile's layout is the
/// swizzle the layout core finds cheapest for both sides (fewest bank
/// conflicts, widest vectors).
template <typename OpTy>
struct SharedMemoryLayoutChange : TargetPattern<OpTy, /*benefit=*/0> {
  using TargetPattern<OpTy, 0>::TargetPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  using TargetPattern<OpTy, 0>::targetInfo;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    RankedTensorType srcType = op.getSrc().getType();
    Type elemType =
        this->getTypeConverter()->convertType(type.getElementType());
    unsigned bytes = getSharedTileElementBytes(elemType);

    // The target's transposing reads serve destinations whose shared rows
    // run along the lanes.
    TransposedRead read;
    if (getDistributedLayout(type).getLanesPerWarp() ==
        targetInfo.getArch().warpSize)
      read = getTransposedRead(targetInfo.getArch(), bytes * 8);
    SwizzledSharedLayoutAttr tile = chooseSwizzledSharedLayout(
        srcType.getEncoding(), type.getEncoding(), type.getShape(), bytes,
        targetInfo.getArch().sharedMemoryBanks, read);
    LinearLayout sharedLL = toSharedLinearLayout(tile, type.getShape());
    std::optional<LinearLayout> srcOffsets =
        LinearLayout::getSharedOffsets(getLinearLayout(srcType), sharedLL);
    std::optional<LinearLayout> dstOffsets =
        LinearLayout::getSharedOffsets(getLinearLayout(type), sharedLL);
    if (!srcOffsets || !dstOffsets)
      return rewriter.notifyMatchFailure(op, "no shared tile for the change");

    SharedTile tileMem{getSharedMemory(rewriter, op), Value(), {}};
    ThreadIndex thread =
        emitThreadIndex(rewriter, loc, targetInfo,
                        getDistributedLayout(type).getLanesPerWarp());
    // A barrier first: an earlier use of the scratch (a previous loop
    // iteration) must be finished everywhere (none before the kernel's
    // first shared-memory access).
    if (!isFirstSharedAccess(op))
      targetInfo.sharedBarrier(rewriter, loc);
    storeShared(rewriter, loc, tileMem, *srcOffsets, thread,
                unpackRegisters(rewriter, loc, adaptor.getSrc()));
    targetInfo.sharedBarrier(rewriter, loc);
    std::optional<LinearLayout> transposed =
        read.run ? getTransposedLoad(*dstOffsets, read) : std::nullopt;
    SmallVector<Value> dst =
        transposed
            ? emitCooperativeReads(rewriter, loc, tileMem, *transposed, thread,
                                   elemType,
                                   [&](Value ptr, Type elem) {
                                     return targetInfo.transposedSharedRead(
                                         rewriter, loc, ptr, elem);
                                   })
            : loadShared(rewriter, loc, tileMem, *dstOffsets, thread, elemType);
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc,
                          this->getTypeConverter()->convertType(type), dst));
    return success();
  }
};

} // namespace

unsigned mlir::tlxamd::getKernelLanesPerWarp(Operation *kernel,
                                             const TargetInfoBase &targetInfo) {
  unsigned lanes = targetInfo.getWarpSize();
  kernel->walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (DistributedLayoutAttr layout = getDistributedLayout(t)) {
        lanes = layout.getLanesPerWarp();
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return lanes;
}

void mlir::tlxamd::populateTensorOpsToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &targetInfo) {
  patterns.add<MakeRangeOpLowering>(converter, targetInfo);
  // Register permutations first (benefit 2), then warp shuffles (1), then
  // shared memory (0).
  patterns
      .add<SplatOpLowering, TensorConstantLowering,
           RegisterMapLowering<ExpandDimsOp>, RegisterMapLowering<BroadcastOp>,
           RegisterMapLowering<ExtractSliceOp>, ShapeOpLowering<TransOp>,
           ShapeOpLowering<ReshapeOp>, ShapeOpLowering<CatOp>,
           ShapeOpLowering<JoinOp>, ShapeOpLowering<SplitOp>>(converter);
  patterns.add<RegisterMapLowering<ConvertLayoutOp>,
               RegisterMapLowering<RequireLayoutOp>>(converter,
                                                     /*benefit=*/2);
  patterns.add<WarpShuffleLayoutChange<ConvertLayoutOp>,
               WarpShuffleLayoutChange<RequireLayoutOp>>(converter, targetInfo);
  patterns.add<SharedMemoryLayoutChange<ConvertLayoutOp>,
               SharedMemoryLayoutChange<RequireLayoutOp>>(converter,
                                                          targetInfo);
}
