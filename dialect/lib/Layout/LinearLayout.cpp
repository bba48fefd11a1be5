//===- LinearLayout.cpp - layouts as linear maps over GF(2) --------------===//
#include "tlxamd/Layout/LinearLayout.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <map>
#include <set>

using namespace mlir::tlxamd;

llvm::StringRef mlir::tlxamd::stringifyInDim(LinearLayout::InDim in) {
  switch (in) {
  case LinearLayout::Register:
    return "register";
  case LinearLayout::Lane:
    return "lane";
  case LinearLayout::Warp:
    return "warp";
  case LinearLayout::Block:
    return "block";
  }
  return "?";
}

LinearLayout::LinearLayout(unsigned rank) : rank(rank), outSizes(rank, 1) {}

LinearLayout::LinearLayout(unsigned rank, std::array<Bases, kNumInDims> b)
    : rank(rank), bases(std::move(b)), outSizes(rank, 1) {
  for (unsigned d = 0; d < rank; ++d)
    outOrder.push_back(d);
  recomputeOutSizes();
}

void LinearLayout::recomputeOutSizes() {
  for (unsigned d = 0; d < rank; ++d) {
    int32_t maxVal = 0;
    for (const Bases &bs : bases)
      for (const Basis &b : bs)
        maxVal = std::max(maxVal, b[d]);
    outSizes[d] = maxVal == 0 ? 1 : int32_t(llvm::NextPowerOf2(maxVal));
  }
}

static void addToOrder(llvm::SmallVectorImpl<unsigned> &order, unsigned d) {
  if (!llvm::is_contained(order, d))
    order.push_back(d);
}

LinearLayout LinearLayout::identity1D(int32_t size, InDim in, unsigned outDim,
                                      unsigned rank) {
  LinearLayout l(rank);
  l.outOrder.push_back(outDim);
  for (int32_t v = 1; v < size; v *= 2) {
    Basis b(rank, 0);
    b[outDim] = v;
    l.bases[in].push_back(b);
  }
  l.outSizes[outDim] = std::max<int32_t>(size, 1);
  return l;
}

LinearLayout LinearLayout::zeros1D(int32_t size, InDim in, unsigned outDim,
                                   unsigned rank) {
  LinearLayout l(rank);
  l.outOrder.push_back(outDim);
  for (int32_t v = 1; v < size; v *= 2)
    l.bases[in].push_back(Basis(rank, 0));
  return l;
}

LinearLayout LinearLayout::identityND(InDim in, llvm::ArrayRef<unsigned> shape,
                                      llvm::ArrayRef<unsigned> order) {
  LinearLayout l(shape.size());
  for (unsigned d : order)
    l *= identity1D(shape[d], in, d, shape.size());
  return l;
}

llvm::SmallVector<int64_t> LinearLayout::getOutShape() const {
  return llvm::SmallVector<int64_t>(outSizes.begin(), outSizes.end());
}

LinearLayout &LinearLayout::operator*=(const LinearLayout &other) {
  if (rank == 0 && outSizes.empty()) {
    *this = other;
    return *this;
  }
  for (unsigned in = 0; in < kNumInDims; ++in)
    for (const Basis &b : other.bases[in]) {
      Basis scaled(rank, 0);
      for (unsigned d = 0; d < rank; ++d)
        scaled[d] = b[d] * outSizes[d];
      bases[in].push_back(scaled);
    }
  for (unsigned d = 0; d < rank; ++d)
    outSizes[d] *= other.outSizes[d];
  for (unsigned d : other.outOrder)
    addToOrder(outOrder, d);
  return *this;
}

LinearLayout LinearLayout::transposeOuts(llvm::ArrayRef<unsigned> order) const {
  LinearLayout l = *this;
  l.outOrder.assign(order.begin(), order.end());
  for (unsigned d = 0; d < rank; ++d)
    addToOrder(l.outOrder, d);
  return l;
}

