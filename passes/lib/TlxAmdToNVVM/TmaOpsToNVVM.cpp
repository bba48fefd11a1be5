//===- TmaOpsToNVVM.cpp - mbarriers and TMA copies to NVVM ----------------===//
//
// The tensor memory accelerator of sm_90 and later: transaction-counting
// mbarriers (nvvm.mbarrier.*) and tile copies from a tensor map
// (nvvm.cp.async.bulk.tensor) in both directions. One thread of the program
// issues the barrier updates and the copies (thread 0, and the op's `pred`):
// the NVVM ops' PTX predicate, which convert-nvvm-to-llvm turns into `@p` on
// the instruction. A tensor descriptor argument is the generic address of the
// kernel's `__grid_constant__` tensor-map parameter (KernelConversion).
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "PtxBuilder.h"

#include "../TlxAmdToLLVM/Patterns.h"
#include "../TlxAmdToLLVM/SharedAccess.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// The address of a lowered barrier descriptor (one i64 tile).
Value barrierAddress(RewriterBase &rewriter, Location loc, Value desc,
                     MemDescType type) {
  return unpackMemDesc(rewriter, loc, desc, type).base;
}

/// Thread 0 of the program, and `pred` when there is one: the thread that
/// issues an op that the whole program executes once.
Value issuingThread(RewriterBase &rewriter, Location loc,
                    const TargetInfoBase &targetInfo, Value pred) {
  Value tid = targetInfo.threadId(rewriter, loc);
  Value zero = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                        rewriter.getI32IntegerAttr(0));
  Value first =
      LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, tid, zero);
  return pred ? LLVM::AndOp::create(rewriter, loc, first, pred) : first;
}

