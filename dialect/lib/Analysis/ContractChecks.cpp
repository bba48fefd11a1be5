//===- ContractChecks.cpp - promises refuted at compile time --------------===//
#include "tlxamd/Analysis/ContractChecks.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tlxamd;

int64_t mlir::tlxamd::getBufferAccessWidth(Operation *op, Type elemType,
                                           int64_t contiguity) {
  unsigned bits = elemType.getIntOrFloatBitWidth();
  if (isa<BufferAtomicAddOp>(op))
    return bits == 16 ? 2 : 1;
  return std::min<int64_t>(contiguity, std::max<int64_t>(128 / bits, 1));
}

namespace {

/// A tensor's elements in row-major order, when they are known exactly.
using Values = SmallVector<int64_t>;

/// Row-major index of `coord` in `shape`.
int64_t linearIndex(ArrayRef<int64_t> shape, ArrayRef<int32_t> coord) {
  int64_t i = 0;
  for (auto [s, c] : llvm::zip(shape, coord))
    i = i * s + c;
  return i;
}

std::optional<Values> evaluate(Value v, unsigned depth = 0);

/// A comparison, a logical and / or, or integer arithmetic of two
/// evaluated operands, element by element.
std::optional<Values> evaluateBinary(Operation *def, unsigned depth) {
  int64_t n =
      cast<RankedTensorType>(def->getResult(0).getType()).getNumElements();
  std::optional<Values> a = evaluate(def->getOperand(0), depth + 1);
  std::optional<Values> b =
      a ? evaluate(def->getOperand(1), depth + 1) : std::nullopt;
  if (!b)
    return std::nullopt;
  auto cmp = dyn_cast<arith::CmpIOp>(def);
  unsigned bits = cast<RankedTensorType>(def->getOperand(0).getType())
                      .getElementTypeBitWidth();
  for (int64_t i = 0; i < n; ++i) {
    int64_t x = (*a)[i], y = (*b)[i];
    if (cmp)
      (*a)[i] = arith::applyCmpPredicate(
          cmp.getPredicate(), APInt(bits, x, true), APInt(bits, y, true));
    else if (isa<arith::AndIOp>(def))
      (*a)[i] = x & y;
    else if (isa<arith::OrIOp>(def))
      (*a)[i] = x | y;
    else if (isa<arith::AddIOp>(def))
      (*a)[i] = x + y;
    else if (isa<arith::SubIOp>(def))
      (*a)[i] = x - y;
    else
      (*a)[i] = x * y;
  }
  return a;
}

/// A broadcast: each element takes its source's (size-1 dimensions
/// stretched).
std::optional<Values> evaluateBroadcast(BroadcastOp b, unsigned depth) {
  auto type = cast<RankedTensorType>(b.getType());
  auto srcType = cast<RankedTensorType>(b.getSrc().getType());
  std::optional<Values> src = evaluate(b.getSrc(), depth + 1);
  if (!src)
    return std::nullopt;
  int64_t n = type.getNumElements();
  Values out(n);
  ArrayRef<int64_t> shape = type.getShape(), from = srcType.getShape();
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i, j = 0, stride = 1;
    for (int d = int(shape.size()) - 1; d >= 0; --d) {
      int64_t c = rest % shape[d];
      rest /= shape[d];
      j += (from[d] == 1 ? 0 : c) * stride;
      stride *= from[d];
    }
    out[i] = (*src)[j];
  }
  return out;
}

/// The elements of an integer tensor built from constants, ranges, splats
/// of constants, expand_dims, broadcasts and add / sub / mul; none beyond
/// a small size or for anything else.
std::optional<Values> evaluate(Value v, unsigned depth) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || depth > 16 || type.getNumElements() > (1 << 16))
    return std::nullopt;
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  int64_t n = type.getNumElements();
  if (auto c = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseIntElementsAttr>(c.getValue());
    if (!dense)
      return std::nullopt;
    Values out;
    for (const APInt &x : dense.getValues<APInt>())
      out.push_back(x.getBitWidth() == 1 ? int64_t(x.getZExtValue())
                                         : x.getSExtValue());
    return out;
  }
  if (auto r = dyn_cast<MakeRangeOp>(def)) {
    Values out(n);
    for (int64_t i = 0; i < n; ++i)
      out[i] = r.getStart() + i;
    return out;
  }
  if (auto s = dyn_cast<SplatOp>(def)) {
    IntegerAttr x;
    if (!matchPattern(s.getSrc(), m_Constant(&x)))
      return std::nullopt;
    return Values(n, x.getType().isInteger(1)
                         ? int64_t(x.getValue().getZExtValue())
                         : x.getValue().getSExtValue());
  }
  if (isa<ExpandDimsOp>(def))
    return evaluate(def->getOperand(0), depth + 1); // same row-major order
  if (auto b = dyn_cast<BroadcastOp>(def))
    return evaluateBroadcast(b, depth);
  if (isa<arith::CmpIOp, arith::AndIOp, arith::OrIOp, arith::AddIOp,
          arith::SubIOp, arith::MulIOp>(def))
    return evaluateBinary(def, depth);
  return std::nullopt;
}

