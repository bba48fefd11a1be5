//===- LayoutConversions.cpp - every tlxamd layout to a linear layout ---===//
//
// The one place where layout attributes become linear layouts, in the basis
// convention of Triton/Gluon (checked against Gluon's to_linear_layout by the
// Python test suite). Everything else derives layout facts from the result.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

using LL = LinearLayout;

namespace {
constexpr unsigned kMfmaWaveSize = 64;
constexpr unsigned kWmmaWaveSize = 32;

/// Standard out-dim order of an M x N matrix layout with optional leading
/// batch dimension: N fastest, then M, then batch.
SmallVector<unsigned> matrixOrder(unsigned rank) {
  SmallVector<unsigned> order;
  for (int d = rank - 1; d >= 0; --d)
    order.push_back(d);
  return order;
}

LL blockedToLL(BlockedLayoutAttr l, ArrayRef<int64_t> shape) {
  // Out dims in `order`: repetitions over larger tensors go along the
  // fastest dimension first.
  LL cta = LL::identityND(LL::Register, l.getSizePerThread(), l.getOrder()) *
           LL::identityND(LL::Lane, l.getThreadsPerWarp(), l.getOrder()) *
           LL::identityND(LL::Warp, l.getWarpsPerCTA(), l.getOrder());
  // A thread owns each element once: size_per_thread registers that fall
  // outside a smaller tensor are dropped, not duplicated.
  return cta.resizedTo(shape, /*dropBroadcastRegisters=*/true);
}

/// MFMA and WMMA accumulators share the tiling above the instruction tile:
/// tiles_per_warp along N, warps along N, then tiles_per_warp along M and
/// warps along M (N-contiguous tile order). The registers of the periods'
/// repetitions: MFMA's along N come before M's tiles_per_warp (Triton's
/// AMDMfmaEncoding); WMMA's after all of a warp's tiles (Triton's
/// AMDWmmaEncoding, its tiles as register bases of the CTA tile).
LL extendMatrixTile(LL tile, ArrayRef<int64_t> shape,
                    ArrayRef<unsigned> instrShape,
                    ArrayRef<unsigned> warpsPerCTA,
                    ArrayRef<unsigned> tilesPerWarp, bool wmma = false) {
  unsigned rank = shape.size();
  bool batch = rank == 3;
  unsigned mIdx = batch, nIdx = batch + 1;
  unsigned nDim = instrShape[1];
  tile *= LL::identity1D(tilesPerWarp[nIdx], LL::Register, nIdx, rank);
  if (wmma)
    tile *= LL::identity1D(tilesPerWarp[mIdx], LL::Register, mIdx, rank);
  tile *= LL::identity1D(warpsPerCTA[nIdx], LL::Warp, nIdx, rank);
  int64_t period = int64_t(nDim) * warpsPerCTA[nIdx] * tilesPerWarp[nIdx];
  tile *= LL::identity1D(shape[nIdx] / period, LL::Register, nIdx, rank);
  if (!wmma)
    tile *= LL::identity1D(tilesPerWarp[mIdx], LL::Register, mIdx, rank);
  tile *= LL::identity1D(warpsPerCTA[mIdx], LL::Warp, mIdx, rank);
  if (batch) {
    tile *= LL::identity1D(1, LL::Register, 0, rank);
    tile *= LL::identity1D(1, LL::Lane, 0, rank);
    tile *= LL::identity1D(warpsPerCTA[0], LL::Warp, 0, rank);
  }
  return tile.resizedTo(shape);
}

LL mfmaToLL(AmdMfmaLayoutAttr l, ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  unsigned mIdx = rank - 2, nIdx = rank - 1;
  unsigned mDim = l.getInstrShape()[0], nDim = l.getInstrShape()[1];
  // A lane holds 4 consecutive rows of a 32-bit accumulator tile (1 for
  // 64-bit elements), lanes run along N, then the remaining lanes along M.
  int32_t height = l.getElementBitWidth() == 64 ? 1 : 4;
  int32_t tiles = int32_t(mDim * nDim) / int32_t(kMfmaWaveSize * height);
  unsigned regDim = l.getTransposed() ? nIdx : mIdx;
  unsigned laneDim = l.getTransposed() ? mIdx : nIdx;
  unsigned laneCount = l.getTransposed() ? mDim : nDim;
  LL tile = LL::identity1D(height, LL::Register, regDim, rank) *
            LL::identity1D(laneCount, LL::Lane, laneDim, rank) *
            LL::identity1D(kMfmaWaveSize / laneCount, LL::Lane, regDim, rank);
  if (tiles > 0)
    tile *= LL::identity1D(tiles, LL::Register, regDim, rank);
  tile = tile.transposeOuts({nIdx, mIdx});
  return extendMatrixTile(tile, shape, l.getInstrShape(), l.getWarpsPerCTA(),
                          l.getTilesPerWarp());
}

LL wmmaToLL(AmdWmmaLayoutAttr l, ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  unsigned mIdx = rank - 2, nIdx = rank - 1;
  // 16x16 tile, wave32: lanes 0-15 run along N (M for transposed); the
  // eight registers run along the other dimension. Version 1 interleaves
  // the two half-waves row by row, versions 2 and 3 stack them.
  unsigned regDim = l.getTransposed() ? nIdx : mIdx;
  unsigned laneDim = l.getTransposed() ? mIdx : nIdx;
  LL::Bases regs, lanes;
  auto unit = [&](unsigned d, int32_t v) {
    LL::Basis b(rank, 0);
    b[d] = v;
    return b;
  };
  for (int32_t v = 1; v < 16; v *= 2)
    lanes.push_back(unit(laneDim, v));
  if (l.getVersion() == 1) {
    for (int32_t v : {2, 4, 8})
      regs.push_back(unit(regDim, v));
    lanes.push_back(unit(regDim, 1));
  } else {
    for (int32_t v : {1, 2, 4})
      regs.push_back(unit(regDim, v));
    lanes.push_back(unit(regDim, 8));
  }
  LL tile(rank, {regs, lanes, {}, {}});
  tile = tile.transposeOuts({nIdx, mIdx});
  return extendMatrixTile(tile, shape, l.getInstrShape(), l.getWarpsPerCTA(),
                          l.getTilesPerWarp(), /*wmma=*/true);
}

/// mma.sync m16n8: in a 16 x 8 tile lane l holds rows l / 4 (+ 8 in the
/// second register pair) and columns 2 * (l % 4) + {0, 1}; warps along N,
/// then M; the tile repeats N first.
///
/// Version 3 (Hopper's wgmma, instr_shape [16, n, k]): each warp holds 16
/// rows of an n-column instruction tile (the m16n8 fragment repeated along
/// N); warps run along M first, four to a warpgroup's 64 rows, then along
/// N, one instruction tile apart; the CTA tile repeats N first.
LL nvidiaMmaToLL(NvidiaMmaLayoutAttr l, ArrayRef<int64_t> shape) {
  const unsigned m = 0, n = 1;
  bool wgmma = l.getVersion()[0] == 3;
  LL tile = LL::identity1D(2, LL::Register, n, 2) *
            LL::identity1D(4, LL::Lane, n, 2) *
            LL::identity1D(8, LL::Lane, m, 2) *
            LL::identity1D(2, LL::Register, m, 2);
  if (wgmma)
    tile *= LL::identity1D(l.getInstrShape()[1] / 8, LL::Register, n, 2);
  tile = tile.transposeOuts({n, m});
  ArrayRef<unsigned> wpc = l.getWarpsPerCTA();
  LL warps = wgmma ? LL::identity1D(wpc[0], LL::Warp, m, 2) *
                         LL::identity1D(wpc[1], LL::Warp, n, 2)
                   : LL::identityND(LL::Warp, wpc, {n, m});
  return (tile * warps.transposeOuts(tile.getOutDimOrder())).resizedTo(shape);
}

/// The operands of mma.sync: 32 bits of K (k_width elements) per register;
/// A: rows l / 4 (+ 8), K pairs 2 * (l % 4) (+ 8 in the second half of K);
/// B: columns l / 4, K as A's. Warps along the other operand's dimension
/// hold the same fragment; repetitions run along K first.
LL nvidiaDotOperandToLL(DotOperandLayoutAttr l, NvidiaMmaLayoutAttr parent,
                        ArrayRef<int64_t> shape) {
  unsigned opIdx = l.getOpIdx();
  unsigned kIdx = opIdx == 0 ? 1 : 0, nonKIdx = 1 - kIdx;
  int32_t kWidth = l.getKWidth();
  LL tile = LL::identity1D(kWidth, LL::Register, kIdx, 2) *
            LL::identity1D(4, LL::Lane, kIdx, 2) *
            LL::identity1D(8, LL::Lane, nonKIdx, 2);
  if (opIdx == 0)
    tile *= LL::identity1D(2, LL::Register, nonKIdx, 2);
  tile *= LL::identity1D(2, LL::Register, kIdx, 2);
  tile = tile.transposeOuts({kIdx, nonKIdx});
  ArrayRef<unsigned> wpc = parent.getWarpsPerCTA();
  // Warp bit 0 runs along N, then M (along M first for wgmma's version 3):
  // A ignores the N warps, B the M warps.
  LL warps = parent.getVersion()[0] == 3
                 ? LL::identity1D(wpc[0], LL::Warp, nonKIdx, 2) *
                       LL::zeros1D(wpc[1], LL::Warp, kIdx, 2)
             : opIdx == 0 ? LL::zeros1D(wpc[1], LL::Warp, kIdx, 2) *
                                LL::identity1D(wpc[0], LL::Warp, nonKIdx, 2)
                          : LL::identity1D(wpc[1], LL::Warp, nonKIdx, 2) *
                                LL::zeros1D(wpc[0], LL::Warp, kIdx, 2);
  return (tile * warps.transposeOuts(tile.getOutDimOrder())).resizedTo(shape);
}

LL dotOperandToLL(DotOperandLayoutAttr l, ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  unsigned opIdx = l.getOpIdx();
  unsigned kIdx = opIdx == 0 ? rank - 1 : rank - 2;
  unsigned nonKIdx = opIdx == 0 ? rank - 2 : rank - 1;
  int32_t kWidth = l.getKWidth();
  int64_t kSize = shape[kIdx];
  SmallVector<unsigned> warpOrder = matrixOrder(rank);
  LL tile(rank);

  if (auto mma = dyn_cast<NvidiaMmaLayoutAttr>(l.getParent()))
    return nvidiaDotOperandToLL(l, mma, shape);
  if (auto mfma = dyn_cast<AmdMfmaLayoutAttr>(l.getParent())) {
    unsigned mDim = mfma.getInstrShape()[0], nDim = mfma.getInstrShape()[1];
    int32_t nonKDim = opIdx == 0 ? mDim : nDim;
    // A lane holds k_width consecutive K elements; lanes run along the
    // non-K dimension, the remaining lanes along K.
    tile = LL::identity1D(kWidth, LL::Register, kIdx, rank) *
           LL::identity1D(nonKDim, LL::Lane, nonKIdx, rank) *
           LL::identity1D(kMfmaWaveSize / nonKDim, LL::Lane, kIdx, rank);
    int64_t kTile = int64_t(kMfmaWaveSize / nonKDim) * kWidth;
    // 64x4 / 4x64: the 64-wide operand repeats 16 times along K.
    if ((mDim == 64 && nDim == 4 && opIdx == 0) ||
        (mDim == 4 && nDim == 64 && opIdx == 1)) {
      tile *= LL::identity1D(16, LL::Register, kIdx, rank);
      kTile *= 16;
    }
    if (kSize > kTile)
      tile *= LL::identity1D(kSize / kTile, LL::Register, kIdx, rank);
    tile *= LL::identity1D(mfma.getTilesPerWarp()[nonKIdx], LL::Register,
                           nonKIdx, rank);
    tile = tile.transposeOuts({kIdx, nonKIdx});
    if (rank == 3) {
      tile *= LL::identity1D(1, LL::Register, 0, rank);
      tile *= LL::identity1D(1, LL::Lane, 0, rank);
    }
    LL warps = LL::identityND(LL::Warp, mfma.getWarpsPerCTA(), warpOrder);
    LL cta = tile * warps.transposeOuts(tile.getOutDimOrder());
    return cta.resizedTo(shape);
  }

  auto wmma = cast<AmdWmmaLayoutAttr>(l.getParent());
  int32_t nonKDim = wmma.getInstrShape()[opIdx == 0 ? 0 : 1];
  int32_t kDim = wmma.getInstrShape()[2];
  int32_t depth = kWmmaWaveSize / nonKDim;
  tile = LL::identity1D(kWidth, LL::Register, kIdx, rank) *
         LL::identity1D(nonKDim, LL::Lane, nonKIdx, rank);
  // Version 1 duplicates the operand in both half-waves; later versions
  // split K between them.
  tile *= wmma.getVersion() == 1 ? LL::zeros1D(depth, LL::Lane, kIdx, rank)
                                 : LL::identity1D(depth, LL::Lane, kIdx, rank);
  tile *= LL::identity1D(std::max<int32_t>(kDim / (depth * kWidth), 1),
                         LL::Register, kIdx, rank);
  // A warp's tiles along the operand's non-K dimension (Triton's order:
  // before the K repetitions).
  tile *= LL::identity1D(wmma.getTilesPerWarp()[nonKIdx], LL::Register, nonKIdx,
                         rank);
  if (rank == 3) {
    tile *= LL::identity1D(1, LL::Register, 0, rank);
    tile *= LL::identity1D(1, LL::Lane, 0, rank);
  }
  // Warps along K hold the same operand (broadcast).
  LL warps(rank);
  for (unsigned d : warpOrder)
    warps *= d == kIdx
                 ? LL::zeros1D(wmma.getWarpsPerCTA()[d], LL::Warp, d, rank)
                 : LL::identity1D(wmma.getWarpsPerCTA()[d], LL::Warp, d, rank);
  SmallVector<unsigned> repOrder = {kIdx, nonKIdx};
  if (rank == 3)
    repOrder.push_back(0);
  LL cta = tile.transposeOuts(repOrder) * warps.transposeOuts(repOrder);
  return cta.resizedTo(shape);
}

LL sliceToLL(SliceLayoutAttr l, ArrayRef<int64_t> shape) {
  unsigned dim = l.getDim();
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + dim, 1);
  LL parent = toLinearLayout(l.getParent(), parentShape);
  unsigned rank = shape.size();
  std::array<LL::Bases, LL::kNumInDims> bases;
  for (unsigned in = 0; in < LL::kNumInDims; ++in) {
    for (const LL::Basis &b : parent.getBases(LL::InDim(in))) {
      LL::Basis out;
      for (unsigned d = 0; d < b.size(); ++d)
        if (d != dim)
          out.push_back(b[d]);
      bool zero = llvm::all_of(out, [](int32_t v) { return v == 0; });
      // Registers that only moved along the removed dimension are duplicates.
      if (in == LL::Register && zero)
        continue;
      bases[in].push_back(out);
    }
  }
  return LL(rank, std::move(bases));
}

