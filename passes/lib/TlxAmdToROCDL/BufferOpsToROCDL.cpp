//===- BufferOpsToROCDL.cpp - buffer ops to AMD buffer instructions ------===//
//
// One resource descriptor per base pointer and function (B15); one
// rocdl.raw.ptr.buffer.{load,store} or buffer atomic per access group; masked
// groups get an out-of-bounds voffset so the hardware returns zero or drops
// the write (B8). The voffset of a group is `select(mask, run base, OOB) +
// distance`: the constant lands in the instruction's offset field and the
// select is shared by the groups of a run whose mask is proven uniform over
// it (OOB + distance stays out of bounds). A group whose mask is not proven
// uniform is split: one branch per op, full-width accesses when every
// element of the thread's groups is in, element accesses otherwise.
// soffset is always 0: a wave-uniform term there would have to keep the
// masked lanes' 0x80000000 + imm out of range under each generation's
// soffset range check.
//
// buffer_load_to_shared (the Gluon async-copy reference) is
// rocdl.raw.ptr.buffer.load.lds: the warp's block start goes to M0 (the LDS
// pointer operand, made uniform), lane l writes at it + l * size; masked-out
// lanes get the out-of-bounds voffset, so the hardware writes zero (L4), or,
// with a non-zero `other`, skip the copy and store `other` there. (async_wait
// is s_waitcnt vmcnt(N), N the copy instructions it may leave in flight:
// TargetInfo::asyncWait.)
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/BufferAccess.h"
#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "../TlxAmdToLLVM/SharedAccess.h"
#include "tlxamd/Analysis/SharedAllocation.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::rocdl;

namespace {

/// Resource descriptors, one per (function, base pointer), created where the
/// pointer is defined, and the shared per-function buffer values.
class ResourceCache : public BufferLoweringCache {
public:
  explicit ResourceCache(const TargetInfo &targetInfo)
      : targetInfo(targetInfo) {}

  const TargetInfo &target() const { return targetInfo; }

  Value get(RewriterBase &rewriter, Location loc, Value base) {
    auto it = cache.find(base);
    if (it != cache.end())
      return it->second;
    OpBuilder::InsertionGuard guard(rewriter);
    if (auto arg = dyn_cast<BlockArgument>(base))
      rewriter.setInsertionPointToStart(arg.getOwner());
    else
      rewriter.setInsertionPointAfterValue(base);
    Value rsrc = targetInfo.makeBufferResource(rewriter, loc, base);
    cache[base] = rsrc;
    return rsrc;
  }

private:
  const TargetInfo &targetInfo;
  llvm::DenseMap<Value, Value> cache;
};

/// voffsets of one op: `freeze(select(pred, base, OOB)) + imm`, the select
/// made once per (base, predicate).
class VOffsets {
public:
  VOffsets(RewriterBase &rewriter, Location loc)
      : rewriter(rewriter), loc(loc) {}

  Value get(Value base, int64_t imm, Value pred) {
    Value v = base;
    if (pred) {
      Value &sel = selects[{base, pred}];
      if (!sel)
        sel = LLVM::SelectOp::create(
            rewriter, loc, pred, base,
            i32Const(rewriter, loc, TargetInfo::kOutOfBoundsOffset));
      v = sel;
    }
    if (imm == 0)
      return v;
    // LLVM's instcombine would fold the distance into both arms of a
    // single-use select (select(p, base + imm, OOB + imm)): a VALU add and a
    // constant per element instead of the instruction's offset field. The
    // freeze (a no-op on the value) keeps the add outside.
    if (pred)
      v = LLVM::FreezeOp::create(rewriter, loc, v);
    return LLVM::AddOp::create(rewriter, loc, v, i32Const(rewriter, loc, imm));
  }

  /// Forget the selects (they do not dominate another branch).
  void reset() { selects.clear(); }

private:
  RewriterBase &rewriter;
  Location loc;
  llvm::DenseMap<std::pair<Value, Value>, Value> selects;
};

struct BufferLoadLowering : BufferOpPattern<BufferLoadOp, ResourceCache> {
  using BufferOpPattern::BufferOpPattern;

