//===- MatrixOpsToROCDL.cpp - tl.dot to MFMA
//--------------------------------===//
//
// tl.dot on CDNA: the result's MFMA layout names the instruction (its
// capability-table entry gives the ROCDL op and the operand fragment), the
// layout core says which registers of a thread form each instruction's
// fragment (getRegisterTiles). For each M x N tile the K steps accumulate
// in order into the tile's accumulator vector. A transposed MFMA layout
// holds the transposed result: the instruction then multiplies B^T A^T,
// so the fragments swap places.
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "../TlxAmdToLLVM/Patterns.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// The type an MFMA takes one lane's fragment of `kWidth` `elem`s as: the
/// element for one, else a vector (bf16 of the `.1k` instructions as i16).
Type getFragmentType(const MatrixInstr &instr, Type elem) {
  if (instr.kWidth == 1)
    return elem;
  if (elem.isBF16() && StringRef(instr.name).ends_with(".1k"))
    elem = IntegerType::get(elem.getContext(), 16);
  return VectorType::get(instr.kWidth, elem);
}

/// The registers `regs` of `values` as one fragment of type `type`.
Value packFragment(RewriterBase &rewriter, Location loc, Type type,
                   ArrayRef<Value> values, ArrayRef<unsigned> regs) {
  SmallVector<Value> parts;
  for (unsigned r : regs)
    parts.push_back(values[r]);
  if (parts.size() == 1 && !isa<VectorType>(type))
    return parts.front();
  auto vec = VectorType::get(parts.size(), parts.front().getType());
  Value v = packRegisters(rewriter, loc, vec, parts);
  return vec == type ? v : LLVM::BitcastOp::create(rewriter, loc, type, v);
}

struct DotOpToMFMA : TargetPattern<DotOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    auto mfma = dyn_cast_or_null<AmdMfmaLayoutAttr>(cType.getEncoding());
    if (!mfma)
      return op.emitOpError("needs layouts: run tlxamd-assign-layouts first");
    ArrayRef<unsigned> shape = mfma.getInstrShape();
    std::string elemName;
    llvm::raw_string_ostream(elemName) << aType.getElementType();
    const MatrixInstr *instr =
        findMatrixInstr(targetInfo.getArch(), MatrixEngine::MFMA, shape[0],
                        shape[1], shape[2], elemName);
    if (!instr) // tlxamd-verify-target reports it first
      return op.emitOpError("no such MFMA on ") << targetInfo.getArch().name;
    int64_t m = shape[0], n = shape[1], k = shape[2];
    auto aTiles = getRegisterTiles(
        toLinearLayout(aType.getEncoding(), aType.getShape()), m, k);
    auto bTiles = getRegisterTiles(
        toLinearLayout(bType.getEncoding(), bType.getShape()), k, n);
    auto cTiles = getRegisterTiles(
        toLinearLayout(cType.getEncoding(), cType.getShape()), m, n);
    int64_t kSteps = aType.getDimSize(1) / k;
    Type fragment = getFragmentType(*instr, aType.getElementType());
    auto accType = VectorType::get(m * n / 64, cType.getElementType());
    SmallVector<Value> a = unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> b = unpackRegisters(rewriter, loc, adaptor.getB());
    SmallVector<Value> d = unpackRegisters(rewriter, loc, adaptor.getC());
    Value zero = i32Const(rewriter, loc, 0);
    for (auto &[tile, regs] : cTiles) {
      if (int64_t(regs.size()) != accType.getNumElements())
        return op.emitOpError("the accumulator layout does not hold whole ")
               << m << "x" << n << " tiles per thread";
      Value acc = packFragment(rewriter, loc, accType, d, regs);
      for (int64_t s = 0; s < kSteps; ++s) {
        auto ai = aTiles.find({tile.first, s});
        auto bi = bTiles.find({s, tile.second});
        if (ai == aTiles.end() || bi == bTiles.end() ||
            ai->second.size() != instr->kWidth ||
            bi->second.size() != instr->kWidth)
          return op.emitOpError("the operand layouts do not hold the ")
                 << instr->name << " fragments of tile (" << tile.first << ", "
                 << tile.second << ") at K step " << s;
        Value x = packFragment(rewriter, loc, fragment, a, ai->second);
        Value y = packFragment(rewriter, loc, fragment, b, bi->second);
        if (mfma.getTransposed())
          std::swap(x, y);
        OperationState state(loc, ("rocdl." + instr->name).str());
        state.addOperands({x, y, acc, zero, zero, zero});
        state.addTypes(accType);
        acc = rewriter.create(state)->getResult(0);
      }
      for (auto [i, r] : llvm::enumerate(regs))
        d[r] = LLVM::ExtractElementOp::create(rewriter, loc, acc,
                                              i32Const(rewriter, loc, i));
    }
    rewriter.replaceOp(op, packRegisters(rewriter, loc,
                                         getTypeConverter()->convertType(cType),
                                         d));
    return success();
  }
};

} // namespace

void mlir::tlxamd::rocdl::populateMatrixOpsToROCDLPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo) {
  patterns.add<DotOpToMFMA>(converter, targetInfo);
}
