//===- WarpgroupDotToNVVM.cpp - Hopper warpgroup MMAs to NVVM -------------===//
//
// warpgroup_dot (TLX's async_dot on Hopper): after the program's
// shared-memory writes are visible to the async proxy and a wgmma.fence,
// each warpgroup issues one wgmma.mma_async per 64-row block it owns and
// per instruction's K (16 elements, 32 for fp8), with matrix descriptors
// of the operand tiles (the layout core's fields, wgmma's format), and
// commits the group. The accumulator's registers are the layout's,
// matched to the instruction's fragment by coordinate. warpgroup_dot_wait
// is wgmma.wait_group with the accumulator tied through it, so that its
// readers stay after the wait (T13).
//
//===----------------------------------------------------------------------===//
#include "PtxBuilder.h"
#include "Tcgen05Common.h"

#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "../TlxAmdToLLVM/Patterns.h"
#include "tlxamd/Layout/Wgmma.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::nvvm;

namespace {

constexpr int64_t kWarpgroupRows = WgmmaFragment::kRows;

NVVM::WGMMATypes wgmmaType(Type t) {
  if (t.isF16())
    return NVVM::WGMMATypes::f16;
  if (t.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (isa<Float8E4M3FNType>(t))
    return NVVM::WGMMATypes::e4m3;
  return NVVM::WGMMATypes::e5m2; // verified
}

/// One wgmma.mma_async of a 64 x n x instrK tile into `acc` (a struct of
/// the fragment's f32s): accumulating or from zero, A / B K-major or not.
Value emitWgmma(RewriterBase &rewriter, Location loc, Value acc, Value da,
                Value db, Type elem, int64_t n, int64_t instrK, bool accumulate,
                bool aMN, bool bMN) {
  MLIRContext *ctx = rewriter.getContext();
  auto type = [&](NVVM::WGMMATypes t) {
    return NVVM::WGMMATypesAttr::get(ctx, t);
  };
  auto layout = [&](bool row) {
    return NVVM::MMALayoutAttr::get(ctx, row ? NVVM::MMALayout::row
                                             : NVVM::MMALayout::col);
  };
  auto one = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);
  return NVVM::WgmmaMmaAsyncOp::create(
      rewriter, loc, acc.getType(), acc, da, db,
      NVVM::MMAShapeAttr::get(ctx, kWarpgroupRows, n, instrK),
      type(wgmmaType(elem)), type(wgmmaType(elem)), type(NVVM::WGMMATypes::f32),
      NVVM::WGMMAScaleOutAttr::get(ctx, accumulate ? NVVM::WGMMAScaleOut::one
                                                   : NVVM::WGMMAScaleOut::zero),
      one, one, layout(!aMN), layout(bMN), NVVM::MMAIntOverflowAttr());
}

struct WarpgroupDotLowering : TargetPattern<WarpgroupDotOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(WarpgroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto d = cast<RankedTensorType>(op.getD().getType());
    MemDescType a = op.getA().getType(), b = op.getB().getType();
    LinearLayout ll = getLinearLayout(d);
    int64_t groups =
        ll.getInDimSize(LinearLayout::Warp) / WgmmaFragment::kWarps;
    int64_t m = d.getDimSize(0), n = d.getDimSize(1), k = a.getShape()[1];
    Type elem = a.getElementType();
    int64_t instrK = elem.getIntOrFloatBitWidth() == 8 ? 32 : 16;
    int64_t blockRows = kWarpgroupRows * groups, reps = m / blockRows;
    auto regs = WgmmaFragment::getLayoutRegisters(ll, reps, blockRows, n);
    if (!regs)
      return op.emitOpError("the accumulator layout is not wgmma's");
    std::string why;
    SmemMatrixDescriptor ad = *getMmaOperandDescriptor(a, false, m, instrK,
                                                       why); // verified
    SmemMatrixDescriptor bd = *getMmaOperandDescriptor(b, true, n, instrK, why);
    Type f32 = rewriter.getF32Type();
    SmallVector<Value> values =
        op.getC() ? unpackRegisters(rewriter, loc, adaptor.getC())
                  : SmallVector<Value>(ll.getNumRegisters(), Value());
    // The threads' shared-memory writes are visible to the async proxy
    // and ordered before the MMAs, the accumulator's registers too.
    syncSharedForAsyncProxy(rewriter, loc);
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    // Warpgroup g's rows start 64 g rows further into A.
    Value group = LLVM::UDivOp::create(
        rewriter, loc, targetInfo.threadId(rewriter, loc),
        i32Const(rewriter, loc,
                 WgmmaFragment::kWarps * targetInfo.getWarpSize()));
    Value aAddr = LLVM::AddOp::create(
        rewriter, loc, sharedTileAddress(rewriter, loc, adaptor.getA(), a),
        LLVM::MulOp::create(
            rewriter, loc, group,
            i32Const(rewriter, loc,
                     getMmaOperandByteOffset(a, false, kWarpgroupRows, 0))));
    Value bAddr = sharedTileAddress(rewriter, loc, adaptor.getB(), b);
    auto structType =
        LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(n / 2, f32));
    bool aMN = isMmaOperandMNMajor(a, false),
         bMN = isMmaOperandMNMajor(b, true);
    for (int64_t i = 0; i < reps; ++i) {
      Value acc = LLVM::UndefOp::create(rewriter, loc, structType);
      bool init = op.getC() != nullptr;
      if (init)
        for (auto [e, r] : llvm::enumerate((*regs)[i]))
          acc = LLVM::InsertValueOp::create(rewriter, loc, acc, values[r],
                                            ArrayRef<int64_t>{int64_t(e)});
      for (int64_t k0 = 0; k0 < k; k0 += instrK) {
        Value da = emitMatrixDescriptor(
            rewriter, loc, ad, aAddr,
            getMmaOperandByteOffset(a, false, i * blockRows, k0),
            /*tcgen05=*/false);
        Value db = emitMatrixDescriptor(rewriter, loc, bd, bAddr,
                                        getMmaOperandByteOffset(b, true, 0, k0),
                                        /*tcgen05=*/false);
        acc = emitWgmma(rewriter, loc, acc, da, db, elem, n, instrK,
                        init || k0 > 0, aMN, bMN);
      }
      for (auto [e, r] : llvm::enumerate((*regs)[i]))
        values[r] = LLVM::ExtractValueOp::create(rewriter, loc, acc,
                                                 ArrayRef<int64_t>{int64_t(e)});
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    rewriter.replaceOp(op, packRegisters(rewriter, loc,
                                         getTypeConverter()->convertType(d),
                                         values));
    return success();
  }
};

struct WarpgroupDotWaitLowering : TargetPattern<WarpgroupDotWaitOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(WarpgroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getInp());
    // The values pass through the wait (tied operands): their readers
    // cannot move above it.
    PtxBuilder ptx;
    ptx.addOutputs(values.size(), "=f", rewriter.getF32Type());
    for (auto [i, v] : llvm::enumerate(values))
      ptx.addInput(v, std::to_string(i));
    ptx << "wgmma.wait_group.sync.aligned " << int64_t(op.getPendings()) << ";";
    SmallVector<Value> out = ptx.build(rewriter, loc);
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc,
                          getTypeConverter()->convertType(op.getType()), out));
    return success();
  }
};

} // namespace

void mlir::tlxamd::nvvm::populateWarpgroupDotToNVVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo) {
  patterns.add<WarpgroupDotLowering, WarpgroupDotWaitLowering>(converter,
                                                               targetInfo);
}
