//===- MathToLLVM.cpp - elementwise math on both vendors ------------------===//
//
// The transcendental math ops of a kernel (tl.exp, tl.log, tl.sin, ...) on
// the hardware's approximate f32 instructions, as Triton lowers them:
//   exp2, sin, cos  -> LLVM intrinsics with `afn` (v_exp_f32 / v_sin_f32 /
//                      v_cos_f32, ex2.approx / sin.approx / cos.approx)
//   exp(x)          -> exp2(x * log2(e))
//   log2            -> the target's (v_log_f32, lg2.approx)
//   log(x)          -> log2(x) * ln(2)
//   rsqrt           -> the target's (v_rsq_f32, rsqrt.approx)
//   sqrt {afn}      -> the target's (v_sqrt_f32, sqrt.approx): tl.sqrt
//   sqrt            -> llvm.sqrt (correctly rounded; f64 too): tl.sqrt_rn
//   absf, fma       -> llvm.fabs, llvm.fma
//   f32 a / b       -> the target's division (div.full.f32 on NVIDIA, as
//                      Triton; LLVM's correctly rounded fdiv on AMD)
// f16 and bf16 are computed in f32. Without these the upstream GPU
// lowerings call device libraries (__ocml_*, __nv_*) that kernels are not
// linked with; a call to one that is left (f64 exp, tanh, ...) is reported
// by the conversion, naming the op, never handed to the linker.
//
//===----------------------------------------------------------------------===//
#include "LayoutLowering.h"
#include "Patterns.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/VectorPattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

template <typename MathOp>
struct FloatMathLowering : ConvertOpToLLVMPattern<MathOp> {
  FloatMathLowering(LLVMTypeConverter &converter,
                    const TargetInfoBase &targetInfo)
      : ConvertOpToLLVMPattern<MathOp>(converter, /*benefit=*/10),
        targetInfo(targetInfo) {}

  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    Type elem = getElementTypeOrSelf(type);
    // sqrt is correctly rounded in f64 too (sqrt.rn.f64, the AMDGPU
    // expansion); the approximations are f32 only.
    bool f64 = elem.isF64() && std::is_same_v<MathOp, math::SqrtOp>;
    if (!elem.isF32() && !elem.isF16() && !elem.isBF16() && !f64)
      return rewriter.notifyMatchFailure(op, "f32, f16 and bf16 only");
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    SmallVector<Value> xs = isa<VectorType>(type)
                                ? unpackRegisters(rewriter, loc, x)
                                : SmallVector<Value>{x};
    Type f32 = rewriter.getF32Type();
    SmallVector<Value> results;
    for (Value v : xs) {
      bool widen = !elem.isF32() && !f64;
      if (widen)
        v = LLVM::FPExtOp::create(rewriter, loc, f32, v);
      v = compute(rewriter, loc, v, op);
      if (widen)
        v = LLVM::FPTruncOp::create(rewriter, loc, elem, v);
      results.push_back(v);
    }
    rewriter.replaceOp(op, isa<VectorType>(type)
                               ? packRegisters(rewriter, loc, type, results)
                               : results.front());
    return success();
  }

  Value compute(RewriterBase &rewriter, Location loc, Value x,
                MathOp op) const {
    auto afn = LLVM::FastmathFlagsAttr::get(rewriter.getContext(),
                                            LLVM::FastmathFlags::afn);
    auto scale = [&](Value v, double c) -> Value {
      Value k = LLVM::ConstantOp::create(rewriter, loc, rewriter.getF32Type(),
                                         rewriter.getF32FloatAttr(c));
      return LLVM::FMulOp::create(rewriter, loc, v, k);
    };
    if constexpr (std::is_same_v<MathOp, math::ExpOp>)
      return LLVM::Exp2Op::create(rewriter, loc, scale(x, M_LOG2E), afn);
    else if constexpr (std::is_same_v<MathOp, math::Exp2Op>)
      return LLVM::Exp2Op::create(rewriter, loc, x, afn);
    else if constexpr (std::is_same_v<MathOp, math::LogOp>)
      return scale(targetInfo.log2Approx(rewriter, loc, x), M_LN2);
    else if constexpr (std::is_same_v<MathOp, math::Log2Op>)
      return targetInfo.log2Approx(rewriter, loc, x);
    else if constexpr (std::is_same_v<MathOp, math::SinOp>)
      return LLVM::SinOp::create(rewriter, loc, x, afn);
    else if constexpr (std::is_same_v<MathOp, math::CosOp>)
      return LLVM::CosOp::create(rewriter, loc, x, afn);
    else if constexpr (std::is_same_v<MathOp, math::RsqrtOp>)
      return targetInfo.rsqrtApprox(rewriter, loc, x);
    else if (x.getType().isF32() &&
             arith::bitEnumContainsAll(op.getFastmath(),
                                       arith::FastMathFlags::afn))
      return targetInfo.sqrtApprox(rewriter, loc, x);
    else
      return LLVM::SqrtOp::create(rewriter, loc, x);
  }

  const TargetInfoBase &targetInfo;
};

