//===- BufferAccess.cpp - buffer_load/store/atomic_add, target-neutral ---===//
#include "BufferAccess.h"
#include "LayoutLowering.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

int64_t mlir::tlxamd::getBufferAccessWidth(Operation *op, Type elemType,
                                           int64_t contiguity) {
  unsigned bits = elemType.getIntOrFloatBitWidth();
  if (isa<BufferAtomicAddOp>(op))
    return bits == 16 ? 2 : 1;
  return std::min<int64_t>(contiguity, std::max<int64_t>(128 / bits, 1));
}

/// The integer type carrying `bytes` bytes in one access.
static Type accessTypeFor(MLIRContext *ctx, unsigned bytes) {
  if (bytes <= 4)
    return IntegerType::get(ctx, bytes * 8);
  return VectorType::get({bytes / 4}, IntegerType::get(ctx, 32));
}

ArrayRef<Value> BufferLoweringCache::getGroupOffsets(RewriterBase &rewriter,
                                                     Location loc,
                                                     Value offsets,
                                                     int64_t width,
                                                     unsigned shift) {
  auto key = std::make_tuple(offsets, width, shift);
  auto it = this->offsets.find(key);
  if (it != this->offsets.end())
    return it->second;
  OpBuilder::InsertionGuard guard(rewriter);
  if (auto arg = dyn_cast<BlockArgument>(offsets))
    rewriter.setInsertionPointToStart(arg.getOwner());
  else
    rewriter.setInsertionPointAfterValue(offsets);
  int64_t n = cast<VectorType>(offsets.getType()).getNumElements();
  Value shiftVal = shift ? i32Const(rewriter, loc, shift) : Value();
  SmallVector<Value> out;
  for (int64_t r = 0; r < n; r += width) {
    Value off = LLVM::ExtractElementOp::create(rewriter, loc, offsets,
                                               i32Const(rewriter, loc, r));
    if (shift)
      off = LLVM::ShlOp::create(rewriter, loc, off, shiftVal);
    out.push_back(off);
  }
  return this->offsets[key] = std::move(out);
}

BufferGroups mlir::tlxamd::groupBufferAccess(
    RewriterBase &rewriter, Location loc, const LLVMTypeConverter &converter,
    Operation *op, RankedTensorType dataType, Value offsets, Value mask,
    Value data, int64_t contiguity, bool offsetsInBytes,
    BufferLoweringCache &cache, int64_t maskUniformWidth) {
  BufferGroups g;
  g.elemType = converter.convertType(dataType.getElementType());
  g.elemBytes = std::max(1u, g.elemType.getIntOrFloatBitWidth() / 8);
  g.width = getBufferAccessWidth(op, g.elemType, contiguity);
  // The contract promises a mask uniform over each group; where the axis
  // analysis cannot prove it, targets that predicate cheaply split: full
  // width when the whole group is in, element by element otherwise.
  bool maskUniform = g.width <= 1 || maskUniformWidth >= g.width;
  g.accessType = accessTypeFor(rewriter.getContext(), g.width * g.elemBytes);

  unsigned shift =
      offsetsInBytes || g.elemBytes == 1 ? 0 : llvm::Log2_32(g.elemBytes);
  llvm::append_range(
      g.byteOffsets,
      cache.getGroupOffsets(rewriter, loc, offsets, g.width, shift));
  int64_t n = cast<VectorType>(offsets.getType()).getNumElements();
  SmallVector<Value> masks =
      mask ? unpackRegisters(rewriter, loc, mask) : SmallVector<Value>();
  for (int64_t r = 0; mask && r < n; r += g.width) {
    if (maskUniform) {
      g.masks.push_back(masks[r]);
      continue;
    }
    // "Every element in": full width; otherwise element by element.
    Value all = masks[r];
    for (int64_t j = 1; j < g.width; ++j)
      all = LLVM::AndOp::create(rewriter, loc, all, masks[r + j]);
    g.masks.push_back(all);
    g.elementMasks.emplace_back(masks.begin() + r, masks.begin() + r + g.width);
  }
  if (!data)
    return g;
  // One group: the whole register vector is the access.
  if (n == g.width) {
    g.data.push_back(
        LLVM::BitcastOp::create(rewriter, loc, g.accessType, data));
    return g;
  }
  SmallVector<Value> values = unpackRegisters(rewriter, loc, data);
  auto groupType = VectorType::get({g.width}, g.elemType);
  for (int64_t r = 0; r < n; r += g.width) {
    Value v = packRegisters(rewriter, loc, groupType,
                            ArrayRef<Value>(values).slice(r, g.width));
    g.data.push_back(LLVM::BitcastOp::create(rewriter, loc, g.accessType, v));
  }
  return g;
}

