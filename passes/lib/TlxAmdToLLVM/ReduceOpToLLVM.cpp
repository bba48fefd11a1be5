//===- ReduceOpToLLVM.cpp - reductions along an axis, any target ----------===//
//
// `tlxamd.reduce` in three stages, as `planReduction` decides from the
// operand's linear layout:
//   1. in-thread: the registers holding elements that differ only along the
//      axis are combined (broadcast duplicates taken once);
//   2. in-warp: for each lane bit that moves along the axis, an XOR
//      butterfly (indexed shuffle from `lane ^ 2^b`, then combine), after
//      which every lane of the group holds the combined value;
//   3. across warps: each thread stores its partials in a shared-memory
//      scratch buffer at (partial index, result element), the program
//      synchronizes, and each thread combines the partials of the elements
//      it owns, in partial order.
// The combine region is cloned at every combine; its scalar ops are then
// lowered by the other patterns.
//
//===----------------------------------------------------------------------===//
#include "LayoutLowering.h"
#include "Patterns.h"

#include "tlxamd/Analysis/SharedAllocation.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/IRMapping.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// The values of every operand at one point of the reduction.
using Partial = SmallVector<Value>;

/// Coordinates of a register with the axis coordinate cleared: registers
/// with the same key hold elements combined together.
using Key = LinearLayout::Basis;

struct ReduceOpLowering : ConvertOpToLLVMPattern<ReduceOp> {
  ReduceOpLowering(LLVMTypeConverter &converter,
                   const TargetInfoBase &targetInfo)
      : ConvertOpToLLVMPattern(converter), targetInfo(targetInfo) {}

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
    if (!getDistributedLayout(type))
      return rewriter.notifyMatchFailure(op, "operands have no layout");
    FailureOr<ReductionPlan> plan = planReduction(op, targetInfo.getWarpSize());
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    LinearLayout ll = getLinearLayout(type);

    // 1. In-thread: group the registers by key, in register order.
    std::map<Key, Partial> partials;
    std::map<Key, int64_t> firstRegister;
    combineInThread(rewriter, op, adaptor, ll, partials, firstRegister);

    // 2. In-warp butterflies.
    unsigned lanes = ll.getInDimSize(LinearLayout::Lane);
    ThreadIndex thread = emitThreadIndex(rewriter, loc, targetInfo, lanes);
    for (auto [i, bit] : llvm::enumerate(plan->shuffleLaneBits)) {
      // Lane bits ascending: the lanes below `bit` are combined already
      // when they are all reduced bits.
      bool uniformBelow = plan->shuffleLaneBits[i] == i;
      auto xor32 = [&, bit = bit](Value x) {
        return targetInfo.reductionShuffle(rewriter, loc, x, 1u << bit,
                                           thread.lane, uniformBelow);
      };
      for (auto &[key, values] : partials) {
        Partial other;
        for (Value v : values)
          other.push_back(shuffleValue(rewriter, loc, v, xor32));
        values = combine(rewriter, op, values, other);
      }
    }

    // 3. Across warps, through shared memory.
    if (!plan->sharedThreadBits.empty())
      combineThroughShared(rewriter, op, *plan, ll, thread, firstRegister,
                           partials);

