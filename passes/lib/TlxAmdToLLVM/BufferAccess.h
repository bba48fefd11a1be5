//===- BufferAccess.h - buffer_load/store/atomic_add, target-neutral ------===//
//
// What every target does the same for the buffer ops: split each thread's
// registers into access groups of `contiguity` elements capped at 128 bits
// (B13; one element when contiguity is 1, B14; packed pairs for 16-bit
// atomics, B18), the group's first offset in bytes, its mask (uniform over
// the group by the contract, B12), and the group's data as an integer
// vector. The targets emit one access per group.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_CONVERSION_BUFFERACCESS_H
#define TLXAMD_CONVERSION_BUFFERACCESS_H

#include "Patterns.h"
#include "TargetInfo.h"

#include "tlxamd/Analysis/ContractChecks.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

#include <type_traits>

namespace mlir::tlxamd {

struct BufferGroups {
  Type elemType;      ///< LLVM element type (bf16, f32, i32, ...)
  unsigned elemBytes; ///< bytes per element
  int64_t width;      ///< elements per access
  Type accessType;    ///< integer type of one access (i16, i32, v4i32, ...)
  /// Per group: the byte offset of the first element of its contiguity run
  /// (one value shared by the run's groups: `contiguity` promises the
  /// run's offsets consecutive, B13) and the group's constant distance from
  /// it, so that targets put the constant in an immediate field.
  SmallVector<Value> baseOffsets;
  SmallVector<int64_t> immOffsets;
  /// Per group, i1 (empty: unmasked): the group's mask where it is proven
  /// uniform over the group (the run's first element's where it is proven
  /// uniform over the whole run, so the run shares it), "every element in"
  /// where it is split.
  SmallVector<Value> masks;
  SmallVector<Value> data; ///< per group, accessType (stores, atomics)
  /// Split groups (the mask not proven uniform over the group): the
  /// per-element masks; the access is full width where the whole group is
  /// in, element by element elsewhere.
  SmallVector<SmallVector<Value>> elementMasks;
  /// Blocks of this many elements are proven prefix masks: one compare (the
  /// last element's mask) tests a whole block.
  int64_t prefixWidth = 1;
  bool isPartial() const { return !elementMasks.empty(); }
  /// On the slow path of a split op whose registers are one proven prefix
  /// block, the last element is out ("every element in" is its mask): its
  /// access is left out.
  bool lastElementOut() const {
    return isPartial() && prefixWidth >= int64_t(elementMasks.size()) * width;
  }

