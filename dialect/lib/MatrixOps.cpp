//===- MatrixOps.cpp - tl.dot
//----------------------------------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Dialect/TypeHelpers.h"
#include "tlxamd/Layout/Preshuffle.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// Each of M, N and K (`dims`) is a whole number of the instruction's.
static LogicalResult verifyWholeInstructions(Operation *op,
                                             ArrayRef<int64_t> dims,
                                             ArrayRef<unsigned> instr) {
  for (unsigned d = 0; d < 3; ++d)
    if (dims[d] % instr[d] != 0)
      return op->emitOpError("the ")
             << "MNK"[d] << " extent " << dims[d]
             << " is not a whole number of the instruction's " << instr[d];
  return success();
}

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
  auto wmma = dyn_cast<AmdWmmaLayoutAttr>(ec);
  auto mma = dyn_cast<NvidiaMmaLayoutAttr>(ec);
  if (!mfma && !wmma && !mma)
    return op.emitOpError("the result's layout names the matrix instruction: "
                          "an #tlxamd.amd_mfma, #tlxamd.amd_wmma or "
                          "#tlxamd.nvidia_mma layout, got ")
           << ec;
  if (mma && mma.getVersion()[0] == 3)
    return op.emitOpError("a version [3, 0] nvidia_mma layout is wgmma's: "
                          "multiply with warpgroup_dot (Gluon's "
                          "warpgroup_mma), not dot (mma.sync), got ")
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
      mfma   ? SmallVector<unsigned, 3>(mfma.getInstrShape())
      : wmma ? SmallVector<unsigned, 3>(wmma.getInstrShape())
             : SmallVector<unsigned, 3>{16, 8, 8 * ka};
  return verifyWholeInstructions(
      op, {c.getDimSize(0), c.getDimSize(1), a.getDimSize(1)}, instr);
}

/// Both dots multiply matrices: rank 2 operands and accumulator.
static LogicalResult verifyMatrixRanks(Operation *op, RankedTensorType a,
                                       RankedTensorType b, RankedTensorType c) {
  if (a.getRank() == 2 && b.getRank() == 2 && c.getRank() == 2)
    return success();
  return op->emitOpError("multiplies matrices (rank 2), got ranks ")
         << a.getRank() << ", " << b.getRank() << " and " << c.getRank();
}

LogicalResult DotOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  if (failed(verifyMatrixRanks(*this, a, b, c)))
    return failure();
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
/// N while each keeps a whole instruction tile (balanced; ties go to M, or
/// with `nFirst` to N), then along M (the warps' tiles repeat).
static std::pair<unsigned, unsigned> splitWarps(int64_t m, int64_t n,
                                                int64_t tm, int64_t tn,
                                                unsigned numWarps,
                                                bool nFirst = false) {
  unsigned wm = 1, wn = 1;
  for (unsigned w = 1; w < numWarps; w *= 2) {
    bool mRoom = m >= tm * wm * 2;
    bool nRoom = n >= tn * wn * 2;
    bool toN =
        nFirst ? nRoom && (!mRoom || wn <= wm) : nRoom && !(mRoom && wm <= wn);
    if (toN)
      wn *= 2;
    else
      wm *= 2;
  }
  return {wm, wn};
}

bool mlir::tlxamd::haveSameMatrixInstruction(Attribute have, Attribute want) {
  if (auto h = dyn_cast<AmdMfmaLayoutAttr>(have))
    if (auto w = dyn_cast_or_null<AmdMfmaLayoutAttr>(want))
      return h.getVersion() == w.getVersion() &&
             h.getInstrShape() == w.getInstrShape() &&
             h.getTransposed() == w.getTransposed();
  if (auto h = dyn_cast<AmdWmmaLayoutAttr>(have))
    if (auto w = dyn_cast_or_null<AmdWmmaLayoutAttr>(want))
      return h.getVersion() == w.getVersion() &&
             h.getInstrShape() == w.getInstrShape() &&
             h.getTransposed() == w.getTransposed();
  if (auto h = dyn_cast<NvidiaMmaLayoutAttr>(have))
    if (auto w = dyn_cast_or_null<NvidiaMmaLayoutAttr>(want))
      return h.getVersion() == w.getVersion() &&
             h.getInstrShape() == w.getInstrShape();
  return false;
}

