//===- TensorMemoryToNVVM.cpp - tensor memory and tcgen05 to NVVM ---------===//
//
// Blackwell tensor memory (the TLX tensor-core reference): warp 0 allocates the
// kernel's columns with tcgen05.alloc into a shared-memory slot every thread
// then reads (the last allocation relinquishes the right to allocate) and frees
// them before the kernel returns; tcgen05.ld / tcgen05.st (32x32b) move
// each warp's 32 lanes of rows; tcgen05.shift and tcgen05.commit are
// issued by thread 0, so that the commit tracks the shifts. The address
// map and the register layout are the layout core's TensorMemoryMap.
//
//===----------------------------------------------------------------------===//
#include "Tcgen05Common.h"

#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "../TlxAmdToLLVM/Patterns.h"
#include "../TlxAmdToLLVM/SharedAccess.h"
#include "tlxamd/Layout/TensorMemory.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::nvvm;

namespace {

void fence(RewriterBase &rewriter, Location loc, NVVM::Tcgen05FenceKind kind) {
  NVVM::Tcgen05FenceOp::create(
      rewriter, loc,
      NVVM::Tcgen05FenceKindAttr::get(rewriter.getContext(), kind));
}

Value threadBelow(RewriterBase &rewriter, Location loc,
                  const TargetInfoBase &targetInfo, int64_t n) {
  return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult,
                              targetInfo.threadId(rewriter, loc),
                              i32Const(rewriter, loc, n));
}

/// The shared-memory slot tcgen05.alloc writes an allocation's address to.
Value addressSlot(RewriterBase &rewriter, Location loc, TmemAllocOp op) {
  auto module = op->getParentOfType<gpu::GPUModuleOp>();
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = "__tlxamd_tmem_address_" + std::to_string(i);
    if (!SymbolTable::lookupSymbolIn(module, name))
      break;
  }
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(rewriter, loc, rewriter.getI32Type(),
                           /*isConstant=*/false, LLVM::Linkage::Internal, name,
                           Attribute(), /*alignment=*/4, /*addrSpace=*/3);
  }
  return LLVM::AddressOfOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext(), 3),
      name);
}

/// Whether `op` is the kernel's last allocation: every other one comes
/// before it in its block (then it may give up the right to allocate).
bool isLastAllocation(TmemAllocOp op) {
  bool last = true;
  op->getParentOfType<FunctionOpInterface>()->walk([&](TmemAllocOp other) {
    if (other != op &&
        (other->getBlock() != op->getBlock() || !other->isBeforeInBlock(op)))
      last = false;
  });
  return last;
}

struct TmemAllocLowering : TargetPattern<TmemAllocOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(TmemAllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MemDescType type = op.getType();
    if (isa<TensorMemoryPlaceholderLayoutAttr>(type.getEncoding()))
      return op.emitOpError("has the placeholder layout of a uint8 buffer: "
                            "run tlxamd-resolve-tmem-layouts first");
    int64_t columns = *TensorMemoryMap::getAllocColumns(
        getTensorMemoryColumns(type)); // verified
    MLIRContext *ctx = rewriter.getContext();
    Value slot = addressSlot(rewriter, loc, op);
    Value ncols = i32Const(rewriter, loc, columns);
    bool last = isLastAllocation(op);
    Value warp0 =
        threadBelow(rewriter, loc, targetInfo, targetInfo.getWarpSize());
    emitPredicated(rewriter, loc, warp0, Type(), [&] {
      NVVM::Tcgen05AllocOp::create(rewriter, loc, slot, ncols,
                                   getCtaGroupAttr(op));
      if (last)
        NVVM::Tcgen05RelinquishAllocPermitOp::create(rewriter, loc,
                                                     getCtaGroupAttr(op));
      return Value();
    });
    syncTensorMemory(rewriter, loc, targetInfo);
    Type tmemPtr = LLVM::LLVMPointerType::get(ctx, kTensorMemoryAddressSpace);
    auto loadAddress = [&] {
      Value a = LLVM::LoadOp::create(rewriter, loc, rewriter.getI32Type(), slot,
                                     /*alignment=*/4);
      return LLVM::IntToPtrOp::create(rewriter, loc, tmemPtr, a).getResult();
    };
    Value taddr = loadAddress();
    // Freed before every return of the kernel (a terminator without
    // successors; gpu.return is not ReturnLike), once every thread is done
    // with it (the address read back from the slot).
    SmallVector<Operation *> returns;
    op->getParentOfType<FunctionOpInterface>()->walk([&](Operation *o) {
      if (o->hasTrait<OpTrait::IsTerminator>() && o->getNumSuccessors() == 0 &&
          isa<FunctionOpInterface>(o->getParentOp()))
        returns.push_back(o);
    });
    for (Operation *ret : returns) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(ret);
      syncTensorMemory(rewriter, loc, targetInfo);
      Value addr = loadAddress();
      emitPredicated(
          rewriter, loc,
          threadBelow(rewriter, loc, targetInfo, targetInfo.getWarpSize()),
          Type(), [&] {
            NVVM::Tcgen05DeallocOp::create(rewriter, loc, addr, ncols,
                                           getCtaGroupAttr(op));
            return Value();
          });
    }
    rewriter.replaceOp(op, taddr);
    return success();
  }
};