  /// Elements of a split group's element path that can be in once the
  /// group's own test failed: all but the last where that test is the last
  /// element's mask (a proven prefix).
  int64_t elementsWhenGroupNotIn() const {
    return prefixWidth >= width ? width - 1 : width;
  }
  /// Whether an access at `imm` is the last element of group `i`.
  bool isLastElement(size_t i, int64_t imm) const {
    return imm == immOffsets[i] + (width - 1) * int64_t(elemBytes);
  }
  /// Of a split access: every element of every group in (one compare per
  /// proven prefix block, an `and` of the element masks elsewhere).
  Value everyElementIn(RewriterBase &rewriter, Location loc) const;
};

/// Emit one access of `accessType` at byte offset `base + imm`, predicated
/// on `pred` (null: unconditional); loads return the loaded value.
using EmitBufferLoad =
    function_ref<Value(Type accessType, Value base, int64_t imm, Value pred)>;
using EmitBufferStore =
    function_ref<void(Value data, Value base, int64_t imm, Value pred)>;

/// The loaded value of each group: one full-width access per group
/// predicated on its mask (`masked`) or unconditional.
SmallVector<Value> emitFullWidthLoads(RewriterBase &rewriter, Location loc,
                                      const BufferGroups &groups,
                                      EmitBufferLoad emit, bool masked);
/// The loaded value of each split group, element by element, each element
/// predicated on its own mask.
SmallVector<Value> emitElementLoads(RewriterBase &rewriter, Location loc,
                                    const BufferGroups &groups,
                                    EmitBufferLoad emit);
/// Full-width accesses predicated on "every element in", then the
/// per-element accesses of split groups predicated on "in, but its group
/// is not": no branch (targets that predicate each access cheaply).
SmallVector<Value> emitLoadGroups(RewriterBase &rewriter, Location loc,
                                  const BufferGroups &groups,
                                  EmitBufferLoad emit);
/// Stores, in the same three forms.
void emitFullWidthStores(RewriterBase &rewriter, Location loc,
                         const BufferGroups &groups, EmitBufferStore emit,
                         bool masked);
void emitElementStores(RewriterBase &rewriter, Location loc,
                       const BufferGroups &groups, EmitBufferStore emit);
void emitStoreGroups(RewriterBase &rewriter, Location loc,
                     const BufferGroups &groups, EmitBufferStore emit);

/// `if (cond) fast() else slow()` as two blocks joined by a third, whose
/// arguments (of `types`) are what both paths return. The rewriter inserts
/// at the start of the join block afterwards.
SmallVector<Value> emitBranches(RewriterBase &rewriter, Location loc,
                                Value cond, TypeRange types,
                                function_ref<SmallVector<Value>()> fast,
                                function_ref<SmallVector<Value>()> slow);

/// Values a function's buffer ops share, materialized once where their
/// source is defined: the byte offset of the first element of each
/// contiguity run of an offsets tensor (many ops address memory with the
/// same offsets).
class BufferLoweringCache {
public:
  /// Byte offsets of the first element of each run of `run` registers of
  /// `offsets` (a converted vector of i32 element or byte offsets).
  ArrayRef<Value> getRunOffsets(RewriterBase &rewriter, Location loc,
                                Value offsets, int64_t run, unsigned shift);

private:
  llvm::DenseMap<std::tuple<Value, int64_t, unsigned>, SmallVector<Value>>
      offsets;
};

/// Group the registers of a buffer op. `offsets`, `mask` and `data` are the
/// converted (vector) operands; `data` may be null (loads). Runs of
/// `contiguity` registers share a base offset; groups whose mask is not
/// proven uniform are split.
BufferGroups groupBufferAccess(RewriterBase &rewriter, Location loc,
                               const LLVMTypeConverter &converter,
                               Operation *op, RankedTensorType dataType,
                               Value offsets, Value mask, Value data,
                               int64_t contiguity, bool offsetsInBytes,
                               BufferLoweringCache &cache,
                               const KernelAnalyses::BufferFacts &facts);

/// A store's groups without the broadcast copies of its value
/// (getStoreCopies): groups of repeated registers left out, the others
/// masked to the one thread of each set holding the same elements.
void dropStoreCopies(RewriterBase &rewriter, Location loc,
                     const TargetInfoBase &targetInfo, RankedTensorType type,
                     BufferGroups &groups);

/// The registers of the loaded groups (one accessType value per group),
/// with masked-out elements replaced by `other` when given and not zero.
Value finishBufferLoad(RewriterBase &rewriter, Location loc,
                       const BufferGroups &groups, ArrayRef<Value> loaded,
                       Value mask, Value other, Value otherOriginal,
                       Type resultVectorType);

/// Base of the targets' buffer_load/buffer_store/buffer_atomic_add
/// patterns: the function-wide cache the three share, the grouping of an
/// op's registers and the replacement of a load or atomic by its groups.
template <typename OpTy, typename CacheTy = BufferLoweringCache>
struct BufferOpPattern : ConvertOpToLLVMPattern<OpTy> {
  BufferOpPattern(LLVMTypeConverter &converter, std::shared_ptr<CacheTy> cache,
                  const KernelAnalyses &analyses)
      : ConvertOpToLLVMPattern<OpTy>(converter), cache(std::move(cache)),
        analyses(analyses) {}

protected:
  static constexpr bool isLoad = std::is_same_v<OpTy, BufferLoadOp>;

  /// The groups of `op`: a group whose mask the analysis does not prove
  /// uniform is split (full width when all in, element by element
  /// otherwise), with a remark when the analyses ask for them. 16-bit
  /// atomic pairs are never split: target legality proved their masks (B18).
  BufferGroups group(RewriterBase &rewriter, OpTy op,
                     typename OpTy::Adaptor adaptor) const {
    RankedTensorType type;
    Value data;
    if constexpr (isLoad) {
      type = op.getType();
    } else {
      type = op.getValue().getType();
      data = adaptor.getValue();
    }
    KernelAnalyses::BufferFacts facts = analyses.getBufferFacts(op);
    if constexpr (std::is_same_v<OpTy, BufferAtomicAddOp>)
      facts.maskUniformWidth = std::max<int64_t>(facts.maskUniformWidth, 2);
    int64_t uniform = facts.maskUniformWidth;
    BufferGroups g = groupBufferAccess(
        rewriter, op.getLoc(), *this->getTypeConverter(), op, type,
        adaptor.getOffsets(), adaptor.getMask(), data, op.getContiguity(),
        op.getOffsetUnit() == OffsetUnit::bytes, *cache, facts);
    if (g.isPartial() && analyses.remarksEnabled())
      op.emitRemark() << "groups of " << g.width
                      << " elements split (full width when every element is "
                         "in, element by element otherwise): the mask is "
                         "proven uniform over "
                      << uniform << " element" << (uniform == 1 ? "" : "s")
                      << " only; a mask such as `offsets < n - n % " << g.width
                      << "` keeps one access per group";
    return g;
  }

  /// Replace a load (masked-out elements from `other`) or an atomic (the old
  /// values) by the registers of its groups.
  void replaceWithGroups(RewriterBase &rewriter, OpTy op,
                         typename OpTy::Adaptor adaptor,
                         const BufferGroups &groups,
                         ArrayRef<Value> values) const {
    Value mask, other, otherOriginal;
    if constexpr (isLoad) {
      mask = adaptor.getMask();
      other = adaptor.getOther();
      otherOriginal = op.getOther();
    }
    rewriter.replaceOp(
        op,
        finishBufferLoad(rewriter, op.getLoc(), groups, values, mask, other,
                         otherOriginal,
                         this->getTypeConverter()->convertType(op.getType())));
  }

  std::shared_ptr<CacheTy> cache;
  const KernelAnalyses &analyses;
};

} // namespace mlir::tlxamd

#endif