/// gfx1250's WMMA (16 x 16 tiles, wave32): the deepest K that divides the
/// tile; warps split as for MFMA (all along M when rows stay in one warp);
/// transposed, so that each lane's results run along N (Triton's choice).
/// Operands hold the instruction's K groups (getWmmaKGroup).
static DotLayoutChoice chooseWmmaLayout(MLIRContext *ctx, const ArchInfo &arch,
                                        int64_t m, int64_t n, int64_t k,
                                        StringRef spelling, unsigned numWarps,
                                        bool rowsInWarp, unsigned nonKDim) {
  const MatrixInstr *best = nullptr;
  for (const MatrixInstr &i : arch.matrixInstrs)
    if (i.engine == MatrixEngine::WMMA && i.aType == spelling && m % i.m == 0 &&
        n % i.n == 0 && k % i.k == 0 && (!nonKDim || i.m == nonKDim) &&
        (!best || i.k > best->k))
      best = &i;
  if (!best)
    return {};
  auto [wm, wn] = rowsInWarp && m >= int64_t(best->m) * numWarps
                      ? std::make_pair(numWarps, 1u)
                      : splitWarps(m, n, best->m, best->n, numWarps,
                                   /*nFirst=*/true);
  return {AmdWmmaLayoutAttr::get(ctx, arch.wmmaVersion,
                                 {best->m, best->n, best->k},
                                 /*transposed=*/true, {wm, wn}, {1, 1}),
          getWmmaKGroup(*best)};
}

DotLayoutChoice mlir::tlxamd::chooseDotLayout(
    MLIRContext *ctx, const ArchInfo &arch, int64_t m, int64_t n, int64_t k,
    Type elem, unsigned numWarps, bool rowsInWarp, unsigned nonKDim) {
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
    return arch.wmmaVersion ? chooseWmmaLayout(ctx, arch, m, n, k, spelling,
                                               numWarps, rowsInWarp, nonKDim)
                            : DotLayoutChoice{};
  // Square 32 x 32 instructions where the tile allows, else 16 x 16; the
  // deepest K that divides the tile (CDNA4's double-rate forms).
  // Rows kept in one warp: instructions of at most m / numWarps rows.
  int64_t maxRows = rowsInWarp ? m / numWarps : 32;
  auto pick = [&](int64_t rows) {
    const MatrixInstr *best = nullptr;
    for (const MatrixInstr &i : arch.matrixInstrs) {
      if (i.engine != MatrixEngine::MFMA || i.m != i.n || i.aType != spelling ||
          (i.m != 32 && i.m != 16) || i.m > rows || m % i.m || n % i.n ||
          k % i.k || (nonKDim && i.m != nonKDim))
        continue;
      if (!best || i.m > best->m || (i.m == best->m && i.k > best->k))
        best = &i;
    }
    return best;
  };
  const MatrixInstr *best = pick(maxRows);
  if (rowsInWarp && best)
    return {AmdMfmaLayoutAttr::get(
                ctx, arch.mfmaVersion, {best->m, best->n, best->k},
                /*transposed=*/true, {numWarps, 1}, {1, 1}, 32),
            best->kWidth};
  if (!best)
    best = pick(32);
  if (!best)
    return {};
  // Ties to N (Triton's choice on CDNA): a warp then reads more of A,
  // whose K-contiguous rows load 16 bytes per lane, and less of a
  // row-major B, read 8 bytes per lane (transposing reads) or gathered.
  auto [wm, wn] = splitWarps(m, n, best->m, best->n, numWarps,
                             /*nFirst=*/true);
  // Transposed: each lane's results run along N, the stores' fast
  // dimension.
  return {AmdMfmaLayoutAttr::get(ctx, arch.mfmaVersion,
                                 {best->m, best->n, best->k},
                                 /*transposed=*/true, {wm, wn}, {1, 1}, 32),
          best->kWidth};
}

//===----------------------------------------------------------------------===//
// dot_scaled
//===----------------------------------------------------------------------===//

static const ScaledFormat kScaledFormats[] = {
    {"e2m1", 4, true},  {"e2m3", 6, true}, {"e3m2", 6, true},
    {"e4m3", 8, true},  {"e5m2", 8, true}, {"bf16", 16, false},
    {"fp16", 16, false}};