LL linearToLL(LinearLayoutEncodingAttr l) {
  unsigned rank = l.getRank();
  auto unflatten = [&](ArrayRef<int32_t> flat) {
    LL::Bases out;
    for (size_t i = 0; i + rank <= flat.size(); i += rank)
      out.push_back(LL::Basis(flat.begin() + i, flat.begin() + i + rank));
    return out;
  };
  return LL(rank, {unflatten(l.getRegisterBases()), unflatten(l.getLaneBases()),
                   unflatten(l.getWarpBases()), unflatten(l.getBlockBases())});
}
//===----------------------------------------------------------------------===//
// Shared layouts: element offset (the Offset input) -> coordinates
//===----------------------------------------------------------------------===//

/// The swizzled rows x columns tile of the two fastest dimensions of
/// `order`: offsets walk a row's columns, then the rows, whose columns are
/// XOR-ed by `vec * phase(row)`; the remaining dimensions follow in order.
LL swizzledSharedToLL(SwizzledSharedLayoutAttr l, ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  ArrayRef<unsigned> order = l.getOrder();
  if (rank == 1)
    return LL::identity1D(shape[0], LL::Offset, 0, rank);
  unsigned colDim = order[0], rowDim = order[1];
  int64_t numCols = shape[colDim], numRows = shape[rowDim];
  LL::Bases offsets;
  for (int64_t col = 1; col < numCols; col *= 2) {
    LL::Basis b(rank, 0);
    b[colDim] = col;
    offsets.push_back(b);
  }
  for (int64_t row = 1; row < numRows; row *= 2) {
    LL::Basis b(rank, 0);
    b[rowDim] = row;
    int64_t phase = (row / l.getPerPhase()) % l.getMaxPhase();
    b[colDim] = (int64_t(l.getVec()) * phase) % numCols;
    offsets.push_back(b);
  }
  LL tile(rank, {offsets, {}, {}, {}});
  for (unsigned i = 2; i < rank; ++i)
    tile *= LL::identity1D(shape[order[i]], LL::Offset, order[i], rank);
  return tile;
}

} // namespace

