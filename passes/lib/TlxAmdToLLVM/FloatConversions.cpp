//===- FloatConversions.cpp - fp8 casts and rounding modes ----------------===//
//
// Casts LLVM has no instruction for: to and from the fp8 formats (stored as
// i8 bits) and f32 -> f16 / bf16 rounding toward zero (tl.cast /
// .to(dtype, fp_downcast_rounding="rtz")). The contract, on both vendors:
//   - upcasts from fp8 are exact;
//   - downcasts round to nearest even ("rtne", the default) or toward zero
//     ("rtz"); to fp8 they saturate: a finite value beyond the format's
//     largest and an infinity become the largest finite value of that sign
//     (PTX `cvt.satfinite`, Triton's behaviour); to f16 / bf16 they follow
//     IEEE (rtz never rounds a finite value to infinity); NaN stays NaN
//     (FNUZ formats: their single NaN, 0x80; they have no -0);
//   - f16 and bf16 sources convert through f32 (exact).
// Targets with instructions for a case use them (TargetInfo); the rest is
// computed here with integer operations on the f32 bits, the same on both
// vendors.
//
//===----------------------------------------------------------------------===//
#include "LayoutLowering.h"
#include "Patterns.h"
#include "TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tlxamd;

std::optional<FloatFormat> mlir::tlxamd::getFloatFormat(Type type) {
  using K = FloatFormat::Kind;
  if (isa<Float8E4M3FNType>(type))
    return FloatFormat{8, 4, 3, 7, K::FiniteOnly};
  if (isa<Float8E5M2Type>(type))
    return FloatFormat{8, 5, 2, 15, K::IEEE};
  if (isa<Float8E4M3FNUZType>(type))
    return FloatFormat{8, 4, 3, 8, K::UnsignedZero};
  if (isa<Float8E5M2FNUZType>(type))
    return FloatFormat{8, 5, 2, 16, K::UnsignedZero};
  if (type.isF16())
    return FloatFormat{16, 5, 10, 15, K::IEEE};
  if (type.isBF16())
    return FloatFormat{16, 8, 7, 127, K::IEEE};
  return std::nullopt;
}

int32_t FloatFormat::maxFiniteCode() const {
  switch (kind) {
  case Kind::IEEE:
    return (((1 << expBits) - 2) << manBits) | ((1 << manBits) - 1);
  case Kind::FiniteOnly:
    return (1 << (expBits + manBits)) - 2;
  case Kind::UnsignedZero:
    return (1 << (expBits + manBits)) - 1;
  }
  return 0;
}

namespace {

struct IntBuilder {
  RewriterBase &b;
  Location loc;
  Type i32;

  Value c(int64_t v) const { return i32Const(b, loc, v); }
  Value f32c(double v) const {
    return LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                    b.getF32FloatAttr(float(v)));
  }
  Value band(Value x, int64_t m) const {
    return LLVM::AndOp::create(b, loc, x, c(m));
  }
  Value bor(Value x, Value y) const { return LLVM::OrOp::create(b, loc, x, y); }
  Value add(Value x, Value y) const {
    return LLVM::AddOp::create(b, loc, x, y);
  }
  Value sub(Value x, int64_t v) const {
    return LLVM::SubOp::create(b, loc, x, c(v));
  }
  Value shr(Value x, int64_t s) const {
    return s ? LLVM::LShrOp::create(b, loc, x, c(s)).getResult() : x;
  }
  Value shl(Value x, int64_t s) const {
    return s ? LLVM::ShlOp::create(b, loc, x, c(s)).getResult() : x;
  }
  Value cmp(LLVM::ICmpPredicate p, Value x, int64_t v) const {
    return LLVM::ICmpOp::create(b, loc, p, x, c(v));
  }
  Value select(Value cond, Value t, Value f) const {
    return LLVM::SelectOp::create(b, loc, cond, t, f);
  }
  Value select(Value cond, int64_t t, Value f) const {
    return select(cond, c(t), f);
  }
};

} // namespace