/// `m && !all`: the element is in but its group is not entirely.
static Value fallbackPredicate(RewriterBase &rewriter, Location loc, Value m,
                               Value all) {
  Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                       rewriter.getBoolAttr(true));
  Value notAll = LLVM::XOrOp::create(rewriter, loc, all, one);
  return LLVM::AndOp::create(rewriter, loc, m, notAll);
}

static Value elementOffset(RewriterBase &rewriter, Location loc,
                           const BufferGroups &g, size_t i, int64_t j) {
  if (j == 0)
    return g.byteOffsets[i];
  return LLVM::AddOp::create(rewriter, loc, g.byteOffsets[i],
                             i32Const(rewriter, loc, j * g.elemBytes));
}

SmallVector<Value> mlir::tlxamd::emitLoadGroups(RewriterBase &rewriter,
                                                Location loc,
                                                const BufferGroups &g,
                                                EmitBufferLoad emit) {
  SmallVector<Value> out;
  Type elemInt = rewriter.getIntegerType(g.elemBytes * 8);
  auto groupType = VectorType::get({g.width}, g.elemType);
  for (size_t i = 0; i < g.byteOffsets.size(); ++i) {
    Value pred = g.masks.empty() ? Value() : g.masks[i];
    Value v = emit(g.accessType, g.byteOffsets[i], pred);
    if (!g.isPartial()) {
      out.push_back(v);
      continue;
    }
    SmallVector<Value> elems = unpackRegisters(
        rewriter, loc, LLVM::BitcastOp::create(rewriter, loc, groupType, v));
    for (int64_t j = 0; j < g.width; ++j) {
      Value p = fallbackPredicate(rewriter, loc, g.elementMasks[i][j], pred);
      Value s = emit(elemInt, elementOffset(rewriter, loc, g, i, j), p);
      s = LLVM::BitcastOp::create(rewriter, loc, g.elemType, s);
      elems[j] = LLVM::SelectOp::create(rewriter, loc, pred, elems[j], s);
    }
    out.push_back(LLVM::BitcastOp::create(
        rewriter, loc, g.accessType,
        packRegisters(rewriter, loc, groupType, elems)));
  }
  return out;
}

void mlir::tlxamd::emitStoreGroups(RewriterBase &rewriter, Location loc,
                                   const BufferGroups &g,
                                   EmitBufferStore emit) {
  Type elemInt = rewriter.getIntegerType(g.elemBytes * 8);
  auto groupType = VectorType::get({g.width}, g.elemType);
  for (size_t i = 0; i < g.byteOffsets.size(); ++i) {
    Value pred = g.masks.empty() ? Value() : g.masks[i];
    emit(g.data[i], g.byteOffsets[i], pred);
    if (!g.isPartial())
      continue;
    SmallVector<Value> elems = unpackRegisters(
        rewriter, loc,
        LLVM::BitcastOp::create(rewriter, loc, groupType, g.data[i]));
    for (int64_t j = 0; j < g.width; ++j) {
      Value p = fallbackPredicate(rewriter, loc, g.elementMasks[i][j], pred);
      emit(LLVM::BitcastOp::create(rewriter, loc, elemInt, elems[j]),
           elementOffset(rewriter, loc, g, i, j), p);
    }
  }
}

Value mlir::tlxamd::finishBufferLoad(RewriterBase &rewriter, Location loc,
                                     const BufferGroups &g,
                                     ArrayRef<Value> loaded, Value mask,
                                     Value other, Value otherOriginal,
                                     Type resultVectorType) {
  if (auto splat =
          otherOriginal ? otherOriginal.getDefiningOp<SplatOp>() : SplatOp())
    otherOriginal = splat.getSrc();
  bool otherIsZero = !otherOriginal || matchPattern(otherOriginal, m_Zero()) ||
                     matchPattern(otherOriginal, m_AnyZeroFloat());
  bool select = mask && other && !otherIsZero;
  // One group and nothing to select: the access is the register vector.
  if (loaded.size() == 1 && !select)
    return LLVM::BitcastOp::create(rewriter, loc, resultVectorType, loaded[0]);
  auto groupType = VectorType::get({g.width}, g.elemType);
  SmallVector<Value> regs;
  for (Value v : loaded) {
    Value vec = LLVM::BitcastOp::create(rewriter, loc, groupType, v);
    llvm::append_range(regs, unpackRegisters(rewriter, loc, vec));
  }
  // Masked-out elements read zero; `other` replaces them unless it is zero.
  if (select) {
    SmallVector<Value> m = unpackRegisters(rewriter, loc, mask);
    SmallVector<Value> o = unpackRegisters(rewriter, loc, other);
    for (size_t i = 0; i < regs.size(); ++i)
      regs[i] = LLVM::SelectOp::create(rewriter, loc, m[i], regs[i], o[i]);
  }
  return packRegisters(rewriter, loc, resultVectorType, regs);
}
