//===- LayoutLowering.cpp - index arithmetic of linear layouts -----------===//
#include "LayoutLowering.h"

#include "tlxamd/Analysis/SharedAllocation.h"
#include "tlxamd/Dialect/Layouts.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include <set>

using namespace mlir;
using namespace mlir::tlxamd;

Value mlir::tlxamd::i32Const(RewriterBase &rewriter, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                  rewriter.getI32IntegerAttr(int32_t(v)));
}

ThreadIndex mlir::tlxamd::emitThreadIndex(RewriterBase &rewriter, Location loc,
                                          const TargetInfoBase &targetInfo,
                                          unsigned layoutLanes) {
  // At the function's (or the task's) entry: loop-invariant code motion
  // does not move the warp-uniform read (a convergent intrinsic), so
  // everything derived from it would otherwise be recomputed in each loop
  // iteration.
  OpBuilder::InsertionGuard guard(rewriter);
  Operation *parent = rewriter.getInsertionBlock()->getParentOp();
  auto func = dyn_cast<FunctionOpInterface>(parent);
  if (!func)
    func = parent->getParentOfType<FunctionOpInterface>();
  if (auto [tasks, task] = TargetInfoBase::getTaskAt(rewriter); tasks)
    rewriter.setInsertionPointToStart(&tasks->getRegion(task).front());
  else if (func && !func.getFunctionBody().empty())
    rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
  Value tid = targetInfo.threadId(rewriter, loc);
  Value lane = LLVM::AndOp::create(rewriter, loc, tid,
                                   i32Const(rewriter, loc, layoutLanes - 1));
  Value warp = LLVM::LShrOp::create(
      rewriter, loc, tid, i32Const(rewriter, loc, llvm::Log2_32(layoutLanes)));
  if (layoutLanes == targetInfo.getWarpSize())
    warp = targetInfo.warpUniform(rewriter, loc, warp);
  return {lane, warp};
}

StoreCopies mlir::tlxamd::getStoreCopies(RewriterBase &rewriter, Location loc,
                                         const TargetInfoBase &targetInfo,
                                         Type valueType) {
  auto isZero = [&](Value v) -> Value {
    return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, v,
                                i32Const(rewriter, loc, 0));
  };
  auto type = dyn_cast<RankedTensorType>(valueType);
  if (!type)
    return {0, isZero(targetInfo.threadId(rewriter, loc))};
  LinearLayout ll = getLinearLayout(type);
  int64_t lanes = ll.getBroadcastMask(LinearLayout::Lane);
  int64_t warps = ll.getBroadcastMask(LinearLayout::Warp);
  StoreCopies copies{ll.getBroadcastMask(LinearLayout::Register), Value()};
  if (!lanes && !warps)
    return copies;
  ThreadIndex thread = emitThreadIndex(rewriter, loc, targetInfo,
                                       ll.getInDimSize(LinearLayout::Lane));
  Value bits;
  for (auto [index, mask] :
       {std::pair{thread.lane, lanes}, std::pair{thread.warp, warps}}) {
    if (!mask)
      continue;
    Value b = LLVM::AndOp::create(rewriter, loc, index,
                                  i32Const(rewriter, loc, mask));
    bits = bits ? LLVM::OrOp::create(rewriter, loc, bits, b).getResult() : b;
  }
  copies.writes = isZero(bits);
  return copies;
}