/// f32 a / b as the target divides (TargetInfoBase::divideF32), register by
/// register; where the target keeps LLVM's fdiv the pattern does not apply.
struct DivFLowering : ConvertOpToLLVMPattern<arith::DivFOp> {
  DivFLowering(LLVMTypeConverter &converter, const TargetInfoBase &targetInfo)
      : ConvertOpToLLVMPattern<arith::DivFOp>(converter, /*benefit=*/10),
        targetInfo(targetInfo) {}

  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!getElementTypeOrSelf(type).isF32() || !targetInfo.dividesF32())
      return rewriter.notifyMatchFailure(op, "f32 where the target divides");
    Location loc = op.getLoc();
    bool vector = isa<VectorType>(type);
    SmallVector<Value> as =
        vector ? unpackRegisters(rewriter, loc, adaptor.getLhs())
               : SmallVector<Value>{adaptor.getLhs()};
    SmallVector<Value> bs =
        vector ? unpackRegisters(rewriter, loc, adaptor.getRhs())
               : SmallVector<Value>{adaptor.getRhs()};
    SmallVector<Value> results;
    for (auto [a, b] : llvm::zip(as, bs))
      results.push_back(targetInfo.divideF32(rewriter, loc, a, b));
    rewriter.replaceOp(op, vector ? packRegisters(rewriter, loc, type, results)
                                  : results.front());
    return success();
  }

  const TargetInfoBase &targetInfo;
};

} // namespace

void mlir::tlxamd::populateMathToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &targetInfo) {
  patterns.add<FloatMathLowering<math::ExpOp>, FloatMathLowering<math::Exp2Op>,
               FloatMathLowering<math::LogOp>, FloatMathLowering<math::Log2Op>,
               FloatMathLowering<math::SinOp>, FloatMathLowering<math::CosOp>,
               FloatMathLowering<math::RsqrtOp>,
               FloatMathLowering<math::SqrtOp>, DivFLowering>(converter,
                                                              targetInfo);
  // |x|, fma and NaN-ignoring max/min (tl.max, tl.min) are single
  // instructions on both vendors.
  patterns.add<VectorConvertToLLVMPattern<math::AbsFOp, LLVM::FAbsOp>,
               VectorConvertToLLVMPattern<math::FmaOp, LLVM::FMAOp>,
               VectorConvertToLLVMPattern<arith::MaxNumFOp, LLVM::MaxNumOp>,
               VectorConvertToLLVMPattern<arith::MinNumFOp, LLVM::MinNumOp>>(
      converter, /*benefit=*/10);
}

void mlir::tlxamd::allowNativeMath(ConversionTarget &target) {
  target
      .addLegalOp<LLVM::FAbsOp, LLVM::FMAOp, LLVM::MaxNumOp, LLVM::MinNumOp>();
  target.addDynamicallyLegalOp<LLVM::Exp2Op, LLVM::Log2Op, LLVM::SinOp,
                               LLVM::CosOp>([](Operation *op) {
    return getElementTypeOrSelf(op->getResult(0).getType()).isF32();
  });
  target.addDynamicallyLegalOp<LLVM::SqrtOp>([](Operation *op) {
    Type elem = getElementTypeOrSelf(op->getResult(0).getType());
    return elem.isF32() || elem.isF64();
  });
}
