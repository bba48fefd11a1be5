//===- Wgmma.cpp - Hopper's warpgroup MMA fragment ------------------------===//
#include "tlxamd/Layout/Wgmma.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir::tlxamd;

std::optional<llvm::SmallVector<llvm::SmallVector<int64_t>>>
WgmmaFragment::getLayoutRegisters(const LinearLayout &ll, int64_t reps,
                                  int64_t blockRows, int64_t n) {
  llvm::DenseMap<std::pair<int64_t, int64_t>, int64_t> regOf;
  for (int64_t r = 0; r < ll.getNumRegisters(); ++r) {
    LinearLayout::Basis c = ll.apply(r, 0, 0);
    regOf.try_emplace({c[0], c[1]}, r);
  }
  llvm::SmallVector<llvm::SmallVector<int64_t>> out(reps);
  for (int64_t i = 0; i < reps; ++i)
    for (int64_t e = 0; e < n / 2; ++e) {
      // register e: columns 8 (e / 4) + e % 2, rows + 8 for (e / 2) % 2
      auto it = regOf.find(
          {i * blockRows + ((e >> 1) & 1) * 8, (e >> 2) * 8 + (e & 1)});
      if (it == regOf.end())
        return std::nullopt;
      out[i].push_back(it->second);
    }
  return out;
}