const ScaledFormat *mlir::tlxamd::getScaledFormat(StringRef name) {
  for (const ScaledFormat &f : kScaledFormats)
    if (f.name == name)
      return &f;
  return nullptr;
}

std::string mlir::tlxamd::describeScaledFormats() {
  std::string s;
  for (const ScaledFormat &f : kScaledFormats)
    s += (s.empty() ? "" : ", ") + f.name.str();
  return s;
}

/// The element types an operand of format `f` may have.
bool mlir::tlxamd::isScaledFormatElement(const ScaledFormat &f, Type t) {
  if (f.name == "bf16")
    return t.isBF16();
  if (f.name == "fp16")
    return t.isF16();
  if (t.isSignlessInteger(8))
    return true; // bit patterns (fp4 two per byte)
  return (f.name == "e4m3" && isa<Float8E4M3FNType>(t)) ||
         (f.name == "e5m2" && isa<Float8E5M2Type>(t));
}

StringRef mlir::tlxamd::describeScaledFormatElements(const ScaledFormat &f) {
  if (f.name == "bf16")
    return "bf16";
  if (f.name == "fp16")
    return "f16";
  if (f.name == "e4m3")
    return "f8E4M3FN or i8";
  if (f.name == "e5m2")
    return "f8E5M2 or i8";
  if (f.name == "e2m1")
    return "i8 (two values per byte)";
  return "i8 (one value per byte)";
}

/// Values per element of an operand along K and along its other dimension.
static std::pair<int64_t, int64_t> packing(const ScaledFormat &f, bool kPack) {
  if (f.bits != 4)
    return {1, 1};
  return kPack ? std::make_pair(2, 1) : std::make_pair(1, 2);
}

SmallVector<int64_t, 3> DotScaledOp::getLogicalShape() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  const ScaledFormat *fa = getScaledFormat(getLhsFormat());
  const ScaledFormat *fb = getScaledFormat(getRhsFormat());
  auto [ak, am] = fa ? packing(*fa, getLhsKPack()) : std::make_pair(1l, 1l);
  auto [bk, bn] = fb ? packing(*fb, getRhsKPack()) : std::make_pair(1l, 1l);
  return {a.getDimSize(0) * am, b.getDimSize(1) * bn, a.getDimSize(1) * ak};
}

LinearLayout DotScaledOp::getScaleLayout(unsigned opIdx,
                                         Attribute operandLayout) {
  auto t = cast<RankedTensorType>((opIdx ? getB() : getA()).getType());
  unsigned kDim = opIdx == 0 ? 1 : 0;
  // Values per element along K (fp4 packed along K: 2).
  int64_t perElem = std::max<int64_t>(
      1, getLogicalShape()[2] / std::max<int64_t>(1, t.getDimSize(kDim)));
  auto dot = dyn_cast<DotOperandLayoutAttr>(operandLayout);
  LinearLayout l = getBlockScaleLayout(
      toLinearLayout(operandLayout, t.getShape()), kDim,
      int32_t(std::max<int64_t>(1, kScaleBlockSize / perElem)),
      /*lanesShareRows=*/dot && isa<AmdWmmaLayoutAttr>(dot.getParent()));
  // Scales are [M or N, K / 32]: the rhs's layout is K x N.
  return opIdx == 0 ? l : l.permuteOuts({1, 0});
}

