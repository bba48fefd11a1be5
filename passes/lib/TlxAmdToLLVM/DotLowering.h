//===- DotLowering.h - tl.dot by instruction tiles --------------*- C++ -*-===//
//
// The target-neutral half of tl.dot: the layout core says which registers
// of a thread form each matrix instruction's fragments (getRegisterTiles);
// for each M x N tile of the accumulator the K steps run in order, the
// target's MatrixInstrEmitter emitting one instruction per step.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_CONVERSION_DOTLOWERING_H
#define TLXAMD_CONVERSION_DOTLOWERING_H

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tlxamd {

/// A target's matrix instruction: the accumulator of a tile as the
/// instruction's value (from its registers, in fragment order), one
/// instruction (accumulator, one K step's operand registers), and the
/// registers of the final accumulator.
struct MatrixInstrEmitter {
  function_ref<Value(ArrayRef<Value> acc)> packAcc;
  function_ref<Value(Value acc, ArrayRef<Value> a, ArrayRef<Value> b)> step;
  function_ref<SmallVector<Value>(Value acc)> unpackAcc;
};

/// Replace `op` (converted operands `a`, `b`, `c`) by its instructions,
/// each m x n x k with `aRegs` / `bRegs` / `accRegs` registers per lane;
/// fails with a diagnostic where the layouts do not hold whole fragments.
LogicalResult lowerDotByTiles(ConversionPatternRewriter &rewriter, DotOp op,
                              Value a, Value b, Value c, Type resultType,
                              ArrayRef<int64_t> instrShape, int64_t aRegs,
                              int64_t bRegs, int64_t accRegs,
                              const MatrixInstrEmitter &emit);

} // namespace mlir::tlxamd

#endif // TLXAMD_CONVERSION_DOTLOWERING_H