/// The address a warp's tcgen05.ld / .st (32x32b) take in a tile at
/// `taddr`: the first row and column its registers hold, from the layout
/// core's register layout (`ll`) at lane 0 of the running warp.
Value warpAddress(RewriterBase &rewriter, Location loc,
                  const TargetInfoBase &targetInfo, const LinearLayout &ll,
                  Value taddr) {
  ThreadIndex thread = emitThreadIndex(rewriter, loc, targetInfo,
                                       ll.getInDimSize(LinearLayout::Lane));
  auto coord = [&](unsigned dim) -> Value {
    Value c = emitContribution(rewriter, loc, ll, LinearLayout::Warp, dim,
                               thread.warp);
    return c ? c : i32Const(rewriter, loc, 0);
  };
  IROps m{rewriter, loc};
  return offsetTensorMemory(
      rewriter, loc, taddr,
      TensorMemoryMap::buildAddress(m, coord(0), coord(1)));
}

/// The 32x32b instruction's registers: .xN with N = perThread.
Type registersType(RewriterBase &rewriter, int64_t perThread) {
  Type i32 = rewriter.getI32Type();
  return perThread == 1 ? i32 : VectorType::get(perThread, i32);
}

NVVM::Tcgen05LdStShapeAttr shape32x32b(MLIRContext *ctx) {
  return NVVM::Tcgen05LdStShapeAttr::get(ctx,
                                         NVVM::Tcgen05LdStShape::SHAPE_32X32B);
}

int64_t perThreadColumns(RankedTensorType type) {
  LinearLayout ll = getLinearLayout(type);
  return TensorMemoryMap::getColumnsPerThread(
      type.getDimSize(1), unsigned(ll.getInDimSize(LinearLayout::Warp)));
}

/// The instruction moves at most 128 columns per thread: wider rows take
/// several, each `kMaxColumns` further along.
constexpr int64_t kMaxColumns = 128;

struct TmemLoadLowering : TargetPattern<TmemLoadOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(TmemLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    int64_t perThread = perThreadColumns(type);
    int64_t chunk = std::min(perThread, kMaxColumns);
    // Ordered after the barrier waits before it.
    fence(rewriter, loc, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    Value addr = warpAddress(rewriter, loc, targetInfo, getLinearLayout(type),
                             adaptor.getSrc());
    SmallVector<Value> values;
    for (int64_t c = 0; c < perThread; c += chunk) {
      Value regs = NVVM::Tcgen05LdOp::create(
          rewriter, loc, registersType(rewriter, chunk), UnitAttr(),
          shape32x32b(rewriter.getContext()),
          offsetTensorMemory(rewriter, loc, addr, i32Const(rewriter, loc, c)),
          Value());
      if (chunk == 1)
        values.push_back(regs);
      else
        llvm::append_range(values, unpackRegisters(rewriter, loc, regs));
    }
    NVVM::Tcgen05WaitOp::create(
        rewriter, loc,
        NVVM::Tcgen05WaitKindAttr::get(rewriter.getContext(),
                                       NVVM::Tcgen05WaitKind::LOAD));
    for (Value &v : values)
      v = LLVM::BitcastOp::create(rewriter, loc, type.getElementType(), v);
    rewriter.replaceOp(
        op,
        packRegisters(rewriter, loc,
                      getTypeConverter()->convertType(op.getType()), values));
    return success();
  }
};

