//===- AxisInfo.cpp - contiguity/divisibility/constancy ------------------===//
//
// One transfer function per op kind; `AxisInfoAnalysis::compute` dispatches
// on the defining op of a value.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Analysis/AxisInfo.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"
#include <numeric>

using namespace mlir;
using namespace mlir::tlxamd;

static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

/// Largest power of two dividing `v` (0 divides by everything).
static int64_t pow2Divisor(int64_t v) {
  if (v == 0)
    return kMaxDivisibility;
  return std::min<int64_t>(int64_t(1) << llvm::countr_zero(uint64_t(v)),
                           kMaxDivisibility);
}

AxisInfo AxisInfo::unknown(ArrayRef<int64_t> shape) {
  AxisInfo info;
  info.contiguity.assign(shape.size(), 1);
  info.divisibility.assign(shape.size(), 1);
  info.constancy.assign(shape.size(), 1);
  return info;
}

AxisInfo AxisInfo::scalar(int64_t divisibility) {
  AxisInfo info;
  info.divisibility.push_back(divisibility);
  return info;
}

static ArrayRef<int64_t> shapeOf(Value v) {
  if (auto t = dyn_cast<RankedTensorType>(v.getType()))
    return t.getShape();
  return {};
}

/// Nothing known about a value of `shape` (rank 0: a scalar).
static AxisInfo unknownOf(ArrayRef<int64_t> shape) {
  return shape.empty() ? AxisInfo::scalar(1) : AxisInfo::unknown(shape);
}

/// What holds for both: per dimension the gcd of each fact (runs of c1 and
/// of c2 aligned elements are runs of gcd(c1, c2); likewise multiples).
static AxisInfo join(const AxisInfo &a, const AxisInfo &b) {
  AxisInfo r = a;
  auto meet = [](SmallVectorImpl<int64_t> &x, ArrayRef<int64_t> y) {
    for (auto [u, w] : llvm::zip(x, y))
      u = std::gcd(u, w);
  };
  meet(r.contiguity, b.contiguity);
  meet(r.divisibility, b.divisibility);
  meet(r.constancy, b.constancy);
  return r;
}

static bool sameFacts(const AxisInfo &a, const AxisInfo &b) {
  return a.contiguity == b.contiguity && a.divisibility == b.divisibility &&
         a.constancy == b.constancy;
}

/// The value an scf.for iteration argument starts from and the one the
/// body yields for it, or nulls for any other value.
static std::pair<Value, Value> getCarried(Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  auto loop =
      arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()) : scf::ForOp();
  if (!loop || arg.getOwner() != loop.getBody() ||
      arg == loop.getInductionVar())
    return {};
  unsigned i = arg.getArgNumber() - loop.getNumInductionVars();
  return {loop.getInitArgs()[i],
          loop.getBody()->getTerminator()->getOperand(i)};
}

const AxisInfo &AxisInfoAnalysis::get(Value v) {
  auto it = cache.find(v);
  if (it != cache.end())
    return it->second;
  if (auto [init, yielded] = getCarried(v); init) {
    // A value a loop carries (Triton's `a_ptrs += BLOCK_K * stride`): a
    // fixpoint from the initial value's facts, joined with what one
    // iteration yields from them, until the assumption holds; what was
    // computed from a refuted assumption is dropped with it.
    AxisInfo assumed = get(init);
    for (int round = 0; round < 8; ++round) {
      auto saved = cache;
      for (Value seeded : inProgress)
        cache.erase(seeded);
      cache[v] = assumed;
      AxisInfo next = join(assumed, get(yielded));
      if (sameFacts(next, assumed))
        return cache[v];
      cache = std::move(saved);
      assumed = next;
    }
    return cache[v] = unknownOf(shapeOf(v));
  }
  // Seed with "unknown" to stop cycles through loop-carried values.
  cache[v] = unknownOf(shapeOf(v));
  inProgress.push_back(v);
  AxisInfo info = compute(v);
  inProgress.pop_back();
  return cache[v] = info;
}

/// The dimension along which `dataType`'s layout keeps a thread's
/// registers adjacent in memory, with how many; none without a layout.
static std::optional<std::pair<int, int64_t>>
getContiguousDim(RankedTensorType dataType) {
  if (!dataType.getEncoding())
    return std::nullopt; // no layout, no registers to group yet
  int dim = -1;
  int64_t adjacent = getLinearLayout(dataType).getContiguousRegisters(&dim);
  if (dim < 0)
    return std::nullopt;
  return std::make_pair(dim, adjacent);
}

