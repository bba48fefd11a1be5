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
      NVVM::MMAShapeAttr::get(ctx, WgmmaFragment::kRows, n, instrK),
      type(wgmmaType(elem)), type(wgmmaType(elem)), type(NVVM::WGMMATypes::f32),
      NVVM::WGMMAScaleOutAttr::get(ctx, accumulate ? NVVM::WGMMAScaleOut::one
                                                   : NVVM::WGMMAScaleOut::zero),
      one, one, layout(!aMN), layout(bMN), NVVM::MMAIntOverflowAttr());
}

/// One wgmma.mma_async with A in registers (four 32-bit registers of
/// 16-bit pairs, wgmma's fragment order) and B from a descriptor: inline
/// PTX, the accumulator's n / 2 f32 registers tied in and out.
SmallVector<Value> emitRegisterAWgmma(RewriterBase &rewriter, Location loc,
                                      ArrayRef<Value> acc,
                                      ArrayRef<Value> aRegs, Value db,
                                      Type elem, int64_t n, bool accumulate,
                                      bool bMN) {
  PtxBuilder ptx;
  SmallVector<std::string> d =
      ptx.addOutputs(acc.size(), "=f", rewriter.getF32Type());
  for (auto [i, v] : llvm::enumerate(acc))
    ptx.addInput(v, std::to_string(i));
  SmallVector<std::string> a = ptx.addInputs(aRegs, "r");
  std::string b = ptx.addInput(db, "l");
  std::string t = elem.isF16() ? "f16" : "bf16";
  ptx << "{\n.reg .pred p;\nsetp.ne.b32 p, " << int64_t(accumulate)
      << ", 0;\nwgmma.mma_async.sync.aligned.m64n" << n << "k16.f32." << t
      << "." << t << " " << PtxBuilder::list(d) << ", " << PtxBuilder::list(a)
      << ", " << b << ", p, 1, 1, " << int64_t(bMN) << ";\n}";
  return ptx.build(rewriter, loc);
}

/// A register operand A's four 32-bit registers for the block at `row`
/// and the K step at `k`: pairs of its 16-bit elements.
SmallVector<Value> packOperandA(RewriterBase &rewriter, Location loc,
                                ArrayRef<Value> values, ArrayRef<int64_t> regs,
                                Type elem) {
  auto pair = VectorType::get({2}, elem);
  SmallVector<Value> out;
  for (int64_t i = 0; i < 8; i += 2) {
    Value v = LLVM::UndefOp::create(rewriter, loc, pair);
    for (int64_t j = 0; j < 2; ++j)
      v = LLVM::InsertElementOp::create(rewriter, loc, v, values[regs[i + j]],
                                        i32Const(rewriter, loc, j));
    out.push_back(
        LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(), v));
  }
  return out;
}

