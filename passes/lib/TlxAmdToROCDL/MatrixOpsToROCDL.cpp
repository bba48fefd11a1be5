//===- MatrixOpsToROCDL.cpp - tl.dot to MFMA and WMMA ---------------------===//
//
// tl.dot on AMD: the result's MFMA (CDNA) or WMMA (gfx1250) layout names
// the instruction (its capability-table entry gives the ROCDL op and the
// operand fragment), the layout core says which registers of a thread form each
// instruction's fragment (getRegisterTiles). For each M x N tile the K steps
// accumulate in order into the tile's accumulator vector. A transposed matrix
// layout holds the transposed result: the instruction then multiplies B^T A^T,
// so the fragments swap places.
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/DotLowering.h"
#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "../TlxAmdToLLVM/Patterns.h"
#include "../TlxAmdToLLVM/SharedAccess.h"

#include "tlxamd/Dialect/SharedMemory.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// The type an MFMA takes one lane's fragment of `kWidth` `elem`s as: the
/// element for one, else a vector (bf16 of the `.1k` instructions as i16).
Type getFragmentType(const MatrixInstr &instr, Type elem) {
  if (instr.kWidth == 1)
    return elem;
  // 8-bit operands (fp8 / bf8 / i8) travel packed: i64 for 8 per lane,
  // 32-bit words beyond.
  if (elem.getIntOrFloatBitWidth() == 8) {
    MLIRContext *ctx = elem.getContext();
    if (instr.kWidth == 8)
      return IntegerType::get(ctx, 64);
    return VectorType::get(instr.kWidth / 4, IntegerType::get(ctx, 32));
  }
  if (elem.isBF16() && StringRef(instr.name).ends_with(".1k"))
    elem = IntegerType::get(elem.getContext(), 16);
  return VectorType::get(instr.kWidth, elem);
}

/// `values` as one fragment of type `type` (a vector, bitcast from the
/// elements' vector where the instruction takes another element type).
Value packFragment(RewriterBase &rewriter, Location loc, Type type,
                   ArrayRef<Value> values) {
  if (values.size() == 1 && !isa<VectorType>(type))
    return values.front();
  auto vec = VectorType::get(values.size(), values.front().getType());
  Value v = packRegisters(rewriter, loc, vec, values);
  return vec == type ? v : LLVM::BitcastOp::create(rewriter, loc, type, v);
}

/// One MFMA of a layout's instruction on the target: fragments packed as
/// the instruction takes them, the accumulator as its vector, a transposed
/// layout's fragments swapped.
struct MfmaEmitter {
  const MatrixInstr *instr = nullptr;
  Type fragment;
  VectorType accType;
  bool transposed = false;

  /// Fails with a diagnostic on `op` where the target lacks the
  /// instruction (tlxamd-verify-target reports it first).
  LogicalResult init(Operation *op, const ArchInfo &arch,
                     AmdMfmaLayoutAttr mfma, Type elem, Type accElem) {
    ArrayRef<unsigned> shape = mfma.getInstrShape();
    instr = findMatrixInstrFor(arch, MatrixEngine::MFMA, shape[0], shape[1],
                               shape[2], elem);
    if (!instr)
      return op->emitOpError("no such MFMA on ") << arch.name;
    fragment = getFragmentType(*instr, elem);
    accType = VectorType::get(int64_t(shape[0]) * shape[1] / 64, accElem);
    transposed = mfma.getTransposed();
    return success();
  }
  int64_t accRegs() const { return accType.getNumElements(); }
  SmallVector<int64_t, 3> shape() const {
    return {instr->m, instr->n, instr->k};
  }
  Value step(RewriterBase &rewriter, Location loc, Value acc, ArrayRef<Value> a,
             ArrayRef<Value> b) const {
    Value x = packFragment(rewriter, loc, fragment, a);
    Value y = packFragment(rewriter, loc, fragment, b);
    if (transposed)
      std::swap(x, y);
    Value zero = i32Const(rewriter, loc, 0);
    OperationState state(loc, ("rocdl." + instr->name).str());
    state.addOperands({x, y, acc, zero, zero, zero});
    state.addTypes(accType);
    return rewriter.create(state)->getResult(0);
  }
};