SmallVector<int64_t> mlir::tlxamd::getTmaBoxShape(NvmmaSharedLayoutAttr l,
                                                  ArrayRef<int64_t> shape) {
  // Every extent at most 256, the contiguous one the swizzle's width.
  SmallVector<int64_t> box(shape);
  for (int64_t &s : box)
    s = std::min<int64_t>(s, 256);
  if (l.getSwizzleBytes() != 0) {
    unsigned contig = l.getTransposed() ? 0 : shape.size() - 1;
    box[contig] = int64_t(l.getSwizzleBytes()) * 8 / l.getElementBits();
  }
  return box;
}

namespace {

/// NVIDIA's 8-row core matrices of `swizzle_bytes` per row (16-byte chunks
/// XOR-ed by the row), tiled over the TMA box: the contiguous dimension is
/// cut to the swizzle width, the other dimensions collapse into rows; then
/// the box repeats over the tile.
LL nvmmaSharedToLL(NvmmaSharedLayoutAttr l, ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  bool transposed = l.getTransposed();
  unsigned contig = transposed ? 0 : rank - 1;
  SmallVector<int64_t> box = getTmaBoxShape(l, shape);
  SmallVector<unsigned> standard;
  for (unsigned d = 0; d < rank; ++d)
    standard.push_back(d);
  if (l.getSwizzleBytes() == 0) {
    // Row-major over the box, the contiguous dimension fastest.
    LL layout = LL::identity1D(box[contig], LL::Offset, contig, rank);
    for (unsigned d = rank; d-- > 0;)
      if (d != contig)
        layout *= LL::identity1D(box[d], LL::Offset, d, rank);
    return layout.transposeOuts(standard).ensureNotSmallerThan(shape);
  }
  // Rows x columns of the collapsed box (columns contiguous).
  int64_t cols = box[contig], rows = 1;
  for (unsigned d = 0; d < rank; ++d)
    if (d != contig)
      rows *= box[d];
  int64_t tileCols = int64_t(l.getSwizzleBytes()) * 8 / l.getElementBits();
  int64_t vec = l.getVec();
  int64_t perPhase = 128 / l.getSwizzleBytes(),
          maxPhase = l.getSwizzleBytes() / 16;
  LL::Bases offsets;
  for (int64_t col = 1; col < tileCols; col *= 2)
    offsets.push_back({0, int32_t(col)});
  for (int64_t row = 1; row < 8; row *= 2)
    offsets.push_back(
        {int32_t(row), int32_t(vec * ((row / perPhase) % maxPhase))});
  LL box2d = LL(2, {offsets, {}, {}, {}})
                 .transposeOuts({0, 1})
                 .ensureNotSmallerThan({rows, cols});
  // Back to the box's dimensions: the rows are the other dimensions in
  // order (for a transposed layout, the contiguous first dimension moved
  // last).
  SmallVector<int64_t> rotated(box);
  if (transposed)
    std::rotate(rotated.begin(), rotated.begin() + 1, rotated.end());
  LL layout = box2d.reshapeOuts(rotated);
  if (transposed) {
    SmallVector<unsigned> perm = {rank - 1};
    for (unsigned d = 0; d + 1 < rank; ++d)
      perm.push_back(d);
    layout = layout.permuteOuts(perm);
  }
  return layout.transposeOuts(standard).ensureNotSmallerThan(shape);
}

/// The identity offset map in `order` (the padding is added on top).
LL paddedSharedToLL(PaddedSharedLayoutAttr l, ArrayRef<int64_t> shape) {
  SmallVector<unsigned> dims(shape.begin(), shape.end());
  return LL::identityND(LL::Offset, dims, l.getOrder());
}
} // namespace