struct WarpgroupDotLowering : TargetPattern<WarpgroupDotOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(WarpgroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto d = cast<RankedTensorType>(op.getD().getType());
    auto aMem = dyn_cast<MemDescType>(op.getA().getType());
    auto aReg = dyn_cast<RankedTensorType>(op.getA().getType());
    MemDescType b = op.getB().getType();
    LinearLayout ll = getLinearLayout(d);
    std::string why;
    std::optional<WgmmaTiling> tiling = WgmmaTiling::get(ll, why);
    if (!tiling)
      return op.emitOpError("the accumulator layout: ") << why;
    int64_t n = tiling->n, k = b.getShape()[0];
    Type elem = b.getElementType();
    int64_t instrK = elem.getIntOrFloatBitWidth() == 8 ? 32 : 16;
    SmallVector<Value> values =
        op.getC() ? unpackRegisters(rewriter, loc, adaptor.getC())
                  : SmallVector<Value>(ll.getNumRegisters(), Value());
    SmallVector<Value> aValues;
    std::optional<SmallVector<SmallVector<int64_t>>> aRegs;
    if (aReg) {
      aValues = unpackRegisters(rewriter, loc, adaptor.getA());
      LinearLayout llA = getLinearLayout(aReg);
      aRegs.emplace();
      for (auto [row, col] : tiling->blocks) {
        (void)col; // every column block of a row block reads the same A
        for (int64_t k0 = 0; k0 < k; k0 += instrK) {
          auto regs = WgmmaFragment::getOperandARegisters(llA, row, k0);
          if (!regs)
            return op.emitOpError("A's registers are not wgmma's fragment");
          aRegs->push_back(*regs);
        }
      }
    }
    std::optional<SmemMatrixDescriptor> ad;
    if (aMem)
      ad = *getMmaOperandDescriptor(aMem, false, d.getDimSize(0), instrK,
                                    why); // verified
    SmemMatrixDescriptor bd =
        *getMmaOperandDescriptor(b, true, d.getDimSize(1), instrK, why);
    Type f32 = rewriter.getF32Type();
    // The threads' shared-memory writes are visible to the async proxy
    // and ordered before the MMAs, the accumulator's registers too.
    syncSharedForAsyncProxy(rewriter, loc);
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    // Warpgroup g's blocks are warpgroup 0's moved by the layout's warp
    // bases: its operand addresses move by as many rows of A and columns
    // of B.
    Value warp =
        LLVM::UDivOp::create(rewriter, loc, targetInfo.threadId(rewriter, loc),
                             i32Const(rewriter, loc, targetInfo.getWarpSize()));
    Value aAddr =
        aMem ? sharedTileAddress(rewriter, loc, adaptor.getA(), aMem) : Value();
    Value bAddr = sharedTileAddress(rewriter, loc, adaptor.getB(), b);
    for (auto [i, base] : llvm::enumerate(tiling->groupBases)) {
      auto [rowStep, colStep] = base;
      if (!rowStep && !colStep)
        continue;
      Value bit = LLVM::AndOp::create(
          rewriter, loc,
          LLVM::LShrOp::create(rewriter, loc, warp,
                               i32Const(rewriter, loc, int64_t(i) + 2)),
          i32Const(rewriter, loc, 1));
      auto step = [&](Value addr, MemDescType t, bool isB, int64_t at) {
        int64_t bytes = getMmaOperandByteOffset(t, isB, at, 0);
        return LLVM::AddOp::create(
            rewriter, loc, addr,
            LLVM::MulOp::create(rewriter, loc, bit,
                                i32Const(rewriter, loc, bytes)));
      };
      // (a register A holds each warpgroup's own rows already)
      if (rowStep && aMem)
        aAddr = step(aAddr, aMem, false, rowStep);
      if (colStep)
        bAddr = step(bAddr, b, true, colStep);
    }
    auto structType =
        LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(n / 2, f32));
    bool aMN = aMem && isMmaOperandMNMajor(aMem, false),
         bMN = isMmaOperandMNMajor(b, true);
    bool init = op.getC() != nullptr;
    int64_t aStep = 0;
    for (auto [blk, origin] : llvm::enumerate(tiling->blocks)) {
      auto [row, col] = origin;
      ArrayRef<int64_t> regs = tiling->registers[blk];
      SmallVector<Value> frag;
      for (int64_t r : regs)
        frag.push_back(
            init ? values[r]
                 : LLVM::ConstantOp::create(rewriter, loc, f32,
                                            rewriter.getF32FloatAttr(0)));
      for (int64_t k0 = 0; k0 < k; k0 += instrK) {
        Value db = emitMatrixDescriptor(
            rewriter, loc, bd, bAddr, getMmaOperandByteOffset(b, true, col, k0),
            /*tcgen05=*/false);
        bool accumulate = init || k0 > 0;
        if (aReg) {
          SmallVector<Value> a =
              packOperandA(rewriter, loc, aValues, (*aRegs)[aStep++], elem);
          frag = emitRegisterAWgmma(rewriter, loc, frag, a, db, elem, n,
                                    accumulate, bMN);
          continue;
        }
        Value acc = LLVM::UndefOp::create(rewriter, loc, structType);
        for (auto [e, v] : llvm::enumerate(frag))
          acc = LLVM::InsertValueOp::create(rewriter, loc, acc, v,
                                            ArrayRef<int64_t>{int64_t(e)});
        Value da = emitMatrixDescriptor(
            rewriter, loc, *ad, aAddr,
            getMmaOperandByteOffset(aMem, false, row, k0), /*tcgen05=*/false);
        acc = emitWgmma(rewriter, loc, acc, da, db, elem, n, instrK, accumulate,
                        aMN, bMN);
        for (int64_t e = 0; e < n / 2; ++e)
          frag[e] = LLVM::ExtractValueOp::create(rewriter, loc, acc,
                                                 ArrayRef<int64_t>{e});
      }
      for (auto [e, r] : llvm::enumerate(regs))
        values[r] = frag[e];
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