Value mlir::tlxamd::emitContribution(RewriterBase &rewriter, Location loc,
                                     const LinearLayout &layout,
                                     LinearLayout::InDim in, unsigned dim,
                                     Value x) {
  Value acc;
  for (const LinearLayout::BitRun &run : layout.getBitRuns(in, dim)) {
    Value term;
    if (run.width == 0) {
      // A general basis: select it when the input bit is set.
      Value bit = LLVM::AndOp::create(rewriter, loc, x,
                                      i32Const(rewriter, loc, 1u << run.inBit));
      Value set = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                       bit, i32Const(rewriter, loc, 0));
      term = LLVM::SelectOp::create(rewriter, loc, set,
                                    i32Const(rewriter, loc, run.value),
                                    i32Const(rewriter, loc, 0));
    } else {
      int64_t mask = ((int64_t(1) << run.width) - 1) << run.inBit;
      term =
          LLVM::AndOp::create(rewriter, loc, x, i32Const(rewriter, loc, mask));
      if (run.outBit > run.inBit)
        term = LLVM::ShlOp::create(
            rewriter, loc, term,
            i32Const(rewriter, loc, run.outBit - run.inBit));
      else if (run.outBit < run.inBit)
        term = LLVM::LShrOp::create(
            rewriter, loc, term,
            i32Const(rewriter, loc, run.inBit - run.outBit));
    }
    acc =
        acc ? LLVM::XOrOp::create(rewriter, loc, acc, term).getResult() : term;
  }
  return acc;
}

/// `a | b` for operands without common set bits (`or disjoint`: LLVM may
/// treat it as an add, e.g. to fold it into an address offset).
static Value disjointOr(RewriterBase &rewriter, Location loc, Value a,
                        Value b) {
  auto op = LLVM::OrOp::create(rewriter, loc, a, b);
  op.setIsDisjoint(true);
  return op;
}

SmallVector<SmallVector<Value>>
mlir::tlxamd::emitCoordinates(RewriterBase &rewriter, Location loc,
                              const LinearLayout &layout,
                              const ThreadIndex &thread) {
  unsigned rank = layout.getRank();
  // Per dimension: the thread's part (lanes and warps), and whether it can
  // overlap the bits that registers set (then XOR, else a disjoint OR).
  SmallVector<Value> threadPart(rank);
  SmallVector<int32_t> threadBits(rank, 0);
  for (unsigned d = 0; d < rank; ++d) {
    Value lane = emitContribution(rewriter, loc, layout, LinearLayout::Lane, d,
                                  thread.lane);
    Value warp = emitContribution(rewriter, loc, layout, LinearLayout::Warp, d,
                                  thread.warp);
    int32_t laneBits = layout.getReachableBits(LinearLayout::Lane, d);
    int32_t warpBits = layout.getReachableBits(LinearLayout::Warp, d);
    threadBits[d] = laneBits | warpBits;
    if (lane && warp)
      threadPart[d] =
          (laneBits & warpBits)
              ? LLVM::XOrOp::create(rewriter, loc, lane, warp).getResult()
              : disjointOr(rewriter, loc, lane, warp);
    else
      threadPart[d] = lane ? lane : warp;
  }
  SmallVector<SmallVector<Value>> coords;
  for (int64_t r = 0; r < layout.getNumRegisters(); ++r) {
    LinearLayout::Basis c = layout.apply(r, 0, 0);
    SmallVector<Value> regCoords;
    for (unsigned d = 0; d < rank; ++d) {
      Value k = i32Const(rewriter, loc, c[d]);
      if (!threadPart[d])
        regCoords.push_back(k);
      else if (c[d] == 0)
        regCoords.push_back(threadPart[d]);
      else if (c[d] & threadBits[d])
        regCoords.push_back(
            LLVM::XOrOp::create(rewriter, loc, threadPart[d], k));
      else
        regCoords.push_back(disjointOr(rewriter, loc, threadPart[d], k));
    }
    coords.push_back(std::move(regCoords));
  }
  return coords;
}

SmallVector<Value> mlir::tlxamd::unpackRegisters(RewriterBase &rewriter,
                                                 Location loc, Value vector) {
  auto type = cast<VectorType>(vector.getType());
  SmallVector<Value> out;
  for (int64_t i = 0; i < type.getNumElements(); ++i)
    out.push_back(LLVM::ExtractElementOp::create(rewriter, loc, vector,
                                                 i32Const(rewriter, loc, i)));
  return out;
}

