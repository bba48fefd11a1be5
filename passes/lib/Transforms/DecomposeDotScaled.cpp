//===- DecomposeDotScaled.cpp - tlxamd-decompose-dot-scaled ---------------===//
//
// A layout-free dot_scaled the target has no scaled instruction for (every
// target but gfx950's scaled MFMA; there too when an operand is bf16 /
// fp16) becomes what Triton lowers it to on Hopper and CDNA3: each operand
// decoded from its bit patterns to f32 by value (fp4 unpacked two per byte,
// fp6 from the low six bits, fp8 through extf), times its block's E8M0 scale
// 2^(e - 127) (0 -> 2^-127, 255 -> NaN), rounded to bf16 (to f16 when the
// other operand is f16) and multiplied by the target's plain dot. Every
// microscaled value times a power of two has at most 4 significant bits, so
// the rounding is exact wherever the 16-bit type has the exponent.
//
//===----------------------------------------------------------------------===//
#include "PipelineSlices.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/Arch.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <cmath>

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDDECOMPOSEDOTSCALED
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

class Decomposer {
public:
  Decomposer(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  /// Operand `opIdx` of `dot` as a [rows, cols] tensor of `type` (lhs M x
  /// K, rhs K x N).
  Value upcast(DotScaledOp dot, unsigned opIdx, Type type) {
    Value v = opIdx ? dot.getB() : dot.getA();
    Value scale = opIdx ? dot.getBScale() : dot.getAScale();
    StringRef format = opIdx ? dot.getRhsFormat() : dot.getLhsFormat();
    bool kPack = opIdx ? dot.getRhsKPack() : dot.getLhsKPack();
    Value f32 = decode(v, format, /*packDim=*/(opIdx == 0) == kPack ? 1 : 0);
    if (scale)
      f32 = applyScale(f32, scale, opIdx);
    if (getElementTypeOrSelf(f32.getType()) == type)
      return f32;
    return arith::TruncFOp::create(b, loc, retype(f32, type), f32);
  }

private:
  static ArrayRef<int64_t> shapeOf(Value v) {
    return cast<RankedTensorType>(v.getType()).getShape();
  }
  static RankedTensorType tensor(ArrayRef<int64_t> shape, Type elem) {
    return RankedTensorType::get(shape, elem);
  }
  static RankedTensorType retype(Value v, Type elem) {
    return tensor(shapeOf(v), elem);
  }
  Value splatInt(ArrayRef<int64_t> shape, int64_t v) {
    auto t = tensor(shape, b.getI32Type());
    return arith::ConstantOp::create(
        b, loc, t, DenseElementsAttr::get(t, b.getI32IntegerAttr(v)));
  }
  Value splatF32(ArrayRef<int64_t> shape, float v) {
    auto t = tensor(shape, b.getF32Type());
    return arith::ConstantOp::create(
        b, loc, t, DenseElementsAttr::get(t, b.getF32FloatAttr(v)));
  }
  Value shr(Value v, int64_t n) {
    return n ? arith::ShRUIOp::create(b, loc, v, splatInt(shapeOf(v), n)) : v;
  }
  Value shl(Value v, int64_t n) {
    return n ? arith::ShLIOp::create(b, loc, v, splatInt(shapeOf(v), n)) : v;
  }
  Value mask(Value v, int64_t m) {
    return arith::AndIOp::create(b, loc, v, splatInt(shapeOf(v), m));
  }
  Value eq(Value v, int64_t c) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v,
                                 splatInt(shapeOf(v), c));
  }
  Value toI32(Value v) {
    auto t = cast<RankedTensorType>(v.getType());
    if (isa<FloatType>(t.getElementType()))
      v = arith::BitcastOp::create(b, loc, retype(v, b.getI8Type()), v);
    return arith::ExtUIOp::create(b, loc, retype(v, b.getI32Type()), v);
  }

  /// f32 values of the OCP minifloat (no inf / NaN: fp4, fp6) whose sign,
  /// exponent and mantissa fields are the bits of `codes` (i32) from bit
  /// `at` up: the exponent and mantissa moved to the low end of f32's
  /// fields read as 2^(e - 127) (1.m), or for e = 0 as the f32 subnormal
  /// 2^-126 (0.m); times 2^(127 - bias) both are the minifloat's value,
  /// exactly (f32 multiplies keep subnormals on every target here).
  Value minifloat(Value codes, unsigned at, unsigned ebits, unsigned mbits,
                  int bias) {
    ArrayRef<int64_t> shape = shapeOf(codes);
    unsigned width = ebits + mbits;
    auto moved = [&](int64_t fieldMask, int64_t to) {
      Value v = mask(codes, fieldMask << at);
      int64_t by = to - int64_t(at);
      return by >= 0 ? shl(v, by) : shr(v, -by);
    };
    Value bits = arith::OrIOp::create(b, loc, moved(1 << width, 31 - width),
                                      moved((1 << width) - 1, 23 - mbits));
    Value raw =
        arith::BitcastOp::create(b, loc, tensor(shape, b.getF32Type()), bits);
    return arith::MulFOp::create(b, loc, raw,
                                 splatF32(shape, std::ldexp(1.0f, 127 - bias)));
  }

  /// The operand's values as f32, fp4 unpacked along `packDim`.
  Value decode(Value v, StringRef format, int packDim) {
    auto t = cast<RankedTensorType>(v.getType());
    Type elem = t.getElementType();
    if (format == "bf16" || format == "fp16")
      return elem.isF32()
                 ? v
                 : arith::ExtFOp::create(b, loc, retype(v, b.getF32Type()), v);
    if (format == "e4m3" || format == "e5m2") {
      // fp8: extf (lowered for every target) from the typed bit pattern.
      Type f8 = format == "e4m3" ? Type(b.getType<Float8E4M3FNType>())
                                 : Type(b.getType<Float8E5M2Type>());
      if (elem != f8)
        v = arith::BitcastOp::create(b, loc, retype(v, f8), v);
      return arith::ExtFOp::create(b, loc, retype(v, b.getF32Type()), v);
    }
    Value codes = toI32(v);
    if (format == "e2m3")
      return minifloat(codes, 0, 2, 3, 1);
    if (format == "e3m2")
      return minifloat(codes, 0, 3, 2, 3);
    // e2m1: two per byte, the first in the low nibble, along packDim.
    Value lo = minifloat(codes, 0, 2, 1, 1);
    Value hi = minifloat(codes, 4, 2, 1, 1);
    SmallVector<int64_t> shape(t.getShape());
    Value pairs = JoinOp::create(
        b, loc, tensor({shape[0], shape[1], 2}, b.getF32Type()), lo, hi);
    if (packDim == 0)
      pairs = TransOp::create(b, loc,
                              tensor({shape[0], 2, shape[1]}, b.getF32Type()),
                              pairs, b.getDenseI32ArrayAttr({0, 2, 1}));
    shape[packDim] *= 2;
    return ReshapeOp::create(b, loc, tensor(shape, b.getF32Type()), pairs);
  }

  /// `values` ([M, K] or [K, N], f32) times the E8M0 scales ([rows or
  /// cols, K / 32]) of operand `opIdx`: the values viewed with K split into
  /// blocks of 32 ([M, K/32, 32] or [K/32, 32, N]), each block times its
  /// scale broadcast over it, so only the small scale tensor changes layout.
  Value applyScale(Value values, Value scale, unsigned opIdx) {
    Value e = toI32(scale);
    ArrayRef<int64_t> s = shapeOf(e);
    // e << 23 is 2^(e - 127) for 1 <= e <= 254; 0 (e = 0) raised to the
    // subnormal 2^-127 by an integer max; 255 is NaN.
    Value bits = arith::SelectOp::create(
        b, loc, eq(e, 255), splatInt(s, 0x7fc00000),
        arith::MaxUIOp::create(b, loc, shl(e, 23), splatInt(s, 0x00400000)));
    Type f32 = b.getF32Type();
    Value f = arith::BitcastOp::create(b, loc, tensor(s, f32), bits);
    SmallVector<int64_t> shape(shapeOf(values));
    int64_t blocks = s[1];
    SmallVector<int64_t> split, single;
    if (opIdx == 0) {
      // [M, K] as [M, K/32, 32]; the scales [M, K/32, 1]
      split = {shape[0], blocks, kScaleBlockSize};
      single = {shape[0], blocks, 1};
      f = ExpandDimsOp::create(b, loc, tensor(single, f32), f,
                               b.getI32IntegerAttr(2));
    } else {
      // [K, N] as [K/32, 32, N]; the scales [N, K/32] -> [K/32, 1, N]
      split = {blocks, kScaleBlockSize, shape[1]};
      single = {blocks, 1, shape[1]};
      f = TransOp::create(b, loc, tensor({blocks, s[0]}, f32), f,
                          b.getDenseI32ArrayAttr({1, 0}));
      f = ExpandDimsOp::create(b, loc, tensor(single, f32), f,
                               b.getI32IntegerAttr(1));
    }
    f = BroadcastOp::create(b, loc, tensor(split, f32), f);
    Value v = ReshapeOp::create(b, loc, tensor(split, f32), values);
    v = arith::MulFOp::create(b, loc, v, f);
    return ReshapeOp::create(b, loc, tensor(shape, f32), v);
  }

  OpBuilder &b;
  Location loc;
};