/// One gfx1250 WMMA (wave32, 16 x 16 tiles): fragments as the ROCDL op
/// takes them (16-bit and f32 elements as vectors of their type, 8-bit ones
/// packed into i32 words), every modifier attribute set (signed i8
/// operands; no negation, clamping or operand reuse); a transposed
/// layout's fragments swapped.
struct WmmaEmitter {
  const MatrixInstr *instr = nullptr;
  Type fragment;
  VectorType accType;
  bool transposed = false;
  bool isSigned = false;

  LogicalResult init(Operation *op, const ArchInfo &arch,
                     AmdWmmaLayoutAttr wmma, Type elem, Type accElem) {
    ArrayRef<unsigned> shape = wmma.getInstrShape();
    instr = findMatrixInstrFor(arch, MatrixEngine::WMMA, shape[0], shape[1],
                               shape[2], elem);
    if (!instr)
      return op->emitOpError("no such WMMA on ") << arch.name;
    fragment = elem.getIntOrFloatBitWidth() == 8
                   ? VectorType::get(instr->kWidth / 4,
                                     IntegerType::get(elem.getContext(), 32))
                   : VectorType::get(instr->kWidth, elem);
    accType = VectorType::get(int64_t(shape[0]) * shape[1] / 32, accElem);
    transposed = wmma.getTransposed();
    isSigned = elem.isSignlessInteger(8);
    return success();
  }
  int64_t accRegs() const { return accType.getNumElements(); }
  SmallVector<int64_t, 3> shape() const {
    return {instr->m, instr->n, instr->k};
  }
  Value step(RewriterBase &rewriter, Location loc, Value acc, ArrayRef<Value> a,
             ArrayRef<Value> b) const {
    Value x = packFragment(rewriter, loc, fragment, a);
    Value y = packFragment(rewriter, loc, fragment, b);
    if (transposed)
      std::swap(x, y);
    // Immediates: signed i8 operands (iu8); no modifiers or reuse.
    return rocdl::createIntrinsic(rewriter, loc, instr->name, {x, y, acc},
                                  accType, [&](StringRef name) -> Attribute {
                                    if (name.starts_with("sign"))
                                      return rewriter.getBoolAttr(isSigned);
                                    return {};
                                  });
  }
};

/// tl.dot as `emitter`'s instruction per accumulator tile and K step.
template <typename Emitter>
LogicalResult lowerDotWith(const Emitter &emitter, DotOp op, Value a, Value b,
                           Value c, Type resultType,
                           ConversionPatternRewriter &rewriter) {
  Location loc = op.getLoc();
  auto packAcc = [&](ArrayRef<Value> acc) {
    return packFragment(rewriter, loc, emitter.accType, acc);
  };
  auto step = [&](Value acc, ArrayRef<Value> x, ArrayRef<Value> y) {
    return emitter.step(rewriter, loc, acc, x, y);
  };
  auto unpackAcc = [&](Value acc) {
    return unpackRegisters(rewriter, loc, acc);
  };
  return lowerDotByTiles(rewriter, op, a, b, c, resultType, emitter.shape(),
                         emitter.instr->kWidth, emitter.instr->kWidth,
                         emitter.accRegs(), {packAcc, step, unpackAcc});
}

struct DotOpToMFMA : TargetPattern<DotOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    Type elem = aType.getElementType(), accElem = cType.getElementType();
    Type resultType = getTypeConverter()->convertType(cType);
    const ArchInfo &arch = targetInfo.getArch();
    if (auto wmma = dyn_cast_or_null<AmdWmmaLayoutAttr>(cType.getEncoding())) {
      WmmaEmitter emitter;
      if (failed(emitter.init(op, arch, wmma, elem, accElem)))
        return failure();
      return lowerDotWith(emitter, op, adaptor.getA(), adaptor.getB(),
                          adaptor.getC(), resultType, rewriter);
    }
    auto mfma = dyn_cast_or_null<AmdMfmaLayoutAttr>(cType.getEncoding());
    if (!mfma)
      return op.emitOpError("needs an MFMA or WMMA layout: run "
                            "tlxamd-assign-layouts and tlxamd-verify-target "
                            "first");
    MfmaEmitter emitter;
    if (failed(emitter.init(op, arch, mfma, elem, accElem)))
      return failure();
    return lowerDotWith(emitter, op, adaptor.getA(), adaptor.getB(),
                        adaptor.getC(), resultType, rewriter);
  }
};