std::map<std::pair<int64_t, int64_t>, SmallVector<unsigned>>
mlir::tlxamd::getRegisterTiles(const LinearLayout &layout, int64_t tileRows,
                               int64_t tileCols) {
  std::map<std::pair<int64_t, int64_t>, SmallVector<unsigned>> tiles;
  std::set<std::pair<int64_t, int64_t>> seen;
  for (int64_t r = 0, e = layout.getNumRegisters(); r < e; ++r) {
    LinearLayout::Basis c = layout.apply(r, 0, 0);
    int64_t row = c[c.size() - 2], col = c.back();
    if (!seen.insert({row, col}).second)
      continue;
    tiles[{row / tileRows, col / tileCols}].push_back(unsigned(r));
  }
  return tiles;
}

Value mlir::tlxamd::packRegisters(RewriterBase &rewriter, Location loc,
                                  Type vectorType, ArrayRef<Value> values) {
  Value v = LLVM::PoisonOp::create(rewriter, loc, vectorType);
  for (auto [i, x] : llvm::enumerate(values))
    v = LLVM::InsertElementOp::create(rewriter, loc, v, x,
                                      i32Const(rewriter, loc, i));
  return v;
}

void TargetInfoBase::sharedBarrier(RewriterBase &rewriter, Location loc) const {
  if (!taskBarrier(rewriter, loc))
    gpu::BarrierOp::create(rewriter, loc);
}

Value TargetInfoBase::laneZeroValue(RewriterBase &rewriter, Location loc,
                                    Value v) const {
  return shuffleIndex(rewriter, loc, v, i32Const(rewriter, loc, 0));
}

Value TargetInfoBase::shuffleXor(RewriterBase &rewriter, Location loc, Value v,
                                 unsigned laneMask, Value lane) const {
  Value src = LLVM::XOrOp::create(rewriter, loc, lane,
                                  i32Const(rewriter, loc, laneMask));
  return shuffleIndex(rewriter, loc, v, src);
}

Value mlir::tlxamd::shuffleValue(RewriterBase &rewriter, Location loc, Value v,
                                 function_ref<Value(Value)> shuffle32) {
  Type type = v.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = rewriter.getI32Type();
  Type intType = rewriter.getIntegerType(bits);
  Value x =
      type == intType ? v : LLVM::BitcastOp::create(rewriter, loc, intType, v);
  Value out;
  if (bits <= 32) {
    if (bits < 32)
      x = LLVM::ZExtOp::create(rewriter, loc, i32, x);
    out = shuffle32(x);
    if (bits < 32)
      out = LLVM::TruncOp::create(rewriter, loc, intType, out);
  } else {
    assert(bits == 64 && "values of up to 64 bits");
    Type i64 = rewriter.getI64Type();
    Value c32 = LLVM::ConstantOp::create(rewriter, loc, i64,
                                         rewriter.getI64IntegerAttr(32));
    Value lo = LLVM::TruncOp::create(rewriter, loc, i32, x);
    Value hi = LLVM::TruncOp::create(
        rewriter, loc, i32, LLVM::LShrOp::create(rewriter, loc, x, c32));
    lo = LLVM::ZExtOp::create(rewriter, loc, i64, shuffle32(lo));
    hi = LLVM::ZExtOp::create(rewriter, loc, i64, shuffle32(hi));
    out = LLVM::OrOp::create(rewriter, loc, lo,
                             LLVM::ShlOp::create(rewriter, loc, hi, c32));
  }
  return out.getType() == type
             ? out
             : LLVM::BitcastOp::create(rewriter, loc, type, out).getResult();
}