LinearLayout mlir::tlxamd::toSharedLinearLayout(Attribute layout,
                                                ArrayRef<int64_t> shape) {
  if (auto l = dyn_cast<SwizzledSharedLayoutAttr>(layout))
    return swizzledSharedToLL(l, shape);
  if (auto l = dyn_cast<NvmmaSharedLayoutAttr>(layout))
    return nvmmaSharedToLL(l, shape);
  return paddedSharedToLL(cast<PaddedSharedLayoutAttr>(layout), shape);
}

LinearLayout mlir::tlxamd::toLinearLayout(Attribute layout,
                                          ArrayRef<int64_t> shape) {
  if (auto l = dyn_cast<BlockedLayoutAttr>(layout))
    return blockedToLL(l, shape);
  if (auto l = dyn_cast<AmdMfmaLayoutAttr>(layout))
    return mfmaToLL(l, shape);
  if (auto l = dyn_cast<AmdWmmaLayoutAttr>(layout))
    return wmmaToLL(l, shape);
  if (auto l = dyn_cast<NvidiaMmaLayoutAttr>(layout))
    return nvidiaMmaToLL(l, shape);
  if (auto l = dyn_cast<DotOperandLayoutAttr>(layout))
    return dotOperandToLL(l, shape);
  if (auto l = dyn_cast<SliceLayoutAttr>(layout))
    return sliceToLL(l, shape);
  return linearToLL(cast<LinearLayoutEncodingAttr>(layout));
}

