//===- DotLowering.h - matrix multiplies by instruction tiles ---*- C++ -*-===//
//
// The target-neutral half of tl.dot and amd_scheduled_mfma: the layout core
// says which registers of a thread form each matrix instruction's fragments
// (getRegisterTiles); one accumulator chain per M x N tile of the result,
// each K step one instruction from the target's MatrixInstrEmitter.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_CONVERSION_DOTLOWERING_H
#define TLXAMD_CONVERSION_DOTLOWERING_H

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tlxamd {

/// A target's matrix instruction: the accumulator of a tile as the
/// instruction's value (from its registers, in fragment order), one
/// instruction (accumulator, one K step's operand registers; null for a
/// scaled instruction, which has `scaledStep`), and the registers of the
/// final accumulator.
struct MatrixInstrEmitter {
  function_ref<Value(ArrayRef<Value> acc)> packAcc;
  function_ref<Value(Value acc, ArrayRef<Value> a, ArrayRef<Value> b)> step;
  function_ref<SmallVector<Value>(Value acc)> unpackAcc;
  /// A scaled instruction's K step: also each operand's scale registers
  /// for the step (DotTiling::scalesPerLane of them, in K order; empty for
  /// an operand without scales). Used when the tiling has scales.
  function_ref<Value(Value acc, ArrayRef<Value> a, ArrayRef<Value> b,
                     ArrayRef<Value> aScales, ArrayRef<Value> bScales)>
      scaledStep = nullptr;
};

/// One matrix multiply in tiles: operand and accumulator types (rank 2, or
/// rank 3 with the batch across warps), the instruction's [M, N, K] and
/// its registers per lane for A, B and the accumulator.
struct DotTiling {
  RankedTensorType aType, bType, cType;
  SmallVector<int64_t, 3> instrShape;
  int64_t aRegs, bRegs, accRegs;
  /// Emit K-major, N-major, M-minor (amd_scheduled_mfma, M8): every tile's
  /// chain takes one K step before any takes the next. Otherwise each
  /// tile's whole K chain is emitted in turn (tl.dot).
  bool kMajor = false;
  /// The accumulators start at zero; `c` is not read (initialize=True).
  bool initialize = false;
  /// K of one instruction in A's and B's tensor elements where it differs
  /// from instrShape[2] (packed fp4: two values per element); 0: the same.
  int64_t aK = 0, bK = 0;
  /// dot_scaled: the scale tensors ([M, K / 32] and [N, K / 32]), null
  /// for an operand without, and the scale registers a lane holds per
  /// instruction (its fragment's K blocks: one on CDNA4's scaled MFMA,
  /// every block of the instruction on gfx1250's scaled WMMA).
  RankedTensorType aScaleType, bScaleType;
  int64_t scalesPerLane = 1;
};

/// The result registers of `a` * `b` + `c` (converted operands), in the
/// accumulator's register order; fails with a diagnostic on `op` where the
/// layouts do not hold whole fragments.
FailureOr<SmallVector<Value>>
emitDotTiles(ConversionPatternRewriter &rewriter, Operation *op,
             const DotTiling &tiling, Value a, Value b, Value c,
             const MatrixInstrEmitter &emit, Value aScale = {},
             Value bScale = {});

/// Replace `op` by its instructions (emitDotTiles in tl.dot's order).
LogicalResult lowerDotByTiles(ConversionPatternRewriter &rewriter, DotOp op,
                              Value a, Value b, Value c, Type resultType,
                              ArrayRef<int64_t> instrShape, int64_t aRegs,
                              int64_t bRegs, int64_t accRegs,
                              const MatrixInstrEmitter &emit);

} // namespace mlir::tlxamd

#endif // TLXAMD_CONVERSION_DOTLOWERING_H