/// D3: one positive power-of-two entry per result dimension; with a
/// layout, the layout's own tiles_per_warp and a period that fits.
static LogicalResult verifyTilesPerWarp(DotScaledOp op, RankedTensorType d) {
  std::optional<ArrayRef<int32_t>> tpw = op.getTilesPerWarp();
  if (!tpw)
    return success();
  if (int64_t(tpw->size()) != d.getRank())
    return op.emitOpError("D3: tiles_per_warp has one entry per result "
                          "dimension (")
           << d.getRank() << "), got " << tpw->size();
  for (auto [i, t] : llvm::enumerate(*tpw))
    if (t <= 0 || !llvm::isPowerOf2_32(uint32_t(t)))
      return op.emitOpError("D3: tiles_per_warp[")
             << i << "] must be a positive power of two, got " << t;
  Attribute enc = d.getEncoding();
  if (!enc)
    return success(); // layout assignment checks the period it chooses
  ArrayRef<unsigned> instr, warps, tiles;
  if (auto w = dyn_cast<AmdWmmaLayoutAttr>(enc)) {
    instr = w.getInstrShape(), warps = w.getWarpsPerCTA();
    tiles = w.getTilesPerWarp();
  } else if (auto m = dyn_cast<AmdMfmaLayoutAttr>(enc)) {
    instr = m.getInstrShape(), warps = m.getWarpsPerCTA();
    tiles = m.getTilesPerWarp();
  } else {
    return op.emitOpError("D3: tiles_per_warp shapes an AMD matrix layout; "
                          "the result has ")
           << enc;
  }
  for (unsigned i = 0; i < 2; ++i) {
    if (int64_t(tiles[i]) != (*tpw)[i])
      return op.emitOpError("D3: tiles_per_warp[")
             << i << "] = " << (*tpw)[i] << " but the result layout has "
             << tiles[i];
    int64_t period = int64_t(instr[i]) * warps[i] * (*tpw)[i];
    if (period > d.getDimSize(i))
      return op.emitOpError("D3: the layout period along ")
             << "MN"[i]
             << ", instr_shape x warps_per_cta x tiles_per_warp = " << instr[i]
             << " x " << warps[i] << " x " << (*tpw)[i] << " = " << period
             << ", does not fit the result's " << d.getDimSize(i);
  }
  return success();
}

/// With layouts: the result's names the instruction, the operands hold
/// its dot-operand layouts and each scale the layout of its operand's K
/// blocks.
static LogicalResult verifyScaledDotLayouts(DotScaledOp op) {
  SmallVector<Value> values = {op.getA(), op.getB(), op.getC()};
  for (Value s : {op.getAScale(), op.getBScale()})
    if (s)
      values.push_back(s);
  unsigned withLayout = llvm::count_if(values, [](Value v) {
    return cast<RankedTensorType>(v.getType()).getEncoding() != nullptr;
  });
  if (withLayout == 0)
    return success();
  if (withLayout != values.size())
    return op.emitOpError("operands, scales and result have layouts or none "
                          "does (layout assignment chooses them together)");
  Attribute parent = cast<RankedTensorType>(op.getC().getType()).getEncoding();
  ArrayRef<unsigned> instr;
  if (auto mfma = dyn_cast<AmdMfmaLayoutAttr>(parent))
    instr = mfma.getInstrShape();
  else if (auto wmma = dyn_cast<AmdWmmaLayoutAttr>(parent))
    instr = wmma.getInstrShape();
  else
    return op.emitOpError("the result's layout names the scaled matrix "
                          "instruction: an #tlxamd.amd_mfma or "
                          "#tlxamd.amd_wmma layout, got ")
           << parent;
  // Every tile and K step is whole instructions (K in logical values).
  if (failed(verifyWholeInstructions(op, op.getLogicalShape(), instr)))
    return failure();
  Value operands[] = {op.getA(), op.getB()};
  Value scales[] = {op.getAScale(), op.getBScale()};
  StringRef formats[] = {op.getLhsFormat(), op.getRhsFormat()};
  bool kPack[] = {op.getLhsKPack(), op.getRhsKPack()};
  for (unsigned i = 0; i < 2; ++i) {
    auto t = cast<RankedTensorType>(operands[i].getType());
    auto dot = dyn_cast<DotOperandLayoutAttr>(t.getEncoding());
    Attribute wantParent =
        getScaledOperandParent(parent, *getScaledFormat(formats[i]), kPack[i]);
    if (!dot || dot.getOpIdx() != i || dot.getParent() != wantParent)
      return op.emitOpError("operand ")
             << (i ? "b" : "a") << " must have the layout #tlxamd.dot_operand"
             << "<{op_idx = " << i << ", parent = " << wantParent
             << ", k_width = ...}>, got " << t.getEncoding();
    if (!scales[i])
      continue;
    auto st = cast<RankedTensorType>(scales[i].getType());
    LinearLayout want = op.getScaleLayout(i, t.getEncoding());
    if (!(toLinearLayout(st.getEncoding(), st.getShape()) == want))
      return op.emitOpError("the ")
             << (i ? "rhs" : "lhs")
             << " scale's layout must give each lane the scales of the K "
                "blocks its operand fragment covers: "
             << getLinearLayoutAttr(op.getContext(), want) << ", got "
             << st.getEncoding();
  }
  return success();
}