/// An op on an mbarrier: `lower` emits it given the barrier's address (and
/// the issuing thread's predicate for the ops one thread performs); the op
/// is then erased.
template <typename OpTy> struct BarrierPattern : TargetPattern<OpTy> {
  using TargetPattern<OpTy>::TargetPattern;
  using Adaptor = typename OpTy::Adaptor;

  virtual void lower(ConversionPatternRewriter &rewriter, Location loc, OpTy op,
                     Adaptor adaptor, Value bar) const = 0;

  /// Thread 0, and the op's `pred` when it has one.
  Value issuer(RewriterBase &rewriter, Location loc, Value pred) const {
    return issuingThread(rewriter, loc, this->targetInfo, pred);
  }

  LogicalResult
  matchAndRewrite(OpTy op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    lower(rewriter, loc, op, adaptor,
          barrierAddress(rewriter, loc, adaptor.getBarrier(),
                         op.getBarrier().getType()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct MBarrierInitLowering : BarrierPattern<MBarrierInitOp> {
  using BarrierPattern::BarrierPattern;

  void lower(ConversionPatternRewriter &rewriter, Location loc,
             MBarrierInitOp op, OpAdaptor, Value bar) const override {
    NVVM::MBarrierInitOp::create(rewriter, loc, bar,
                                 i32Const(rewriter, loc, op.getCount()),
                                 issuer(rewriter, loc, Value()));
    // The initialized barrier is visible to the copy engine (the async
    // proxy) and, after the program's barrier, to every thread.
    NVVM::FenceMbarrierInitOp::create(rewriter, loc);
    targetInfo.sharedBarrier(rewriter, loc);
  }
};

struct MBarrierExpectTxLowering : BarrierPattern<MBarrierExpectTxOp> {
  using BarrierPattern::BarrierPattern;

  void lower(ConversionPatternRewriter &rewriter, Location loc,
             MBarrierExpectTxOp op, OpAdaptor adaptor,
             Value bar) const override {
    NVVM::MBarrierArriveExpectTxOp::create(
        rewriter, loc, Type(), bar, i32Const(rewriter, loc, op.getBytes()),
        NVVM::MemScopeKind::CTA, /*relaxed=*/false,
        issuer(rewriter, loc, adaptor.getPred()));
  }
};

struct MBarrierArriveLowering : BarrierPattern<MBarrierArriveOp> {
  using BarrierPattern::BarrierPattern;

  void lower(ConversionPatternRewriter &rewriter, Location loc,
             MBarrierArriveOp op, OpAdaptor adaptor, Value bar) const override {
    Value pred = issuer(rewriter, loc, adaptor.getPred());
    Value count = i32Const(rewriter, loc, op.getCount());
    Value rank = adaptor.getRemoteCtaRank();
    emitPredicated(rewriter, loc, pred, Type(), [&] {
      if (!rank) {
        NVVM::MBarrierArriveOp::create(rewriter, loc, Type(), bar, count);
        return Value();
      }
      // The same barrier in CTA `rank` of the cluster (mapa), arrived on
      // with release at cluster scope.
      Value remote = NVVM::MapaOp::create(
          rewriter, loc,
          LLVM::LLVMPointerType::get(
              rewriter.getContext(),
              unsigned(NVVM::NVVMMemorySpace::SharedCluster)),
          bar, rank);
      NVVM::MBarrierArriveOp::create(rewriter, loc, Type(), remote, count,
                                     NVVM::MemScopeKind::CLUSTER);
      return Value();
    });
  }
};

/// The wait loop at cluster scope (NVVM's try_wait acquires at CTA scope
/// only): remote arrivals' writes are visible after it.
static void emitClusterWait(RewriterBase &rewriter, Location loc, Value bar,
                            Value parity, Value ticks) {
  nvvm::PtxBuilder ptx;
  Value addr =
      LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), bar);
  std::string a = ptx.addInput(addr, "r");
  std::string p = ptx.addInput(parity, "r");
  std::string t = ptx.addInput(ticks, "r");
  ptx << "{\n.reg .pred done;\nwait_cluster:\n"
      << "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 done, [" << a
      << "], " << p << ", " << t << ";\n@!done bra.uni wait_cluster;\n}";
  ptx.build(rewriter, loc);
}

struct MBarrierWaitLowering : BarrierPattern<MBarrierWaitOp> {
  using BarrierPattern::BarrierPattern;

  void lower(ConversionPatternRewriter &rewriter, Location loc,
             MBarrierWaitOp op, OpAdaptor adaptor, Value bar) const override {
    Value parity = LLVM::AndOp::create(rewriter, loc, adaptor.getPhase(),
                                       i32Const(rewriter, loc, 1));
    // The suspend-time hint of each try (ns); the op loops until the phase
    // has completed.
    Value ticks = i32Const(rewriter, loc, 10000000);
    bool cluster = getNumCtas(op) > 1;
    auto wait = [&] {
      if (cluster)
        emitClusterWait(rewriter, loc, bar, parity, ticks);
      else
        NVVM::MBarrierTryWaitParityOp::create(rewriter, loc, bar, parity,
                                              ticks);
      return Value();
    };
    if (Value pred = adaptor.getPred())
      emitPredicated(rewriter, loc, pred, Type(), wait);
    else
      wait();
  }
};

/// One try of the phase of parity `parity` of `bar` (i1: it has
/// completed), acquiring at CTA scope, or at cluster scope in a cluster.
static Value emitTryWait(RewriterBase &rewriter, Location loc, Value bar,
                         Value parity, bool cluster) {
  nvvm::PtxBuilder ptx;
  std::string done = ptx.addOutputs(1, "=r", rewriter.getI32Type())[0];
  Value addr =
      LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), bar);
  std::string a = ptx.addInput(addr, "r");
  std::string p = ptx.addInput(parity, "r");
  ptx << "{\n.reg .pred p;\nmbarrier.try_wait.parity"
      << (cluster ? ".acquire.cluster" : "") << ".shared::cta.b64 p, [" << a
      << "], " << p << ";\nselp.u32 " << done << ", 1, 0, p;\n}";
  Value r = ptx.build(rewriter, loc)[0];
  return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, r,
                              i32Const(rewriter, loc, 0));
}

/// The sanitizer's wait: tries until the phase completes or `timeout_ms`
/// of the global timer have passed; then thread 0 of the task records the
/// barrier, the parity and the task, and the wait gives up.
struct MBarrierWaitWatchdogLowering : BarrierPattern<MBarrierWaitWatchdogOp> {
  using BarrierPattern::BarrierPattern;

