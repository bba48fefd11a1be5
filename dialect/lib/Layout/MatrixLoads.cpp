//===- MatrixLoads.cpp - cooperative shared-memory matrix loads ----------===//
//
// The layout core's plans for the loads in which lanes fetch for each other
// (NVIDIA ldmatrix, CDNA4 ds_read_b64_tr_b16, gfx1250 ds_load_tr16_b128 /
// ds_load_tr8_b64):
// from the element offsets a distributed layout's registers have in a
// shared tile, whether the instruction serves it and which offset each lane
// addresses.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Layout/LinearLayout.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir::tlxamd;

std::optional<MatrixLoad>
mlir::tlxamd::getMatrixLoad(const LinearLayout &offsets) {
  using LL = LinearLayout;
  using Bases = LL::Bases;
  using Basis = LL::Basis;
  const Bases &reg = offsets.getBases(LL::Register),
              &lane = offsets.getBases(LL::Lane);
  if (offsets.getRank() != 1 || lane.size() != 5 || reg.size() < 3)
    return std::nullopt;
  auto is = [](const Basis &b, int32_t v) { return b[0] == v; };
  bool plain = is(reg[0], 1) && is(lane[0], 2) && is(lane[1], 4);
  bool trans = is(lane[2], 1) && is(lane[3], 2) && is(lane[4], 4);
  if (plain == trans)
    return std::nullopt;
  // The row bases (which 8 addresses) and everything beyond one
  // instruction keep rows whole and 16-byte aligned.
  Bases rows = plain ? Bases{lane[2], lane[3], lane[4]}
                     : Bases{reg[0], lane[0], lane[1]};
  Bases rest = rows;
  rest.append(reg.begin() + 1, reg.end());
  for (LL::InDim in : {LL::Warp, LL::Block})
    rest.append(offsets.getBases(in).begin(), offsets.getBases(in).end());
  for (const Basis &b : rest)
    if (b[0] & 7)
      return std::nullopt;
  std::array<Bases, LL::kNumInDims> out;
  out[LL::Register].assign(reg.begin() + 3, reg.end());
  out[LL::Lane] = rows;
  out[LL::Lane].append({reg[1], reg[2]}); // lanes 8-31: matrices 1-3
  out[LL::Warp] = offsets.getBases(LL::Warp);
  out[LL::Block] = offsets.getBases(LL::Block);
  return MatrixLoad{trans, LinearLayout(1, out)};
}

std::optional<LinearLayout>
mlir::tlxamd::getTransposedLoad(const LinearLayout &offsets,
                                TransposedRead read) {
  unsigned run = read.run;
  using LL = LinearLayout;
  using Bases = LL::Bases;
  const Bases &reg = offsets.getBases(LL::Register),
              &lane = offsets.getBases(LL::Lane);
  // A group of 64 / run lanes reads run x (64 / run) elements.
  unsigned runBits = llvm::Log2_32(run), groupBits = 6 - runBits;
  if (offsets.getRank() != 1 || !llvm::isPowerOf2_32(run) || run < 2 ||
      run > 32 || lane.size() < groupBits || reg.size() < runBits ||
      (read.pairedRuns && (run != 8 || lane.size() < 4)))
    return std::nullopt;
  for (unsigned i = 0; i < runBits; ++i)
    if (lane[i][0] != int32_t(1) << i)
      return std::nullopt;
  // Everything but the lane bits inside a run keeps the run whole and
  // aligned.
  Bases rest(reg.begin(), reg.end());
  rest.append(lane.begin() + runBits, lane.end());
  for (LL::InDim in : {LL::Warp, LL::Block})
    rest.append(offsets.getBases(in).begin(), offsets.getBases(in).end());
  for (const LL::Basis &b : rest)
    if (b[0] & int32_t(run - 1))
      return std::nullopt;
  // The lane supplying register r's run to the lanes of a group: its low
  // lane bits are the receivers' group bits above the run, its next bits
  // the register bits below `run`; lanes above the group stay.
  std::array<Bases, LL::kNumInDims> out;
  out[LL::Register].assign(reg.begin() + runBits, reg.end());
  if (read.pairedRuns) {
    out[LL::Lane] = {reg[0], reg[1], lane[3], reg[2]};
    out[LL::Lane].append(lane.begin() + 4, lane.end());
  } else {
    out[LL::Lane].assign(lane.begin() + runBits, lane.begin() + groupBits);
    out[LL::Lane].append(reg.begin(), reg.begin() + runBits);
    out[LL::Lane].append(lane.begin() + groupBits, lane.end());
  }
  out[LL::Warp] = offsets.getBases(LL::Warp);
  out[LL::Block] = offsets.getBases(LL::Block);
  return LinearLayout(1, out);
}
