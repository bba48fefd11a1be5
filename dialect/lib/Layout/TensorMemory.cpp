//===- TensorMemory.cpp - Blackwell tensor memory -------------------------===//
#include "tlxamd/Layout/TensorMemory.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir::tlxamd;

std::optional<int64_t> TensorMemoryMap::getAllocColumns(int64_t columns) {
  if (columns <= 0 || columns > kColumns)
    return std::nullopt;
  return std::max<int64_t>(32, int64_t(llvm::PowerOf2Ceil(columns)));
}

std::optional<LinearLayout>
TensorMemoryMap::getRegisterLayout(int64_t columns, unsigned numWarps) {
  if ((numWarps != 4 && numWarps != 8) || columns <= 0 ||
      !llvm::isPowerOf2_64(columns) || (numWarps == 8 && columns < 2))
    return std::nullopt;
  int64_t perThread = getColumnsPerThread(columns, numWarps);
  // Dimension 0: rows, dimension 1: columns.
  LinearLayout regs = LinearLayout::identity1D(int32_t(perThread),
                                               LinearLayout::Register, 1, 2);
  LinearLayout lanes =
      LinearLayout::identity1D(int32_t(kWarpLanes), LinearLayout::Lane, 0, 2);
  LinearLayout quarters = LinearLayout::identity1D(4, LinearLayout::Warp, 0, 2);
  LinearLayout l = regs * lanes * quarters;
  if (numWarps == 8)
    l *= LinearLayout::identity1D(2, LinearLayout::Warp, 1, 2);
  return l;
}
