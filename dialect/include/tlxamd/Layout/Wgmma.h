//===- Wgmma.h - Hopper's warpgroup MMA fragment ----------------*- C++ -*-===//
//
// wgmma.mma_async (sm_90a) runs on a warpgroup of 4 warps and writes a
// 64 x N tile per instruction: warp w of the group holds rows 16 w ... 16 w
// + 15, and its lane l the registers of the fragment in wgmma's order, per
// 8 columns: rows l / 4 and l / 4 + 8, columns 2 (l % 4) and + 1.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_LAYOUT_WGMMA_H
#define TLXAMD_LAYOUT_WGMMA_H

#include "tlxamd/Layout/LinearLayout.h"

#include <cstdint>
#include <optional>

namespace mlir::tlxamd {

struct WgmmaFragment {
  /// Rows one instruction writes, warps of a warpgroup.
  static constexpr int64_t kRows = 64;
  static constexpr unsigned kWarps = 4;

  /// For each instruction (the 64-row block `i` of warpgroup 0, blocks
  /// `blockRows` apart) and each register of its n-column fragment, the
  /// register of the accumulator layout `ll` holding that element (the
  /// same in every thread, the layout being linear); none when `ll` does
  /// not hold the fragment.
  static std::optional<llvm::SmallVector<llvm::SmallVector<int64_t>>>
  getLayoutRegisters(const LinearLayout &ll, int64_t reps, int64_t blockRows,
                     int64_t n);
};

} // namespace mlir::tlxamd

#endif // TLXAMD_LAYOUT_WGMMA_H
