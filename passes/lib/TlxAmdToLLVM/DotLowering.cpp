//===- DotLowering.cpp - tl.dot by instruction tiles
//-----------------------===//
#include "DotLowering.h"

#include "LayoutLowering.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// The values of registers `regs`.
static SmallVector<Value> gather(ArrayRef<Value> values,
                                 ArrayRef<unsigned> regs) {
  SmallVector<Value> out;
  for (unsigned r : regs)
    out.push_back(values[r]);
  return out;
}

LogicalResult mlir::tlxamd::lowerDotByTiles(
    ConversionPatternRewriter &rewriter, DotOp op, Value a, Value b, Value c,
    Type resultType, ArrayRef<int64_t> instrShape, int64_t aRegs, int64_t bRegs,
    int64_t accRegs, const MatrixInstrEmitter &emit) {
  Location loc = op.getLoc();
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto cType = cast<RankedTensorType>(op.getC().getType());
  int64_t m = instrShape[0], n = instrShape[1], k = instrShape[2];
  auto aTiles = getRegisterTiles(
      toLinearLayout(aType.getEncoding(), aType.getShape()), m, k);
  auto bTiles = getRegisterTiles(
      toLinearLayout(bType.getEncoding(), bType.getShape()), k, n);
  auto cTiles = getRegisterTiles(
      toLinearLayout(cType.getEncoding(), cType.getShape()), m, n);
  int64_t kSteps = aType.getDimSize(1) / k;
  SmallVector<Value> av = unpackRegisters(rewriter, loc, a);
  SmallVector<Value> bv = unpackRegisters(rewriter, loc, b);
  SmallVector<Value> d = unpackRegisters(rewriter, loc, c);
  for (auto &[tile, regs] : cTiles) {
    if (int64_t(regs.size()) != accRegs)
      return op.emitOpError("the accumulator layout does not hold whole ")
             << m << "x" << n << " tiles per thread";
    Value acc = emit.packAcc(gather(d, regs));
    for (int64_t s = 0; s < kSteps; ++s) {
      auto ai = aTiles.find({tile.first, s});
      auto bi = bTiles.find({s, tile.second});
      if (ai == aTiles.end() || bi == bTiles.end() ||
          int64_t(ai->second.size()) != aRegs ||
          int64_t(bi->second.size()) != bRegs)
        return op.emitOpError("the operand layouts do not hold the ")
               << m << "x" << n << "x" << k << " fragments of tile ("
               << tile.first << ", " << tile.second << ") at K step " << s;
      acc = emit.step(acc, gather(av, ai->second), gather(bv, bi->second));
    }
    for (auto [r, v] : llvm::zip(regs, emit.unpackAcc(acc)))
      d[r] = v;
  }
  rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, d));
  return success();
}
