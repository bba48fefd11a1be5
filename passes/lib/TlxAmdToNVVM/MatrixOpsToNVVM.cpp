//===- MatrixOpsToNVVM.cpp - tl.dot to mma.sync
//------------------------------===//
//
// tl.dot with an nvidia_mma layout: one `mma.sync.aligned.m16n8k*` (NVVM
// nvvm.mma.sync, A row-major, B column-major) per 16 x 8 tile and K step;
// 32 bits of K per operand register (k_width = 32 / element bits: K 16 for
// f16 / bf16, 32 for e4m3 / e5m2, 8 for tf32), so A's fragment is 4
// registers, B's 2, the f32 accumulator 4. The fragments'
// registers are the layout core's (lowerDotByTiles), which match the PTX
// fragment order register for register.
//
//===----------------------------------------------------------------------===//
#include "PtxBuilder.h"
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/DotLowering.h"
#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "../TlxAmdToLLVM/Patterns.h"
#include "../TlxAmdToLLVM/SharedAccess.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tlxamd;
using mlir::tlxamd::nvvm::PtxBuilder;

namespace {

/// Consecutive pairs (or single 32-bit values) of `values` as the 32-bit
/// operand registers of mma.sync (f16 pairs as vector<2xf16>, bf16 pairs
/// as i32).
SmallVector<Value> packWords(RewriterBase &rewriter, Location loc,
                             ArrayRef<Value> values, unsigned perWord) {
  SmallVector<Value> words;
  for (size_t i = 0; i < values.size(); i += perWord) {
    if (perWord == 1) {
      words.push_back(values[i]);
      continue;
    }
    auto vec = VectorType::get(perWord, values[i].getType());
    Value word = packRegisters(rewriter, loc, vec, values.slice(i, perWord));
    // NVVM takes f16 pairs as vectors, other operand types as i32 words.
    if (!values[i].getType().isF16())
      word =
          LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(), word);
    words.push_back(word);
  }
  return words;
}

/// The PTX operand type of `elem`.
std::optional<NVVM::MMATypes> getPtxType(Type elem) {
  if (elem.isBF16())
    return NVVM::MMATypes::bf16;
  if (elem.isF16())
    return NVVM::MMATypes::f16;
  if (elem.isF32())
    return NVVM::MMATypes::tf32;
  if (isa<Float8E4M3FNType>(elem))
    return NVVM::MMATypes::e4m3;
  if (isa<Float8E5M2Type>(elem))
    return NVVM::MMATypes::e5m2;
  return std::nullopt;
}

/// One m16n8k32 mma.sync of 8-bit floats as inline PTX (the NVVM op's
/// verifier of this LLVM takes no e4m3 / e5m2 multiplicands): A in 4 words,
/// B in 2, the f32 accumulator in 4 registers.
SmallVector<Value> emitFp8MmaSync(RewriterBase &rewriter, Location loc,
                                  NVVM::MMATypes type, ArrayRef<Value> a,
                                  ArrayRef<Value> b, ArrayRef<Value> c) {
  PtxBuilder ptx;
  auto d = ptx.addOutputs(4, "=f", rewriter.getF32Type());
  auto aa = ptx.addInputs(a, "r");
  auto bb = ptx.addInputs(b, "r");
  auto cc = ptx.addInputs(c, "f");
  std::string t = type == NVVM::MMATypes::e4m3 ? "e4m3" : "e5m2";
  ptx << "mma.sync.aligned.m16n8k32.row.col.f32." << t << "." << t << ".f32 "
      << PtxBuilder::list(d) << ", " << PtxBuilder::list(aa) << ", "
      << PtxBuilder::list(bb) << ", " << PtxBuilder::list(cc) << ";";
  return ptx.build(rewriter, loc);
}

