//===- MatrixLayoutAttrs.cpp - amd_mfma, amd_wmma, dot_operand ------------===//
//
// The matrix-instruction layouts. Which generations and K depths exist comes
// from the capability table's matrix catalog (tlxamd/Target/Arch.h).
//
//===----------------------------------------------------------------------===//
#include "LayoutSyntax.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::layout_syntax;

//===----------------------------------------------------------------------===//
// Fields shared by the matrix-instruction layouts (amd_mfma, amd_wmma)
//===----------------------------------------------------------------------===//

namespace {
/// Rank 2 or 3 (batch first), tiles_per_warp one entry per dimension, all
/// powers of two, at most 32 warps, and a tile (instruction M x N x warps x
/// tiles) within the 2^20 elements of a tensor.
LogicalResult verifyMatrixTiling(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<unsigned> wpc,
                                 ArrayRef<unsigned> tiles,
                                 int64_t instrElements) {
  if (wpc.size() != 2 && wpc.size() != 3)
    return emitError() << "warps_per_cta must have 2 or 3 entries (batch "
                          "first), got "
                       << wpc.size();
  if (failed(checkRank(emitError, "tiles_per_warp", tiles, wpc.size())) ||
      failed(checkPow2List(emitError, "warps_per_cta", wpc)) ||
      failed(checkPow2List(emitError, "tiles_per_warp", tiles)))
    return failure();
  if (failed(checkWarps(emitError, wpc)))
    return failure();
  SmallVector<int64_t> tile(wpc.begin(), wpc.end());
  tile.append(tiles.begin(), tiles.end());
  tile.push_back(instrElements);
  return checkTile(emitError, tile);
}

} // namespace

//===----------------------------------------------------------------------===//
// amd_mfma
//===----------------------------------------------------------------------===//

/// `instr_shape` K must be the depth of an instruction of the capability
/// table's matrix catalog for that generation and M x N.
/// `instr_shape` K must be the depth of an instruction of the capability
/// table's matrix catalog for that generation and M x N.
static LogicalResult verifyMatrixK(function_ref<InFlightDiagnostic()> emitError,
                                   MatrixEngine engine, StringRef engineName,
                                   unsigned version, unsigned m, unsigned n,
                                   unsigned k, bool perShape) {
  SmallVector<unsigned> ks = getMatrixKDepths(engine, version, m, n);
  if (llvm::is_contained(ks, k))
    return success();
  auto diag = emitError() << "instr_shape K = " << k << " is not offered by "
                          << engineName << " version " << version;
  if (perShape)
    diag << " for " << m << "x" << n;
  diag << " (valid: ";
  llvm::interleaveComma(ks, diag);
  return diag << ")";
}

LogicalResult
AmdMfmaLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned version, ArrayRef<unsigned> instr,
                          bool transposed, ArrayRef<unsigned> wpc,
                          ArrayRef<unsigned> tiles, unsigned ebw) {
  if (!isKnownMatrixVersion(MatrixEngine::MFMA, version))
    return emitError() << "version must be an MFMA generation of a supported "
                          "target: "
                       << describeMatrixVersions(MatrixEngine::MFMA) << "; got "
                       << version;
  if (instr.size() != 3)
    return emitError() << "instr_shape must be [M, N, K], got " << instr.size()
                       << " entries";
  unsigned m = instr[0], n = instr[1], k = instr[2];
  if (!((m == 32 && n == 32) || (m == 16 && n == 16) || (m == 64 && n == 4) ||
        (m == 4 && n == 64)))
    return emitError() << "instr_shape [M, N] must be [32, 32], [16, 16], "
                          "[64, 4] or [4, 64], got ["
                       << m << ", " << n << "]";
  if (failed(verifyMatrixK(emitError, MatrixEngine::MFMA, "MFMA", version, m, n,
                           k, /*perShape=*/true)))
    return failure();
  if (m == 64 && n == 4 && !transposed)
    return emitError() << "a 64x4 MFMA layout must be transposed";
  if (ebw != 32 && ebw != 64)
    return emitError() << "element_bit_width must be 32 or 64, got " << ebw;
  if (ebw == 64 && !(m == 16 && n == 16))
    return emitError() << "64-bit MFMA accumulators need instr_shape 16x16, "
                          "got "
                       << m << "x" << n;
  return verifyMatrixTiling(emitError, wpc, tiles, int64_t(m) * n);
}

unsigned AmdMfmaLayoutAttr::getRank() const { return getWarpsPerCTA().size(); }
unsigned AmdMfmaLayoutAttr::getLanesPerWarp() const { return 64; }
unsigned AmdMfmaLayoutAttr::getWarpsPerProgram() const {
  return product(getWarpsPerCTA());
}
LogicalResult AmdMfmaLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyShapeCommon(emitError, shape, getRank());
}

//===----------------------------------------------------------------------===//
// nvidia_mma
//===----------------------------------------------------------------------===//