LinearLayout mlir::tlxamd::getLinearLayout(RankedTensorType type) {
  return toLinearLayout(type.getEncoding(), type.getShape());
}

//===----------------------------------------------------------------------===//
// Choosing a shared layout for a distributed -> shared -> distributed move
//===----------------------------------------------------------------------===//

LinearLayout::SharedAccessCost
mlir::tlxamd::getSharedAccessCost(Attribute dist, Attribute shared,
                                  ArrayRef<int64_t> shape,
                                  unsigned elementBytes, unsigned banks) {
  std::optional<LinearLayout> offsets = LinearLayout::getSharedOffsets(
      toLinearLayout(dist, shape), toSharedLinearLayout(shared, shape));
  assert(offsets && "shared layouts are bijections of the tile");
  return LinearLayout::getSharedAccessCost(*offsets, elementBytes,
                                           kMaxSharedVectorBytes, banks);
}

Attribute mlir::tlxamd::getStagedOperandLayout(MLIRContext *ctx,
                                               ArrayRef<int64_t> shape,
                                               unsigned elementBits,
                                               unsigned fastDim,
                                               bool forWarpgroupMma) {
  int64_t rowBytes = shape[fastDim] * elementBits / 8;
  if (forWarpgroupMma) {
    unsigned swizzle = rowBytes >= 128 ? 128 : rowBytes >= 64 ? 64 : 32;
    return NvmmaSharedLayoutAttr::get(ctx, swizzle, elementBits, fastDim == 0,
                                      2);
  }
  unsigned vec = std::max<unsigned>(1, kMaxSharedVectorBytes * 8 / elementBits);
  unsigned perPhase =
      std::max<int64_t>(1, 128 / std::max<int64_t>(1, rowBytes));
  unsigned maxPhase = std::max<unsigned>(1, 8 / perPhase);
  return SwizzledSharedLayoutAttr::get(
      ctx, vec, perPhase, maxPhase, ArrayRef<unsigned>{fastDim, 1 - fastDim});
}

