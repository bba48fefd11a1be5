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

#include "../TlxAmdToLLVM/DotLowering.h"
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

/// `values` as one fragment of type `type` (a vector, bitcast from the
/// elements' vector where the instruction takes another element type).
Value packFragment(RewriterBase &rewriter, Location loc, Type type,
                   ArrayRef<Value> values) {
  if (values.size() == 1 && !isa<VectorType>(type))
    return values.front();
  auto vec = VectorType::get(values.size(), values.front().getType());
  Value v = packRegisters(rewriter, loc, vec, values);
  return vec == type ? v : LLVM::BitcastOp::create(rewriter, loc, type, v);
}

struct DotOpToMFMA : TargetPattern<DotOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    auto mfma = dyn_cast_or_null<AmdMfmaLayoutAttr>(cType.getEncoding());
    if (!mfma)
      return op.emitOpError("needs an MFMA layout: run tlxamd-assign-layouts "
                            "and tlxamd-verify-target first");
    ArrayRef<unsigned> shape = mfma.getInstrShape();
    const MatrixInstr *instr =
        findMatrixInstrFor(targetInfo.getArch(), MatrixEngine::MFMA, shape[0],
                           shape[1], shape[2], aType.getElementType());
    if (!instr) // tlxamd-verify-target reports it first
      return op.emitOpError("no such MFMA on ") << targetInfo.getArch().name;
    Type fragment = getFragmentType(*instr, aType.getElementType());
    int64_t accRegs = int64_t(shape[0]) * shape[1] / 64;
    auto accType = VectorType::get(accRegs, cType.getElementType());
    Value zero = i32Const(rewriter, loc, 0);
    auto packAcc = [&](ArrayRef<Value> acc) {
      return packFragment(rewriter, loc, accType, acc);
    };
    auto step = [&](Value acc, ArrayRef<Value> a, ArrayRef<Value> b) {
      Value x = packFragment(rewriter, loc, fragment, a);
      Value y = packFragment(rewriter, loc, fragment, b);
      if (mfma.getTransposed())
        std::swap(x, y);
      OperationState state(loc, ("rocdl." + instr->name).str());
      state.addOperands({x, y, acc, zero, zero, zero});
      state.addTypes(accType);
      return rewriter.create(state)->getResult(0);
    };
    auto unpackAcc = [&](Value acc) {
      return unpackRegisters(rewriter, loc, acc);
    };
    return lowerDotByTiles(
        rewriter, op, adaptor.getA(), adaptor.getB(), adaptor.getC(),
        getTypeConverter()->convertType(cType), {shape[0], shape[1], shape[2]},
        instr->kWidth, instr->kWidth, accRegs, {packAcc, step, unpackAcc});
  }
};

} // namespace

void mlir::tlxamd::rocdl::populateMatrixOpsToROCDLPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo) {
  patterns.add<DotOpToMFMA>(converter, targetInfo);
}
