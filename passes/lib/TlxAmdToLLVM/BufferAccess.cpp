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

/// The integer type carrying `bytes` bytes in one access.
static Type accessTypeFor(MLIRContext *ctx, unsigned bytes) {
  if (bytes <= 4)
    return IntegerType::get(ctx, bytes * 8);
  return VectorType::get({bytes / 4}, IntegerType::get(ctx, 32));
}

ArrayRef<Value> BufferLoweringCache::getRunOffsets(RewriterBase &rewriter,
                                                   Location loc, Value offsets,
                                                   int64_t run,
                                                   unsigned shift) {
  auto key = std::make_tuple(offsets, run, shift);
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
  for (int64_t r = 0; r < n; r += run) {
    Value off = LLVM::ExtractElementOp::create(rewriter, loc, offsets,
                                               i32Const(rewriter, loc, r));
    if (shift)
      off = LLVM::ShlOp::create(rewriter, loc, off, shiftVal);
    out.push_back(off);
  }
  return this->offsets[key] = std::move(out);
}

/// `a && b` (either may be null: true).
static Value andOf(RewriterBase &rewriter, Location loc, Value a, Value b) {
  if (!a || !b)
    return a ? a : b;
  return LLVM::AndOp::create(rewriter, loc, a, b);
}

/// Every element of registers [start, start + len) in: the last element's
/// mask per proven prefix block, their `and`.
static Value allOf(RewriterBase &rewriter, Location loc, ArrayRef<Value> masks,
                   int64_t start, int64_t len, int64_t prefixWidth) {
  int64_t block = std::min(prefixWidth, len);
  Value all;
  for (int64_t b = start; b < start + len; b += block)
    all = andOf(rewriter, loc, all, masks[b + block - 1]);
  return all;
}

Value BufferGroups::everyElementIn(RewriterBase &rewriter, Location loc) const {
  SmallVector<Value> flat;
  for (const SmallVector<Value> &m : elementMasks)
    llvm::append_range(flat, m);
  return allOf(rewriter, loc, flat, 0, flat.size(), prefixWidth);
}