  LogicalResult
  matchAndRewrite(BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BufferGroups g = group(rewriter, op, adaptor);
    Value resource = cache->get(rewriter, loc, adaptor.getPtr());
    Value aux = i32Const(rewriter, loc,
                         cache->target().getCacheBits(op.getCache(), true));
    Value zero = i32Const(rewriter, loc, 0);
    VOffsets voffsets(rewriter, loc);
    auto emit = [&](Type type, Value base, int64_t imm, Value pred) -> Value {
      return ROCDL::RawPtrBufferLoadOp::create(
          rewriter, loc, type, resource, voffsets.get(base, imm, pred), zero,
          aux, ArrayAttr(), ArrayAttr(), ArrayAttr());
    };
    SmallVector<Value> loaded;
    if (g.isPartial()) {
      SmallVector<Type> types(g.baseOffsets.size(), g.accessType);
      loaded = emitBranches(
          rewriter, loc, g.everyElementIn(rewriter, loc), types,
          [&] { return emitFullWidthLoads(rewriter, loc, g, emit, false); },
          [&] {
            voffsets.reset();
            return emitElementLoads(rewriter, loc, g, emit);
          });
    } else {
      loaded = emitFullWidthLoads(rewriter, loc, g, emit, /*masked=*/true);
    }
    replaceWithGroups(rewriter, op, adaptor, g, loaded);
    return success();
  }
};

struct BufferStoreLowering : BufferOpPattern<BufferStoreOp, ResourceCache> {
  using BufferOpPattern::BufferOpPattern;