void mlir::tlxamd::createSharedBlock(OpBuilder &builder, Operation *module) {
  int64_t bytes = 0;
  module->walk([&](Operation *op) {
    if (auto attr = op->getAttrOfType<IntegerAttr>(kSharedBytesAttr))
      bytes = std::max(bytes, attr.getInt());
  });
  if (bytes == 0)
    return;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&module->getRegion(0).front());
  LLVM::GlobalOp::create(builder, module->getLoc(),
                         LLVM::LLVMArrayType::get(builder.getI8Type(), bytes),
                         /*isConstant=*/false, LLVM::Linkage::Internal,
                         kSharedBlockName, Attribute(), /*alignment=*/1024,
                         /*addrSpace=*/3);
}

Value mlir::tlxamd::getSharedMemory(RewriterBase &rewriter, Operation *op) {
  Location loc = op->getLoc();
  std::optional<int64_t> offset = getSharedOffset(op);
  assert(offset && "the conversion allocates shared memory first");
  auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext(), 3);
  Value block =
      LLVM::AddressOfOp::create(rewriter, loc, ptrType, kSharedBlockName);
  if (*offset == 0)
    return block;
  return LLVM::GEPOp::create(rewriter, loc, ptrType, rewriter.getI8Type(),
                             block, ArrayRef<LLVM::GEPArg>{int32_t(*offset)});
}

Value mlir::tlxamd::finishSharedOffset(RewriterBase &rewriter, Location loc,
                                       const SharedTile &tile, Value off) {
  if (tile.xorOffset)
    off = LLVM::XOrOp::create(rewriter, loc, off, tile.xorOffset);
  if (!tile.padding)
    return off;
  Value out = off;
  for (auto [interval, padding] :
       llvm::zip(tile.padding.getIntervals(), tile.padding.getPaddings())) {
    // (off / interval) * padding, both powers of two.
    Value q = LLVM::LShrOp::create(
        rewriter, loc, off, i32Const(rewriter, loc, llvm::Log2_32(interval)));
    Value pad = LLVM::ShlOp::create(
        rewriter, loc, q, i32Const(rewriter, loc, llvm::Log2_32(padding)));
    out = LLVM::AddOp::create(rewriter, loc, out, pad);
  }
  return out;
}

Type mlir::tlxamd::sharedStorageType(RewriterBase &rewriter, Type type) {
  return type.isInteger(1) ? rewriter.getI8Type() : type;
}

namespace {
/// The vector groups of a shared access: registers per access, and each
/// group's offset value (the offset of its first register).
struct SharedGroups {
  int64_t vec;
  SmallVector<Value> offsets;
};

SharedGroups emitSharedGroups(RewriterBase &rewriter, Location loc,
                              const SharedTile &tile,
                              const LinearLayout &offsets,
                              const ThreadIndex &thread, unsigned bytes) {
  int64_t vec = std::min<int64_t>(offsets.getContiguousOffsets(),
                                  std::max(1u, kMaxSharedVectorBytes / bytes));
  // A vector never crosses a padding interval.
  if (tile.padding)
    vec = std::min<int64_t>(vec, tile.padding.getIntervals().front());
  auto coords = emitCoordinates(rewriter, loc, offsets, thread);
  SharedGroups g{vec, {}};
  for (size_t r = 0; r < coords.size(); r += vec)
    g.offsets.push_back(finishSharedOffset(rewriter, loc, tile, coords[r][0]));
  return g;
}

Value sharedAddress(RewriterBase &rewriter, Location loc, Value base,
                    Type memType, Value offset) {
  auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext(), 3);
  return LLVM::GEPOp::create(rewriter, loc, ptrType, memType, base,
                             ValueRange{offset});
}

/// What a register is kept as in a shared tile (getSharedTileElementBytes
/// bytes): sharedStorageType, and pointers as i64 (vectors of them would not
/// fold into wide accesses).
Type tileStorageType(RewriterBase &rewriter, Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return rewriter.getI64Type();
  return sharedStorageType(rewriter, type);
}

