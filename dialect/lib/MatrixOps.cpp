//===- MatrixOps.cpp - tl.dot
//----------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// The layouts of a dot with layouts: the result's is an MFMA layout and
/// the operands' its dot-operand layouts (A: op_idx 0, B: op_idx 1) with
/// one k_width; each dimension a whole number of instructions.
static LogicalResult verifyDotLayouts(DotOp op, RankedTensorType a,
                                      RankedTensorType b, RankedTensorType c) {
  Attribute ea = a.getEncoding(), eb = b.getEncoding(), ec = c.getEncoding();
  if (!ea && !eb && !ec)
    return success();
  if (!ea || !eb || !ec)
    return op.emitOpError("operands and result have layouts or none does "
                          "(layout assignment chooses them together)");
  auto mfma = dyn_cast<AmdMfmaLayoutAttr>(ec);
  auto mma = dyn_cast<NvidiaMmaLayoutAttr>(ec);
  if (!mfma && !mma)
    return op.emitOpError("the result's layout names the matrix instruction: "
                          "an #tlxamd.amd_mfma or #tlxamd.nvidia_mma layout, "
                          "got ")
           << ec;
  Attribute operands[] = {ea, eb};
  for (auto [i, enc] : llvm::enumerate(operands)) {
    auto dot = dyn_cast<DotOperandLayoutAttr>(enc);
    if (!dot || dot.getOpIdx() != i || dot.getParent() != ec)
      return op.emitOpError("operand ")
             << (i ? "b" : "a") << " must have the layout #tlxamd.dot_operand"
             << "<{op_idx = " << i << ", parent = <the result's layout>, "
             << "k_width = ...}>, got " << enc;
  }
  unsigned ka = cast<DotOperandLayoutAttr>(ea).getKWidth(),
           kb = cast<DotOperandLayoutAttr>(eb).getKWidth();
  if (ka != kb)
    return op.emitOpError("operands hold ")
           << ka << " and " << kb
           << " elements of K per lane (k_width): one instruction takes both";
  unsigned bits = a.getElementType().getIntOrFloatBitWidth();
  if (mfma && (mfma.getElementBitWidth() == 64) != c.getElementType().isF64())
    return op.emitOpError("the MFMA layout's element_bit_width ")
           << mfma.getElementBitWidth() << " does not match the "
           << c.getElementType() << " accumulator";
  if (mma && ka * bits != 32)
    return op.emitOpError("mma.sync operand registers hold 32 bits of K: "
                          "k_width must be ")
           << 32 / bits << " for " << a.getElementType() << ", got " << ka;
  SmallVector<unsigned, 3> instr =
      mfma ? SmallVector<unsigned, 3>(mfma.getInstrShape())
           : SmallVector<unsigned, 3>{16, 8, 8 * ka};
  int64_t dims[3] = {c.getDimSize(0), c.getDimSize(1), a.getDimSize(1)};
  for (unsigned d = 0; d < 3; ++d)
    if (dims[d] % instr[d] != 0)
      return op.emitOpError("the ")
             << "MNK"[d] << " extent " << dims[d]
             << " is not a whole number of the instruction's " << instr[d];
  return success();
}

LogicalResult DotOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  if (a.getRank() != 2 || b.getRank() != 2 || c.getRank() != 2)
    return emitOpError("multiplies matrices (rank 2), got ranks ")
           << a.getRank() << ", " << b.getRank() << " and " << c.getRank();
  int64_t m = a.getDimSize(0), k = a.getDimSize(1), n = b.getDimSize(1);
  if (b.getDimSize(0) != k || c.getDimSize(0) != m || c.getDimSize(1) != n)
    return emitOpError("shapes do not chain: a is ")
           << m << "x" << k << ", b " << b.getDimSize(0) << "x" << n
           << ", the accumulator " << c.getDimSize(0) << "x" << c.getDimSize(1)
           << " (M x K times K x N is M x N)";
  Type elem = a.getElementType(), acc = c.getElementType();
  if (b.getElementType() != elem)
    return emitOpError("operands have different element types, ")
           << elem << " and " << b.getElementType();
  bool isInt = elem.isSignlessInteger(8);
  if (!isInt && !isa<FloatType>(elem))
    return emitOpError("operands are floats or i8, got ") << elem;
  bool accOk = isInt ? acc.isSignlessInteger(32)
                     : (elem.isF64() ? acc.isF64() : acc.isF32());
  if (!accOk)
    return emitOpError("accumulates ")
           << elem << " products in "
           << (isInt ? "i32" : (elem.isF64() ? "f64" : "f32")) << ", got "
           << acc;
  return verifyDotLayouts(*this, a, b, c);
}