LinearLayout LinearLayout::permuteOuts(llvm::ArrayRef<unsigned> order) const {
  std::array<Bases, kNumInDims> out;
  for (unsigned in = 0; in < kNumInDims; ++in)
    for (const Basis &b : bases[in]) {
      Basis p;
      for (unsigned d : order)
        p.push_back(b[d]);
      out[in].push_back(p);
    }
  LinearLayout l(rank, std::move(out));
  for (unsigned j = 0; j < rank; ++j)
    l.outSizes[j] = outSizes[order[j]];
  return l;
}

LinearLayout LinearLayout::reshapeOuts(llvm::ArrayRef<int64_t> shape) const {
  // Coordinates of power-of-two extents: the flat row-major index is the
  // concatenation of their bits, so XOR of bases flattens to XOR.
  auto flatten = [&](const Basis &b) {
    int64_t flat = 0;
    for (unsigned d = 0; d < rank; ++d)
      flat = flat * outSizes[d] + b[d];
    return flat;
  };
  unsigned newRank = shape.size();
  auto unflatten = [&](int64_t flat) {
    Basis b(newRank, 0);
    for (unsigned d = newRank; d-- > 0;) {
      b[d] = int32_t(flat % shape[d]);
      flat /= shape[d];
    }
    return b;
  };
  std::array<Bases, kNumInDims> out;
  for (unsigned in = 0; in < kNumInDims; ++in)
    for (const Basis &b : bases[in])
      out[in].push_back(unflatten(flatten(b)));
  LinearLayout l(newRank, std::move(out));
  for (unsigned d = 0; d < newRank; ++d)
    l.outSizes[d] = int32_t(shape[d]);
  return l;
}

LinearLayout LinearLayout::withRegisterBasis(unsigned position,
                                             Basis basis) const {
  LinearLayout l = *this;
  l.bases[Register].insert(l.bases[Register].begin() + position, basis);
  for (unsigned d = 0; d < rank; ++d)
    if (basis[d] >= l.outSizes[d])
      l.outSizes[d] = int32_t(llvm::NextPowerOf2(basis[d]));
  return l;
}

LinearLayout LinearLayout::withoutRegisterBasis(unsigned position) const {
  LinearLayout l = *this;
  l.bases[Register].erase(l.bases[Register].begin() + position);
  l.recomputeOutSizes();
  return l;
}

LinearLayout LinearLayout::withOutDimInserted(unsigned dim) const {
  LinearLayout l = *this;
  for (Bases &bs : l.bases)
    for (Basis &b : bs)
      b.insert(b.begin() + dim, 0);
  l.outSizes.insert(l.outSizes.begin() + dim, 1);
  l.outOrder.clear();
  ++l.rank;
  for (unsigned d = 0; d < l.rank; ++d)
    l.outOrder.push_back(d);
  return l;
}

LinearLayout LinearLayout::withOutSizes(llvm::ArrayRef<int64_t> shape) const {
  assert(shape.size() == rank && "one size per out dim");
  LinearLayout l = *this;
  for (unsigned d = 0; d < rank; ++d) {
    assert(shape[d] >= outSizes[d] && llvm::isPowerOf2_64(shape[d]) &&
           "out sizes only grow, to powers of two");
    l.outSizes[d] = int32_t(shape[d]);
  }
  return l;
}

LinearLayout LinearLayout::withOutDimRemoved(unsigned dim) const {
  LinearLayout l = *this;
  for (Bases &bs : l.bases)
    for (Basis &b : bs)
      b.erase(b.begin() + dim);
  l.outSizes.erase(l.outSizes.begin() + dim);
  l.outOrder.clear();
  --l.rank;
  for (unsigned d = 0; d < l.rank; ++d)
    l.outOrder.push_back(d);
  return l;
}