  void lower(ConversionPatternRewriter &rewriter, Location loc,
             MBarrierWaitWatchdogOp op, OpAdaptor adaptor,
             Value bar) const override {
    Value parity = LLVM::AndOp::create(rewriter, loc, adaptor.getPhase(),
                                       i32Const(rewriter, loc, 1));
    auto wait = [&] {
      emitWatchdog(rewriter, loc, op, adaptor, bar, parity);
      return Value();
    };
    if (Value pred = adaptor.getPred())
      emitPredicated(rewriter, loc, pred, Type(), wait);
    else
      wait();
  }

  void emitWatchdog(ConversionPatternRewriter &rewriter, Location loc,
                    MBarrierWaitWatchdogOp op, OpAdaptor adaptor, Value bar,
                    Value parity) const {
    Type i64 = rewriter.getI64Type();
    Value start = NVVM::GlobalTimerOp::create(rewriter, loc, i64);
    Block *entry = rewriter.getInsertionBlock();
    Block *after = rewriter.splitBlock(entry, rewriter.getInsertionPoint());
    Block *tryBlock = rewriter.createBlock(after);
    Block *clock = rewriter.createBlock(after);
    Block *report = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(entry);
    LLVM::BrOp::create(rewriter, loc, ValueRange(), tryBlock);
    rewriter.setInsertionPointToStart(tryBlock);
    Value done = emitTryWait(rewriter, loc, bar, parity, getNumCtas(op) > 1);
    LLVM::CondBrOp::create(rewriter, loc, done, after, ValueRange(), clock,
                           ValueRange());
    rewriter.setInsertionPointToStart(clock);
    Value spent = LLVM::SubOp::create(
        rewriter, loc, NVVM::GlobalTimerOp::create(rewriter, loc, i64), start);
    Value bound = LLVM::ConstantOp::create(
        rewriter, loc, i64,
        rewriter.getI64IntegerAttr(int64_t(op.getTimeoutMs()) * 1000000));
    Value late = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ugt,
                                      spent, bound);
    LLVM::CondBrOp::create(rewriter, loc, late, report, ValueRange(), tryBlock,
                           ValueRange());
    rewriter.setInsertionPointToStart(report);
    auto [tasks, task] = TargetInfoBase::getTaskAt(rewriter);
    Value first = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       targetInfo.threadId(rewriter, loc),
                                       i32Const(rewriter, loc, 0));
    recordBarrierTimeout(rewriter, loc, adaptor.getViolations(), targetInfo,
                         op.getSite(), first, bar, parity, tasks ? task : 0);
    LLVM::BrOp::create(rewriter, loc, ValueRange(), after);
    rewriter.setInsertionPointToStart(after);
  }
};

struct ClusterCtaRankLowering : ConvertOpToLLVMPattern<ClusterCtaRankOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ClusterCtaRankOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, NVVM::ClusterId::create(rewriter, op.getLoc(),
                                                   rewriter.getI32Type()));
    return success();
  }
};

struct ClusterBarrierLowering : ConvertOpToLLVMPattern<ClusterBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ClusterBarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // barrier.cluster.arrive (release) + barrier.cluster.wait (acquire),
    // every thread of the cluster converged.
    UnitAttr aligned = rewriter.getUnitAttr();
    NVVM::ClusterArriveOp::create(rewriter, op.getLoc(), aligned);
    NVVM::ClusterWaitOp::create(rewriter, op.getLoc(), aligned);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Calls `emit(address, coords)` for each TMA box of a tile copy between