Value mlir::tlxamd::truncFloatBits(RewriterBase &rewriter, Location loc,
                                   Value x, const FloatFormat &f,
                                   bool towardZero) {
  IntBuilder ib{rewriter, loc, rewriter.getI32Type()};
  using P = LLVM::ICmpPredicate;
  Value u = LLVM::BitcastOp::create(rewriter, loc, ib.i32, x);
  Value sign = ib.band(u, 0x80000000);
  Value a = ib.band(u, 0x7fffffff);
  int shift = 23 - int(f.manBits);
  int emin = 1 - f.bias;
  // Normal results: round the mantissa, then rebias the exponent field.
  Value rounded = a;
  if (!towardZero)
    rounded = ib.add(ib.add(a, ib.c((1 << (shift - 1)) - 1)),
                     ib.band(ib.shr(a, shift), 1));
  Value mag =
      ib.sub(ib.shr(rounded, shift), int64_t(127 - f.bias) << f.manBits);
  if (emin > -126) {
    // Below the smallest normal: multiples of 2^(emin - manBits), rounded
    // as an integer in f32 (exact scaling by a power of two).
    Value abs =
        LLVM::BitcastOp::create(rewriter, loc, rewriter.getF32Type(), a);
    Value q = LLVM::FMulOp::create(rewriter, loc, abs,
                                   ib.f32c(std::ldexp(1.0, f.manBits - emin)));
    q = callUnaryIntrinsic(
        rewriter, loc, towardZero ? "llvm.trunc.f32" : "llvm.roundeven.f32", q);
    Value sub = LLVM::FPToUIOp::create(rewriter, loc, ib.i32, q);
    mag = ib.select(ib.cmp(P::ult, a, int64_t(127 + emin) << 23), sub, mag);
  }
  int32_t maxCode = f.maxFiniteCode();
  bool saturate = f.bits == 8;
  Value isInf = ib.cmp(P::eq, a, 0x7f800000);
  Value isNaN = ib.cmp(P::ugt, a, 0x7f800000);
  mag = ib.select(ib.cmp(P::sgt, mag, maxCode), maxCode, mag);
  int32_t infCode = ((1 << f.expBits) - 1) << f.manBits;
  mag = ib.select(isInf, saturate ? maxCode : infCode, mag);
  Value signBit = ib.shr(sign, 32 - f.bits);
  Value code;
  if (f.kind == FloatFormat::Kind::UnsignedZero) {
    // No -0; the one NaN is the sign bit alone.
    Value zero = ib.cmp(P::eq, mag, 0);
    code = ib.select(zero, 0, ib.bor(mag, signBit));
    code = ib.select(isNaN, int64_t(1) << (f.bits - 1), code);
  } else {
    int32_t nanCode = f.kind == FloatFormat::Kind::FiniteOnly
                          ? (1 << (f.expBits + f.manBits)) - 1
                          : infCode | (1 << (f.manBits - 1));
    code = ib.bor(ib.select(isNaN, nanCode, mag), signBit);
  }
  return LLVM::TruncOp::create(rewriter, loc, rewriter.getIntegerType(f.bits),
                               code);
}

Value mlir::tlxamd::extFloatBits(RewriterBase &rewriter, Location loc,
                                 Value code, const FloatFormat &f) {
  IntBuilder ib{rewriter, loc, rewriter.getI32Type()};
  using P = LLVM::ICmpPredicate;
  Value v = LLVM::ZExtOp::create(rewriter, loc, ib.i32, code);
  Value sign = ib.shl(ib.shr(v, f.bits - 1), 31);
  Value mag = ib.band(v, (1 << (f.bits - 1)) - 1);
  Value exp = ib.shr(mag, f.manBits);
  // Normal: exponent rebiased, mantissa moved up.
  Value normal =
      ib.add(ib.shl(mag, 23 - f.manBits), ib.c(int64_t(127 - f.bias) << 23));
  // Subnormal: the mantissa times 2^(emin - manBits), exactly in f32.
  Value man = ib.band(mag, (1 << f.manBits) - 1);
  Value subF = LLVM::FMulOp::create(
      rewriter, loc,
      LLVM::UIToFPOp::create(rewriter, loc, rewriter.getF32Type(), man),
      ib.f32c(std::ldexp(1.0, 1 - f.bias - int(f.manBits))));
  Value sub = LLVM::BitcastOp::create(rewriter, loc, ib.i32, subF);
  Value bits = ib.select(ib.cmp(P::eq, exp, 0), sub, normal);
  int32_t maxMag = (1 << (f.bits - 1)) - 1;
  switch (f.kind) {
  case FloatFormat::Kind::FiniteOnly:
    bits = ib.select(ib.cmp(P::eq, mag, maxMag), 0x7fc00000, bits);
    break;
  case FloatFormat::Kind::IEEE: {
    Value special = ib.cmp(P::eq, exp, (1 << f.expBits) - 1);
    Value nanOrInf =
        ib.select(ib.cmp(P::eq, man, 0), 0x7f800000, ib.c(0x7fc00000));
    bits = ib.select(special, nanOrInf, bits);
    break;
  }
  case FloatFormat::Kind::UnsignedZero:
    bits = ib.select(ib.cmp(P::eq, v, int64_t(1) << (f.bits - 1)), 0x7fc00000,
                     bits);
    sign = ib.select(ib.cmp(P::eq, v, int64_t(1) << (f.bits - 1)), 0, sign);
    break;
  }
  return LLVM::BitcastOp::create(rewriter, loc, rewriter.getF32Type(),
                                 ib.bor(bits, sign));
}