Attribute mlir::tlxamd::getStagedRegisterLayout(MLIRContext *ctx,
                                                ArrayRef<int64_t> shape,
                                                unsigned elementBits,
                                                unsigned numWarps,
                                                const ArchInfo &arch) {
  if (getTransposedRead(arch, elementBits).run)
    return {};
  unsigned warpSize = arch.warpSize;
  int64_t rows = shape[0], cols = shape[1];
  int64_t vec = kMaxSharedVectorBytes * 8 / elementBits;
  int64_t share = rows * cols / (int64_t(warpSize) * numWarps);
  int64_t k = std::min<int64_t>(4, share / vec);
  int64_t tn = cols / vec;
  if (k < 2 || tn < 1 || tn > warpSize || warpSize % tn ||
      rows % (k * (warpSize / tn)))
    return {};
  int64_t tk = warpSize / tn;
  unsigned wk =
      std::max<int64_t>(1, std::min<int64_t>(numWarps, rows / (k * tk)));
  return BlockedLayoutAttr::get(ctx, {unsigned(k), unsigned(vec)},
                                {unsigned(tk), unsigned(tn)},
                                {wk, numWarps / wk}, {1, 0});
}

TransposedRead mlir::tlxamd::getTransposedRead(const ArchInfo &arch,
                                               unsigned elementBits) {
  if (elementBits == 16)
    return {arch.ldsTransposeRead16Elems, false};
  if (elementBits == 8)
    return {arch.ldsTransposeRead8Elems, arch.ldsTransposeRead8PairedRuns};
  return {};
}