LogicalResult
NvidiaMmaLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> version, ArrayRef<unsigned> wpc,
                            ArrayRef<unsigned> instr) {
  if (wpc.size() != 2)
    return emitError() << "warps_per_cta must have 2 entries, got "
                       << wpc.size();
  SmallVector<unsigned> ones(2, 1);
  if (version == ArrayRef<unsigned>{3, 0}) {
    // wgmma: a warpgroup (4 warps along M) per 64 rows; instr [16, n, k].
    if (instr.size() != 3 || instr[0] != 16 || instr[1] % 8 || instr[1] < 8 ||
        instr[1] > 256 ||
        !llvm::is_contained(ArrayRef<unsigned>{8, 16, 32}, instr[2]))
      return emitError() << "version [3, 0] (wgmma) takes instr_shape [16, "
                            "n, k] with n a multiple of 8 in [8, 256] and k "
                            "8, 16 or 32 (256 bits of K), got ["
                         << instr << "]";
    if (wpc[0] % 4)
      return emitError() << "version [3, 0] (wgmma) needs warps_per_cta[0] a "
                            "multiple of 4 (warpgroups along M), got ["
                         << wpc << "]";
    return verifyMatrixTiling(emitError, wpc, ones, 16 * instr[1]);
  }
  if (version != ArrayRef<unsigned>{2, 0})
    return emitError() << "version must be [2, 0] (mma.sync) or [3, 0] "
                          "(wgmma), got ["
                       << version << "]";
  if (instr != ArrayRef<unsigned>{16, 8})
    return emitError() << "instr_shape must be [16, 8] (m16n8), got [" << instr
                       << "]";
  return verifyMatrixTiling(emitError, wpc, ones, 16 * 8);
}

unsigned NvidiaMmaLayoutAttr::getRank() const { return 2; }
unsigned NvidiaMmaLayoutAttr::getLanesPerWarp() const { return 32; }
unsigned NvidiaMmaLayoutAttr::getWarpsPerProgram() const {
  return product(getWarpsPerCTA());
}
LogicalResult NvidiaMmaLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyShapeCommon(emitError, shape, getRank());
}

//===----------------------------------------------------------------------===//
// amd_wmma
//===----------------------------------------------------------------------===//

LogicalResult
AmdWmmaLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned version, ArrayRef<unsigned> instr,
                          bool transposed, ArrayRef<unsigned> wpc,
                          ArrayRef<unsigned> tiles) {
  if (!isKnownMatrixVersion(MatrixEngine::WMMA, version))
    return emitError() << "version must be a WMMA generation of a supported "
                          "target: "
                       << describeMatrixVersions(MatrixEngine::WMMA) << "; got "
                       << version;
  if (instr.size() != 3 || instr[0] != 16 || instr[1] != 16)
    return emitError() << "instr_shape must be [16, 16, K]";
  if (failed(verifyMatrixK(emitError, MatrixEngine::WMMA, "WMMA", version, 16,
                           16, instr[2], /*perShape=*/false)))
    return failure();
  // D3: one positive entry per result dimension.
  return verifyMatrixTiling(emitError, wpc, tiles, 16 * 16);
}

unsigned AmdWmmaLayoutAttr::getRank() const { return getWarpsPerCTA().size(); }
unsigned AmdWmmaLayoutAttr::getLanesPerWarp() const { return 32; }
unsigned AmdWmmaLayoutAttr::getWarpsPerProgram() const {
  return product(getWarpsPerCTA());
}
LogicalResult AmdWmmaLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyShapeCommon(emitError, shape, getRank())))
    return failure();
  // D3: the period instr_shape x warps_per_cta x tiles_per_warp fits.
  unsigned rank = getRank();
  for (unsigned i = 0; i < 2; ++i) {
    unsigned d = rank - 2 + i;
    int64_t period = int64_t(getInstrShape()[i]) * getWarpsPerCTA()[d] *
                     getTilesPerWarp()[d];
    if (getTilesPerWarp()[d] > 1 && period > shape[d])
      return emitError() << "D3: tiles_per_warp period " << getInstrShape()[i]
                         << " x " << getWarpsPerCTA()[d] << " x "
                         << getTilesPerWarp()[d] << " = " << period
                         << " along dimension " << d
                         << " exceeds the tensor extent " << shape[d];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// dot_operand
//===----------------------------------------------------------------------===//

LogicalResult
DotOperandLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             unsigned opIdx, Attribute parent,
                             unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "op_idx must be 0 (A) or 1 (B), got " << opIdx;
  if (!isa<AmdMfmaLayoutAttr, AmdWmmaLayoutAttr, NvidiaMmaLayoutAttr>(parent))
    return emitError() << "dot_operand parent must be an #tlxamd.amd_mfma, "
                          "#tlxamd.amd_wmma or #tlxamd.nvidia_mma layout";
  if (kWidth == 0 || !llvm::isPowerOf2_32(kWidth) || kWidth > 32)
    return emitError() << "k_width must be a power of two between 1 and 32, "
                          "got "
                       << kWidth;
  auto mma = dyn_cast<NvidiaMmaLayoutAttr>(parent);
  if (mma && mma.getVersion()[0] == 3 && opIdx != 0)
    return emitError() << "a wgmma (version [3, 0]) parent has a register "
                          "operand A only (op_idx 0): B is read from shared "
                          "memory";
  return success();
}

unsigned DotOperandLayoutAttr::getRank() const {
  return asLayout(getParent()).getRank();
}
unsigned DotOperandLayoutAttr::getLanesPerWarp() const {
  return asLayout(getParent()).getLanesPerWarp();
}
unsigned DotOperandLayoutAttr::getWarpsPerProgram() const {
  return asLayout(getParent()).getWarpsPerProgram();
}
LogicalResult DotOperandLayoutAttr::verifyShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyShapeCommon(emitError, shape, getRank());
}