namespace {

/// Values of a scalar or a converted tensor (a vector of registers).
SmallVector<Value> elementsOf(RewriterBase &rewriter, Location loc, Value v) {
  if (isa<VectorType>(v.getType()))
    return unpackRegisters(rewriter, loc, v);
  return {v};
}

Value rebuild(RewriterBase &rewriter, Location loc, Type type,
              ArrayRef<Value> values) {
  if (isa<VectorType>(type))
    return packRegisters(rewriter, loc, type, values);
  return values.front();
}

/// arith.truncf to an fp8 format, or to f16 / bf16 toward zero.
struct TruncFLowering : TargetPattern<arith::TruncFOp, /*Benefit=*/10> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(arith::TruncFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type srcElem = getElementTypeOrSelf(op.getIn().getType());
    Type dstElem = getElementTypeOrSelf(op.getType());
    std::optional<FloatFormat> dst = getFloatFormat(dstElem);
    auto mode = op.getRoundingmode();
    bool towardZero = mode && *mode == arith::RoundingMode::toward_zero;
    if (!dst || (dst->bits == 16 && !towardZero)) {
      if (!mode || *mode != arith::RoundingMode::to_nearest_even)
        return failure(); // LLVM's fptrunc
      // LLVM's fptrunc rounds to nearest even.
      rewriter.replaceOpWithNewOp<LLVM::FPTruncOp>(
          op, getTypeConverter()->convertType(op.getType()), adaptor.getIn());
      return success();
    }
    if (mode && *mode != arith::RoundingMode::toward_zero &&
        *mode != arith::RoundingMode::to_nearest_even)
      return rewriter.notifyMatchFailure(op, "rounds to nearest even or "
                                             "toward zero only");
    if (!srcElem.isF32() && !srcElem.isF16() && !srcElem.isBF16())
      return rewriter.notifyMatchFailure(op, "from f32, f16 or bf16 only");
    Location loc = op.getLoc();
    SmallVector<Value> xs = elementsOf(rewriter, loc, adaptor.getIn());
    for (Value &x : xs)
      if (!srcElem.isF32())
        x = LLVM::FPExtOp::create(rewriter, loc, rewriter.getF32Type(), x);
    SmallVector<Value> codes =
        targetInfo.truncFloatsNative(rewriter, loc, xs, dstElem, towardZero);
    if (codes.empty())
      for (Value x : xs)
        codes.push_back(truncFloatBits(rewriter, loc, x, *dst, towardZero));
    Type type = getTypeConverter()->convertType(op.getType());
    Type elem = getElementTypeOrSelf(type);
    for (Value &c : codes)
      if (c.getType() != elem)
        c = LLVM::BitcastOp::create(rewriter, loc, elem, c);
    rewriter.replaceOp(op, rebuild(rewriter, loc, type, codes));
    return success();
  }
};

/// arith.extf from an fp8 format.
struct ExtFLowering : TargetPattern<arith::ExtFOp, /*Benefit=*/10> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(arith::ExtFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type srcElem = getElementTypeOrSelf(op.getIn().getType());
    Type dstElem = getElementTypeOrSelf(op.getType());
    std::optional<FloatFormat> src = getFloatFormat(srcElem);
    if (!src || src->bits != 8)
      return failure(); // LLVM's fpext
    Location loc = op.getLoc();
    SmallVector<Value> codes = elementsOf(rewriter, loc, adaptor.getIn());
    SmallVector<Value> xs =
        targetInfo.extFloatsNative(rewriter, loc, codes, srcElem);
    if (xs.empty())
      for (Value c : codes)
        xs.push_back(extFloatBits(rewriter, loc, c, *src));
    // Every fp8 value is exact in f16, bf16, f32 and f64.
    for (Value &x : xs) {
      if (dstElem.isF64())
        x = LLVM::FPExtOp::create(rewriter, loc, dstElem, x);
      else if (!dstElem.isF32())
        x = LLVM::FPTruncOp::create(rewriter, loc, dstElem, x);
    }
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, rebuild(rewriter, loc, type, xs));
    return success();
  }
};

} // namespace

void mlir::tlxamd::populateFloatConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &targetInfo) {
  patterns.add<TruncFLowering, ExtFLowering>(converter, targetInfo);
}
