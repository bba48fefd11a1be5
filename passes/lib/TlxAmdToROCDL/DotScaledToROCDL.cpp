//===- DotScaledToROCDL.cpp - dot_scaled to scaled MFMA and WMMA ---------===//
//
// dot_scaled on gfx950's scaled MFMA and gfx1250's scaled WMMA: the
// result's layout names the instruction, the layout core says which
// registers of a thread form each fragment and which scales go with it
// (emitDotTiles); both operands' formats and E8M0 scales ride on every
// instruction.
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/DotLowering.h"
#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "../TlxAmdToLLVM/Patterns.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// The tiling of a dot_scaled on a scaled instruction: K per instruction
/// in each operand's elements (packed fp4: half), `aRegs` / `bRegs`
/// operand elements and `scalesPerLane` scales a lane holds per
/// instruction.
DotTiling getScaledTiling(DotScaledOp op, const MatrixInstr &instr,
                          const ScaledFormat &fa, const ScaledFormat &fb,
                          int64_t aRegs, int64_t bRegs, int64_t accRegs,
                          int64_t scalesPerLane) {
  auto type = [](Value v) {
    return v ? cast<RankedTensorType>(v.getType()) : RankedTensorType();
  };
  DotTiling t{type(op.getA()), type(op.getB()),
              type(op.getC()), {instr.m, instr.n, instr.k},
              aRegs,           bRegs,
              accRegs};
  t.aK = instr.k / (fa.bits == 4 ? 2 : 1);
  t.bK = instr.k / (fb.bits == 4 ? 2 : 1);
  t.aScaleType = type(op.getAScale());
  t.bScaleType = type(op.getBScale());
  t.scalesPerLane = scalesPerLane;
  return t;
}

//===----------------------------------------------------------------------===//
// dot_scaled: gfx950's scaled MFMA
//===----------------------------------------------------------------------===//

/// The f8f6f4 instructions' operand format codes (cbsz / blgp).
unsigned getF8F6F4Code(StringRef format) {
  return llvm::StringSwitch<unsigned>(format)
      .Case("e4m3", 0)
      .Case("e5m2", 1)
      .Case("e2m3", 2)
      .Case("e3m2", 3)
      .Case("e2m1", 4);
}

/// One lane's 32 values of K as the instruction's operand: the bytes of
/// fp8 and packed fp4 as i32 words, fp6 (one per byte, low six bits)
/// packed to 6 bits each, value 0 in the lowest bits.
Value packScaledFragment(RewriterBase &rewriter, Location loc,
                         ArrayRef<Value> values, unsigned bits) {
  Type i8 = rewriter.getI8Type(), i32 = rewriter.getI32Type();
  SmallVector<Value> bytes;
  for (Value v : values)
    bytes.push_back(
        v.getType() == i8 ? v : LLVM::BitcastOp::create(rewriter, loc, i8, v));
  if (bits != 6) {
    Value v = packRegisters(rewriter, loc,
                            VectorType::get(int64_t(bytes.size()), i8), bytes);
    return LLVM::BitcastOp::create(
        rewriter, loc, VectorType::get(int64_t(bytes.size()) / 4, i32), v);
  }
  // Value i occupies bits [6 i, 6 i + 6) of the words; some straddle two.
  SmallVector<Value> words(6 * bytes.size() / 32, i32Const(rewriter, loc, 0));
  Value mask = i32Const(rewriter, loc, 63);
  for (auto [i, b] : llvm::enumerate(bytes)) {
    Value x = LLVM::AndOp::create(
        rewriter, loc, LLVM::ZExtOp::create(rewriter, loc, i32, b), mask);
    unsigned word = 6 * i / 32, shift = 6 * i % 32;
    words[word] = LLVM::OrOp::create(
        rewriter, loc, words[word],
        LLVM::ShlOp::create(rewriter, loc, x, i32Const(rewriter, loc, shift)));
    if (shift + 6 > 32)
      words[word + 1] = LLVM::OrOp::create(
          rewriter, loc, words[word + 1],
          LLVM::LShrOp::create(rewriter, loc, x,
                               i32Const(rewriter, loc, 32 - shift)));
  }
  return packRegisters(rewriter, loc,
                       VectorType::get(int64_t(words.size()), i32), words);
}