LogicalResult DotScaledOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  if (failed(verifyMatrixRanks(*this, a, b, c)))
    return failure();
  const ScaledFormat *formats[2];
  StringRef names[2] = {getLhsFormat(), getRhsFormat()};
  RankedTensorType types[2] = {a, b};
  Value scales[2] = {getAScale(), getBScale()};
  for (unsigned i = 0; i < 2; ++i) {
    const char *side = i ? "rhs" : "lhs";
    formats[i] = getScaledFormat(names[i]);
    if (!formats[i])
      return emitOpError() << side << "_format must be one of "
                           << describeScaledFormats() << ", got \"" << names[i]
                           << "\"";
    if (!isScaledFormatElement(*formats[i], types[i].getElementType()))
      return emitOpError() << side << "_format " << names[i] << " holds "
                           << describeScaledFormatElements(*formats[i])
                           << " elements, got " << types[i].getElementType();
    if (scales[i] && !formats[i]->microscaled)
      return emitOpError() << side << "_format " << names[i]
                           << " takes no scale";
  }
  SmallVector<int64_t, 3> mnk = getLogicalShape();
  auto [bk, bn] = packing(*formats[1], getRhsKPack());
  int64_t kb = b.getDimSize(0) * bk;
  if (kb != mnk[2])
    return emitOpError("K differs: the lhs holds ")
           << mnk[2] << " values along K, the rhs " << kb;
  if (c.getDimSize(0) != mnk[0] || c.getDimSize(1) != mnk[1])
    return emitOpError("the accumulator is ")
           << c.getDimSize(0) << "x" << c.getDimSize(1) << ", the product "
           << mnk[0] << "x" << mnk[1];
  if (!c.getElementType().isF32())
    return emitOpError("accumulates in f32, got ") << c.getElementType();

  for (unsigned i = 0; i < 2; ++i) {
    if (!scales[i])
      continue;
    auto s = cast<RankedTensorType>(scales[i].getType());
    int64_t rows = mnk[i];
    if (mnk[2] % kScaleBlockSize)
      return emitOpError("a scale covers ")
             << kScaleBlockSize << " values of K; K = " << mnk[2]
             << " is not a whole number of blocks";
    if (!s.getElementType().isSignlessInteger(8) || s.getRank() != 2 ||
        s.getDimSize(0) != rows || s.getDimSize(1) != mnk[2] / kScaleBlockSize)
      return emitOpError("the ")
             << (i ? "rhs" : "lhs") << " scale holds one E8M0 exponent per "
             << kScaleBlockSize << " K values of a row: tensor<" << rows << "x"
             << mnk[2] / kScaleBlockSize << "xi8>, got " << s;
  }
  if (failed(verifyTilesPerWarp(*this, c)))
    return failure();
  return verifyScaledDotLayouts(*this);
}

Attribute mlir::tlxamd::getScaledOperandParent(Attribute layout,
                                               const ScaledFormat &f,
                                               bool kPack) {
  auto wmma = dyn_cast_or_null<AmdWmmaLayoutAttr>(layout);
  if (!wmma || f.bits != 4 || !kPack)
    return layout;
  SmallVector<unsigned, 3> instr(wmma.getInstrShape());
  instr[2] /= 2;
  return AmdWmmaLayoutAttr::get(layout.getContext(), wmma.getVersion(), instr,
                                wmma.getTransposed(), wmma.getWarpsPerCTA(),
                                wmma.getTilesPerWarp());
}

