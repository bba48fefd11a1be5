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
#include <string>
#include <utility>

namespace mlir::tlxamd {

struct WgmmaFragment {
  /// Rows one instruction writes, warps of a warpgroup.
  static constexpr int64_t kRows = 64;
  static constexpr unsigned kWarps = 4;
  /// The widest instruction N; the bits of K one instruction takes (16
  /// elements of 16 bits, 32 of 8).
  static constexpr int64_t kMaxN = 256;
  static constexpr unsigned kKBits = 256;

  /// The registers of a register operand A (16-bit elements, the
  /// accumulator's dot_operand layout `llA`) that feed the instruction of
  /// the 64-row block at `row` and the K step at `k`, in wgmma's order:
  /// eight elements, two per 32-bit register (rows + 8 every other pair,
  /// K + 8 in the second half). None when `llA` does not hold them.
  static std::optional<llvm::SmallVector<int64_t>>
  getOperandARegisters(const LinearLayout &llA, int64_t row, int64_t k);
};

/// How warpgroups cover an accumulator layout with wgmma instructions:
/// warps 0-3 (warpgroup 0) hold 64-row x `n`-column blocks at `blocks`
/// (row, column origins); each further warp bit moves a warpgroup by
/// `groupBases` (zero when warpgroups repeat the same blocks). `registers`
/// lists, per block, the accumulator register of each of the n / 2
/// fragment elements (the same in every thread).
struct WgmmaTiling {
  int64_t n = 0;
  llvm::SmallVector<std::pair<int64_t, int64_t>> blocks;
  llvm::SmallVector<std::pair<int64_t, int64_t>> groupBases;
  llvm::SmallVector<llvm::SmallVector<int64_t>> registers;

  /// The tiling of `ll` (an f32 accumulator of shape [M, N]); none, with
  /// the reason in `why`, when warpgroups cannot compute it.
  static std::optional<WgmmaTiling> get(const LinearLayout &ll,
                                        std::string &why);
};

} // namespace mlir::tlxamd

#endif // TLXAMD_LAYOUT_WGMMA_H