/// The cost of `dist`'s load from `shared` through the transposing read
/// `read`, where it serves it.
static std::optional<LinearLayout::SharedAccessCost>
getTransposedReadCost(Attribute dist, Attribute shared, ArrayRef<int64_t> shape,
                      unsigned elementBytes, unsigned banks,
                      TransposedRead read) {
  unsigned run = read.run;
  std::optional<LinearLayout> offsets = LinearLayout::getSharedOffsets(
      toLinearLayout(dist, shape), toSharedLinearLayout(shared, shape));
  std::optional<LinearLayout> reads =
      offsets ? getTransposedLoad(*offsets, read) : std::nullopt;
  if (!reads)
    return std::nullopt;
  // Each lane reads its run from the address the plan gives it.
  std::array<LinearLayout::Bases, LinearLayout::kNumInDims> bases;
  for (int32_t e = 1; e < int32_t(run); e *= 2)
    bases[LinearLayout::Register].push_back({e});
  for (unsigned in = 0; in < LinearLayout::kNumInDims; ++in)
    llvm::append_range(bases[in], reads->getBases(LinearLayout::InDim(in)));
  return LinearLayout::getSharedAccessCost(LinearLayout(1, bases), elementBytes,
                                           kMaxSharedVectorBytes, banks);
}

SwizzledSharedLayoutAttr mlir::tlxamd::chooseSwizzledSharedLayout(
    Attribute src, Attribute dst, ArrayRef<int64_t> shape,
    unsigned elementBytes, unsigned banks, TransposedRead transposedRead) {
  MLIRContext *ctx = src.getContext();
  unsigned rank = shape.size();
  // Offsets run along the dimension the source's registers are contiguous
  // in (so its stores vectorize), then the destination's, then the rest
  // from the last dimension.
  SmallVector<unsigned> order;
  for (Attribute l : {src, dst}) {
    int dim = -1;
    toLinearLayout(l, shape).getContiguousRegisters(&dim);
    if (dim >= 0 && !llvm::is_contained(order, unsigned(dim)))
      order.push_back(dim);
  }
  for (unsigned d = rank; d-- > 0;)
    if (!llvm::is_contained(order, d))
      order.push_back(d);
  int64_t maxVec = std::max<int64_t>(1, kMaxSharedVectorBytes / elementBytes);
  SwizzledSharedLayoutAttr best;
  std::tuple<int64_t, int64_t, unsigned> bestKey;
  for (int64_t vec = 1; vec <= maxVec; vec *= 2)
    for (unsigned perPhase = 1; perPhase <= 16; perPhase *= 2)
      for (unsigned maxPhase = 1; maxPhase <= 32; maxPhase *= 2) {
        if (maxPhase == 1 && (vec != 1 || perPhase != 1))
          continue; // all unswizzled tiles are the same
        auto cand =
            SwizzledSharedLayoutAttr::get(ctx, vec, perPhase, maxPhase, order);
        auto store = getSharedAccessCost(src, cand, shape, elementBytes, banks);
        std::optional<LinearLayout::SharedAccessCost> transposed =
            transposedRead.run
                ? getTransposedReadCost(dst, cand, shape, elementBytes, banks,
                                        transposedRead)
                : std::nullopt;
        auto load = transposed ? *transposed
                               : getSharedAccessCost(dst, cand, shape,
                                                     elementBytes, banks);
        // Fewest wavefronts, then fewest accesses, then the mildest swizzle.
        std::tuple<int64_t, int64_t, unsigned> key = {
            store.wavefronts + load.wavefronts, store.accesses + load.accesses,
            maxPhase * perPhase};
        if (!best || key < bestKey) {
          best = cand;
          bestKey = key;
        }
      }
  return best;
}