//===- BufferOpsToROCDL.cpp - buffer ops to AMD buffer instructions ------===//
//
// One resource descriptor per base pointer and function (B15); one
// rocdl.raw.ptr.buffer.{load,store} or buffer atomic per access group; masked
// groups get an out-of-bounds voffset so the hardware returns zero or drops
// the write (B8); soffset is always 0: lane-varying or masked offsets never go
// there.
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/BufferAccess.h"
#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
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

/// voffset of an access: its byte offset, or out of bounds when masked off.
Value maskedOffset(RewriterBase &rewriter, Location loc, Value offset,
                   Value pred) {
  if (!pred)
    return offset;
  return LLVM::SelectOp::create(
      rewriter, loc, pred, offset,
      i32Const(rewriter, loc, TargetInfo::kOutOfBoundsOffset));
}

/// voffset of a group.
Value groupOffset(RewriterBase &rewriter, Location loc, const BufferGroups &g,
                  size_t i) {
  return maskedOffset(rewriter, loc, g.byteOffsets[i],
                      g.masks.empty() ? Value() : g.masks[i]);
}

struct BufferLoadLowering : BufferOpPattern<BufferLoadOp, ResourceCache> {
  using BufferOpPattern::BufferOpPattern;

  LogicalResult
  matchAndRewrite(BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BufferGroups g = group(rewriter, op, adaptor, /*splitUnprovenMasks=*/false);
    Value resource = cache->get(rewriter, loc, adaptor.getPtr());
    Value aux = i32Const(rewriter, loc,
                         cache->target().getCacheBits(op.getCache(), true));
    Value zero = i32Const(rewriter, loc, 0);
    SmallVector<Value> loaded = emitLoadGroups(
        rewriter, loc, g, [&](Type type, Value offset, Value pred) -> Value {
          return ROCDL::RawPtrBufferLoadOp::create(
              rewriter, loc, type, resource,
              maskedOffset(rewriter, loc, offset, pred), zero, aux, ArrayAttr(),
              ArrayAttr(), ArrayAttr());
        });
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
    BufferGroups g = group(rewriter, op, adaptor, /*splitUnprovenMasks=*/false);
    Value resource = cache->get(rewriter, loc, adaptor.getPtr());
    Value aux = i32Const(rewriter, loc,
                         cache->target().getCacheBits(op.getCache(), false));
    Value zero = i32Const(rewriter, loc, 0);
    emitStoreGroups(rewriter, loc, g,
                    [&](Value data, Value offset, Value pred) {
                      ROCDL::RawPtrBufferStoreOp::create(
                          rewriter, loc, data, resource,
                          maskedOffset(rewriter, loc, offset, pred), zero, aux,
                          ArrayAttr(), ArrayAttr(), ArrayAttr());
                    });
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
    BufferGroups g = group(rewriter, op, adaptor, /*splitUnprovenMasks=*/false);
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
    targetInfo.emitFenceBefore(rewriter, loc, op.getSem(), op.getScope());
    SmallVector<Value> old;
    for (size_t i = 0; i < g.byteOffsets.size(); ++i) {
      Value data = LLVM::BitcastOp::create(rewriter, loc, opType, g.data[i]);
      Value r = LLVM::CallIntrinsicOp::create(
                    rewriter, loc, opType, rewriter.getStringAttr(intrinsic),
                    ValueRange{data, resource, groupOffset(rewriter, loc, g, i),
                               zero, aux})
                    .getResult(0);
      old.push_back(LLVM::BitcastOp::create(rewriter, loc, g.accessType, r));
    }
    targetInfo.emitFenceAfter(rewriter, loc, op.getSem(), op.getScope());
    replaceWithGroups(rewriter, op, adaptor, g, old);
    return success();
  }
};

} // namespace

void mlir::tlxamd::rocdl::populateBufferOpsToROCDLPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo, const KernelAnalyses &analyses) {
  auto cache = std::make_shared<ResourceCache>(targetInfo);
  patterns
      .add<BufferLoadLowering, BufferStoreLowering, BufferAtomicAddLowering>(
          converter, cache, analyses);
}