/// The first group of `c` registers of one thread that `ok` rejects, as
/// (thread, group, element indices).
struct Refutation {
  int64_t thread, group;
  SmallVector<int64_t> elements;
};

std::optional<Refutation> findGroup(RankedTensorType type, int64_t c,
                                    function_ref<bool(ArrayRef<int64_t>)> ok) {
  LinearLayout ll = getLinearLayout(type);
  int64_t lanes = ll.getInDimSize(LinearLayout::Lane);
  int64_t warps = ll.getInDimSize(LinearLayout::Warp);
  for (int64_t w = 0; w < warps; ++w)
    for (int64_t l = 0; l < lanes; ++l)
      for (int64_t g = 0; g * c < ll.getNumRegisters(); ++g) {
        SmallVector<int64_t> elements;
        for (int64_t r = g * c; r < (g + 1) * c; ++r)
          elements.push_back(linearIndex(type.getShape(), ll.apply(r, l, w)));
        if (!ok(elements))
          return Refutation{w * lanes + l, g, elements};
      }
  return std::nullopt;
}

void printList(InFlightDiagnostic &d, ArrayRef<int64_t> xs) {
  d << "[";
  llvm::interleaveComma(xs, d);
  d << "]";
}

LogicalResult checkAccess(Operation *op, Value offsets, Value mask, int64_t c) {
  auto type = cast<RankedTensorType>(offsets.getType());
  if (c <= 1 || !getDistributedLayout(type))
    return success();
  if (std::optional<Values> offs = evaluate(offsets)) {
    auto bad = findGroup(type, c, [&](ArrayRef<int64_t> e) {
      for (size_t i = 1; i < e.size(); ++i)
        if ((*offs)[e[i]] != (*offs)[e[0]] + int64_t(i))
          return false;
      return true;
    });
    if (bad) {
      InFlightDiagnostic d = op->emitOpError("B12: contiguity ")
                             << c << " promises consecutive offsets in each "
                             << "group of " << c << " elements a thread "
                             << "owns; thread " << bad->thread << "'s group "
                             << bad->group << " has offsets ";
      SmallVector<int64_t> got;
      for (int64_t e : bad->elements)
        got.push_back((*offs)[e]);
      printList(d, got);
      return d;
    }
  }
  if (!mask)
    return success();
  if (std::optional<Values> m = evaluate(mask)) {
    auto bad = findGroup(type, c, [&](ArrayRef<int64_t> e) {
      return llvm::all_of(e, [&](int64_t i) { return (*m)[i] == (*m)[e[0]]; });
    });
    if (bad) {
      InFlightDiagnostic d = op->emitOpError("B12: contiguity ")
                             << c << " promises one mask value per group of "
                             << c << " elements; thread " << bad->thread
                             << "'s group " << bad->group << " has mask ";
      SmallVector<int64_t> got;
      for (int64_t e : bad->elements)
        got.push_back((*m)[e]);
      printList(d, got);
      return d;
    }
  }
  return success();
}

} // namespace

LogicalResult mlir::tlxamd::verifyRefutedPromises(Operation *root) {
  bool failed = false;
  root->walk([&](Operation *op) {
    if (auto l = dyn_cast<BufferLoadOp>(op))
      failed |= mlir::failed(
          checkAccess(op, l.getOffsets(), l.getMask(), l.getContiguity()));
    else if (auto s = dyn_cast<BufferStoreOp>(op))
      failed |= mlir::failed(
          checkAccess(op, s.getOffsets(), s.getMask(), s.getContiguity()));
    else if (auto a = dyn_cast<BufferAtomicAddOp>(op))
      failed |= mlir::failed(
          checkAccess(op, a.getOffsets(), a.getMask(), a.getContiguity()));
  });
  return failure(failed);
}
