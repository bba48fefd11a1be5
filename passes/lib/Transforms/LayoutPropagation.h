//===- LayoutPropagation.h - how layouts relate across ops ------*- C++ -*-===//
//
// The facts both layout passes use: which values of an op must share a
// layout, what layout an operand needs for a result layout (expand_dims:
// the slice of the result's), and which ops are cheap enough to recompute
// in another layout.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TRANSFORMS_LAYOUTPROPAGATION_H
#define TLXAMD_TRANSFORMS_LAYOUTPROPAGATION_H

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tlxamd {

/// Ops whose tensor operands and results all carry one layout: elementwise
/// arith/math ops, splat, make_range, broadcast, addptr.
bool isSameLayoutOp(Operation *op);

/// Ops whose operand and result layouts determine each other: the
/// same-layout ops, expand_dims (the operand is the slice of the result's
/// layout), reductions (the results are the slice of the operands') and
/// shape ops (trans, reshape, cat, join, split: ShapeOpSpec).
bool isLayoutLinkedOp(Operation *op);

/// The layout a layout-linked op's results get when its tensor operands
/// have `operandLayout`; null when none does (expand_dims of a tensor not
/// sliced along its axis).
Attribute getResultLayoutFor(Operation *op, Attribute operandLayout);

/// Memory ops: they choose their own layout (coalescing, or that of an
/// operand that already has one); layouts do not flow through them from one
/// operand to another.
bool isMemoryOp(Operation *op);

/// The values of a memory op that share its layout (pointers/offsets, mask,
/// other, the loaded or stored value, the result); B11 for buffer stores.
SmallVector<Value> getMemoryOpMembers(Operation *op);

/// The tensor type `type` with `layout` (null: none).
Type withLayout(Type type, Attribute layout);

/// The layout of a tensor value (its encoding), or null.
Attribute getLayout(Value v);

/// Ops that may be recomputed in another layout instead of converting
/// their result: side-effect free, cheap, with no layout of their own.
bool isRematerializable(Operation *op);

/// The layout operand `operand` of `op` needs for `op`'s result to have
/// `resultLayout` (same; the slice for expand_dims; the parent of the
/// slice for a reduction); null when none gives it.
Attribute getOperandLayoutFor(Operation *op, unsigned operand,
                              Attribute resultLayout);

/// Whether `layout` can describe a tensor of `type`'s shape (a layout
/// verifies shapes: an MFMA layout needs whole instruction tiles...),
/// without diagnostics.
bool describes(Attribute layout, Type type);

/// Retype an arith.constant tensor (its attribute too) to `type`.
void retypeConstant(Operation *constant, Type type);

/// Whether `v` reaches the A operand of a product (dot, warpgroup_dot)
/// through the ops of its block.
bool feedsProductA(Value v);

/// The values from `from` back to `to` through same-layout ops and
/// warpgroup waits of one block, appended to `path` (`from` first); false
/// (nothing appended) when there is none.
bool pathBack(Value from, Value to, SmallVector<Value> &path);

/// The layout `have` chosen already for the value `value` a store `op`
/// writes (a matrix instruction's result: Triton's AMD epilogue) when each
/// thread's accesses in it are as wide as in the store's `coalesced`
/// layout, or (CDNA) at least 8 bytes where converting would need more
/// shared memory than the kernel allocates: the store takes it and the
/// value needs no conversion through shared memory. Null otherwise.
Attribute getStoreLayoutFromValue(Operation *op, Attribute have, Value value,
                                  Attribute coalesced);

/// The values a loop or branch ties together with `v`, appended to `out`:
/// for an `scf.for` the init, the region argument, the yielded value and
/// the result of one iteration variable; for an `scf.if` a result and what
/// both branches yield.
void collectTiedValues(Value v, SmallVectorImpl<Value> &out);

/// The addresses of a memory op (pointers, or a buffer op's offsets).
Value getAccessAddresses(Operation *op);

/// ", with matrix_instr_nonkdim = N" where the kernel of `dot` restricts
/// its instructions' M and N (for diagnostics), else "".
std::string getNonKDimNote(Operation *dot);

/// The layouts of a dot_scaled's operands (in operand order) and result
/// under `choice`.
SmallVector<Attribute, 3>
getScaledDotLayouts(DotScaledOp dot, const ScaledDotLayoutChoice &choice);

/// Whether the result of the load `op` reaches a dot_scaled's scale operand
/// through single-use shape ops only (scales "un-shuffled" in registers by
/// reshape / trans, as Triton's CDNA4 block-scaled tutorial writes them).
bool feedsScaleOperand(Operation *op);

/// For such a load: the layout `have` the scale layout gives its result
/// (back through the shape ops) when each thread's accesses in it are as
/// wide as in the load's `coalesced` layout (`provenRun(d)`: the run along
/// dimension d the addresses are proven contiguous and aligned): the load
/// takes it, and the scales reach the instruction with no exchange through
/// shared memory. Null otherwise.
Attribute getLoadLayoutFromUse(Operation *op, Attribute have,
                               Attribute coalesced,
                               llvm::function_ref<int64_t(unsigned)> provenRun);

/// The run (elements a thread loads at once) of the load feeding the
/// dot_scaled scale operand `scale` through shape ops when the instruction
/// wants the scale in `layout` (0 when no load feeds it that way):
/// layout assignment compares instruction placements by it.
int64_t
getScaleLoadRun(Value scale, Attribute layout,
                llvm::function_ref<int64_t(Operation *, unsigned)> provenRun);

/// Whether `have` spreads the tile of `v` over fewer distinct warps than
/// `want` (it repeats the tile over more of them).
bool repeatsMore(Attribute have, Attribute want, Value v);

/// The M of the dots in `root` whose result rows a reduction along N reads,
/// through elementwise ops (attention's `max(qk * scale, 1)`): laid out with
/// each row in one warp, the reductions need no shared memory; every dot of
/// that M takes the same placement (attention's second dot, whose
/// accumulator the rows' statistics rescale).
llvm::DenseSet<int64_t> getRowReducedDotRows(Region *root);

} // namespace mlir::tlxamd

#endif // TLXAMD_TRANSFORMS_LAYOUTPROPAGATION_H