LinearLayout
LinearLayout::ensureNotSmallerThan(llvm::ArrayRef<int64_t> shape) const {
  LinearLayout l = *this;
  llvm::SmallVector<unsigned> order(outOrder.begin(), outOrder.end());
  for (unsigned d = 0; d < rank; ++d)
    addToOrder(order, d);
  for (unsigned d : order)
    if (l.outSizes[d] < shape[d])
      l *= identity1D(shape[d] / l.outSizes[d], Register, d, rank);
  return l;
}

LinearLayout
LinearLayout::ensureNotLargerThan(llvm::ArrayRef<int64_t> shape,
                                  bool dropBroadcastRegisters) const {
  // Every basis moving `d` by at least shape[d] leaves the tensor: make it
  // broadcast (map to the origin). With power-of-two bases that leaves
  // exactly shape[d] distinct coordinates.
  LinearLayout l = *this;
  for (unsigned d = 0; d < rank; ++d) {
    if (l.outSizes[d] <= shape[d])
      continue;
    for (Bases &bs : l.bases)
      for (Basis &b : bs)
        if (b[d] >= shape[d])
          b[d] = 0;
    l.outSizes[d] = shape[d];
  }
  if (dropBroadcastRegisters)
    llvm::erase_if(l.bases[Register], [](const Basis &b) {
      return llvm::all_of(b, [](int32_t v) { return v == 0; });
    });
  return l;
}

LinearLayout LinearLayout::resizedTo(llvm::ArrayRef<int64_t> shape,
                                     bool dropBroadcastRegisters) const {
  LinearLayout l = ensureNotSmallerThan(shape).ensureNotLargerThan(
      shape, dropBroadcastRegisters);
  l.outOrder.clear();
  for (unsigned d = 0; d < rank; ++d)
    l.outOrder.push_back(d);
  return l;
}

LinearLayout::Basis LinearLayout::apply(int64_t reg, int64_t lane, int64_t warp,
                                        int64_t block) const {
  Basis out(rank, 0);
  const int64_t idx[kNumInDims] = {reg, lane, warp, block};
  for (unsigned in = 0; in < kNumInDims; ++in)
    for (unsigned bit = 0; bit < bases[in].size(); ++bit)
      if (idx[in] & (int64_t(1) << bit))
        for (unsigned d = 0; d < rank; ++d)
          out[d] ^= bases[in][bit][d];
  return out;
}

int64_t LinearLayout::getContiguousRegistersAlong(unsigned dim) const {
  int64_t n = 1;
  for (const Basis &b : bases[Register]) {
    for (unsigned d = 0; d < rank; ++d)
      if (b[d] != (d == dim ? n : 0))
        return n;
    n *= 2;
  }
  return n;
}

LinearLayout LinearLayout::withContiguousRegistersFirst(unsigned dim) const {
  std::array<Bases, kNumInDims> reordered = bases;
  Bases &regs = reordered[Register], front;
  for (int32_t step = 1;; step *= 2) {
    Basis unit(rank, 0);
    unit[dim] = step;
    auto it = llvm::find(regs, unit);
    if (it == regs.end())
      break;
    front.push_back(*it);
    regs.erase(it);
  }
  regs.insert(regs.begin(), front.begin(), front.end());
  return LinearLayout(rank, reordered);
}

int64_t LinearLayout::getContiguousRegisters(int *dim) const {
  if (dim)
    *dim = -1;
  if (bases[Register].empty())
    return 1;
  const Basis &first = bases[Register].front();
  for (unsigned d = 0; d < rank; ++d) {
    if (first[d] != 1)
      continue;
    int64_t n = getContiguousRegistersAlong(d);
    if (n > 1 && dim)
      *dim = d;
    return n;
  }
  return 1;
}

int LinearLayout::getSoleRegisterBitAlong(const Basis &basis,
                                          unsigned dim) const {
  int found = -1;
  for (unsigned in = 0; in < kNumInDims; ++in)
    for (auto [i, b] : llvm::enumerate(bases[in])) {
      if (b[dim] == 0)
        continue;
      if (in != Register || b != basis || found >= 0)
        return -1;
      found = int(i);
    }
  return found;
}

