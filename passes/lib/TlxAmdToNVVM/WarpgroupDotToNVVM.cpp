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

/// A register A's registers for each (block, K step) of the tiling, in
/// the order the lowering issues them; none when A's layout is not
/// wgmma's fragment.
std::optional<SmallVector<SmallVector<int64_t>>>
getOperandARegisterPlan(RankedTensorType a, const WgmmaTiling &tiling,
                        int64_t k, int64_t instrK) {
  LinearLayout llA = getLinearLayout(a);
  SmallVector<SmallVector<int64_t>> plan;
  for (auto [row, col] : tiling.blocks) {
    (void)col; // every column block of a row block reads the same A
    for (int64_t k0 = 0; k0 < k; k0 += instrK) {
      auto regs = WgmmaFragment::getOperandARegisters(llA, row, k0);
      if (!regs)
        return std::nullopt;
      plan.push_back(*regs);
    }
  }
  return plan;
}

/// The shared tile addresses of a warpgroup: warpgroup 0's, moved by the
/// layout's warp bases (bits 2 and up of the warp id) by as many rows of A
/// (a shared A) and columns of B.
void moveToWarpgroup(RewriterBase &rewriter, Location loc,
                     const TargetInfoBase &targetInfo,
                     const WgmmaTiling &tiling, MemDescType aMem, MemDescType b,
                     Value &aAddr, Value &bAddr) {
  Value warp =
      LLVM::UDivOp::create(rewriter, loc, targetInfo.threadId(rewriter, loc),
                           i32Const(rewriter, loc, targetInfo.getWarpSize()));
  for (auto [i, base] : llvm::enumerate(tiling.groupBases)) {
    auto [rowStep, colStep] = base;
    if (!colStep && !(rowStep && aMem))
      continue; // a register A holds each warpgroup's own rows already
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
    if (rowStep && aMem)
      aAddr = step(aAddr, aMem, false, rowStep);
    if (colStep)
      bAddr = step(bAddr, b, true, colStep);
  }
}

struct WarpgroupDotLowering : TargetPattern<WarpgroupDotOp> {
  WarpgroupDotLowering(LLVMTypeConverter &converter,
                       const TargetInfo &targetInfo,
                       const KernelAnalyses &analyses)
      : TargetPattern(converter, targetInfo), analyses(analyses) {}
  const KernelAnalyses &analyses;

  /// The operands of one warpgroup_dot as the instruction loop reads them.
  struct Operands {
    MemDescType aMem, b;
    Value aAddr, bAddr;
    std::optional<SmemMatrixDescriptor> ad;
    SmemMatrixDescriptor bd;
    SmallVector<Value> aValues; // a register A's elements
    std::optional<SmallVector<SmallVector<int64_t>>> aPlan;
    Type elem;
    int64_t k, instrK;
    bool aMN, bMN;
  };

