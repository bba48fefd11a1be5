//===- TmaOpsToNVVM.cpp - mbarriers and TMA copies to NVVM ----------------===//
//
// The tensor memory accelerator of sm_90 and later: transaction-counting
// mbarriers (nvvm.mbarrier.*) and tile copies from a tensor map
// (nvvm.cp.async.bulk.tensor). One thread of the program issues the
// barrier updates and the copies (thread 0, and the op's `pred`): the NVVM
// ops' PTX predicate, which convert-nvvm-to-llvm turns into `@p` on the
// instruction. A tensor descriptor argument is the generic address of the
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
    gpu::BarrierOp::create(rewriter, loc);
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

struct AsyncTmaCopyLowering : BarrierPattern<AsyncTmaCopyGlobalToSharedOp> {
  using BarrierPattern::BarrierPattern;

  void lower(ConversionPatternRewriter &rewriter, Location loc,
             AsyncTmaCopyGlobalToSharedOp op, OpAdaptor adaptor,
             Value bar) const override {
    TensorDescType descType = op.getDesc().getType();
    MemDescType destType = op.getDest().getType();
    // Earlier readers of the tile are done, and their generic-proxy
    // accesses are ordered before the copy engine's writes.
    gpu::BarrierOp::create(rewriter, loc);
    NVVM::FenceProxyOp::create(
        rewriter, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    SharedTile tile = unpackMemDesc(rewriter, loc, adaptor.getDest(), destType);
    Value pred = issuer(rewriter, loc, adaptor.getPred());
    ArrayRef<int64_t> shape = descType.getShape();
    SmallVector<int64_t> box = descType.getBoxShape();
    unsigned rank = shape.size();
    int64_t elemBytes = descType.getElementType().getIntOrFloatBitWidth() / 8;
    // One copy per box of the tile, at the box's place in the layout.
    SmallVector<int64_t> origin(rank, 0);
    while (true) {
      int64_t offset =
          getSharedOffsetOf(destType.getEncoding(), shape, origin) * elemBytes;
      Value dst = LLVM::GEPOp::create(rewriter, loc, tile.base.getType(),
                                      rewriter.getI8Type(), tile.base,
                                      ArrayRef<LLVM::GEPArg>{int32_t(offset)});
      // Tensor-map coordinates run fastest dimension first.
      SmallVector<Value> coords;
      for (unsigned d = rank; d-- > 0;) {
        Value c = adaptor.getCoords()[d];
        if (origin[d] != 0)
          c = LLVM::AddOp::create(rewriter, loc, c,
                                  i32Const(rewriter, loc, origin[d]));
        coords.push_back(c);
      }
      NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
          rewriter, loc, dst, adaptor.getDesc(), coords, bar,
          /*im2colOffsets=*/ValueRange{}, /*multicastMask=*/Value(),
          /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE,
          /*isCTAOnly=*/false, /*group=*/nullptr, pred);
      // The next box, the last dimension fastest.
      unsigned d = rank;
      while (d-- > 0) {
        origin[d] += box[d];
        if (origin[d] < shape[d])
          break;
        origin[d] = 0;
      }
      if (d == unsigned(-1))
        break;
    }
  }
};

} // namespace

void mlir::tlxamd::nvvm::populateTmaOpsToNVVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo) {
  patterns
      .add<MBarrierInitLowering, MBarrierExpectTxLowering,
           MBarrierArriveLowering, MBarrierWaitLowering, AsyncTmaCopyLowering>(
          converter, targetInfo);
  patterns.add<ClusterCtaRankLowering, ClusterBarrierLowering>(converter);
}
