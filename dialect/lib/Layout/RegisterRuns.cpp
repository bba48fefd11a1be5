//===- RegisterRuns.cpp - registers holding one value ---------------------===//
//
// A thread's element coordinates are the XOR of its register's, lane's and
// warp's parts, so the aligned block of 2^k elements an element falls in
// along a dimension, coordinate >> k, is the XOR of the parts shifted: two
// registers whose parts agree above bit k along every dimension share a
// block in every thread, whatever its lane and warp.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Layout/LinearLayout.h"

#include "llvm/ADT/bit.h"

#include <map>

using namespace mlir::tlxamd;

llvm::SmallVector<int64_t> LinearLayout::getUniformRegisterRepresentatives(
    llvm::ArrayRef<int64_t> runs) const {
  int64_t n = getNumRegisters();
  llvm::SmallVector<int64_t> representative(n);
  std::map<Basis, int64_t> first;
  for (int64_t r = 0; r < n; ++r) {
    Basis block = apply(r, 0, 0);
    for (unsigned d = 0; d < getRank(); ++d) {
      int64_t run = d < runs.size() && runs[d] > 0 ? runs[d] : 1;
      block[d] >>= llvm::countr_zero(uint64_t(run));
    }
    representative[r] = first.try_emplace(block, r).first->second;
  }
  return representative;
}