bool isLayoutFree(DotScaledOp dot) {
  return llvm::all_of(dot->getOperandTypes(), [](Type t) {
    auto r = dyn_cast<RankedTensorType>(t);
    return r && !r.getEncoding();
  });
}

struct DecomposeDotScaledPass
    : public tlxamd::impl::TlxAmdDecomposeDotScaledBase<
          DecomposeDotScaledPass> {
  using TlxAmdDecomposeDotScaledBase::TlxAmdDecomposeDotScaledBase;

  /// Hopper's warpgroup MMA takes the decoded operands (`type`, bf16 or
  /// f16) from shared memory, both stored in the nvmma swizzle as decoded
  /// (K-contiguous A, N-contiguous B), where the capability table has the
  /// instruction for `type` and the tile fits it: whole warpgroups, M a
  /// multiple of its M, N a multiple of 8 up to its N, K a multiple of its
  /// K, and power-of-two dimensions (shared-memory tiles). Triton keeps A in
  /// registers; here that costs a conversion to the operand's register
  /// layout through shared memory anyway (the decoded layout is not
  /// wgmma's), so A is stored once and read by the MMA itself.
  static bool useWarpgroupMma(const ArchInfo &arch, DotScaledOp dot,
                              Type type) {
    const MatrixInstr *instr = findMatrixInstr(
        arch, MatrixEngine::WGMMA, 64, 256, 16, type.isF16() ? "f16" : "bf16");
    if (!instr)
      return false;
    auto kernel = dot->getParentOfType<FunctionOpInterface>();
    std::optional<int64_t> warps = kernel ? getNumWarps(kernel) : std::nullopt;
    SmallVector<int64_t, 3> mnk = dot.getLogicalShape();
    auto acc = cast<RankedTensorType>(dot.getC().getType());
    return warps && *warps % 4 == 0 && acc.getElementType().isF32() &&
           llvm::all_of(mnk,
                        [](int64_t d) { return llvm::isPowerOf2_64(d); }) &&
           mnk[0] % instr->m == 0 && mnk[1] % 8 == 0 && mnk[1] <= instr->n &&
           mnk[2] % instr->k == 0;
  }

  /// The pipeliner gives an innermost loop with a plain dot and no
  /// `tlxamd.num_stages` of its own the kernel's stages (Triton's
  /// `num_stages`); the warpgroup MMA that replaces the dot keeps that
  /// for its loop (its operand loads are issued ahead in registers).
  static void keepLoopStages(DotScaledOp dot) {
    auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
    if (!loop || loop->hasAttr("tlxamd.num_stages"))
      return;
    if (IntegerAttr stages = getInheritedStages(loop))
      loop->setAttr("tlxamd.num_stages", stages);
  }

  /// C + A B on the warpgroup MMA, waited for at once.
  static Value warpgroupProduct(OpBuilder &b, DotScaledOp dot, Value a,
                                Value bv) {
    auto stage = [&](Value v) -> Value {
      auto type = cast<RankedTensorType>(v.getType());
      auto memType = MemDescType::get(
          b.getContext(), type.getShape(), type.getElementType(),
          getStagedOperandLayout(b.getContext(), type.getShape(),
                                 type.getElementTypeBitWidth(), /*fastDim=*/1,
                                 /*forWarpgroupMma=*/true),
          /*mutable=*/false);
      return LocalAllocOp::create(b, dot.getLoc(), memType, v);
    };
    Value lhs = stage(a), rhs = stage(bv);
    auto mma = WarpgroupDotOp::create(b, dot.getLoc(), dot.getType(), lhs, rhs,
                                      dot.getC());
    return WarpgroupDotWaitOp::create(b, dot.getLoc(), mma.getType(), mma,
                                      b.getI32IntegerAttr(0));
  }

  void runOnOperation() override {
    const ArchInfo *arch = lookupArch(target);
    if (!arch) {
      emitError(getOperation()->getLoc())
          << "tlxamd-decompose-dot-scaled: unsupported target '" << target
          << "'";
      return signalPassFailure();
    }
    SmallVector<DotScaledOp> dots;
    getOperation()->walk([&](DotScaledOp dot) {
      if (!isLayoutFree(dot) || dot.getTilesPerWarp())
        return;
      const ScaledFormat *lhs = getScaledFormat(dot.getLhsFormat());
      const ScaledFormat *rhs = getScaledFormat(dot.getRhsFormat());
      if (!lhs || !rhs)
        return;
      auto kernel = dot->getParentOfType<FunctionOpInterface>();
      std::optional<int64_t> warps =
          kernel ? getNumWarps(kernel) : std::nullopt;
      SmallVector<int64_t, 3> mnk = dot.getLogicalShape();
      // A native scaled instruction stays (layout assignment picks it).
      if (chooseScaledDotLayout(dot.getContext(), *arch, mnk[0], mnk[1], mnk[2],
                                *lhs, *rhs, warps.value_or(4),
                                getScaledDotInstrM(dot, *arch),
                                dot.getLhsKPack(), dot.getRhsKPack())
              .layout)
        return;
      dots.push_back(dot);
    });
    for (DotScaledOp dot : dots) {
      OpBuilder b(dot);
      Type type = dot.getLhsFormat() == "fp16" || dot.getRhsFormat() == "fp16"
                      ? Type(b.getF16Type())
                      : Type(b.getBF16Type());
      Decomposer d(b, dot.getLoc());
      Value a = d.upcast(dot, 0, type), bv = d.upcast(dot, 1, type);
      Value product;
      if (useWarpgroupMma(*arch, dot, type)) {
        keepLoopStages(dot);
        product = warpgroupProduct(b, dot, a, bv);
      } else
        product =
            DotOp::create(b, dot.getLoc(), dot.getType(), a, bv, dot.getC());
      dot.replaceAllUsesWith(product);
      dot.erase();
    }
  }
};

} // namespace
