//===- DotLowering.cpp - matrix multiplies by instruction tiles ----------===//
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

using TileMap = std::map<std::pair<int64_t, int64_t>, SmallVector<unsigned>>;

static TileMap tilesOf(RankedTensorType type, int64_t rows, int64_t cols) {
  return getRegisterTiles(toLinearLayout(type.getEncoding(), type.getShape()),
                          rows, cols);
}

namespace {
/// A dot_scaled operand's scale registers: one per lane for each
/// instruction's rows and K blocks (a tile of `rows` x `kBlocks`), keyed by
/// (row tile, K step); empty for an operand without scales.
struct ScaleRegisters {
  TileMap tiles;
  SmallVector<Value> regs;

  ScaleRegisters(ConversionPatternRewriter &rewriter, Location loc,
                 RankedTensorType type, Value scale, int64_t rows,
                 int64_t kBlocks) {
    if (!type)
      return;
    tiles = tilesOf(type, rows, kBlocks);
    regs = unpackRegisters(rewriter, loc, scale);
  }

  /// The `count` scales of (row tile, K step) into `out`, in register
  /// (K) order (left empty without scales).
  LogicalResult lookup(Operation *op, int64_t row, int64_t step, int64_t count,
                       SmallVector<Value> &out) const {
    if (regs.empty())
      return success();
    auto it = tiles.find({row, step});
    if (it == tiles.end() || int64_t(it->second.size()) != count)
      return op->emitOpError("the scale layout does not give each lane ")
             << count << " scale" << (count == 1 ? "" : "s") << " of row tile "
             << row << " at K step " << step;
    out = gather(regs, it->second);
    return success();
  }
};
} // namespace

FailureOr<SmallVector<Value>>
mlir::tlxamd::emitDotTiles(ConversionPatternRewriter &rewriter, Operation *op,
                           const DotTiling &t, Value a, Value b, Value c,
                           const MatrixInstrEmitter &emit, Value aScale,
                           Value bScale) {
  Location loc = op->getLoc();
  int64_t m = t.instrShape[0], n = t.instrShape[1], k = t.instrShape[2];
  int64_t aK = t.aK ? t.aK : k, bK = t.bK ? t.bK : k;
  TileMap aTiles = tilesOf(t.aType, m, aK), bTiles = tilesOf(t.bType, bK, n),
          cTiles = tilesOf(t.cType, m, n);
  int64_t kSteps = t.aType.getShape().back() / aK;
  int64_t kBlocks = std::max<int64_t>(1, k / kScaleBlockSize);
  ScaleRegisters aScales(rewriter, loc, t.aScaleType, aScale, m, kBlocks);
  ScaleRegisters bScales(rewriter, loc, t.bScaleType, bScale, n, kBlocks);
  SmallVector<Value> av = unpackRegisters(rewriter, loc, a);
  SmallVector<Value> bv = unpackRegisters(rewriter, loc, b);
  SmallVector<Value> d = unpackRegisters(rewriter, loc, c);
  if (t.initialize) {
    Type elem = t.cType.getElementType();
    Value zero = LLVM::ConstantOp::create(rewriter, loc, elem,
                                          rewriter.getZeroAttr(elem));
    d.assign(d.size(), zero);
  }
  // The accumulator tiles in emission order: (M, N) for tl.dot, N-major
  // M-minor for the K-major schedule.
  SmallVector<std::pair<int64_t, int64_t>> order;
  for (auto &[tile, regs] : cTiles) {
    if (int64_t(regs.size()) != t.accRegs)
      return op->emitOpError("the accumulator layout does not hold whole ")
             << m << "x" << n << " tiles per thread";
    order.push_back(tile);
  }
  if (t.kMajor)
    llvm::stable_sort(order, [](auto x, auto y) {
      return std::tie(x.second, x.first) < std::tie(y.second, y.first);
    });
  SmallVector<Value> acc;
  for (auto tile : order)
    acc.push_back(emit.packAcc(gather(d, cTiles[tile])));
  auto step = [&](unsigned i, int64_t s) -> LogicalResult {
    auto tile = order[i];
    auto ai = aTiles.find({tile.first, s});
    auto bi = bTiles.find({s, tile.second});
    if (ai == aTiles.end() || bi == bTiles.end() ||
        int64_t(ai->second.size()) != t.aRegs ||
        int64_t(bi->second.size()) != t.bRegs)
      return op->emitOpError("the operand layouts do not hold the ")
             << m << "x" << n << "x" << k << " fragments of tile ("
             << tile.first << ", " << tile.second << ") at K step " << s;
    SmallVector<Value> af = gather(av, ai->second), bf = gather(bv, bi->second);
    if (!emit.scaledStep) {
      acc[i] = emit.step(acc[i], af, bf);
      return success();
    }
    SmallVector<Value> as, bs;
    if (failed(aScales.lookup(op, tile.first, s, t.scalesPerLane, as)) ||
        failed(bScales.lookup(op, tile.second, s, t.scalesPerLane, bs)))
      return failure();
    acc[i] = emit.scaledStep(acc[i], af, bf, as, bs);
    return success();
  };
  for (int64_t outer = 0, e = t.kMajor ? kSteps : order.size(); outer < e;
       ++outer)
    for (int64_t inner = 0, f = t.kMajor ? order.size() : kSteps; inner < f;
         ++inner)
      if (failed(t.kMajor ? step(inner, outer) : step(outer, inner)))
        return failure();
  for (auto [i, tile] : llvm::enumerate(order))
    for (auto [r, v] : llvm::zip(cTiles[tile], emit.unpackAcc(acc[i])))
      d[r] = v;
  return d;
}

LogicalResult mlir::tlxamd::lowerDotByTiles(
    ConversionPatternRewriter &rewriter, DotOp op, Value a, Value b, Value c,
    Type resultType, ArrayRef<int64_t> instrShape, int64_t aRegs, int64_t bRegs,
    int64_t accRegs, const MatrixInstrEmitter &emit) {
  DotTiling tiling{cast<RankedTensorType>(op.getA().getType()),
                   cast<RankedTensorType>(op.getB().getType()),
                   cast<RankedTensorType>(op.getC().getType()),
                   SmallVector<int64_t, 3>(instrShape),
                   aRegs,
                   bRegs,
                   accRegs};
  FailureOr<SmallVector<Value>> d =
      emitDotTiles(rewriter, op, tiling, a, b, c, emit);
  if (failed(d))
    return failure();
  rewriter.replaceOp(op, packRegisters(rewriter, op.getLoc(), resultType, *d));
  return success();
}