bool LinearLayout::isSurjective() const {
  // Coordinates of power-of-two extents flatten to bit strings; Gaussian
  // elimination over GF(2) counts the independent bases.
  unsigned bits = 0;
  for (int32_t size : outSizes)
    bits += llvm::Log2_32(uint32_t(size));
  if (bits > 63)
    return false;
  llvm::SmallVector<uint64_t> pivots(bits, 0);
  unsigned rankFound = 0;
  for (const Bases &bs : bases)
    for (const Basis &b : bs) {
      uint64_t v = 0;
      for (unsigned d = 0; d < rank; ++d)
        v = (v << llvm::Log2_32(uint32_t(outSizes[d]))) | uint64_t(b[d]);
      for (unsigned bit = bits; bit-- > 0 && v;) {
        if (!(v >> bit & 1))
          continue;
        if (!pivots[bit]) {
          pivots[bit] = v;
          ++rankFound;
          break;
        }
        v ^= pivots[bit];
      }
    }
  return rankFound == bits;
}

bool LinearLayout::isStructurallyEqual(const LinearLayout &other) const {
  return rank == other.rank && bases == other.bases &&
         outSizes == other.outSizes;
}

bool LinearLayout::hasBroadcast(InDim in) const {
  return llvm::any_of(bases[in], [](const Basis &b) {
    return llvm::all_of(b, [](int32_t v) { return v == 0; });
  });
}

int64_t LinearLayout::getBroadcastMask(InDim in) const {
  int64_t mask = 0;
  for (auto [bit, b] : llvm::enumerate(bases[in]))
    if (llvm::all_of(b, [](int32_t v) { return v == 0; }))
      mask |= int64_t(1) << bit;
  return mask;
}

llvm::SmallVector<LinearLayout::BitRun>
LinearLayout::getBitRuns(InDim in, unsigned dim) const {
  llvm::SmallVector<BitRun> runs;
  for (unsigned bit = 0; bit < bases[in].size(); ++bit) {
    int32_t v = bases[in][bit][dim];
    if (v == 0)
      continue;
    if (!llvm::isPowerOf2_32(v)) {
      runs.push_back({bit, 0, 0, v});
      continue;
    }
    unsigned outBit = llvm::Log2_32(v);
    if (!runs.empty() && runs.back().width != 0 &&
        runs.back().inBit + runs.back().width == bit &&
        runs.back().outBit + runs.back().width == outBit) {
      ++runs.back().width;
      continue;
    }
    runs.push_back({bit, 1, outBit, 0});
  }
  return runs;
}

int32_t LinearLayout::getReachableBits(InDim in, unsigned dim) const {
  int32_t bits = 0;
  for (const Basis &b : bases[in])
    bits |= b[dim];
  return bits;
}

std::optional<llvm::SmallVector<int64_t>> LinearLayout::getRegisterMap(
    const LinearLayout &src, const LinearLayout &dst, llvm::ArrayRef<int> embed,
    llvm::ArrayRef<bool> dstZeroDims, llvm::ArrayRef<int64_t> srcOffset) {
  auto lift = [&](const Basis &b) {
    Basis out(dst.rank, 0);
    for (unsigned d = 0; d < src.rank; ++d)
      out[embed.empty() ? d : embed[d]] = b[d];
    return out;
  };
  auto project = [&](Basis b) {
    for (unsigned d = 0; d < dst.rank; ++d)
      if (!dstZeroDims.empty() && dstZeroDims[d])
        b[d] = 0;
    return b;
  };
  // Lanes and warps must hold the same elements in both layouts.
  for (InDim in : {Lane, Warp, Block}) {
    if (src.bases[in].size() != dst.bases[in].size())
      return std::nullopt;
    for (unsigned i = 0; i < src.bases[in].size(); ++i)
      if (lift(src.bases[in][i]) != project(dst.bases[in][i]))
        return std::nullopt;
  }
  // Register coordinates of src, then a lookup for each dst register.
  int64_t nSrc = src.getNumRegisters(), nDst = dst.getNumRegisters();
  llvm::SmallVector<Basis> srcCoords;
  for (int64_t r = 0; r < nSrc; ++r)
    srcCoords.push_back(lift(src.apply(r, 0, 0)));
  llvm::SmallVector<int64_t> map;
  for (int64_t r = 0; r < nDst; ++r) {
    Basis want = project(dst.apply(r, 0, 0));
    for (auto [d, off] : llvm::enumerate(srcOffset))
      want[d] += int32_t(off);
    auto it = llvm::find(srcCoords, want);
    if (it == srcCoords.end())
      return std::nullopt;
    map.push_back(it - srcCoords.begin());
  }
  return map;
}