/// MLIR's spelling of `type` ("bf16", "f8E4M3FN"): the capability
/// table's name of an operand type.
static std::string spell(Type type) {
  std::string s;
  llvm::raw_string_ostream(s) << type;
  return s;
}

const MatrixInstr *mlir::tlxamd::findMatrixInstrFor(const ArchInfo &arch,
                                                    MatrixEngine engine,
                                                    unsigned m, unsigned n,
                                                    unsigned k, Type aType) {
  return findMatrixInstr(arch, engine, m, n, k, spell(aType));
}

/// Warps over an m x n tile of tm x tn instructions: split between M and
/// N while each keeps a whole instruction tile (balanced, M first), then
/// along M (the warps' tiles repeat).
static std::pair<unsigned, unsigned>
splitWarps(int64_t m, int64_t n, int64_t tm, int64_t tn, unsigned numWarps) {
  unsigned wm = 1, wn = 1;
  for (unsigned w = 1; w < numWarps; w *= 2) {
    bool mRoom = m >= tm * wm * 2;
    bool nRoom = n >= tn * wn * 2;
    if (mRoom && (!nRoom || wm <= wn))
      wm *= 2;
    else if (nRoom)
      wn *= 2;
    else
      wm *= 2;
  }
  return {wm, wn};
}

DotLayoutChoice mlir::tlxamd::chooseDotLayout(MLIRContext *ctx,
                                              const ArchInfo &arch, int64_t m,
                                              int64_t n, int64_t k, Type elem,
                                              unsigned numWarps) {
  std::string spelling = spell(elem);
  if (arch.isNVIDIA()) {
    unsigned bits = elem.getIntOrFloatBitWidth();
    unsigned kWidth = bits <= 32 ? 32 / bits : 0;
    if (!kWidth || m % 16 || n % 8 || k % (8 * kWidth) ||
        !findMatrixInstrFor(arch, MatrixEngine::MMA, 16, 8, 8 * kWidth, elem))
      return {};
    auto [wm, wn] = splitWarps(m, n, 16, 8, numWarps);
    return {NvidiaMmaLayoutAttr::get(ctx, {2, 0}, {wm, wn}, {16, 8}), kWidth};
  }
  if (!arch.mfmaVersion)
    return {};
  // Square 32 x 32 instructions where the tile allows, else 16 x 16; the
  // deepest K that divides the tile (CDNA4's double-rate forms).
  const MatrixInstr *best = nullptr;
  for (const MatrixInstr &i : arch.matrixInstrs) {
    if (i.engine != MatrixEngine::MFMA || i.m != i.n || i.aType != spelling ||
        (i.m != 32 && i.m != 16) || m % i.m || n % i.n || k % i.k)
      continue;
    if (!best || i.m > best->m || (i.m == best->m && i.k > best->k))
      best = &i;
  }
  if (!best)
    return {};
  auto [wm, wn] = splitWarps(m, n, best->m, best->n, numWarps);
  // Transposed: each lane's results run along N, the stores' fast
  // dimension.
  return {AmdMfmaLayoutAttr::get(ctx, arch.mfmaVersion,
                                 {best->m, best->n, best->k},
                                 /*transposed=*/true, {wm, wn}, {1, 1}, 32),
          best->kWidth};
}