/// the descriptor's tile at `coords` and the shared tile `tile` (in
/// `tileType`'s layout): the box's shared address and its tensor-map
/// coordinates (fastest dimension first).
void forEachTmaBox(RewriterBase &rewriter, Location loc,
                   TensorDescType descType, MemDescType tileType, Value tile,
                   ValueRange coords,
                   function_ref<void(Value, ArrayRef<Value>)> emit) {
  SharedTile shared = unpackMemDesc(rewriter, loc, tile, tileType);
  ArrayRef<int64_t> shape = descType.getShape();
  SmallVector<int64_t> box = descType.getBoxShape();
  unsigned rank = shape.size();
  int64_t elemBytes = descType.getElementType().getIntOrFloatBitWidth() / 8;
  // One copy per box of the tile, at the box's place in the layout.
  SmallVector<int64_t> origin(rank, 0);
  while (true) {
    int64_t offset =
        getSharedOffsetOf(tileType.getEncoding(), shape, origin) * elemBytes;
    Value addr = LLVM::GEPOp::create(rewriter, loc, shared.base.getType(),
                                     rewriter.getI8Type(), shared.base,
                                     ArrayRef<LLVM::GEPArg>{int32_t(offset)});
    SmallVector<Value> boxCoords;
    for (unsigned d = rank; d-- > 0;) {
      Value c = coords[d];
      if (origin[d] != 0)
        c = LLVM::AddOp::create(rewriter, loc, c,
                                i32Const(rewriter, loc, origin[d]));
      boxCoords.push_back(c);
    }
    emit(addr, boxCoords);
    // The next box, the last dimension fastest.
    unsigned d = rank;
    while (d-- > 0) {
      origin[d] += box[d];
      if (origin[d] < shape[d])
        break;
      origin[d] = 0;
    }
    if (d == unsigned(-1))
      return;
  }
}

/// Each thread's generic-proxy accesses of shared memory before the async
/// proxy's (`fence.proxy.async.shared::cta` / `::cluster`).
void emitAsyncSharedFence(RewriterBase &rewriter, Location loc,
                          bool cluster = false) {
  NVVM::FenceProxyOp::create(
      rewriter, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                 cluster ? NVVM::SharedSpace::shared_cluster
                                         : NVVM::SharedSpace::shared_cta));
}

struct AsyncTmaCopyLowering : BarrierPattern<AsyncTmaCopyGlobalToSharedOp> {
  AsyncTmaCopyLowering(LLVMTypeConverter &converter,
                       const TargetInfoBase &targetInfo,
                       const KernelAnalyses &analyses)
      : BarrierPattern(converter, targetInfo), analyses(analyses) {}
  const KernelAnalyses &analyses;

  void lower(ConversionPatternRewriter &rewriter, Location loc,
             AsyncTmaCopyGlobalToSharedOp op, OpAdaptor adaptor,
             Value bar) const override {
    // Earlier readers of the tile are done, and their generic-proxy
    // accesses are ordered before the copy engine's writes (a tile only
    // the async proxy touches has none: mbarriers order its readers).
    if (!analyses.isAsyncProxyHandoff(op)) {
      targetInfo.sharedBarrier(rewriter, loc);
      emitAsyncSharedFence(rewriter, loc);
    }
    Value pred = issuer(rewriter, loc, adaptor.getPred());
    forEachTmaBox(rewriter, loc, op.getDesc().getType(), op.getDest().getType(),
                  adaptor.getDest(), adaptor.getCoords(),
                  [&](Value dst, ArrayRef<Value> coords) {
                    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
                        rewriter, loc, dst, adaptor.getDesc(), coords, bar,
                        /*im2colOffsets=*/ValueRange{},
                        /*multicastMask=*/Value(),
                        /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE,
                        /*isCTAOnly=*/false, /*group=*/nullptr, pred);
                  });
  }
};

struct AsyncTmaStoreLowering : TargetPattern<AsyncTmaCopySharedToGlobalOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AsyncTmaCopySharedToGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Every thread's writes of the tile are ordered before the copy
    // engine's reads, and done before the issuing thread starts it.
    emitAsyncSharedFence(rewriter, loc);
    targetInfo.sharedBarrier(rewriter, loc);
    Value pred = issuingThread(rewriter, loc, targetInfo, adaptor.getPred());
    forEachTmaBox(rewriter, loc, op.getDesc().getType(), op.getSrc().getType(),
                  adaptor.getSrc(), adaptor.getCoords(),
                  [&](Value src, ArrayRef<Value> coords) {
                    NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
                        rewriter, loc, adaptor.getDesc(), src, coords,
                        /*l2CacheHint=*/Value(), NVVM::TMAStoreMode::TILE,
                        pred);
                  });
    // The boxes are one bulk group (a thread without copies commits an
    // empty one).
    NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncTmaStoreWaitLowering : TargetPattern<AsyncTmaStoreWaitOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AsyncTmaStoreWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, loc, op.getPendings(),
                                         op.getRead() ? rewriter.getUnitAttr()
                                                      : UnitAttr());
    // The issuing thread's wait, for every thread of the program.
    targetInfo.sharedBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct FenceAsyncSharedLowering : ConvertOpToLLVMPattern<FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(FenceAsyncSharedOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitAsyncSharedFence(rewriter, op.getLoc(), op.getCluster());
    rewriter.eraseOp(op);
    return success();
  }
};