int64_t AxisInfoAnalysis::getMaskUniformWidth(Value mask,
                                              RankedTensorType dataType,
                                              int64_t contiguity) {
  auto dim = getContiguousDim(dataType);
  int64_t uniform = dim ? get(mask).constancy[dim->first] : 1;
  return std::min(uniform, contiguity);
}

/// Whether `mask`, within every aligned block of `width` elements along
/// `dim`, is true on a prefix of the block and false after it: a value
/// constant over the block, `x < y` / `y > x` with `x` contiguous and `y`
/// constant over it (signed or unsigned; `<=`, `>=` alike), and the `and`
/// of such masks.
bool AxisInfoAnalysis::isPrefixMask(Value mask, unsigned dim, int64_t width) {
  auto shape = shapeOf(mask);
  if (dim >= shape.size())
    return false;
  if (get(mask).constancy[dim] >= width)
    return true;
  if (auto andOp = mask.getDefiningOp<arith::AndIOp>())
    return isPrefixMask(andOp.getLhs(), dim, width) &&
           isPrefixMask(andOp.getRhs(), dim, width);
  auto cmp = mask.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return false;
  Value run = cmp.getLhs(), bound = cmp.getRhs();
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::slt:
  case arith::CmpIPredicate::sle:
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::ule:
    break;
  case arith::CmpIPredicate::sgt:
  case arith::CmpIPredicate::sge:
  case arith::CmpIPredicate::ugt:
  case arith::CmpIPredicate::uge:
    std::swap(run, bound);
    break;
  default:
    return false;
  }
  return get(run).contiguity[dim] >= width &&
         get(bound).constancy[dim] >= width;
}

int64_t AxisInfoAnalysis::getOffsetsRun(Value offsets,
                                        RankedTensorType dataType) {
  auto dim = getContiguousDim(dataType);
  if (!dim)
    return 1;
  return std::max<int64_t>(
      1, std::min(dim->second, get(offsets).contiguity[dim->first]));
}

int64_t AxisInfoAnalysis::getRunStartDivisibility(Value offsets,
                                                  RankedTensorType dataType,
                                                  int64_t run) {
  auto dim = getContiguousDim(dataType);
  if (!dim)
    return 1;
  const AxisInfo &info = get(offsets);
  // Blocks of `contiguity` values start at multiples of the divisibility; a
  // run inside a longer block starts `run` apart from another run.
  int64_t d = info.divisibility[dim->first];
  return info.contiguity[dim->first] >= run ? std::min(d, run) : d;
}

int64_t AxisInfoAnalysis::getPointerRun(Value pointers,
                                        RankedTensorType dataType) {
  auto dim = getContiguousDim(dataType);
  if (!dim)
    return 1;
  int64_t run = getOffsetsRun(pointers, dataType);
  return std::max<int64_t>(
      1, std::min(run, get(pointers).divisibility[dim->first]));
}

int64_t AxisInfoAnalysis::getMaskPrefixWidth(Value mask,
                                             RankedTensorType dataType,
                                             int64_t contiguity) {
  auto dim = getContiguousDim(dataType);
  if (!dim)
    return 1;
  int64_t width = 1;
  while (width * 2 <= contiguity && isPrefixMask(mask, dim->first, width * 2))
    width *= 2;
  return width;
}

