//===- TensorMemory.h - Blackwell tensor memory -----------------*- C++ -*-===//
//
// Tensor memory (TMEM) is 128 lanes x 512 columns of 32-bit cells per SM.
// A tile in the standard layout (#tlxamd.tmem, block_m = 128, unpacked
// 32-bit elements) puts row r in lane r and column c in column c; the
// buffers of a multi-buffered allocation follow along the columns. An
// address is (lane << 16) | column. `tcgen05.alloc` hands out a power of
// two of at least 32 columns.
//
// The registers of `tcgen05.ld` / `tcgen05.st` with the 32x32b shape: warp
// w of a warp group reaches lanes 32 (w % 4) ... + 31 and thread t of it
// lane 32 (w % 4) + t, moving `columns` consecutive columns into its
// registers; a second warp group takes the upper half of the columns.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_LAYOUT_TENSORMEMORY_H
#define TLXAMD_LAYOUT_TENSORMEMORY_H

#include "tlxamd/Layout/LinearLayout.h"

#include <cstdint>
#include <optional>

namespace mlir::tlxamd {

struct TensorMemoryMap {
  static constexpr int64_t kLanes = 128;
  static constexpr int64_t kColumns = 512;
  /// Lanes one warp reaches (32x32b).
  static constexpr int64_t kWarpLanes = 32;
  /// Bytes one tcgen05.shift moves per row.
  static constexpr int64_t kShiftBytes = 32;

  /// Columns `tcgen05.alloc` reserves for `columns` (a power of two, at
  /// least 32), or none above the 512 of an SM.
  static std::optional<int64_t> getAllocColumns(int64_t columns);
  /// The address of (row, column) in a tile at address 0: (row << 16) +
  /// column, over an arithmetic `ops` (`c`, `add`, `mul`) on values `V`.
  template <typename V, typename Ops>
  static V buildAddress(Ops &ops, V row, V column) {
    return ops.add(ops.mul(row, ops.c(int64_t(1) << 16)), column);
  }
  /// Columns one tcgen05.shift segment spans (one 32-bit element each).
  static constexpr int64_t kShiftColumns = kShiftBytes / 4;
  /// The registers `tcgen05.ld` / `.st` (32x32b) move for a 128 x `columns`
  /// tile of 32-bit elements over `numWarps` (4 or 8) warps of 32 lanes:
  /// registers -> columns, lanes -> rows, warps -> row quarters, then
  /// column halves. None for another warp count.
  static std::optional<LinearLayout> getRegisterLayout(int64_t columns,
                                                       unsigned numWarps);
  /// The columns each thread moves (the .xN of the instruction).
  static int64_t getColumnsPerThread(int64_t columns, unsigned numWarps) {
    return numWarps == 8 ? columns / 2 : columns;
  }
};

/// MX scale factors in tensor memory (#tlxamd.tmem_scales): a `rows` x
/// `scales` matrix of bytes (E8M0, one per 32 K elements of a row of A or a
/// column of B) as tcgen05.mma's block scaling reads it. Row r lives in lane
/// r % 32 of every 32-lane quarter; scale j in byte j % 4 of column
/// (r / 32) + (rows / 32) * (j / 4). A block of 128 rows x 4 scales is four
/// columns, which one tcgen05.cp (32x128b, warpx4) fills from 512 bytes of
/// shared memory: byte (r % 32) * 16 + (r / 32) * 4 + j of the block.
struct TensorMemoryScalesMap {
  static constexpr int64_t kBlockRows = 128;
  static constexpr int64_t kBlockScales = 4;
  static constexpr int64_t kBlockBytes = 512;
  static constexpr int64_t kBlockColumns = 4;

  /// Whether `rows` x `scales` is whole blocks.
  static bool isValidShape(int64_t rows, int64_t scales) {
    return rows > 0 && scales > 0 && rows % kBlockRows == 0 &&
           scales % kBlockScales == 0;
  }
  /// The columns a `rows` x `scales` matrix occupies.
  static int64_t getColumns(int64_t rows, int64_t scales) {
    return rows / kBlockRows * (scales / kBlockScales) * kBlockColumns;
  }
  /// The column holding scale `j` of row `r`.
  static int64_t getColumn(int64_t rows, int64_t r, int64_t j) {
    return r / TensorMemoryMap::kWarpLanes +
           rows / TensorMemoryMap::kWarpLanes * (j / kBlockScales);
  }
  /// The byte of its column holding scale `j`.
  static unsigned getByte(int64_t j) { return unsigned(j % kBlockScales); }
};

} // namespace mlir::tlxamd

#endif // TLXAMD_LAYOUT_TENSORMEMORY_H