  LogicalResult
  matchAndRewrite(BufferStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BufferGroups g = group(rewriter, op, adaptor);
    dropStoreCopies(rewriter, loc, cache->target(), op.getValue().getType(), g);
    Value resource = cache->get(rewriter, loc, adaptor.getPtr());
    Value aux = i32Const(rewriter, loc,
                         cache->target().getCacheBits(op.getCache(), false));
    Value zero = i32Const(rewriter, loc, 0);
    VOffsets voffsets(rewriter, loc);
    auto emit = [&](Value data, Value base, int64_t imm, Value pred) {
      ROCDL::RawPtrBufferStoreOp::create(
          rewriter, loc, data, resource, voffsets.get(base, imm, pred), zero,
          aux, ArrayAttr(), ArrayAttr(), ArrayAttr());
    };
    if (g.isPartial()) {
      emitBranches(
          rewriter, loc, g.everyElementIn(rewriter, loc), {},
          [&] {
            emitFullWidthStores(rewriter, loc, g, emit, /*masked=*/false);
            return SmallVector<Value>();
          },
          [&] {
            voffsets.reset();
            emitElementStores(rewriter, loc, g, emit);
            return SmallVector<Value>();
          });
    } else {
      emitFullWidthStores(rewriter, loc, g, emit, /*masked=*/true);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct BufferAtomicAddLowering
    : BufferOpPattern<BufferAtomicAddOp, ResourceCache> {
  using BufferOpPattern::BufferOpPattern;

  LogicalResult
  matchAndRewrite(BufferAtomicAddOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TargetInfo &targetInfo = cache->target();
    BufferGroups g = group(rewriter, op, adaptor);
    Value resource = cache->get(rewriter, loc, adaptor.getPtr());
    // The intrinsic works on the element types themselves (f32, i32,
    // <2 x half>, <2 x bfloat>).
    Type opType = g.width == 1 ? g.elemType
                               : Type(VectorType::get({g.width}, g.elemType));
    bool isFloat = isa<FloatType>(g.elemType);
    StringRef intrinsic = isFloat ? "llvm.amdgcn.raw.ptr.buffer.atomic.fadd"
                                  : "llvm.amdgcn.raw.ptr.buffer.atomic.add";
    Value aux =
        i32Const(rewriter, loc, targetInfo.getAtomicBits(op.getScope()));
    Value zero = i32Const(rewriter, loc, 0);
    VOffsets voffsets(rewriter, loc);
    targetInfo.emitFenceBefore(rewriter, loc, op.getSem(), op.getScope());
    SmallVector<Value> old;
    for (size_t i = 0; i < g.baseOffsets.size(); ++i) {
      Value data = LLVM::BitcastOp::create(rewriter, loc, opType, g.data[i]);
      Value voffset = voffsets.get(g.baseOffsets[i], g.immOffsets[i],
                                   g.masks.empty() ? Value() : g.masks[i]);
      Value r = LLVM::CallIntrinsicOp::create(
                    rewriter, loc, opType, rewriter.getStringAttr(intrinsic),
                    ValueRange{data, resource, voffset, zero, aux})
                    .getResult(0);
      old.push_back(LLVM::BitcastOp::create(rewriter, loc, g.accessType, r));
    }
    targetInfo.emitFenceAfter(rewriter, loc, op.getSem(), op.getScope());
    replaceWithGroups(rewriter, op, adaptor, g, old);
    return success();
  }
};

struct BufferLoadToSharedLowering
    : ConvertOpToLLVMPattern<BufferLoadToSharedOp> {
  BufferLoadToSharedLowering(LLVMTypeConverter &converter,
                             std::shared_ptr<ResourceCache> cache,
                             const KernelAnalyses &analyses)
      : ConvertOpToLLVMPattern(converter), cache(std::move(cache)),
        analyses(analyses) {}

  LogicalResult
  matchAndRewrite(BufferLoadToSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TargetInfo &target = cache->target();
    DirectCopyHoist hoist = directCopyHoist(
        op, [&](Value v) { return rewriter.getRemappedValue(v); });
    FailureOr<DirectCopyAccess> access = emitDirectCopyAccess(
        rewriter, op, adaptor.getDest(), adaptor.getOffsets(),
        adaptor.getMask(), adaptor.getOther(), target, analyses, &hoist);
    if (failed(access))
      return failure();
    Value resource = cache->get(rewriter, loc, adaptor.getPtr());
    Value aux =
        i32Const(rewriter, loc, target.getCacheBits(op.getCache(), true));
    Value zero = i32Const(rewriter, loc, 0);
    Value size = i32Const(rewriter, loc, access->bytes);
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext(), 3);
    auto copy = [&](size_t i, Value pred) {
      // M0: one LDS address for the warp (the tile's base plus the warp's
      // block offset, made uniform by emitDirectCopyAccess).
      Value lds = access->sharedAddrs[i];
      Value voffset = access->globalOffsets[i];
      if (pred)
        voffset = LLVM::SelectOp::create(
            rewriter, loc, pred, voffset,
            i32Const(rewriter, loc, TargetInfo::kOutOfBoundsOffset));
      ROCDL::RawPtrBufferLoadLdsOp::create(
          rewriter, loc, TypeRange{}, resource, lds, size, voffset, zero, zero,
          aux, ArrayAttr(), ArrayAttr(), ArrayAttr());
    };
    // Where a masked-out lane stores `other`: its place in the block.
    auto otherAddress = [&](size_t i) -> Value {
      Value lane = LLVM::AndOp::create(
          rewriter, loc, target.threadId(rewriter, loc),
          i32Const(rewriter, loc, target.getWarpSize() - 1));
      return LLVM::GEPOp::create(
          rewriter, loc, ptrType, rewriter.getI8Type(), access->sharedAddrs[i],
          ValueRange{LLVM::MulOp::create(rewriter, loc, lane, size)});
    };
    emitDirectCopies(rewriter, loc, *access,
                     getTypeConverter()->convertType(
                         op.getDest().getType().getElementType()),
                     copy, otherAddress);
    rewriter.eraseOp(op);
    return success();
  }

  std::shared_ptr<ResourceCache> cache;
  const KernelAnalyses &analyses;
};

} // namespace

void mlir::tlxamd::rocdl::populateBufferOpsToROCDLPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo, const KernelAnalyses &analyses) {
  auto cache = std::make_shared<ResourceCache>(targetInfo);
  patterns
      .add<BufferLoadLowering, BufferStoreLowering, BufferAtomicAddLowering>(
          converter, cache, analyses);
  patterns.add<BufferLoadToSharedLowering>(converter, cache, analyses);
}