bool LinearLayout::ShuffleStep::isOwnLane() const {
  if (laneXor != 0)
    return false;
  for (auto [b, col] : llvm::enumerate(laneColumns))
    if (col != (int32_t(1) << b))
      return false;
  return true;
}

std::optional<llvm::SmallVector<LinearLayout::ShuffleStep>>
LinearLayout::getWarpShuffles(const LinearLayout &src,
                              const LinearLayout &dst) {
  if (src.rank != dst.rank || src.getOutShape() != dst.getOutShape() ||
      src.bases[Lane].size() != dst.bases[Lane].size())
    return std::nullopt;
  // Every warp holds the same elements in both layouts, offset by the same
  // warp (and block) contribution: the transfer of warp 0 serves all.
  for (InDim in : {Warp, Block})
    if (src.bases[in] != dst.bases[in])
      return std::nullopt;
  int64_t lanes = src.getInDimSize(Lane);
  // Where each element of warp 0 lives in src (the first holder when
  // replicated: every holder has the value).
  llvm::DenseMap<int64_t, std::pair<int64_t, int32_t>> holder;
  auto key = [&](const Basis &c) {
    int64_t k = 0;
    for (unsigned d = 0; d < src.rank; ++d)
      k = k * src.outSizes[d] + c[d];
    return k;
  };
  for (int64_t r = 0; r < src.getNumRegisters(); ++r)
    for (int64_t l = 0; l < lanes; ++l)
      holder.try_emplace(key(src.apply(r, l, 0)), r, int32_t(l));
  llvm::SmallVector<ShuffleStep> steps;
  for (int64_t r = 0; r < dst.getNumRegisters(); ++r) {
    llvm::SmallVector<std::pair<int64_t, int32_t>> from;
    for (int64_t l = 0; l < lanes; ++l) {
      auto it = holder.find(key(dst.apply(r, l, 0)));
      if (it == holder.end())
        return std::nullopt; // held by another warp
      from.push_back(it->second);
    }
    ShuffleStep step{from[0].first, from[0].second, {}};
    for (int64_t bit = 1; bit < lanes; bit <<= 1)
      step.laneColumns.push_back(from[bit].second ^ step.laneXor);
    for (int64_t l = 0; l < lanes; ++l) {
      int32_t lane = step.laneXor;
      for (auto [b, col] : llvm::enumerate(step.laneColumns))
        if (l & (int64_t(1) << b))
          lane ^= col;
      if (from[l].first != step.srcRegister || from[l].second != lane)
        return std::nullopt;
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

std::optional<LinearLayout>
LinearLayout::getSharedOffsets(const LinearLayout &dist,
                               const LinearLayout &shared) {
  unsigned rank = shared.getRank();
  if (dist.getRank() != rank)
    return std::nullopt;
  // Coordinates as bit vectors: dimension d's bits after those of d + 1
  // (row-major flattening; every extent is a power of two).
  llvm::SmallVector<unsigned> shift(rank, 0);
  unsigned bits = 0;
  for (unsigned d = rank; d-- > 0;) {
    if (dist.getOutDimSize(d) != shared.getOutDimSize(d))
      return std::nullopt;
    shift[d] = bits;
    bits += llvm::Log2_32(shared.getOutDimSize(d));
  }
  auto flatten = [&](const Basis &b) {
    uint64_t v = 0;
    for (unsigned d = 0; d < rank; ++d)
      v |= uint64_t(b[d]) << shift[d];
    return v;
  };
  const Bases &offs = shared.getBases(Offset);
  if (offs.size() != bits || bits > 40)
    return std::nullopt;
  // Gauss-Jordan over GF(2): rows (coordinate bits, offset bits), reduced
  // until each coordinate bit has its own row.
  llvm::SmallVector<std::pair<uint64_t, uint64_t>> rows;
  for (auto [i, b] : llvm::enumerate(offs))
    rows.push_back({flatten(b), uint64_t(1) << i});
  llvm::SmallVector<uint64_t> inverse(bits, 0);
  for (unsigned col = 0; col < bits; ++col) {
    auto pivot = llvm::find_if(rows, [&](const auto &r) {
      return (r.first >> col & 1) &&
             (r.first & ((uint64_t(1) << col) - 1)) == 0;
    });
    if (pivot == rows.end())
      return std::nullopt; // not a bijection
    auto p = *pivot;
    for (auto &r : rows)
      if (&r != &*pivot && (r.first >> col & 1))
        r = {r.first ^ p.first, r.second ^ p.second};
  }
  for (const auto &r : rows) {
    if (!llvm::isPowerOf2_64(r.first))
      return std::nullopt;
    inverse[llvm::Log2_64(r.first)] = r.second;
  }
  std::array<Bases, kNumInDims> out;
  for (unsigned in = 0; in < kNumInDims; ++in)
    for (const Basis &b : dist.getBases(InDim(in))) {
      uint64_t flat = flatten(b), off = 0;
      for (unsigned bit = 0; bit < bits; ++bit)
        if (flat >> bit & 1)
          off ^= inverse[bit];
      out[in].push_back({int32_t(off)});
    }
  LinearLayout l(1, std::move(out));
  l.outSizes[0] = int32_t(int64_t(1) << bits);
  return l;
}

LinearLayout LinearLayout::withContiguousRegistersFirst(
    llvm::SmallVectorImpl<int64_t> &origin) const {
  const Bases &reg = bases[Register];
  llvm::SmallVector<unsigned> order;
  for (int32_t want = 1;; want *= 2) {
    auto it = llvm::find_if(reg, [&](const Basis &b) { return b[0] == want; });
    if (it == reg.end())
      break;
    order.push_back(it - reg.begin());
  }
  for (unsigned i = 0; i < reg.size(); ++i)
    if (!llvm::is_contained(order, i))
      order.push_back(i);
  std::array<Bases, kNumInDims> out = bases;
  out[Register].clear();
  for (unsigned i : order)
    out[Register].push_back(reg[i]);
  origin.clear();
  for (int64_t r = 0; r < (int64_t(1) << order.size()); ++r) {
    int64_t o = 0;
    for (auto [j, i] : llvm::enumerate(order))
      o |= ((r >> j) & 1) << i;
    origin.push_back(o);
  }
  return LinearLayout(rank, out);
}

int64_t LinearLayout::getContiguousOffsets() const {
  // Register bits 0..k-1 must be offset bits 0..k-1, in order, and every
  // other basis a multiple of 2^k: then each group of 2^k registers sits,
  // in register order, at an offset aligned to its size.
  unsigned k = 0;
  while (k < bases[Register].size() && bases[Register][k][0] == (1 << k))
    ++k;
  auto aligned = [&](unsigned kk) {
    for (unsigned in = 0; in < kNumInDims; ++in)
      for (auto [i, b] : llvm::enumerate(bases[in]))
        if (!(in == Register && i < kk) && (b[0] & ((1 << kk) - 1)))
          return false;
    return true;
  };
  while (k > 0 && !aligned(k))
    --k;
  return int64_t(1) << k;
}

LinearLayout::SharedAccessCost
LinearLayout::getSharedAccessCost(const LinearLayout &offsets,
                                  unsigned elementBytes,
                                  unsigned maxVectorBytes, unsigned banks) {
  int64_t vec = std::min<int64_t>(offsets.getContiguousOffsets(),
                                  std::max(1u, maxVectorBytes / elementBytes));
  int64_t accessBytes = vec * elementBytes;
  int64_t lanes = offsets.getInDimSize(Lane);
  int64_t perPhase =
      std::clamp<int64_t>(int64_t(banks) * 4 / accessBytes, 1, lanes);
  SharedAccessCost cost{vec, offsets.getNumRegisters() / vec, 0, 0};
  // Registers beyond the vector bits repeat the access at other offsets:
  // every access of warp 0, each phase on its own.
  for (int64_t r = 0; r < offsets.getNumRegisters(); r += vec) {
    for (int64_t first = 0; first < lanes; first += perPhase) {
      std::map<int64_t, std::set<int64_t>> words; // bank -> distinct words
      for (int64_t lane = first; lane < first + perPhase; ++lane) {
        int64_t byte = int64_t(offsets.apply(r, lane, 0)[0]) * elementBytes;
        for (int64_t w = byte / 4; w <= (byte + accessBytes - 1) / 4; ++w)
          words[w % banks].insert(w);
      }
      int64_t most = 0;
      for (auto &[bank, ws] : words)
        most = std::max<int64_t>(most, ws.size());
      cost.wavefronts += most;
      cost.idealWavefronts += std::max<int64_t>(
          1, (perPhase * accessBytes + int64_t(banks) * 4 - 1) /
                 (int64_t(banks) * 4));
    }
  }
  return cost;
}

std::string LinearLayout::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "{";
  for (unsigned in = 0; in < kNumInDims; ++in) {
    if (in)
      os << ", ";
    os << stringifyInDim(InDim(in)) << " = [";
    llvm::interleaveComma(bases[in], os, [&](const Basis &b) {
      os << "[";
      llvm::interleaveComma(b, os);
      os << "]";
    });
    os << "]";
  }
  os << "}";
  return s;
}

LinearLayout mlir::tlxamd::getBlockScaleLayout(const LinearLayout &operand,
                                               unsigned kDim, int32_t block,
                                               bool lanesShareRows) {
  unsigned shift = llvm::Log2_32(uint32_t(block));
  std::array<LinearLayout::Bases, LinearLayout::kNumInDims> bases;
  for (unsigned in = 0; in < LinearLayout::kNumInDims; ++in) {
    for (LinearLayout::Basis b : operand.getBases(LinearLayout::InDim(in))) {
      b[kDim] >>= shift;
      if (in == LinearLayout::Register &&
          llvm::all_of(b, [](int32_t x) { return x == 0; }))
        continue;
      bases[in].push_back(b);
    }
  }
  if (lanesShareRows) {
    auto &regs = bases[LinearLayout::Register];
    for (LinearLayout::Basis &lane : bases[LinearLayout::Lane]) {
      if (lane[kDim] == 0)
        continue;
      // Before the first register basis further along K.
      auto at = llvm::find_if(regs, [&](const LinearLayout::Basis &r) {
        return r[kDim] > lane[kDim];
      });
      regs.insert(at, lane);
      lane.assign(lane.size(), 0);
    }
  }
  llvm::SmallVector<int64_t> shape = operand.getOutShape();
  shape[kDim] = std::max<int64_t>(1, shape[kDim] >> shift);
  return LinearLayout(operand.getRank(), std::move(bases)).withOutSizes(shape);
}