BufferGroups mlir::tlxamd::groupBufferAccess(
    RewriterBase &rewriter, Location loc, const LLVMTypeConverter &converter,
    Operation *op, RankedTensorType dataType, Value offsets, Value mask,
    Value data, int64_t contiguity, bool offsetsInBytes,
    BufferLoweringCache &cache, const KernelAnalyses::BufferFacts &facts) {
  BufferGroups g;
  g.elemType = converter.convertType(dataType.getElementType());
  g.elemBytes = std::max(1u, g.elemType.getIntOrFloatBitWidth() / 8);
  g.width = getBufferAccessWidth(op, g.elemType, contiguity);
  g.accessType = accessTypeFor(rewriter.getContext(), g.width * g.elemBytes);
  int64_t n = cast<VectorType>(offsets.getType()).getNumElements();
  // The contract promises the offsets consecutive over each run of
  // `contiguity` registers (B12): one base per run, constant distances
  // after it. Runs stop there, so that the backend never merges accesses
  // wider than the contiguity asks (B13, B14); atomics, never merged, share
  // a base over the whole run the analysis proves.
  int64_t run = std::min(std::max({contiguity, g.width, facts.offsetsRun}), n);
  int64_t maskUniformWidth = facts.maskUniformWidth;
  unsigned shift =
      offsetsInBytes || g.elemBytes == 1 ? 0 : llvm::Log2_32(g.elemBytes);
  ArrayRef<Value> bases =
      cache.getRunOffsets(rewriter, loc, offsets, run, shift);
  for (int64_t r = 0; r < n; r += g.width) {
    g.baseOffsets.push_back(bases[r / run]);
    g.immOffsets.push_back((r % run) * g.elemBytes);
  }
  // A mask proven uniform over a group gives one predicate per group (one
  // per run where it is proven over the run); where it is not, the group is
  // split: full width when the whole group is in, element by element
  // otherwise.
  bool split = g.width > 1 && maskUniformWidth < g.width;
  g.prefixWidth = std::max<int64_t>(1, std::min(facts.maskPrefixWidth, run));
  SmallVector<Value> masks =
      mask ? unpackRegisters(rewriter, loc, mask) : SmallVector<Value>();
  for (int64_t r = 0; mask && r < n; r += g.width) {
    if (!split) {
      g.masks.push_back(masks[maskUniformWidth >= run ? r - r % run : r]);
      continue;
    }
    g.masks.push_back(allOf(rewriter, loc, masks, r, g.width, g.prefixWidth));
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

SmallVector<Value> mlir::tlxamd::emitFullWidthLoads(RewriterBase &rewriter,
                                                    Location loc,
                                                    const BufferGroups &g,
                                                    EmitBufferLoad emit,
                                                    bool masked) {
  SmallVector<Value> out;
  for (size_t i = 0; i < g.baseOffsets.size(); ++i)
    out.push_back(emit(g.accessType, g.baseOffsets[i], g.immOffsets[i],
                       masked && !g.masks.empty() ? g.masks[i] : Value()));
  return out;
}

/// The elements of group `i` loaded one by one, each predicated on
/// `pred(j)`, packed into the group's access type.
template <typename Pred>
static Value loadElements(RewriterBase &rewriter, Location loc,
                          const BufferGroups &g, size_t i, EmitBufferLoad emit,
                          Pred pred) {
  Type elemInt = rewriter.getIntegerType(g.elemBytes * 8);
  auto groupType = VectorType::get({g.width}, g.elemType);
  SmallVector<Value> elems;
  for (int64_t j = 0; j < g.width; ++j) {
    Value e = emit(elemInt, g.baseOffsets[i], g.immOffsets[i] + j * g.elemBytes,
                   pred(j));
    elems.push_back(LLVM::BitcastOp::create(rewriter, loc, g.elemType, e));
  }
  return LLVM::BitcastOp::create(
      rewriter, loc, g.accessType,
      packRegisters(rewriter, loc, groupType, elems));
}

SmallVector<Value> mlir::tlxamd::emitElementLoads(RewriterBase &rewriter,
                                                  Location loc,
                                                  const BufferGroups &g,
                                                  EmitBufferLoad emit) {
  SmallVector<Value> out;
  size_t last = g.baseOffsets.size() - 1;
  for (size_t i = 0; i < g.baseOffsets.size(); ++i)
    out.push_back(loadElements(
        rewriter, loc, g, i,
        [&](Type type, Value base, int64_t imm, Value pred) -> Value {
          // The known-out last element reads zero without an access.
          if (i == last && g.lastElementOut() && g.isLastElement(i, imm))
            return LLVM::ZeroOp::create(rewriter, loc, type);
          return emit(type, base, imm, pred);
        },
        [&](int64_t j) { return g.elementMasks[i][j]; }));
  return out;
}

/// Whether the access at `imm` is the last element of group `i` and the
/// group's "every element in" is that element's mask (a proven prefix).
static bool lastOfPrefixGroup(const BufferGroups &g, size_t i, int64_t imm) {
  return g.elementsWhenGroupNotIn() < g.width && g.isLastElement(i, imm);
}

SmallVector<Value> mlir::tlxamd::emitLoadGroups(RewriterBase &rewriter,
                                                Location loc,
                                                const BufferGroups &g,
                                                EmitBufferLoad emit) {
  SmallVector<Value> out;
  auto groupType = VectorType::get({g.width}, g.elemType);
  // Group by group: the full-width access, then its element fallback.
  for (size_t i = 0; i < g.baseOffsets.size(); ++i) {
    Value all = g.masks.empty() ? Value() : g.masks[i];
    Value v = emit(g.accessType, g.baseOffsets[i], g.immOffsets[i], all);
    if (!g.isPartial()) {
      out.push_back(v);
      continue;
    }
    SmallVector<Value> full = unpackRegisters(
        rewriter, loc, LLVM::BitcastOp::create(rewriter, loc, groupType, v));
    SmallVector<Value> elems = unpackRegisters(
        rewriter, loc,
        LLVM::BitcastOp::create(
            rewriter, loc, groupType,
            loadElements(
                rewriter, loc, g, i,
                [&](Type type, Value base, int64_t imm, Value pred) -> Value {
                  // "In but not all" never holds for the last element of a
                  // prefix group: no access.
                  if (lastOfPrefixGroup(g, i, imm))
                    return LLVM::ZeroOp::create(rewriter, loc, type);
                  return emit(type, base, imm, pred);
                },
                [&](int64_t j) {
                  return fallbackPredicate(rewriter, loc, g.elementMasks[i][j],
                                           all);
                })));
    for (int64_t j = 0; j < g.width; ++j)
      elems[j] = LLVM::SelectOp::create(rewriter, loc, all, full[j], elems[j]);
    out.push_back(LLVM::BitcastOp::create(
        rewriter, loc, g.accessType,
        packRegisters(rewriter, loc, groupType, elems)));
  }
  return out;
}

void mlir::tlxamd::emitFullWidthStores(RewriterBase &rewriter, Location loc,
                                       const BufferGroups &g,
                                       EmitBufferStore emit, bool masked) {
  for (size_t i = 0; i < g.baseOffsets.size(); ++i)
    emit(g.data[i], g.baseOffsets[i], g.immOffsets[i],
         masked && !g.masks.empty() ? g.masks[i] : Value());
}

/// The elements of group `i` stored one by one, each predicated on
/// `pred(j)`.
template <typename Pred>
static void storeElements(RewriterBase &rewriter, Location loc,
                          const BufferGroups &g, size_t i, EmitBufferStore emit,
                          Pred pred) {
  Type elemInt = rewriter.getIntegerType(g.elemBytes * 8);
  auto groupType = VectorType::get({g.width}, g.elemType);
  SmallVector<Value> elems = unpackRegisters(
      rewriter, loc,
      LLVM::BitcastOp::create(rewriter, loc, groupType, g.data[i]));
  for (int64_t j = 0; j < g.width; ++j)
    emit(LLVM::BitcastOp::create(rewriter, loc, elemInt, elems[j]),
         g.baseOffsets[i], g.immOffsets[i] + j * g.elemBytes, pred(j));
}

void mlir::tlxamd::emitElementStores(RewriterBase &rewriter, Location loc,
                                     const BufferGroups &g,
                                     EmitBufferStore emit) {
  size_t last = g.baseOffsets.size() - 1;
  for (size_t i = 0; i < g.baseOffsets.size(); ++i)
    storeElements(
        rewriter, loc, g, i,
        [&](Value data, Value base, int64_t imm, Value pred) {
          // The known-out last element is not stored.
          if (!(i == last && g.lastElementOut() && g.isLastElement(i, imm)))
            emit(data, base, imm, pred);
        },
        [&](int64_t j) { return g.elementMasks[i][j]; });
}

void mlir::tlxamd::emitStoreGroups(RewriterBase &rewriter, Location loc,
                                   const BufferGroups &g,
                                   EmitBufferStore emit) {
  // Group by group: the full-width access, then its element fallback.
  for (size_t i = 0; i < g.baseOffsets.size(); ++i) {
    Value all = g.masks.empty() ? Value() : g.masks[i];
    emit(g.data[i], g.baseOffsets[i], g.immOffsets[i], all);
    if (g.isPartial())
      storeElements(
          rewriter, loc, g, i,
          [&](Value data, Value base, int64_t imm, Value pred) {
            if (!lastOfPrefixGroup(g, i, imm))
              emit(data, base, imm, pred);
          },
          [&](int64_t j) {
            return fallbackPredicate(rewriter, loc, g.elementMasks[i][j], all);
          });
  }
}

SmallVector<Value>
mlir::tlxamd::emitBranches(RewriterBase &rewriter, Location loc, Value cond,
                           TypeRange types,
                           function_ref<SmallVector<Value>()> fast,
                           function_ref<SmallVector<Value>()> slow) {
  Block *current = rewriter.getInsertionBlock();
  Block *join = rewriter.splitBlock(current, rewriter.getInsertionPoint());
  for (Type t : types)
    join->addArgument(t, loc);
  auto path = [&](function_ref<SmallVector<Value>()> body) {
    Block *block = rewriter.createBlock(join);
    SmallVector<Value> values = body();
    LLVM::BrOp::create(rewriter, loc, values, join);
    return block;
  };
  Block *fastBlock = path(fast);
  Block *slowBlock = path(slow);
  rewriter.setInsertionPointToEnd(current);
  LLVM::CondBrOp::create(rewriter, loc, cond, fastBlock, slowBlock);
  rewriter.setInsertionPointToStart(join);
  return SmallVector<Value>(join->getArguments());
}

void mlir::tlxamd::dropStoreCopies(RewriterBase &rewriter, Location loc,
                                   const TargetInfoBase &targetInfo,
                                   RankedTensorType type, BufferGroups &g) {
  StoreCopies copies = getStoreCopies(rewriter, loc, targetInfo, type);
  if (!copies.skippedRegisters && !copies.writes)
    return;
  auto andWrites = [&](Value m) -> Value {
    return m ? LLVM::AndOp::create(rewriter, loc, m, copies.writes).getResult()
             : copies.writes;
  };
  BufferGroups kept = g;
  kept.baseOffsets.clear();
  kept.immOffsets.clear();
  kept.masks.clear();
  kept.data.clear();
  kept.elementMasks.clear();
  for (size_t i = 0; i < g.baseOffsets.size(); ++i) {
    if ((int64_t(i) * g.width) & copies.skippedRegisters)
      continue;
    kept.baseOffsets.push_back(g.baseOffsets[i]);
    kept.immOffsets.push_back(g.immOffsets[i]);
    if (!g.data.empty())
      kept.data.push_back(g.data[i]);
    Value mask = g.masks.empty() ? Value() : g.masks[i];
    if (copies.writes)
      mask = andWrites(mask);
    if (mask)
      kept.masks.push_back(mask);
    if (g.isPartial()) {
      SmallVector<Value> elements = g.elementMasks[i];
      if (copies.writes)
        for (Value &m : elements)
          m = andWrites(m);
      kept.elementMasks.push_back(std::move(elements));
    }
  }
  g = std::move(kept);
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