Value toStorage(RewriterBase &rewriter, Location loc, Value v, Type memType) {
  if (v.getType() == memType)
    return v;
  if (isa<LLVM::LLVMPointerType>(v.getType()))
    return LLVM::PtrToIntOp::create(rewriter, loc, memType, v);
  return LLVM::ZExtOp::create(rewriter, loc, memType, v);
}

Value fromStorage(RewriterBase &rewriter, Location loc, Value v, Type type) {
  if (v.getType() == type)
    return v;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(rewriter, loc, type, v);
  return LLVM::TruncOp::create(rewriter, loc, type, v);
}
} // namespace

void mlir::tlxamd::storeShared(RewriterBase &rewriter, Location loc,
                               const SharedTile &tile,
                               const LinearLayout &offsets,
                               const ThreadIndex &thread,
                               ArrayRef<Value> values) {
  if (values.empty())
    return;
  // Registers consecutive in the tile wherever they are in the register
  // order (a block a thread transposes on its way into the tile) first.
  SmallVector<int64_t> origin;
  LinearLayout ordered = offsets.withContiguousRegistersFirst(origin);
  Type elemType = values.front().getType();
  Type memType = tileStorageType(rewriter, elemType);
  unsigned bytes = getSharedTileElementBytes(elemType);
  SharedGroups g =
      emitSharedGroups(rewriter, loc, tile, ordered, thread, bytes);
  for (auto [i, off] : llvm::enumerate(g.offsets)) {
    SmallVector<Value> group;
    for (int64_t e = 0; e < g.vec; ++e)
      group.push_back(
          toStorage(rewriter, loc, values[origin[i * g.vec + e]], memType));
    Value stored =
        g.vec == 1 ? group.front()
                   : packRegisters(rewriter, loc,
                                   VectorType::get({g.vec}, memType), group);
    LLVM::StoreOp::create(rewriter, loc, stored,
                          sharedAddress(rewriter, loc, tile.base, memType, off),
                          /*alignment=*/g.vec * bytes);
  }
}

SmallVector<Value>
mlir::tlxamd::loadShared(RewriterBase &rewriter, Location loc,
                         const SharedTile &tile, const LinearLayout &offsets,
                         const ThreadIndex &thread, Type elemType) {
  SmallVector<int64_t> origin;
  LinearLayout ordered = offsets.withContiguousRegistersFirst(origin);
  Type memType = tileStorageType(rewriter, elemType);
  unsigned bytes = getSharedTileElementBytes(elemType);
  SharedGroups g =
      emitSharedGroups(rewriter, loc, tile, ordered, thread, bytes);
  SmallVector<Value> out(origin.size());
  int64_t r = 0;
  for (Value off : g.offsets) {
    Type loadType =
        g.vec == 1 ? memType : Type(VectorType::get({g.vec}, memType));
    Value v = LLVM::LoadOp::create(
        rewriter, loc, loadType,
        sharedAddress(rewriter, loc, tile.base, memType, off),
        /*alignment=*/g.vec * bytes);
    SmallVector<Value> elems =
        g.vec == 1 ? SmallVector<Value>{v} : unpackRegisters(rewriter, loc, v);
    for (Value e : elems)
      out[origin[r++]] = fromStorage(rewriter, loc, e, elemType);
  }
  return out;
}

unsigned mlir::tlxamd::getSharedTileElementBytes(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 8;
  if (type.isInteger(1))
    return 1;
  return std::max(1u, type.getIntOrFloatBitWidth() / 8);
}

Value mlir::tlxamd::offsetTensorMemory(RewriterBase &rewriter, Location loc,
                                       Value addr, Value offset) {
  Type i32 = rewriter.getI32Type();
  Value a = LLVM::PtrToIntOp::create(rewriter, loc, i32, addr);
  a = LLVM::AddOp::create(rewriter, loc, a, offset);
  return LLVM::IntToPtrOp::create(rewriter, loc, addr.getType(), a);
}
