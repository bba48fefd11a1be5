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
  SmallVector<Value> byteOffsets; ///< per group, i32
  SmallVector<Value> masks;       ///< per group, i1 (empty: unmasked)
  SmallVector<Value> data;        ///< per group, accessType (stores, atomics)
  /// When the mask is not proven uniform over a group (and the target
  /// splits such groups), `masks` holds "every element in"
  /// and `elementMasks` the per-element masks: the access is full width
  /// where the whole group is in, element by element elsewhere.
  SmallVector<SmallVector<Value>> elementMasks;
  bool isPartial() const { return !elementMasks.empty(); }
};

/// Emit one access of `accessType` at `byteOffset`, predicated on `pred`
/// (null: unconditional); loads return the loaded value.
using EmitBufferLoad =
    function_ref<Value(Type accessType, Value byteOffset, Value pred)>;
using EmitBufferStore =
    function_ref<void(Value data, Value byteOffset, Value pred)>;

/// The loaded value of each group, through `emit`, with the per-element
/// fallback of partial groups.
SmallVector<Value> emitLoadGroups(RewriterBase &rewriter, Location loc,
                                  const BufferGroups &groups,
                                  EmitBufferLoad emit);
/// Store each group through `emit`, with the per-element fallback.
void emitStoreGroups(RewriterBase &rewriter, Location loc,
                     const BufferGroups &groups, EmitBufferStore emit);

/// Values a function's buffer ops share, materialized once where their
/// source is defined: the byte offsets of each group of an offsets tensor
/// (many ops address memory with the same offsets) and small i32 constants.
class BufferLoweringCache {
public:
  /// Byte offsets of the groups of `offsets` (a converted vector of i32
  /// element or byte offsets).
  ArrayRef<Value> getGroupOffsets(RewriterBase &rewriter, Location loc,
                                  Value offsets, int64_t width, unsigned shift);

private:
  llvm::DenseMap<std::tuple<Value, int64_t, unsigned>, SmallVector<Value>>
      offsets;
};

/// Elements per access for an op: contiguity capped at 128 bits; 2 for
/// packed 16-bit float atomics, 1 for other atomics.
int64_t getBufferAccessWidth(Operation *op, Type elemType, int64_t contiguity);

/// Group the registers of a buffer op. `offsets`, `mask` and `data` are the
/// converted (vector) operands; `data` may be null (loads).
BufferGroups groupBufferAccess(RewriterBase &rewriter, Location loc,
                               const LLVMTypeConverter &converter,
                               Operation *op, RankedTensorType dataType,
                               Value offsets, Value mask, Value data,
                               int64_t contiguity, bool offsetsInBytes,
                               BufferLoweringCache &cache,
                               int64_t maskUniformWidth);

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

  /// The groups of `op`. With `splitUnprovenMasks`, a group whose mask the
  /// analysis does not prove uniform is split (full width when all in,
  /// element by element otherwise); without, the contract (B12) is trusted.
  BufferGroups group(RewriterBase &rewriter, OpTy op,
                     typename OpTy::Adaptor adaptor,
                     bool splitUnprovenMasks) const {
    RankedTensorType type;
    Value data;
    if constexpr (isLoad) {
      type = op.getType();
    } else {
      type = op.getValue().getType();
      data = adaptor.getValue();
    }
    return groupBufferAccess(
        rewriter, op.getLoc(), *this->getTypeConverter(), op, type,
        adaptor.getOffsets(), adaptor.getMask(), data, op.getContiguity(),
        op.getOffsetUnit() == OffsetUnit::bytes, *cache,
        splitUnprovenMasks ? analyses.getMaskUniformWidth(op)
                           : std::numeric_limits<int64_t>::max());
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
