//===- AxisInfo.cpp - contiguity/divisibility/constancy ------------------===//
#include "tlxamd/Analysis/AxisInfo.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
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

const AxisInfo &AxisInfoAnalysis::get(Value v) {
  auto it = cache.find(v);
  if (it != cache.end())
    return it->second;
  // Seed with "unknown" to stop cycles through loop-carried values.
  ArrayRef<int64_t> shape = shapeOf(v);
  cache[v] = shape.empty() ? AxisInfo::scalar(1) : AxisInfo::unknown(shape);
  AxisInfo info = compute(v);
  return cache[v] = info;
}

/// Divisibility of `i` along dimension `d` (a scalar's along every
/// dimension; 1 when nothing is known).
static int64_t divisibilityAt(const AxisInfo &i, unsigned d) {
  if (i.divisibility.empty())
    return 1;
  return i.divisibility[d < i.divisibility.size() ? d : 0];
}

/// Facts of a scalar integer as a rank-0 info (divisibility only).
static int64_t scalarDivisibility(AxisInfoAnalysis &a, Value v) {
  return divisibilityAt(a.get(v), 0);
}

AxisInfo AxisInfoAnalysis::compute(Value v) {
  ArrayRef<int64_t> shape = shapeOf(v);
  unsigned rank = shape.size();
  Operation *def = v.getDefiningOp();
  AxisInfo unknown = rank ? AxisInfo::unknown(shape) : AxisInfo::scalar(1);
  if (!def)
    return unknown;

  // Constants (scalar or splat).
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value))) {
    int64_t c = value.getSExtValue();
    if (!rank)
      return AxisInfo::scalar(pow2Divisor(c));
    AxisInfo info = AxisInfo::unknown(shape);
    for (unsigned d = 0; d < rank; ++d) {
      info.constancy[d] = shape[d];
      info.divisibility[d] = pow2Divisor(c);
    }
    return info;
  }

  if (auto range = dyn_cast<MakeRangeOp>(def)) {
    AxisInfo info = AxisInfo::unknown(shape);
    info.contiguity[0] = shape[0];
    info.divisibility[0] = pow2Divisor(range.getStart());
    return info;
  }
  if (auto splat = dyn_cast<SplatOp>(def)) {
    AxisInfo info = AxisInfo::unknown(shape);
    int64_t div = scalarDivisibility(*this, splat.getSrc());
    for (unsigned d = 0; d < rank; ++d) {
      info.constancy[d] = shape[d];
      info.divisibility[d] = div;
    }
    return info;
  }
  if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
    AxisInfo src = get(expand.getSrc());
    AxisInfo info = AxisInfo::unknown(shape);
    unsigned axis = expand.getAxis();
    for (unsigned d = 0, s = 0; d < rank; ++d) {
      if (d == axis) {
        info.divisibility[d] = kMaxDivisibility;
        continue;
      }
      info.contiguity[d] = src.contiguity[s];
      info.divisibility[d] = src.divisibility[s];
      info.constancy[d] = src.constancy[s];
      ++s;
    }
    return info;
  }
  if (auto bcast = dyn_cast<BroadcastOp>(def)) {
    AxisInfo info = get(bcast.getSrc());
    ArrayRef<int64_t> srcShape = shapeOf(bcast.getSrc());
    for (unsigned d = 0; d < rank; ++d)
      if (srcShape[d] == 1 && shape[d] != 1) {
        info.constancy[d] = shape[d];
        info.contiguity[d] = 1;
      }
    return info;
  }
  if (isa<ConvertLayoutOp, RequireLayoutOp>(def))
    return get(def->getOperand(0));

  auto binary = [&](auto combine) -> AxisInfo {
    AxisInfo a = get(def->getOperand(0)), b = get(def->getOperand(1));
    if (!rank) {
      AxisInfo r = AxisInfo::scalar(1);
      r.divisibility[0] = combine(a, b, 0).second;
      return r;
    }
    AxisInfo info = AxisInfo::unknown(shape);
    for (unsigned d = 0; d < rank; ++d) {
      auto [contig, div] = combine(a, b, d);
      info.contiguity[d] = contig;
      info.divisibility[d] = div;
      info.constancy[d] = std::min(a.constancy[d], b.constancy[d]);
    }
    return info;
  };

  // x - x % c (c a power of two): a multiple of c, the document's
  // `mask_boundary - mask_boundary % 4` idiom.
  if (auto sub = dyn_cast<arith::SubIOp>(def)) {
    auto rem = sub.getRhs().getDefiningOp<arith::RemSIOp>();
    APInt c;
    if (rem && rem.getLhs() == sub.getLhs() &&
        matchPattern(rem.getRhs(), m_ConstantInt(&c)) && c.isPowerOf2()) {
      AxisInfo info = rank ? AxisInfo::unknown(shape) : AxisInfo::scalar(1);
      const AxisInfo &x = get(sub.getLhs());
      for (unsigned d = 0; d < std::max(rank, 1u); ++d) {
        info.divisibility[d] =
            std::max<int64_t>(c.getZExtValue(), divisibilityAt(x, d));
        if (rank)
          info.constancy[d] = x.constancy[d];
      }
      return info;
    }
  }
  if (isa<arith::AddIOp, arith::SubIOp>(def)) {
    return binary([&](const AxisInfo &a, const AxisInfo &b, unsigned d) {
      int64_t da = divisibilityAt(a, d);
      int64_t db = divisibilityAt(b, d);
      int64_t contig = 1;
      if (rank) {
        // contiguous + constant stays contiguous over their common blocks
        contig = std::max(std::min(a.contiguity[d], b.constancy[d]),
                          std::min(b.contiguity[d], a.constancy[d]));
        if (isa<arith::SubIOp>(def))
          contig = std::min(a.contiguity[d], b.constancy[d]);
      }
      return std::pair<int64_t, int64_t>(contig, std::min(da, db));
    });
  }
  if (isa<arith::MulIOp>(def)) {
    return binary([&](const AxisInfo &a, const AxisInfo &b, unsigned d) {
      int64_t da = divisibilityAt(a, d);
      int64_t db = divisibilityAt(b, d);
      return std::pair<int64_t, int64_t>(
          1, std::min<int64_t>(da * db, kMaxDivisibility));
    });
  }
  if (isa<arith::ShLIOp>(def)) {
    APInt sh;
    if (matchPattern(def->getOperand(1), m_ConstantInt(&sh)))
      return binary([&](const AxisInfo &a, const AxisInfo &, unsigned d) {
        int64_t da = divisibilityAt(a, d);
        return std::pair<int64_t, int64_t>(
            1, std::min<int64_t>(da << sh.getZExtValue(), kMaxDivisibility));
      });
    return unknown;
  }
  if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(def) && rank) {
    AxisInfo a = get(def->getOperand(0)), b = get(def->getOperand(1));
    AxisInfo info = AxisInfo::unknown(shape);
    for (unsigned d = 0; d < rank; ++d)
      info.constancy[d] = std::min(a.constancy[d], b.constancy[d]);
    return info;
  }
  if (auto cmp = dyn_cast<arith::CmpIOp>(def); cmp && rank) {
    AxisInfo a = get(cmp.getLhs()), b = get(cmp.getRhs());
    AxisInfo info = AxisInfo::unknown(shape);
    for (unsigned d = 0; d < rank; ++d) {
      int64_t k = std::min(a.constancy[d], b.constancy[d]);
      // A contiguous run compared with a value constant over it: the
      // predicate can only change where the run crosses that value, which is
      // a multiple of the value's divisibility; runs aligned to blocks of
      // min(contiguity, both divisibilities) never cross it inside a block.
      auto crossing = [&](const AxisInfo &x, const AxisInfo &y) {
        return std::min({x.contiguity[d], x.divisibility[d], y.divisibility[d],
                         y.constancy[d]});
      };
      if (cmp.getPredicate() != arith::CmpIPredicate::eq &&
          cmp.getPredicate() != arith::CmpIPredicate::ne)
        k = std::max({k, crossing(a, b), crossing(b, a)});
      info.constancy[d] = k;
    }
    return info;
  }
  return unknown;
}