/// Divisibility of `i` along dimension `d` (a scalar's along every
/// dimension; 1 when nothing is known).
static int64_t divisibilityAt(const AxisInfo &i, unsigned d) {
  if (i.divisibility.empty())
    return 1;
  return i.divisibility[d < i.divisibility.size() ? d : 0];
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {
/// The context of one transfer: the analysis (for operand facts) and the
/// shape of the value being computed.
struct Transfer {
  AxisInfoAnalysis &analysis;
  ArrayRef<int64_t> shape;
  unsigned rank() const { return shape.size(); }
};
} // namespace

/// A constant integer (scalar or splat) is constant over the whole tensor.
static AxisInfo visitConstant(Transfer t, int64_t c) {
  if (!t.rank())
    return AxisInfo::scalar(pow2Divisor(c));
  AxisInfo info = AxisInfo::unknown(t.shape);
  for (unsigned d = 0; d < t.rank(); ++d) {
    info.constancy[d] = t.shape[d];
    info.divisibility[d] = pow2Divisor(c);
  }
  return info;
}

static AxisInfo visitMakeRange(Transfer t, MakeRangeOp range) {
  AxisInfo info = AxisInfo::unknown(t.shape);
  info.contiguity[0] = t.shape[0];
  info.divisibility[0] = pow2Divisor(int32_t(range.getStart()));
  return info;
}

static AxisInfo visitSplat(Transfer t, SplatOp splat) {
  AxisInfo info = AxisInfo::unknown(t.shape);
  int64_t div = divisibilityAt(t.analysis.get(splat.getSrc()), 0);
  for (unsigned d = 0; d < t.rank(); ++d) {
    info.constancy[d] = t.shape[d];
    info.divisibility[d] = div;
  }
  return info;
}

static AxisInfo visitExpandDims(Transfer t, ExpandDimsOp expand) {
  AxisInfo src = t.analysis.get(expand.getSrc());
  AxisInfo info = AxisInfo::unknown(t.shape);
  unsigned axis = expand.getAxis();
  // Along the new axis an element is its own block: what divides every
  // element (once broadcast, `offs_n[:, None]` holds each row's n along
  // it). A dimension of distinct values gives 1 (Triton's rule).
  int64_t newDivisibility = kMaxDivisibility;
  for (unsigned s = 0; s < src.divisibility.size(); ++s)
    newDivisibility = std::min<int64_t>(
        newDivisibility, src.contiguity[s] > 1 ? 1 : src.divisibility[s]);
  for (unsigned d = 0, s = 0; d < t.rank(); ++d) {
    if (d == axis) {
      info.divisibility[d] = newDivisibility;
      continue;
    }
    info.contiguity[d] = src.contiguity[s];
    info.divisibility[d] = src.divisibility[s];
    info.constancy[d] = src.constancy[s];
    ++s;
  }
  return info;
}

static AxisInfo visitBroadcast(Transfer t, BroadcastOp bcast) {
  AxisInfo info = t.analysis.get(bcast.getSrc());
  ArrayRef<int64_t> srcShape = shapeOf(bcast.getSrc());
  for (unsigned d = 0; d < t.rank(); ++d)
    if (srcShape[d] == 1 && t.shape[d] != 1) {
      info.constancy[d] = t.shape[d];
      info.contiguity[d] = 1;
    }
  return info;
}

/// Elementwise binary ops: `combine(a, b, d)` gives (contiguity,
/// divisibility) along `d`; constancy is the common one.
template <typename Combine>
static AxisInfo visitBinary(Transfer t, Operation *op, Combine combine) {
  const AxisInfo a = t.analysis.get(op->getOperand(0));
  const AxisInfo b = t.analysis.get(op->getOperand(1));
  if (!t.rank())
    return AxisInfo::scalar(combine(a, b, 0).second);
  AxisInfo info = AxisInfo::unknown(t.shape);
  for (unsigned d = 0; d < t.rank(); ++d) {
    auto [contig, div] = combine(a, b, d);
    info.contiguity[d] = contig;
    info.divisibility[d] = div;
    info.constancy[d] = std::min(a.constancy[d], b.constancy[d]);
  }
  return info;
}

/// x - x % c (c a power of two) is a multiple of c: the document's
/// `mask_boundary - mask_boundary % 4` idiom.
static std::optional<AxisInfo> visitRoundDown(Transfer t, arith::SubIOp sub) {
  auto rem = sub.getRhs().getDefiningOp<arith::RemSIOp>();
  APInt c;
  if (!rem || rem.getLhs() != sub.getLhs() ||
      !matchPattern(rem.getRhs(), m_ConstantInt(&c)) || !c.isPowerOf2())
    return std::nullopt;
  AxisInfo info = unknownOf(t.shape);
  const AxisInfo &x = t.analysis.get(sub.getLhs());
  for (unsigned d = 0; d < std::max(t.rank(), 1u); ++d) {
    info.divisibility[d] =
        std::max<int64_t>(c.getZExtValue(), divisibilityAt(x, d));
    if (t.rank())
      info.constancy[d] = x.constancy[d];
  }
  return info;
}

static AxisInfo visitAddSub(Transfer t, Operation *op) {
  bool isSub = isa<arith::SubIOp>(op);
  return visitBinary(
      t, op, [&](const AxisInfo &a, const AxisInfo &b, unsigned d) {
        int64_t contig = 1;
        if (t.rank()) {
          // contiguous + constant stays contiguous over their common blocks
          contig = isSub ? std::min(a.contiguity[d], b.constancy[d])
                         : std::max(std::min(a.contiguity[d], b.constancy[d]),
                                    std::min(b.contiguity[d], a.constancy[d]));
        }
        return std::pair<int64_t, int64_t>(
            contig, std::min(divisibilityAt(a, d), divisibilityAt(b, d)));
      });
}

/// Whether `v` is 1 (a constant or a splat of one).
static bool isOne(Value v) {
  if (auto splat = v.getDefiningOp<SplatOp>())
    v = splat->getOperand(0);
  return matchPattern(v, m_One());
}

static AxisInfo visitMul(Transfer t, arith::MulIOp op) {
  // x * 1 is x (Triton's `offs * stride` with a stride of 1).
  if (isOne(op.getRhs()))
    return t.analysis.get(op.getLhs());
  if (isOne(op.getLhs()))
    return t.analysis.get(op.getRhs());
  return visitBinary(
      t, op, [](const AxisInfo &a, const AxisInfo &b, unsigned d) {
        return std::pair<int64_t, int64_t>(
            1, std::min<int64_t>(divisibilityAt(a, d) * divisibilityAt(b, d),
                                 kMaxDivisibility));
      });
}

/// x / c with c a power of two: a multiple of d is a multiple of d / c
/// (`K // 2` of a K that is a multiple of BK).
static AxisInfo visitDivByConstant(Transfer t, Operation *op) {
  APInt c;
  if (!matchPattern(op->getOperand(1), m_ConstantInt(&c)) || !c.isPowerOf2() ||
      c.getBitWidth() > 64)
    return unknownOf(t.shape);
  int64_t by = int64_t(c.getZExtValue());
  return visitBinary(
      t, op, [by](const AxisInfo &a, const AxisInfo &, unsigned d) {
        int64_t div = divisibilityAt(a, d);
        return std::pair<int64_t, int64_t>(
            1, div == kMaxDivisibility ? div : std::max<int64_t>(1, div / by));
      });
}

static AxisInfo visitShl(Transfer t, arith::ShLIOp op) {
  APInt sh;
  if (!matchPattern(op.getRhs(), m_ConstantInt(&sh)) || sh.uge(31))
    return unknownOf(t.shape);
  return visitBinary(
      t, op, [&](const AxisInfo &a, const AxisInfo &, unsigned d) {
        return std::pair<int64_t, int64_t>(
            1, std::min<int64_t>(divisibilityAt(a, d) << sh.getZExtValue(),
                                 kMaxDivisibility));
      });
}

/// Bitwise ops keep the common constancy only.
static AxisInfo visitBitwise(Transfer t, Operation *op) {
  if (!t.rank())
    return unknownOf(t.shape);
  const AxisInfo a = t.analysis.get(op->getOperand(0));
  const AxisInfo b = t.analysis.get(op->getOperand(1));
  AxisInfo info = AxisInfo::unknown(t.shape);
  for (unsigned d = 0; d < t.rank(); ++d)
    info.constancy[d] = std::min(a.constancy[d], b.constancy[d]);
  return info;
}

static AxisInfo visitCmp(Transfer t, arith::CmpIOp cmp) {
  if (!t.rank())
    return unknownOf(t.shape);
  const AxisInfo a = t.analysis.get(cmp.getLhs());
  const AxisInfo b = t.analysis.get(cmp.getRhs());
  bool ordered = cmp.getPredicate() != arith::CmpIPredicate::eq &&
                 cmp.getPredicate() != arith::CmpIPredicate::ne;
  AxisInfo info = AxisInfo::unknown(t.shape);
  for (unsigned d = 0; d < t.rank(); ++d) {
    int64_t k = std::min(a.constancy[d], b.constancy[d]);
    // A contiguous run compared with a value constant over it: the
    // predicate can only change where the run crosses that value, which is
    // a multiple of the value's divisibility; runs aligned to blocks of
    // min(contiguity, both divisibilities) never cross it inside a block.
    auto crossing = [&](const AxisInfo &x, const AxisInfo &y) {
      return std::min({x.contiguity[d], x.divisibility[d], y.divisibility[d],
                       y.constancy[d]});
    };
    if (ordered)
      k = std::max({k, crossing(a, b), crossing(b, a)});
    info.constancy[d] = k;
  }
  return info;
}

/// A contract check's guard is one value per run of `contiguity` registers
/// of a thread, which lie along the layout's contiguous dimension.
static AxisInfo visitGuard(Transfer t, ContractCheckOp op) {
  AxisInfo info = AxisInfo::unknown(t.shape);
  if (auto dim = getContiguousDim(op.getOffsets().getType()))
    info.constancy[dim->first] =
        std::min<int64_t>(op.getContiguity(), dim->second);
  return info;
}

/// A kernel argument's `tlxamd.divisibility` (bytes for pointers, as the
/// frontend and Triton's launcher specialize them; the value for integers).
/// Pointer facts are in elements, the unit offsets are added in.
/// Bytes per unit of a value's facts: a pointer's facts count its
/// elements, an integer's are of the value itself.
static int64_t unitBytes(Type type) {
  if (auto ptr = dyn_cast<PtrType>(getElementTypeOrSelf(type)))
    return std::max<int64_t>(1,
                             ptr.getPointeeType().getIntOrFloatBitWidth() / 8);
  return 1;
}

static AxisInfo visitArgument(Transfer t, Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  // A loop counter is lb + k * step: a multiple of what both are.
  if (auto loop = arg ? dyn_cast_or_null<LoopLikeOpInterface>(
                            arg.getOwner()->getParentOp())
                      : LoopLikeOpInterface()) {
    std::optional<Value> iv = loop.getSingleInductionVar();
    std::optional<OpFoldResult> lb = loop.getSingleLowerBound();
    std::optional<OpFoldResult> step = loop.getSingleStep();
    if (!t.rank() && iv && *iv == v && lb && step) {
      auto divisibilityOf = [&](OpFoldResult r) -> int64_t {
        if (auto attr = dyn_cast<Attribute>(r))
          return pow2Divisor(cast<IntegerAttr>(attr).getInt());
        return divisibilityAt(t.analysis.get(cast<Value>(r)), 0);
      };
      return AxisInfo::scalar(
          std::min(divisibilityOf(*lb), divisibilityOf(*step)));
    }
  }
  auto func =
      arg ? dyn_cast_or_null<FunctionOpInterface>(arg.getOwner()->getParentOp())
          : FunctionOpInterface();
  if (t.rank() || !func || arg.getOwner() != &func.getFunctionBody().front())
    return unknownOf(t.shape);
  auto attr = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                 kDivisibilityAttrName);
  if (!attr || attr.getInt() <= 0)
    return unknownOf(t.shape);
  int64_t div = pow2Divisor(attr.getInt());
  // The attribute counts bytes; a pointer's facts count elements.
  return AxisInfo::scalar(std::max<int64_t>(1, div / unitBytes(v.getType())));
}