//===----------------------------------------------------------------------===//
// Register classes (the TLX tensor-core reference)
//===----------------------------------------------------------------------===//

/// `elems` as one register group: an i16 / i32, or a vector of i32 for a
/// group of several 32-bit registers.
Value packGroup(RewriterBase &rewriter, Location loc, ArrayRef<Value> elems) {
  Type elem = elems.front().getType();
  unsigned bits = elems.size() * elem.getIntOrFloatBitWidth();
  Type group = bits <= 32 ? Type(rewriter.getIntegerType(bits))
                          : VectorType::get(bits / 32, rewriter.getI32Type());
  Value v = elems.size() == 1
                ? elems.front()
                : packRegisters(rewriter, loc,
                                VectorType::get(elems.size(), elem), elems);
  return LLVM::BitcastOp::create(rewriter, loc, group, v);
}

/// The `n` elements of type `elem` in a register group.
SmallVector<Value> unpackGroup(RewriterBase &rewriter, Location loc, Value g,
                               Type elem, unsigned n) {
  Type type = n == 1 ? elem : VectorType::get(n, elem);
  Value v = LLVM::BitcastOp::create(rewriter, loc, type, g);
  if (n == 1)
    return {v};
  return unpackRegisters(rewriter, loc, v);
}

/// One side-effecting inline asm tying each group to itself in register
/// class `classes[i]` ("agpr": `a`, "vgpr": `v`); its text is a comment
/// naming the registers, so the ISA shows where they are.
SmallVector<Value> pinGroups(RewriterBase &rewriter, Location loc,
                             ArrayRef<Value> groups,
                             ArrayRef<StringRef> classes, StringRef what) {
  std::string text = ("; " + what).str();
  SmallVector<std::string> constraints;
  SmallVector<Type> types;
  for (auto [i, g] : llvm::enumerate(groups)) {
    text += " $" + std::to_string(i);
    constraints.push_back(classes[i] == "agpr" ? "=a" : "=v");
    types.push_back(g.getType());
  }
  for (unsigned i = 0; i < groups.size(); ++i)
    constraints.push_back(std::to_string(i));
  Type result =
      types.size() == 1
          ? types.front()
          : LLVM::LLVMStructType::getLiteral(rewriter.getContext(), types);
  auto op = LLVM::InlineAsmOp::create(
      rewriter, loc, result, groups, text, llvm::join(constraints, ","),
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr());
  if (types.size() == 1)
    return {op.getResult(0)};
  SmallVector<Value> out;
  for (unsigned i = 0; i < types.size(); ++i)
    out.push_back(LLVM::ExtractValueOp::create(rewriter, loc, op.getResult(0),
                                               ArrayRef<int64_t>{i}));
  return out;
}

/// The registers of a tensor split into groups (each a list of register
/// indices), constrained together by one pinGroups; returns all registers
/// with the pinned values in place.
SmallVector<Value> pinRegisterGroups(RewriterBase &rewriter, Location loc,
                                     SmallVector<Value> regs,
                                     ArrayRef<SmallVector<unsigned>> groups,
                                     ArrayRef<StringRef> classes,
                                     StringRef what) {
  SmallVector<Value> packed;
  for (const auto &g : groups) {
    SmallVector<Value> elems;
    for (unsigned r : g)
      elems.push_back(regs[r]);
    packed.push_back(packGroup(rewriter, loc, elems));
  }
  SmallVector<Value> pinned = pinGroups(rewriter, loc, packed, classes, what);
  for (auto [g, v] : llvm::zip(groups, pinned))
    for (auto [r, x] :
         llvm::zip(g, unpackGroup(rewriter, loc, v, regs[g.front()].getType(),
                                  g.size())))
      regs[r] = x;
  return regs;
}

/// Consecutive runs of `size` registers out of `count`.
SmallVector<SmallVector<unsigned>> consecutiveGroups(int64_t count,
                                                     int64_t size) {
  SmallVector<SmallVector<unsigned>> groups;
  for (int64_t r = 0; r < count; r += size) {
    groups.emplace_back();
    for (int64_t i = r; i < std::min(count, r + size); ++i)
      groups.back().push_back(unsigned(i));
  }
  return groups;
}