    FailureOr<SmallVector<Value>> results = packResults(rewriter, op, partials);
    if (failed(results))
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }

  /// Stage 1: the registers of each key combined, in register order
  /// (broadcast duplicates once); `firstRegister` records each key's first.
  static void combineInThread(ConversionPatternRewriter &rewriter, ReduceOp op,
                              OpAdaptor adaptor, const LinearLayout &ll,
                              std::map<Key, Partial> &partials,
                              std::map<Key, int64_t> &firstRegister) {
    SmallVector<SmallVector<Value>> srcs;
    for (Value v : adaptor.getSrcs())
      srcs.push_back(unpackRegisters(rewriter, op.getLoc(), v));
    std::set<LinearLayout::Basis> seen;
    for (int64_t r = 0; r < ll.getNumRegisters(); ++r) {
      LinearLayout::Basis coords = ll.apply(r, 0, 0);
      if (!seen.insert(coords).second)
        continue; // a broadcast duplicate
      Key key = coords;
      key[op.getAxis()] = 0;
      Partial values;
      for (auto &s : srcs)
        values.push_back(s[r]);
      auto [it, inserted] = partials.try_emplace(key, values);
      if (inserted)
        firstRegister[key] = r;
      else
        it->second = combine(rewriter, op, it->second, values);
    }
  }

  /// The results: scalars, or the registers of the slice layout.
  FailureOr<SmallVector<Value>>
  packResults(ConversionPatternRewriter &rewriter, ReduceOp op,
              const std::map<Key, Partial> &partials) const {
    if (cast<RankedTensorType>(op.getSrcs()[0].getType()).getRank() == 1)
      return partials.begin()->second;
    auto resultType = cast<RankedTensorType>(op.getResult(0).getType());
    LinearLayout resultLL = getLinearLayout(resultType);
    SmallVector<SmallVector<Value>> registers(op.getNumResults());
    for (int64_t r = 0; r < resultLL.getNumRegisters(); ++r) {
      Key key = resultLL.apply(r, 0, 0);
      key.insert(key.begin() + op.getAxis(), 0);
      auto it = partials.find(key);
      if (it == partials.end())
        return op.emitOpError("internal error: result register ")
               << r << " of " << resultType
               << " has no partial in the operand layout";
      for (unsigned i = 0; i < op.getNumResults(); ++i)
        registers[i].push_back(it->second[i]);
    }
    SmallVector<Value> results;
    for (auto [i, result] : llvm::enumerate(op.getResults()))
      results.push_back(packRegisters(
          rewriter, op.getLoc(),
          getTypeConverter()->convertType(result.getType()), registers[i]));
    return results;
  }

  /// The combine region applied to `a` and `b` (cloned here).
  static Partial combine(ConversionPatternRewriter &rewriter, ReduceOp op,
                         ArrayRef<Value> a, ArrayRef<Value> b) {
    Block &body = op.getCombineOp().front();
    IRMapping map;
    for (unsigned i = 0; i < a.size(); ++i) {
      map.map(body.getArgument(i), a[i]);
      map.map(body.getArgument(a.size() + i), b[i]);
    }
    for (Operation &inner : body.without_terminator())
      rewriter.clone(inner, map);
    Partial out;
    for (Value v : body.getTerminator()->getOperands())
      out.push_back(map.lookupOrDefault(v));
    return out;
  }

  /// Stage 3: partial `p` (the thread-id bits of the plan, compacted) of
  /// result element `e` of operand `i` lives at element p * kept + e of the
  /// operand's segment of the scratch buffer.
  void combineThroughShared(ConversionPatternRewriter &rewriter, ReduceOp op,
                            const ReductionPlan &plan, const LinearLayout &ll,
                            const ThreadIndex &thread,
                            const std::map<Key, int64_t> &firstRegister,
                            std::map<Key, Partial> &partials) const {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
    unsigned axis = op.getAxis();
    int64_t kept = type.getNumElements() / type.getDimSize(axis);
    int64_t count = int64_t(1) << plan.sharedThreadBits.size();
    Value base = getSharedMemory(rewriter, op);
    auto ptrType = base.getType();
    Type i8 = rewriter.getI8Type();

    Value index = emitPartialIndex(rewriter, loc, plan, ll, thread);
    std::map<Key, Value> offsets =
        emitKeyOffsets(rewriter, op, ll, thread, firstRegister);

    // Segment of each operand, and the address of (partial, offset) in it.
    SmallVector<int64_t> segment;
    SmallVector<Type> memTypes;
    int64_t bytes = 0;
    for (Value src : op.getSrcs()) {
      Type elem =
          getTypeConverter()->convertType(getElementTypeOrSelf(src.getType()));
      memTypes.push_back(sharedStorageType(rewriter, elem));
      segment.push_back(bytes);
      unsigned width = std::max(1u, getElementBitWidth(elem) / 8);
      bytes += llvm::alignTo(count * kept * width, 8);
    }
    auto addressOf = [&](unsigned i, Value partial, Value off) {
      Value seg =
          LLVM::GEPOp::create(rewriter, loc, ptrType, i8, base,
                              ArrayRef<LLVM::GEPArg>{int32_t(segment[i])});
      Value elem = LLVM::AddOp::create(
          rewriter, loc, off,
          LLVM::MulOp::create(rewriter, loc, partial,
                              i32Const(rewriter, loc, kept)));
      return LLVM::GEPOp::create(rewriter, loc, ptrType, memTypes[i], seg,
                                 ValueRange{elem});
    };

    // An earlier use of the scratch (a previous loop iteration) must be
    // finished everywhere before it is overwritten; the kernel's first
    // shared-memory access has none.
    if (!isFirstSharedAccess(op))
      targetInfo.sharedBarrier(rewriter, loc);
    for (auto &[key, values] : partials)
      for (auto [i, v] : llvm::enumerate(values)) {
        Value stored = memTypes[i] != v.getType()
                           ? LLVM::ZExtOp::create(rewriter, loc, memTypes[i], v)
                           : v;
        LLVM::StoreOp::create(rewriter, loc, stored,
                              addressOf(i, index, offsets[key]));
      }
    targetInfo.sharedBarrier(rewriter, loc);
    for (auto &[key, values] : partials) {
      Partial acc;
      for (int64_t p = 0; p < count; ++p) {
        Partial loaded;
        for (auto [i, v] : llvm::enumerate(values)) {
          Value x = LLVM::LoadOp::create(
              rewriter, loc, memTypes[i],
              addressOf(i, i32Const(rewriter, loc, p), offsets[key]));
          if (x.getType() != v.getType())
            x = LLVM::TruncOp::create(rewriter, loc, v.getType(), x);
          loaded.push_back(x);
        }
        acc = p == 0 ? loaded : combine(rewriter, op, acc, loaded);
      }
      values = acc;
    }
  }

  /// The thread's partial index: its thread-id bits of the plan, compacted.
  static Value emitPartialIndex(RewriterBase &rewriter, Location loc,
                                const ReductionPlan &plan,
                                const LinearLayout &ll,
                                const ThreadIndex &thread) {
    unsigned laneBits = ll.getInDimSizeLog2(LinearLayout::Lane);
    Value tid = LLVM::OrOp::create(
        rewriter, loc, thread.lane,
        LLVM::ShlOp::create(rewriter, loc, thread.warp,
                            i32Const(rewriter, loc, laneBits)));
    Value index = i32Const(rewriter, loc, 0);
    for (auto [i, bit] : llvm::enumerate(plan.sharedThreadBits)) {
      Value b = LLVM::AndOp::create(
          rewriter, loc,
          LLVM::LShrOp::create(rewriter, loc, tid,
                               i32Const(rewriter, loc, bit)),
          i32Const(rewriter, loc, 1));
      index = LLVM::OrOp::create(
          rewriter, loc, index,
          LLVM::ShlOp::create(rewriter, loc, b, i32Const(rewriter, loc, i)));
    }
    return index;
  }

  /// Row-major offsets (over the kept dimensions) of the thread's keys.
  static std::map<Key, Value>
  emitKeyOffsets(RewriterBase &rewriter, ReduceOp op, const LinearLayout &ll,
                 const ThreadIndex &thread,
                 const std::map<Key, int64_t> &firstRegister) {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
    auto coords = emitCoordinates(rewriter, loc, ll, thread);
    std::map<Key, Value> offsets;
    for (auto &[key, r] : firstRegister) {
      Value off = i32Const(rewriter, loc, 0);
      int64_t stride = 1;
      for (int64_t d = type.getRank() - 1; d >= 0; --d) {
        if (unsigned(d) == op.getAxis())
          continue;
        off = LLVM::AddOp::create(
            rewriter, loc, off,
            LLVM::MulOp::create(rewriter, loc, coords[r][d],
                                i32Const(rewriter, loc, stride)));
        stride *= type.getDimSize(d);
      }
      offsets[key] = off;
    }
    return offsets;
  }

  const TargetInfoBase &targetInfo;
};

} // namespace

void mlir::tlxamd::populateReduceOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &targetInfo) {
  patterns.add<ReduceOpLowering>(converter, targetInfo);
}