/// The user's hints on the op defining a value (tl.multiple_of,
/// tl.max_contiguous): `tlxamd.divisibility` / `tlxamd.contiguity`, an
/// integer for scalars or one per dimension; they raise the computed facts.
static AxisInfo applyHints(Operation *def, AxisInfo info) {
  // A pointer's divisibility hint is in bytes (Triton's), its facts in
  // elements.
  int64_t bytes = def->getNumResults() ? unitBytes(def->getResult(0).getType())
                                       : int64_t(1);
  auto apply = [&](StringRef name, SmallVectorImpl<int64_t> &facts,
                   bool powerOfTwo) {
    auto fact = [&](int64_t h) {
      if (powerOfTwo)
        h /= bytes;
      h = std::max<int64_t>(1, h);
      return powerOfTwo ? pow2Divisor(h) : h;
    };
    Attribute attr = def->getAttr(name);
    if (auto i = dyn_cast_or_null<IntegerAttr>(attr)) {
      for (int64_t &f : facts)
        f = std::max(f, fact(i.getInt()));
    } else if (auto dims = dyn_cast_or_null<DenseI32ArrayAttr>(attr)) {
      for (auto [f, h] : llvm::zip(facts, dims.asArrayRef()))
        f = std::max(f, fact(h));
    }
  };
  apply(kDivisibilityAttrName, info.divisibility, /*powerOfTwo=*/true);
  apply(kContiguityAttrName, info.contiguity, /*powerOfTwo=*/false);
  return info;
}