struct TmemStoreLowering : TargetPattern<TmemStoreOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(TmemStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getValue().getType());
    int64_t perThread = perThreadColumns(type);
    int64_t chunk = std::min(perThread, kMaxColumns);
    Value addr = warpAddress(rewriter, loc, targetInfo, getLinearLayout(type),
                             adaptor.getDest());
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    for (Value &v : values)
      v = LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(), v);
    for (int64_t c = 0; c < perThread; c += chunk) {
      ArrayRef<Value> part = ArrayRef<Value>(values).slice(c, chunk);
      Value regs = chunk == 1
                       ? part.front()
                       : packRegisters(rewriter, loc,
                                       registersType(rewriter, chunk), part);
      NVVM::Tcgen05StOp::create(
          rewriter, loc, UnitAttr(), shape32x32b(rewriter.getContext()),
          offsetTensorMemory(rewriter, loc, addr, i32Const(rewriter, loc, c)),
          regs, Value());
    }
    NVVM::Tcgen05WaitOp::create(
        rewriter, loc,
        NVVM::Tcgen05WaitKindAttr::get(rewriter.getContext(),
                                       NVVM::Tcgen05WaitKind::STORE));
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmemShiftLowering : TargetPattern<TmemShiftOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(TmemShiftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MemDescType type = op.getBuffer().getType();
    // 32-bit elements: 8 columns per 32-byte segment (T12).
    int64_t segmentColumns = TensorMemoryMap::kShiftColumns;
    int64_t segments = type.getTileShape()[1] / segmentColumns;
    // Every thread's stores to the buffer are done first.
    syncTensorMemory(rewriter, loc, targetInfo);
    emitPredicated(rewriter, loc,
                   isTcgen05Issuer(rewriter, loc, targetInfo, op), Type(), [&] {
                     for (int64_t s = 0; s < segments; ++s) {
                       Value addr = offsetTensorMemory(
                           rewriter, loc, adaptor.getBuffer(),
                           i32Const(rewriter, loc, s * segmentColumns));
                       NVVM::Tcgen05ShiftOp::create(rewriter, loc, addr,
                                                    getCtaGroupAttr(op));
                     }
                     return Value();
                   });
    rewriter.eraseOp(op);
    return success();
  }
};

struct Tcgen05CommitLowering : TargetPattern<Tcgen05CommitOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(Tcgen05CommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bar = unpackMemDesc(rewriter, loc, adaptor.getBarrier(),
                              op.getBarrier().getType())
                    .base;
    emitPredicated(rewriter, loc,
                   isTcgen05Issuer(rewriter, loc, targetInfo, op), Type(), [&] {
                     emitTcgen05Commit(rewriter, loc, bar, op);
                     return Value();
                   });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

NVVM::CTAGroupKindAttr nvvm::getCtaGroupAttr(Operation *op) {
  return NVVM::CTAGroupKindAttr::get(
      op->getContext(), getCtaGroup(op) == 2 ? NVVM::CTAGroupKind::CTA_2
                                             : NVVM::CTAGroupKind::CTA_1);
}

static void proxyFence(RewriterBase &rewriter, Location loc) {
  NVVM::FenceProxyOp::create(
      rewriter, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                 NVVM::SharedSpace::shared_cta));
}

void nvvm::syncSharedForAsyncProxy(RewriterBase &rewriter, Location loc,
                                   const TargetInfoBase &targetInfo) {
  proxyFence(rewriter, loc);
  targetInfo.sharedBarrier(rewriter, loc);
}

void nvvm::syncTensorMemory(RewriterBase &rewriter, Location loc,
                            const TargetInfoBase &targetInfo,
                            bool sharedOperands) {
  if (sharedOperands)
    proxyFence(rewriter, loc);
  fence(rewriter, loc, NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  targetInfo.sharedBarrier(rewriter, loc);
  fence(rewriter, loc, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
}

Value nvvm::isTcgen05Issuer(RewriterBase &rewriter, Location loc,
                            const TargetInfoBase &targetInfo, Operation *op) {
  Value thread0 = threadBelow(rewriter, loc, targetInfo, 1);
  if (getCtaGroup(op) != 2)
    return thread0;
  // The lead CTA of the pair: an even rank in the cluster.
  Value rank = NVVM::ClusterId::create(rewriter, loc, rewriter.getI32Type());
  Value odd =
      LLVM::AndOp::create(rewriter, loc, rank, i32Const(rewriter, loc, 1));
  Value lead = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, odd,
                                    i32Const(rewriter, loc, 0));
  return LLVM::AndOp::create(rewriter, loc, thread0, lead);
}

void nvvm::emitTcgen05Commit(RewriterBase &rewriter, Location loc,
                             Value barrier, Operation *op) {
  Value mask;
  if (getCtaGroup(op) == 2) {
    // Both CTAs of the pair: ranks 2p and 2p + 1 of the cluster.
    Value rank = NVVM::ClusterId::create(rewriter, loc, rewriter.getI32Type());
    Value pairBase =
        LLVM::AndOp::create(rewriter, loc, rank, i32Const(rewriter, loc, ~1));
    Value bits = LLVM::ShlOp::create(rewriter, loc, i32Const(rewriter, loc, 3),
                                     pairBase);
    mask = LLVM::TruncOp::create(rewriter, loc, rewriter.getI16Type(), bits);
  }
  NVVM::Tcgen05CommitOp::create(rewriter, loc, barrier, mask,
                                getCtaGroupAttr(op));
}

void mlir::tlxamd::nvvm::populateTensorMemoryToNVVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo) {
  patterns.add<TmemAllocLowering, TmemLoadLowering, TmemStoreLowering,
               TmemShiftLowering, Tcgen05CommitLowering>(converter, targetInfo);
}