/// One scaled MFMA of a layout's instruction: both operands' format codes
/// and E8M0 scales (byte 0 of the scale register, opsel 0; 127, i.e. 2^0,
/// for an operand without scales); a transposed layout swaps the operands
/// The 4-byte vector an i8 value is byte `idx` of, followed through the
/// extractelement / insertelement chains that move registers between
/// tensors (constant positions), where it is one: the scaled MFMA then
/// takes the whole word and selects the byte (opsel) instead of extracting
/// it with VALU instructions.
static std::optional<std::pair<Value, int>> sourceWordByte(Value v) {
  for (int hops = 0; hops < 256; ++hops) {
    auto ext = v.getDefiningOp<LLVM::ExtractElementOp>();
    APInt at;
    if (!ext || !matchPattern(ext.getPosition(), m_ConstantInt(&at)))
      return std::nullopt;
    Value vec = ext.getVector();
    bool found = false;
    while (auto ins = vec.getDefiningOp<LLVM::InsertElementOp>()) {
      APInt pos;
      if (!matchPattern(ins.getPosition(), m_ConstantInt(&pos)))
        return std::nullopt;
      if (pos == at) {
        v = ins.getValue();
        found = true;
        break;
      }
      vec = ins.getVector();
    }
    if (found)
      continue;
    auto type = dyn_cast<VectorType>(vec.getType());
    if (!type || type.getNumElements() != 4 ||
        !type.getElementType().isInteger(8) ||
        vec.getDefiningOp<LLVM::PoisonOp>() ||
        vec.getDefiningOp<LLVM::ZeroOp>())
      return std::nullopt;
    return std::make_pair(vec, int(at.getZExtValue()));
  }
  return std::nullopt;
}

/// with their formats and scales.
struct ScaledMfmaEmitter {
  const MatrixInstr *instr = nullptr;
  const ScaledFormat *fa = nullptr, *fb = nullptr;
  VectorType accType;
  bool transposed = false;

  LogicalResult init(DotScaledOp op, const ArchInfo &arch,
                     AmdMfmaLayoutAttr mfma) {
    ArrayRef<unsigned> shape = mfma.getInstrShape();
    instr = findMatrixInstr(arch, MatrixEngine::ScaledMFMA, shape[0], shape[1],
                            shape[2], "f8f6f4");
    if (!instr)
      return op.emitOpError("no such scaled MFMA on ") << arch.name;
    fa = getScaledFormat(op.getLhsFormat());
    fb = getScaledFormat(op.getRhsFormat());
    accType = VectorType::get(int64_t(shape[0]) * shape[1] / 64,
                              Float32Type::get(op.getContext()));
    transposed = mfma.getTransposed();
    return success();
  }
  /// A lane's fragment of an operand: 32 values of K, 16 bytes of fp4.
  static int64_t fragment(const MatrixInstr &i, const ScaledFormat &f) {
    return int64_t(i.kWidth) / (f.bits == 4 ? 2 : 1);
  }
  /// The tiling of `op`: K per instruction in each operand's elements.
  DotTiling tiling(DotScaledOp op) const {
    return getScaledTiling(op, *instr, *fa, *fb, fragment(*instr, *fa),
                           fragment(*instr, *fb), accType.getNumElements(),
                           /*scalesPerLane=*/1);
  }
  Value step(RewriterBase &rewriter, Location loc, Value acc, ArrayRef<Value> a,
             ArrayRef<Value> b, ArrayRef<Value> as, ArrayRef<Value> bs) const {
    // (scale word, opsel): a byte of a loaded word selected in place
    Type i32 = rewriter.getI32Type();
    auto scaleWord = [&](ArrayRef<Value> s) -> std::pair<Value, Value> {
      if (s.empty())
        return {i32Const(rewriter, loc, 127), i32Const(rewriter, loc, 0)};
      if (auto word = sourceWordByte(s[0]))
        return {LLVM::BitcastOp::create(rewriter, loc, i32, word->first),
                i32Const(rewriter, loc, word->second)};
      return {LLVM::ZExtOp::create(rewriter, loc, i32, s[0]),
              i32Const(rewriter, loc, 0)};
    };
    Value x = packScaledFragment(rewriter, loc, a, fa->bits);
    Value y = packScaledFragment(rewriter, loc, b, fb->bits);
    Value cx = i32Const(rewriter, loc, getF8F6F4Code(fa->name));
    Value cy = i32Const(rewriter, loc, getF8F6F4Code(fb->name));
    auto [sx, ox] = scaleWord(as);
    auto [sy, oy] = scaleWord(bs);
    if (transposed) {
      std::swap(x, y);
      std::swap(cx, cy);
      std::swap(sx, sy);
      std::swap(ox, oy);
    }
    OperationState state(loc, ("rocdl." + instr->name).str());
    state.addOperands({x, y, acc, cx, cy, ox, sx, oy, sy});
    state.addTypes(accType);
    return rewriter.create(state)->getResult(0);
  }
};

Value packGroup(RewriterBase &rewriter, Location loc, ArrayRef<Value> elems);

/// One scaled WMMA of gfx1250 (16 x 16 x 128, f8f6f4): each operand's
/// fragment as i32 words (64 bytes of fp8, 32 of packed fp4), its format
/// code (fmtA / fmtB) and its four E8M0 scales of the instruction's K
/// blocks as the bytes of one i32 (0x7f7f7f7f, 2^0, without scales); the
/// scales in the E8M0 format of lanes 0-15 (each half-wave holds them
/// alike); a transposed layout swaps operands, formats and scales.
struct ScaledWmmaEmitter {
  const MatrixInstr *instr = nullptr;
  const ScaledFormat *fa = nullptr, *fb = nullptr;
  VectorType accType;
  bool transposed = false;