AxisInfo AxisInfoAnalysis::compute(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return visitArgument(Transfer{*this, shapeOf(v)}, v);
  AxisInfo info = computeResult(v);
  return trustOpHints ? applyHints(def, info) : info;
}

/// int_to_ptr / ptr_to_int / ptr_cast: the same byte addresses in another
/// unit. Divisibility converts through bytes; constancy stays; contiguity
/// stays only where the unit does (consecutive f16 pointers are 2 bytes
/// apart, not one).
static AxisInfo visitPointerCast(Transfer t, Operation *op) {
  AxisInfo info = t.analysis.get(op->getOperand(0));
  int64_t from = unitBytes(op->getOperand(0).getType());
  int64_t to = unitBytes(op->getResult(0).getType());
  for (int64_t &d : info.divisibility)
    d = std::clamp<int64_t>(d * from / to, 1, kMaxDivisibility);
  if (from != to)
    for (int64_t &c : info.contiguity)
      c = 1;
  return info;
}

/// x % y for x >= 0 (remui; remsi of a provably non-negative x): every
/// remainder is a multiple of g = gcd(x's divisibility, y's). Where x runs
/// consecutively from a multiple of c = gcd(x's run, x's and y's
/// divisibility, y's constancy), the c values x0 .. x0 + c - 1 have
/// remainders r0 .. r0 + c - 1 (r0 is a multiple of c and y - r0 >= c):
/// Triton's `(pid_n * BLOCK_N + arange(0, BLOCK_N)) % N` keeps runs of
/// gcd(BLOCK_N, 16) with N a multiple of 16.
static AxisInfo visitRem(Transfer t, Operation *op) {
  if (isa<arith::RemSIOp>(op) && !isProvablyNonNegative(op->getOperand(0)))
    return unknownOf(t.shape);
  const AxisInfo a = t.analysis.get(op->getOperand(0));
  const AxisInfo b = t.analysis.get(op->getOperand(1));
  if (!t.rank())
    return AxisInfo::scalar(
        std::gcd(divisibilityAt(a, 0), divisibilityAt(b, 0)));
  AxisInfo info = AxisInfo::unknown(t.shape);
  for (unsigned d = 0; d < t.rank(); ++d) {
    int64_t g = std::gcd(a.divisibility[d], b.divisibility[d]);
    int64_t run = std::gcd(std::gcd(a.contiguity[d], g), b.constancy[d]);
    info.contiguity[d] = run;
    info.divisibility[d] = a.contiguity[d] > 1 ? run : g;
    info.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
  }
  return info;
}