  /// The instructions of one 64 x n block over K: `frag` (its n / 2
  /// accumulator registers) in and out.
  void emitBlock(RewriterBase &rewriter, Location loc, const Operands &o,
                 int64_t row, int64_t col, int64_t n, bool init,
                 SmallVector<Value> &frag, int64_t &aStep) const {
    Type f32 = rewriter.getF32Type();
    auto structType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(n / 2, f32));
    for (int64_t k0 = 0; k0 < o.k; k0 += o.instrK) {
      Value db = emitMatrixDescriptor(
          rewriter, loc, o.bd, o.bAddr,
          getMmaOperandByteOffset(o.b, true, col, k0), /*tcgen05=*/false);
      bool accumulate = init || k0 > 0;
      if (o.aPlan) {
        SmallVector<Value> a =
            packOperandA(rewriter, loc, o.aValues, (*o.aPlan)[aStep++], o.elem);
        frag = emitRegisterAWgmma(rewriter, loc, frag, a, db, o.elem, n,
                                  accumulate, o.bMN);
        continue;
      }
      Value acc = LLVM::UndefOp::create(rewriter, loc, structType);
      for (auto [e, v] : llvm::enumerate(frag))
        acc = LLVM::InsertValueOp::create(rewriter, loc, acc, v,
                                          ArrayRef<int64_t>{int64_t(e)});
      Value da = emitMatrixDescriptor(
          rewriter, loc, *o.ad, o.aAddr,
          getMmaOperandByteOffset(o.aMem, false, row, k0), /*tcgen05=*/false);
      acc = emitWgmma(rewriter, loc, acc, da, db, o.elem, n, o.instrK,
                      accumulate, o.aMN, o.bMN);
      for (int64_t e = 0; e < n / 2; ++e)
        frag[e] = LLVM::ExtractValueOp::create(rewriter, loc, acc,
                                               ArrayRef<int64_t>{e});
    }
  }

  LogicalResult
  matchAndRewrite(WarpgroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto d = cast<RankedTensorType>(op.getD().getType());
    auto aReg = dyn_cast<RankedTensorType>(op.getA().getType());
    LinearLayout ll = getLinearLayout(d);
    std::string why;
    std::optional<WgmmaTiling> tiling = WgmmaTiling::get(ll, why);
    if (!tiling)
      return op.emitOpError("the accumulator layout: ") << why;
    Operands o;
    o.aMem = dyn_cast<MemDescType>(op.getA().getType());
    o.b = op.getB().getType();
    o.elem = o.b.getElementType();
    o.k = o.b.getShape()[0];
    o.instrK = WgmmaFragment::kKBits / o.elem.getIntOrFloatBitWidth();
    if (aReg) {
      o.aValues = unpackRegisters(rewriter, loc, adaptor.getA());
      o.aPlan = getOperandARegisterPlan(aReg, *tiling, o.k, o.instrK);
      if (!o.aPlan)
        return op.emitOpError("A's registers are not wgmma's fragment");
    } else {
      o.ad = *getMmaOperandDescriptor(o.aMem, false, d.getDimSize(0), o.instrK,
                                      why); // verified
    }
    o.bd = *getMmaOperandDescriptor(o.b, true, d.getDimSize(1), o.instrK, why);
    o.aMN = o.aMem && isMmaOperandMNMajor(o.aMem, false);
    o.bMN = isMmaOperandMNMajor(o.b, true);
    SmallVector<Value> values =
        op.getC() ? unpackRegisters(rewriter, loc, adaptor.getC())
                  : SmallVector<Value>(ll.getNumRegisters(), Value());
    // The threads' shared-memory writes are visible to the async proxy
    // and ordered before the MMAs (done by the async_wait before it when
    // that is the last shared-memory access), the accumulator's registers
    // too.
    if (!analyses.isAsyncProxyHandoff(op))
      syncSharedForAsyncProxy(rewriter, loc, targetInfo);
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    o.aAddr = o.aMem ? sharedTileAddress(rewriter, loc, adaptor.getA(), o.aMem)
                     : Value();
    o.bAddr = sharedTileAddress(rewriter, loc, adaptor.getB(), o.b);
    moveToWarpgroup(rewriter, loc, targetInfo, *tiling, o.aMem, o.b, o.aAddr,
                    o.bAddr);
    bool init = op.getC() != nullptr;
    int64_t aStep = 0;
    // Without C the first instruction of each block ignores its
    // accumulator input (scale-d 0): nothing to initialize.
    Value unset = LLVM::UndefOp::create(rewriter, loc, rewriter.getF32Type());
    for (auto [blk, origin] : llvm::enumerate(tiling->blocks)) {
      ArrayRef<int64_t> regs = tiling->registers[blk];
      SmallVector<Value> frag;
      for (int64_t r : regs)
        frag.push_back(init ? values[r] : unset);
      emitBlock(rewriter, loc, o, origin.first, origin.second, tiling->n, init,
                frag, aStep);
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
  WarpgroupDotWaitLowering(LLVMTypeConverter &converter,
                           const TargetInfo &targetInfo,
                           const KernelAnalyses &analyses)
      : TargetPattern(converter, targetInfo), analyses(analyses) {}
  const KernelAnalyses &analyses;

  LogicalResult
  matchAndRewrite(WarpgroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getInp());
    // The values pass through the wait (tied operands): their readers
    // cannot move above it (nor above the earlier wait that retired them,
    // for a retired one: side-effecting inline asm keeps its order).
    PtxBuilder ptx;
    ptx.addOutputs(values.size(), "=f", rewriter.getF32Type());
    for (auto [i, v] : llvm::enumerate(values))
      ptx.addInput(v, std::to_string(i));
    if (!analyses.isRetiredWait(op))
      ptx << "wgmma.wait_group.sync.aligned " << int64_t(op.getPendings())
          << ";";
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
    const TargetInfo &targetInfo, const KernelAnalyses &analyses) {
  patterns.add<WarpgroupDotLowering>(converter, targetInfo, analyses);
  patterns.add<WarpgroupDotWaitLowering>(converter, targetInfo, analyses);
}