struct DotOpToMmaSync : TargetPattern<DotOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    if (!isa_and_nonnull<NvidiaMmaLayoutAttr>(cType.getEncoding()))
      return op.emitOpError("needs an nvidia_mma layout: run "
                            "tlxamd-assign-layouts and tlxamd-verify-target "
                            "first");
    Type elem = aType.getElementType();
    std::optional<NVVM::MMATypes> ptx = getPtxType(elem);
    if (!ptx) // tlxamd-verify-target reports it first
      return op.emitOpError("no mma.sync for ") << elem << " operands";
    unsigned perWord = 32 / elem.getIntOrFloatBitWidth();
    int64_t k = 8 * perWord; // 4 lanes x 2 registers of K per lane
    Type f32 = rewriter.getF32Type();
    auto resultStruct = LLVM::LLVMStructType::getLiteral(rewriter.getContext(),
                                                         {f32, f32, f32, f32});
    // The accumulator between K steps: the struct mma.sync returns.
    auto unpackAcc = [&](Value acc) {
      SmallVector<Value> d;
      for (int64_t i = 0; i < 4; ++i)
        d.push_back(LLVM::ExtractValueOp::create(rewriter, loc, acc, i));
      return d;
    };
    auto packAcc = [&](ArrayRef<Value> acc) {
      Value s = LLVM::UndefOp::create(rewriter, loc, resultStruct);
      for (auto [i, v] : llvm::enumerate(acc))
        s = LLVM::InsertValueOp::create(rewriter, loc, s, v, int64_t(i));
      return s;
    };
    auto step = [&](Value acc, ArrayRef<Value> a, ArrayRef<Value> b) {
      if (*ptx == NVVM::MMATypes::e4m3 || *ptx == NVVM::MMATypes::e5m2)
        return packAcc(emitFp8MmaSync(
            rewriter, loc, *ptx, packWords(rewriter, loc, a, perWord),
            packWords(rewriter, loc, b, perWord), unpackAcc(acc)));
      return NVVM::MmaOp::create(
                 rewriter, loc, resultStruct,
                 packWords(rewriter, loc, a, perWord),
                 packWords(rewriter, loc, b, perWord), unpackAcc(acc),
                 {16, 8, k}, std::nullopt, std::nullopt,
                 std::array<NVVM::MMATypes, 2>{*ptx, *ptx},
                 std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                                NVVM::MMALayout::col})
          .getResult();
    };
    return lowerDotByTiles(
        rewriter, op, adaptor.getA(), adaptor.getB(), adaptor.getC(),
        getTypeConverter()->convertType(cType), {16, 8, k}, 4 * perWord,
        2 * perWord, 4, {packAcc, step, unpackAcc});
  }
};

/// local_load of 16-bit elements whose layout the layout core maps onto
/// 8 x 8 matrix loads (the mma.sync operand layouts from a row-major or,
/// with .trans, column-major tile): one ldmatrix.x4 per 8 registers.
/// Anything else takes the generic vector loads.
struct LocalLoadToLdMatrix : TargetPattern<LocalLoadOp, /*Benefit=*/2> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    bool trans = false;
    auto plan = [&](const LinearLayout &offsets) {
      std::optional<MatrixLoad> m = getMatrixLoad(offsets);
      trans = m && m->trans;
      return m ? std::optional<LinearLayout>(m->addresses) : std::nullopt;
    };
    auto load = [&](Value ptr, Type elem) {
      Type i32 = rewriter.getI32Type();
      Value words = NVVM::LdMatrixOp::create(
          rewriter, loc,
          LLVM::LLVMStructType::getLiteral(ctx, {i32, i32, i32, i32}), ptr,
          rewriter.getI32IntegerAttr(4),
          NVVM::MMALayoutAttr::get(ctx, trans ? NVVM::MMALayout::col
                                              : NVVM::MMALayout::row),
          NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
          NVVM::LdStMatrixEltTypeAttr::get(ctx, NVVM::LdStMatrixEltType::B16));
      SmallVector<Value> regs;
      for (int64_t j = 0; j < 4; ++j) {
        Value w = LLVM::ExtractValueOp::create(rewriter, loc, words,
                                               ArrayRef<int64_t>{j});
        Value pair =
            LLVM::BitcastOp::create(rewriter, loc, VectorType::get(2, elem), w);
        llvm::append_range(regs, unpackRegisters(rewriter, loc, pair));
      }
      return regs;
    };
    // rows of 8 elements, 16-byte aligned
    return lowerCooperativeLoad(rewriter, op, adaptor.getSrc(), targetInfo,
                                *getTypeConverter(), 32, 16, 8, plan, load);
  }
};

} // namespace

void mlir::tlxamd::nvvm::populateMatrixOpsToNVVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo) {
  patterns.add<DotOpToMmaSync, LocalLoadToLdMatrix>(converter, targetInfo);
}