AxisInfo AxisInfoAnalysis::computeResult(Value v) {
  Transfer t{*this, shapeOf(v)};
  Operation *def = v.getDefiningOp();
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)) && value.getBitWidth() <= 64)
    return visitConstant(t, value.getSExtValue());
  return llvm::TypeSwitch<Operation *, AxisInfo>(def)
      .Case([&](MakeRangeOp op) { return visitMakeRange(t, op); })
      .Case([&](SplatOp op) { return visitSplat(t, op); })
      .Case([&](ExpandDimsOp op) { return visitExpandDims(t, op); })
      .Case([&](BroadcastOp op) { return visitBroadcast(t, op); })
      // Sign extension keeps every value, so every fact.
      .Case<ConvertLayoutOp, RequireLayoutOp, arith::ExtSIOp>(
          [&](Operation *op) { return get(op->getOperand(0)); })
      .Case([&](arith::SubIOp op) {
        if (std::optional<AxisInfo> r = visitRoundDown(t, op))
          return *r;
        return visitAddSub(t, op);
      })
      .Case<IntToPtrOp, PtrToIntOp, PtrCastOp>(
          [&](Operation *op) { return visitPointerCast(t, op); })
      .Case<arith::AddIOp, AddPtrOp>(
          [&](Operation *op) { return visitAddSub(t, op); })
      .Case([&](arith::MulIOp op) { return visitMul(t, op); })
      .Case<arith::DivSIOp, arith::DivUIOp>(
          [&](Operation *op) { return visitDivByConstant(t, op); })
      .Case([&](arith::ShLIOp op) { return visitShl(t, op); })
      .Case<arith::RemSIOp, arith::RemUIOp>(
          [&](Operation *op) { return visitRem(t, op); })
      .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
          [&](Operation *op) { return visitBitwise(t, op); })
      .Case([&](arith::CmpIOp op) { return visitCmp(t, op); })
      .Case([&](ContractCheckOp op) { return visitGuard(t, op); })
      .Default([&](Operation *) { return unknownOf(t.shape); });
}