  LogicalResult init(DotScaledOp op, const ArchInfo &arch,
                     AmdWmmaLayoutAttr wmma) {
    ArrayRef<unsigned> shape = wmma.getInstrShape();
    instr = findMatrixInstr(arch, MatrixEngine::WMMA, shape[0], shape[1],
                            shape[2], "f8f6f4");
    if (!instr)
      return op.emitOpError("no such scaled WMMA on ") << arch.name;
    fa = getScaledFormat(op.getLhsFormat());
    fb = getScaledFormat(op.getRhsFormat());
    accType = VectorType::get(int64_t(shape[0]) * shape[1] / 32,
                              Float32Type::get(op.getContext()));
    transposed = wmma.getTransposed();
    return success();
  }
  /// An operand's K per instruction in its tensor's elements.
  int64_t operandK(const ScaledFormat &f) const {
    return instr->k / (f.bits == 4 ? 2 : 1);
  }
  DotTiling tiling(DotScaledOp op) const {
    // A lane holds half the instruction's K of its row / column, and the
    // scales of all its K blocks.
    return getScaledTiling(op, *instr, *fa, *fb, operandK(*fa) / 2,
                           operandK(*fb) / 2, accType.getNumElements(),
                           instr->k / kScaleBlockSize);
  }
  Value step(RewriterBase &rewriter, Location loc, Value acc, ArrayRef<Value> a,
             ArrayRef<Value> b, ArrayRef<Value> as, ArrayRef<Value> bs) const {
    auto scaleWord = [&](ArrayRef<Value> s) -> Value {
      if (s.empty())
        return i32Const(rewriter, loc, 0x7f7f7f7f);
      Value bytes = packRegisters(
          rewriter, loc, VectorType::get(int64_t(s.size()), s[0].getType()), s);
      return LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(),
                                     bytes);
    };
    Value x = packScaledFragment(rewriter, loc, a, fa->bits);
    Value y = packScaledFragment(rewriter, loc, b, fb->bits);
    unsigned cx = getF8F6F4Code(fa->name), cy = getF8F6F4Code(fb->name);
    Value sx = scaleWord(as), sy = scaleWord(bs);
    if (transposed) {
      std::swap(x, y);
      std::swap(cx, cy);
      std::swap(sx, sy);
    }
    // Immediates: the formats; scale selectors and formats (E8M0) 0.
    return rocdl::createIntrinsic(
        rewriter, loc, instr->name, {x, y, acc, sx, sy}, accType,
        [&](StringRef name) -> Attribute {
          if (name == "fmtA" || name == "fmtB")
            return rewriter.getI32IntegerAttr(name == "fmtA" ? cx : cy);
          return {};
        });
  }
};

/// dot_scaled on gfx950 and gfx1250: per accumulator tile and K step one
/// `rocdl.mfma.scale.f32.{16x16x128,32x32x64}.f8f6f4` or
/// `rocdl.wmma.scale.f32.16x16x128.f8f6f4`.
struct DotScaledToMFMA : TargetPattern<DotScaledOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(DotScaledOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto cType = cast<RankedTensorType>(op.getC().getType());
    if (auto wmma = dyn_cast_or_null<AmdWmmaLayoutAttr>(cType.getEncoding())) {
      ScaledWmmaEmitter emitter;
      if (failed(emitter.init(op, targetInfo.getArch(), wmma)))
        return failure();
      return lower(emitter, op, adaptor, rewriter);
    }
    auto mfma = dyn_cast_or_null<AmdMfmaLayoutAttr>(cType.getEncoding());
    if (!mfma)
      return op.emitOpError("needs an MFMA or WMMA layout: run "
                            "tlxamd-assign-layouts and tlxamd-verify-target "
                            "first");
    ScaledMfmaEmitter emitter;
    if (failed(emitter.init(op, targetInfo.getArch(), mfma)))
      return failure();
    return lower(emitter, op, adaptor, rewriter);
  }

  template <typename Emitter>
  LogicalResult lower(const Emitter &emitter, DotScaledOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    auto packAcc = [&](ArrayRef<Value> acc) {
      return packRegisters(rewriter, loc, emitter.accType, acc);
    };
    auto unpackAcc = [&](Value acc) {
      return unpackRegisters(rewriter, loc, acc);
    };
    auto step = [&](Value acc, ArrayRef<Value> a, ArrayRef<Value> b,
                    ArrayRef<Value> as, ArrayRef<Value> bs) {
      return emitter.step(rewriter, loc, acc, a, b, as, bs);
    };
    FailureOr<SmallVector<Value>> d = emitDotTiles(
        rewriter, op, emitter.tiling(op), adaptor.getA(), adaptor.getB(),
        adaptor.getC(), {packAcc, nullptr, unpackAcc, step},
        adaptor.getAScale(), adaptor.getBScale());
    if (failed(d))
      return failure();
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc,
                          getTypeConverter()->convertType(op.getC().getType()),
                          *d));
    return success();
  }
};

} // namespace

void mlir::tlxamd::rocdl::populateDotScaledToROCDLPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo) {
  patterns.add<DotScaledToMFMA>(converter, targetInfo);
}