/// A converted tensor with each `size`-register run pinned to `cls` by one
/// constraint.
Value pinTensor(RewriterBase &rewriter, Location loc, Value v, Type type,
                int64_t size, StringRef cls, StringRef what) {
  SmallVector<Value> regs = unpackRegisters(rewriter, loc, v);
  auto groups = consecutiveGroups(regs.size(), size);
  SmallVector<StringRef> classes(groups.size(), cls);
  return packRegisters(
      rewriter, loc, type,
      pinRegisterGroups(rewriter, loc, regs, groups, classes, what));
}

unsigned elementsPer32Bits(Type tensorType) {
  return 32 / cast<RankedTensorType>(tensorType)
                  .getElementType()
                  .getIntOrFloatBitWidth();
}

struct RegisterResidentToROCDL : TargetPattern<AmdRegisterResidentOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AmdRegisterResidentOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t size =
        int64_t(op.getRegistersPerGroup()) * elementsPer32Bits(op.getType());
    rewriter.replaceOp(
        op, pinTensor(rewriter, op.getLoc(), adaptor.getValue(),
                      getTypeConverter()->convertType(op.getType()), size,
                      op.getRegisterClass(), "amd_register_resident"));
    return success();
  }
};

struct RegisterClassAnchorToROCDL : TargetPattern<AmdRegisterClassAnchorOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AmdRegisterClassAnchorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> regs =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    // M5: each packed 32-bit register through its own constraint.
    for (const auto &g :
         consecutiveGroups(regs.size(), elementsPer32Bits(op.getType())))
      regs =
          pinRegisterGroups(rewriter, loc, regs, {g}, {op.getRegisterClass()},
                            "amd_register_class_anchor");
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc,
                          getTypeConverter()->convertType(op.getType()), regs));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Scheduled MFMA and its commit (the TLX tensor-core reference)
//===----------------------------------------------------------------------===//

struct ScheduledMfmaToROCDL : TargetPattern<AmdScheduledMfmaOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AmdScheduledMfmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    RankedTensorType cType = op.getType();
    MfmaEmitter mfmaOp;
    if (failed(mfmaOp.init(op, targetInfo.getArch(),
                           cast<AmdMfmaLayoutAttr>(cType.getEncoding()),
                           aType.getElementType(), cType.getElementType())))
      return failure();
    Value a = adaptor.getA(), b = adaptor.getB();
    bool persistent = op.isPersistent();
    int64_t kWidth = mfmaOp.instr->kWidth;
    // Persistent: the resident operand's fragments in AGPRs.
    if (persistent && op.getResidentOperand()) {
      bool isA = *op.getResidentOperand() == "a";
      Value &v = isA ? a : b;
      v = pinTensor(rewriter, loc, v, v.getType(), kWidth, "agpr",
                    "amd_scheduled_mfma resident operand");
    }
    StringRef cls = op.getEffectiveAccumulatorClass();
    auto pin = [&](Value acc) {
      return pinGroups(rewriter, loc, {acc}, {cls},
                       "amd_scheduled_mfma accumulator")
          .front();
    };
    auto packAcc = [&](ArrayRef<Value> acc) {
      Value v = packFragment(rewriter, loc, mfmaOp.accType, acc);
      return persistent ? pin(v) : v;
    };
    auto step = [&](Value acc, ArrayRef<Value> x, ArrayRef<Value> y) {
      return mfmaOp.step(rewriter, loc, acc, x, y);
    };
    auto unpackAcc = [&](Value acc) {
      return unpackRegisters(rewriter, loc, persistent ? pin(acc) : acc);
    };
    DotTiling tiling{aType,
                     bType,
                     cType,
                     mfmaOp.shape(),
                     kWidth,
                     kWidth,
                     mfmaOp.accRegs(),
                     /*kMajor=*/true,
                     op.getInitialize()};
    FailureOr<SmallVector<Value>> d =
        emitDotTiles(rewriter, op, tiling, a, b, adaptor.getAcc(),
                     {packAcc, step, unpackAcc});
    if (failed(d))
      return failure();
    rewriter.replaceOp(op, packRegisters(rewriter, loc,
                                         getTypeConverter()->convertType(cType),
                                         *d));
    return success();
  }
};