struct MBarrierInvalidateLowering : BarrierPattern<MBarrierInvalidateOp> {
  using BarrierPattern::BarrierPattern;

  void lower(ConversionPatternRewriter &rewriter, Location loc,
             MBarrierInvalidateOp, OpAdaptor, Value bar) const override {
    // Every thread is past its waits on the barrier.
    targetInfo.sharedBarrier(rewriter, loc);
    emitPredicated(rewriter, loc, issuer(rewriter, loc, Value()), Type(), [&] {
      NVVM::MBarrierInvalOp::create(rewriter, loc, bar);
      return Value();
    });
  }
};

/// One thread asks the hardware to cancel a cluster that has not started:
/// the 16-byte answer lands in the response tile, completing 16 bytes on
/// the barrier.
struct ClcTryCancelLowering : BarrierPattern<ClcTryCancelOp> {
  using BarrierPattern::BarrierPattern;

  void lower(ConversionPatternRewriter &rewriter, Location loc,
             ClcTryCancelOp op, OpAdaptor adaptor, Value bar) const override {
    Value response = barrierAddress(rewriter, loc, adaptor.getResponse(),
                                    op.getResponse().getType());
    emitPredicated(rewriter, loc, issuer(rewriter, loc, adaptor.getPred()),
                   Type(), [&] {
                     NVVM::ClusterLaunchControlTryCancelOp::create(
                         rewriter, loc, UnitAttr(), response, bar);
                     return Value();
                   });
  }
};

/// The answer read back: the canceled cluster's first CTA x, or -1.
struct ClcQueryLowering : TargetPattern<ClcQueryOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(ClcQueryOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr = barrierAddress(rewriter, loc, adaptor.getResponse(),
                                op.getResponse().getType());
    Value answer = LLVM::LoadOp::create(
        rewriter, loc, rewriter.getIntegerType(128), addr, /*alignment=*/16);
    using Q = NVVM::ClusterLaunchControlQueryType;
    Value canceled = NVVM::ClusterLaunchControlQueryCancelOp::create(
        rewriter, loc, rewriter.getI1Type(), Q::IS_CANCELED, answer);
    Value x = NVVM::ClusterLaunchControlQueryCancelOp::create(
        rewriter, loc, rewriter.getI32Type(), Q::GET_FIRST_CTA_ID_X, answer);
    rewriter.replaceOpWithNewOp<LLVM::SelectOp>(op, canceled, x,
                                                i32Const(rewriter, loc, -1));
    return success();
  }
};

/// `bar.sync id, threads` (wait) or `bar.arrive id, threads`.
template <typename OpTy, bool Wait>
struct NamedBarrierLowering : TargetPattern<OpTy> {
  using TargetPattern<OpTy>::TargetPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    this->targetInfo.namedBarrier(
        rewriter, loc, i32Const(rewriter, loc, op.getId()),
        i32Const(rewriter, loc, op.getThreads()), Wait);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tlxamd::nvvm::populateTmaOpsToNVVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo, const KernelAnalyses &analyses) {
  patterns.add<AsyncTmaCopyLowering>(converter, targetInfo, analyses);
  patterns.add<MBarrierInitLowering, MBarrierExpectTxLowering,
               MBarrierArriveLowering, MBarrierWaitLowering,
               MBarrierWaitWatchdogLowering, MBarrierInvalidateLowering,
               ClcTryCancelLowering, ClcQueryLowering, AsyncTmaStoreLowering,
               AsyncTmaStoreWaitLowering,
               NamedBarrierLowering<NamedBarrierWaitOp, true>,
               NamedBarrierLowering<NamedBarrierArriveOp, false>>(converter,
                                                                  targetInfo);
  patterns.add<ClusterCtaRankLowering, ClusterBarrierLowering,
               FenceAsyncSharedLowering>(converter);
}