/// gfx1250's scaled WMMA: fp8 and fp4 packed along K (fp6's fragments are
/// not lowered: such dots are decomposed); each warp a tiles_per_warp block
/// of 16 x 16 instructions, warps split so that the period fits (D3).
static ScaledDotLayoutChoice
chooseScaledWmmaLayout(MLIRContext *ctx, const ArchInfo &arch, int64_t m,
                       int64_t n, int64_t k, const ScaledFormat &lhs,
                       bool lhsKPack, const ScaledFormat &rhs, bool rhsKPack,
                       unsigned numWarps, ArrayRef<int32_t> tilesPerWarp) {
  const MatrixInstr *instr = nullptr;
  for (const MatrixInstr &i : arch.matrixInstrs)
    if (i.engine == MatrixEngine::WMMA && i.aType == "f8f6f4")
      instr = &i;
  auto lowered = [](const ScaledFormat &f, bool kPack) {
    return f.bits == 8 || (f.bits == 4 && kPack);
  };
  if (!instr || !lowered(lhs, lhsKPack) || !lowered(rhs, rhsKPack))
    return {};
  unsigned tm = tilesPerWarp.empty() ? 1 : unsigned(tilesPerWarp[0]);
  unsigned tn = tilesPerWarp.empty() ? 1 : unsigned(tilesPerWarp[1]);
  int64_t tileM = int64_t(instr->m) * tm, tileN = int64_t(instr->n) * tn;
  if (m % tileM || n % tileN || k % instr->k)
    return {};
  auto [wm, wn] = splitWarps(m, n, tileM, tileN, numWarps, /*nFirst=*/true);
  if (tileM * wm > m || tileN * wn > n)
    return {};
  Attribute layout = AmdWmmaLayoutAttr::get(
      ctx, arch.wmmaVersion, {instr->m, instr->n, instr->k},
      /*transposed=*/true, {wm, wn}, {tm, tn});
  unsigned group = getWmmaKGroup(*instr);
  return {layout, group, group, getScaledOperandParent(layout, lhs, lhsKPack),
          getScaledOperandParent(layout, rhs, rhsKPack)};
}

int64_t mlir::tlxamd::getScaledDotInstrM(DotScaledOp dot,
                                         const ArchInfo &arch) {
  if (dot.getB().getDefiningOp<PreshuffledBLoadTileOp>())
    return PreshuffledBLayout::kTileRows;
  // (on WMMA targets a hint their scaled instruction's M meets restricts
  // nothing)
  unsigned nonKDim = getMatrixInstrNonKDim(dot);
  bool wmmaHas = !arch.mfmaVersion &&
                 llvm::any_of(arch.matrixInstrs, [&](const MatrixInstr &i) {
                   return i.engine == MatrixEngine::WMMA &&
                          i.aType == "f8f6f4" && i.m == nonKDim;
                 });
  return wmmaHas ? 0 : nonKDim;
}

ScaledDotLayoutChoice mlir::tlxamd::chooseScaledDotLayout(
    MLIRContext *ctx, const ArchInfo &arch, int64_t m, int64_t n, int64_t k,
    const ScaledFormat &lhs, const ScaledFormat &rhs, unsigned numWarps,
    int64_t instrM, bool lhsKPack, bool rhsKPack,
    ArrayRef<int32_t> tilesPerWarp) {
  if (!lhs.microscaled || !rhs.microscaled)
    return {};
  if (!arch.mfmaVersion)
    return arch.wmmaVersion && !instrM
               ? chooseScaledWmmaLayout(ctx, arch, m, n, k, lhs, lhsKPack, rhs,
                                        rhsKPack, numWarps, tilesPerWarp)
               : ScaledDotLayoutChoice{};
  const MatrixInstr *best = nullptr;
  for (const MatrixInstr &i : arch.matrixInstrs) {
    if (i.engine != MatrixEngine::ScaledMFMA || i.m != i.n || m % i.m ||
        n % i.n || k % i.k || (instrM && i.m != instrM))
      continue;
    if (!best || i.m > best->m)
      best = &i;
  }
  if (!best)
    return {};
  // Each warp a tilesPerWarp block of instructions (layout assignment's
  // choice for scales loaded in the instruction's layout).
  unsigned tm = tilesPerWarp.empty() ? 1 : tilesPerWarp[0];
  unsigned tn = tilesPerWarp.empty() ? 1 : tilesPerWarp[1];
  auto [wm, wn] = splitWarps(m, n, best->m * tm, best->n * tn, numWarps);
  if (best->m * tm * wm > m || best->n * tn * wn > n)
    return {};
  // A lane holds 32 values of K (instr.kWidth): 16 bytes of packed fp4.
  auto width = [&](const ScaledFormat &f) {
    return f.bits == 4 ? best->kWidth / 2 : best->kWidth;
  };
  Attribute layout =
      AmdMfmaLayoutAttr::get(ctx, arch.mfmaVersion, {best->m, best->n, best->k},
                             /*transposed=*/true, {wm, wn}, {tm, tn}, 32);
  return {layout, width(lhs), width(rhs), layout, layout};
}