/// M16: one constraint over every committed fragment (AGPRs, or VGPRs
/// with a preserved operand, which goes to AGPRs).
struct MfmaCommitToROCDL : TargetPattern<AmdMfmaCommitOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AmdMfmaCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool preserve = bool(op.getPreserve());
    // Every operand's registers in one flat list, grouped by fragment.
    SmallVector<Value> flat;
    SmallVector<unsigned> base;
    SmallVector<SmallVector<unsigned>> groups;
    SmallVector<StringRef> classes;
    for (auto [i, v] : llvm::enumerate(adaptor.getOperands())) {
      auto type = cast<RankedTensorType>(op->getOperand(i).getType());
      SmallVector<Value> regs = unpackRegisters(rewriter, loc, v);
      bool isResult = i < op.getValues().size();
      SmallVector<SmallVector<unsigned>> own;
      if (isResult) {
        ArrayRef<unsigned> s =
            cast<AmdMfmaLayoutAttr>(type.getEncoding()).getInstrShape();
        for (auto &[tile, r] :
             getRegisterTiles(getLinearLayout(type), s[0], s[1]))
          own.push_back(r);
      } else {
        own = consecutiveGroups(
            regs.size(),
            cast<DotOperandLayoutAttr>(type.getEncoding()).getKWidth());
      }
      base.push_back(flat.size());
      for (auto &g : own) {
        for (unsigned &r : g)
          r += base.back();
        groups.push_back(g);
        classes.push_back(isResult && preserve ? "vgpr" : "agpr");
      }
      llvm::append_range(flat, regs);
    }
    flat = pinRegisterGroups(rewriter, loc, flat, groups, classes,
                             "amd_mfma_commit");
    SmallVector<Value> results;
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      unsigned end = i + 1 < base.size() ? base[i + 1] : flat.size();
      results.push_back(packRegisters(
          rewriter, loc, getTypeConverter()->convertType(result.getType()),
          SmallVector<Value>(flat.begin() + base[i], flat.begin() + end)));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct SchedBarrierToROCDL : TargetPattern<AmdSchedBarrierOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AmdSchedBarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ROCDL::SchedBarrier>(op, op.getMask());
    return success();
  }
};

struct SetPriorityToROCDL : TargetPattern<AmdSetPriorityOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AmdSetPriorityOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ROCDL::SetPrioOp>(
        op, rewriter.getI16IntegerAttr(op.getPriority()));
    return success();
  }
};

/// local_load of 16- or 8-bit elements whose layout the layout core maps
/// onto the target's transposing LDS reads (getTransposedLoad: an operand
/// whose contiguous shared dimension runs along the lanes, e.g. a K x N
/// tile feeding an MFMA's or WMMA's B): one ds_read_b64_tr_b16 per 4
/// registers (CDNA4), ds_load_tr16_b128 / ds_load_tr8_b64 per 8 (gfx1250)
/// instead of a 2- or 1-byte read each. Anything else takes the generic
/// vector loads.
struct LocalLoadToTransposedRead : TargetPattern<LocalLoadOp, /*Benefit=*/2> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elem = op.getType().getElementType();
    unsigned bits = elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 0;
    TransposedRead read = getTransposedRead(targetInfo.getArch(), bits);
    if (!read.run)
      return failure();
    return lowerCooperativeLoad(
        rewriter, op, adaptor.getSrc(), targetInfo, *getTypeConverter(),
        targetInfo.getArch().warpSize, bits, read.run,
        [&](const LinearLayout &offsets) {
          return getTransposedLoad(offsets, read);
        },
        [&](Value ptr, Type elem) {
          return targetInfo.transposedSharedRead(rewriter, op.getLoc(), ptr,
                                                 elem);
        });
  }
};

} // namespace

void mlir::tlxamd::rocdl::populateMatrixOpsToROCDLPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo) {
  patterns.add<DotOpToMFMA, RegisterResidentToROCDL, RegisterClassAnchorToROCDL,
               ScheduledMfmaToROCDL, MfmaCommitToROCDL, SchedBarrierToROCDL,
               SetPriorityToROCDL, LocalLoadToTransposedRead>(converter,
                                                              targetInfo);
}
