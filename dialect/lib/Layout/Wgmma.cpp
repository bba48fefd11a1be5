//===- Wgmma.cpp - Hopper's warpgroup MMA fragment ------------------------===//
#include "tlxamd/Layout/Wgmma.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir::tlxamd;

namespace {
/// Thread 0's register holding each coordinate of a rank-2 layout (the
/// first one, for a broadcast layout).
llvm::DenseMap<std::pair<int64_t, int64_t>, int64_t>
threadZeroRegisters(const LinearLayout &ll) {
  llvm::DenseMap<std::pair<int64_t, int64_t>, int64_t> regOf;
  for (int64_t r = 0; r < ll.getNumRegisters(); ++r) {
    LinearLayout::Basis c = ll.apply(r, 0, 0);
    regOf.try_emplace({c[0], c[1]}, r);
  }
  return regOf;
}

/// Whether warps 0-3 stack along M (16 rows each) and the lanes are the
/// m16n8 fragment's: rows l / 4, columns 2 (l % 4).
bool isWarpgroupFragment(const LinearLayout &ll, std::string &why) {
  if (ll.apply(0, 0, 1) != LinearLayout::Basis{16, 0} ||
      ll.apply(0, 0, 2) != LinearLayout::Basis{32, 0}) {
    why = "the accumulator's first four warps must hold rows 16 w (a "
          "warpgroup's 64 rows)";
    return false;
  }
  const int64_t laneRows[] = {0, 0, 1, 2, 4}, laneCols[] = {2, 4, 0, 0, 0};
  for (int64_t i = 0; i < 5; ++i)
    if (ll.apply(0, int64_t(1) << i, 0) !=
        LinearLayout::Basis{int32_t(laneRows[i]), int32_t(laneCols[i])}) {
      why = "the accumulator's lanes are not wgmma's fragment (rows l / 4, "
            "columns 2 (l % 4))";
      return false;
    }
  return true;
}
} // namespace

std::optional<llvm::SmallVector<int64_t>>
WgmmaFragment::getOperandARegisters(const LinearLayout &llA, int64_t row,
                                    int64_t k) {
  auto regOf = threadZeroRegisters(llA);
  llvm::SmallVector<int64_t> out;
  for (int64_t e = 0; e < 8; ++e) {
    // element e: rows + 8 for (e / 2) % 2, K + (e % 2) + 8 (e / 4)
    auto it =
        regOf.find({row + ((e >> 1) & 1) * 8, k + (e & 1) + (e >> 2) * 8});
    if (it == regOf.end())
      return std::nullopt;
    out.push_back(it->second);
  }
  return out;
}

std::optional<WgmmaTiling> WgmmaTiling::get(const LinearLayout &ll,
                                            std::string &why) {
  int64_t warps = ll.getInDimSize(LinearLayout::Warp);
  if (warps % WgmmaFragment::kWarps) {
    why = "wgmma runs on whole warpgroups (4 warps), got " +
          std::to_string(warps) + " warps";
    return std::nullopt;
  }
  if (!isWarpgroupFragment(ll, why))
    return std::nullopt;
  llvm::DenseSet<int64_t> rows, cols;
  llvm::DenseSet<std::pair<int64_t, int64_t>> held;
  for (int64_t w = 0; w < WgmmaFragment::kWarps; ++w)
    for (int64_t l = 0; l < ll.getInDimSize(LinearLayout::Lane); ++l)
      for (int64_t r = 0; r < ll.getNumRegisters(); ++r) {
        LinearLayout::Basis c = ll.apply(r, l, w);
        rows.insert(c[0]);
        cols.insert(c[1]);
        held.insert({c[0], c[1]});
      }
  WgmmaTiling t;
  // The widest run of columns from 0, cut to wgmma's N (at most 256).
  int64_t run = 0;
  while (cols.contains(run))
    ++run;
  t.n = run;
  while (t.n > 256 && t.n % 2 == 0)
    t.n /= 2;
  if (t.n % 8 || t.n > 256) {
    why = "a warpgroup's columns come in runs of " + std::to_string(run) +
          "; wgmma takes N a multiple of 8 up to 256";
    return std::nullopt;
  }
  llvm::SmallVector<int64_t> rowOrigins, colOrigins;
  for (int64_t r : rows)
    if (r % WgmmaFragment::kRows == 0)
      rowOrigins.push_back(r);
  for (int64_t c : cols)
    if (c % t.n == 0)
      colOrigins.push_back(c);
  llvm::sort(rowOrigins);
  llvm::sort(colOrigins);
  for (int64_t r : rowOrigins)
    for (int64_t c : colOrigins)
      t.blocks.push_back({r, c});
  if (int64_t(held.size()) !=
      int64_t(t.blocks.size()) * WgmmaFragment::kRows * t.n) {
    why = "a warpgroup's elements do not form whole 64 x " +
          std::to_string(t.n) + " instruction blocks";
    return std::nullopt;
  }
  auto regOf = threadZeroRegisters(ll);
  for (auto [row, col] : t.blocks) {
    llvm::SmallVector<int64_t> regs;
    for (int64_t e = 0; e < t.n / 2; ++e) {
      auto it =
          regOf.find({row + ((e >> 1) & 1) * 8, col + (e >> 2) * 8 + (e & 1)});
      if (it == regOf.end()) {
        why = "the accumulator's registers are not wgmma's fragment";
        return std::nullopt;
      }
      regs.push_back(it->second);
    }
    t.registers.push_back(std::move(regs));
  }
  for (int64_t b = 2; (int64_t(1) << b) < warps; ++b) {
    LinearLayout::Basis c = ll.apply(0, 0, int64_t(1) << b);
    t.groupBases.push_back({c[0], c[1]});
  }
  return t;
}