/// Whether every element of the i32 `v` is provably >= 0 (constants, ranges
/// from a non-negative start, program ids, loop counters from a
/// non-negative start, and what splats, broadcasts,
/// layout changes, additions, multiplications, divisions and remainders make
/// of them; wrap-around is excluded by the 2 GiB range).
/// Whether the kernel promises `v >= 0` (or `v > c` with c >= -1) with
/// tl.assume: a comparison of `v` with a constant that an
/// `llvm.intr.assume` takes.
static bool isAssumedNonNegative(Value v) {
  for (Operation *user : v.getUsers()) {
    auto cmp = dyn_cast<arith::CmpIOp>(user);
    if (!cmp || llvm::none_of(cmp->getUsers(), [](Operation *u) {
          return u->getName().getStringRef() == "llvm.intr.assume";
        }))
      continue;
    APInt c;
    bool lhs = cmp.getLhs() == v;
    if (!matchPattern(lhs ? cmp.getRhs() : cmp.getLhs(), m_ConstantInt(&c)))
      continue;
    int64_t k = c.getSExtValue();
    using P = arith::CmpIPredicate;
    P p = cmp.getPredicate();
    // v >= k, v > k (or k <= v, k < v)
    if ((lhs && p == P::sge) || (!lhs && p == P::sle))
      if (k >= 0)
        return true;
    if ((lhs && p == P::sgt) || (!lhs && p == P::slt))
      if (k >= -1)
        return true;
  }
  return false;
}

bool mlir::tlxamd::isProvablyNonNegative(Value v, int depth) {
  if (depth > 32)
    return false;
  if (isAssumedNonNegative(v))
    return true;
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return !c.isNegative();
  Operation *def = v.getDefiningOp();
  if (!def) {
    // An scf.for induction variable counts up from its lower bound.
    auto arg = cast<BlockArgument>(v);
    auto loop = dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
    return loop && loop.getInductionVar() == v &&
           isProvablyNonNegative(loop.getLowerBound(), depth + 1);
  }
  if (auto range = dyn_cast<MakeRangeOp>(def))
    return int32_t(range.getStart()) >= 0;
  if (isa<ProgramIdOp, NumProgramsOp>(def))
    return true;
  auto nonNeg = [&](Value x) { return isProvablyNonNegative(x, depth + 1); };
  if (isa<SplatOp, BroadcastOp, ExpandDimsOp, ConvertLayoutOp, RequireLayoutOp>(
          def))
    return nonNeg(def->getOperand(0));
  // max(x, y) and x & y are when either is.
  if (isa<arith::AndIOp, arith::MaxSIOp>(def))
    return nonNeg(def->getOperand(0)) || nonNeg(def->getOperand(1));
  if (isa<arith::AddIOp, arith::MulIOp, arith::DivSIOp, arith::DivUIOp,
          arith::MinSIOp>(def))
    return nonNeg(def->getOperand(0)) && nonNeg(def->getOperand(1));
  // A truncating remainder has its dividend's sign; remui is below its
  // divisor.
  if (isa<arith::RemSIOp, arith::RemUIOp>(def))
    return nonNeg(def->getOperand(isa<arith::RemSIOp>(def) ? 0 : 1));
  if (isa<arith::SelectOp>(def))
    return nonNeg(def->getOperand(1)) && nonNeg(def->getOperand(2));
  // An scf.if result is when every branch yields a non-negative value.
  if (auto branch = dyn_cast<scf::IfOp>(def))
    return llvm::all_of(branch->getRegions(), [&](Region &r) {
      return !r.empty() && nonNeg(r.front().getTerminator()->getOperand(
                               cast<OpResult>(v).getResultNumber()));
    });
  return false;
}
