//===- CoreOpsToLLVM.cpp - program ids and scalar memory, any target -----===//
#include "BufferAccess.h"
#include "LayoutLowering.h"
#include "Patterns.h"

#include "tlxamd/Dialect/Layouts.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// program_id / num_programs: the target's id or grid-size query along the
/// op's axis.
template <typename OpTy>
struct GridQueryLowering : ConvertOpToLLVMPattern<OpTy> {
  GridQueryLowering(LLVMTypeConverter &converter,
                    const TargetInfoBase &targetInfo)
      : ConvertOpToLLVMPattern<OpTy>(converter), targetInfo(targetInfo) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    rewriter.replaceOp(
        op, std::is_same_v<OpTy, ProgramIdOp>
                ? targetInfo.programId(rewriter, loc, op.getAxis())
                : targetInfo.numPrograms(rewriter, loc, op.getAxis()));
    return success();
  }
  const TargetInfoBase &targetInfo;
};

struct AddPtrOpLowering : ConvertOpToLLVMPattern<AddPtrOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type elemType = getTypeConverter()->convertType(
        getElementTypeOrSelf(getPointeeLike(op.getPtr().getType())));
    // On tensors: one vector GEP over the thread's registers.
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, resultType, elemType,
                                             adaptor.getPtr(),
                                             ValueRange{adaptor.getOffset()});
    return success();
  }
};

/// int_to_ptr / ptr_to_int: LLVM's casts, on a scalar or on every register
/// at once; ptr_cast is no instruction (LLVM pointers carry no pointee).
template <typename OpTy, typename LLVMOpTy>
struct PointerIntCastLowering : ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVMOpTy>(
        op, this->getTypeConverter()->convertType(op.getType()),
        adaptor.getSrc());
    return success();
  }
};

/// The registers of a converted tensor, or the value itself for a scalar.
static SmallVector<Value> registersOf(RewriterBase &b, Location loc, Value v) {
  if (isa<VectorType>(v.getType()))
    return unpackRegisters(b, loc, v);
  return {v};
}

/// Loads and stores through pointers: one access per group of registers
/// that the axis analysis proves contiguous, aligned (pointer divisibility)
/// and under one mask bit, at most 128 bits; a masked group is an
/// `llvm.intr.masked.load/store` whose mask is that one bit (LLVM emits one
/// branch around a vector access).
class PointerAccess {
public:
  PointerAccess(ConversionPatternRewriter &rewriter, Operation *op,
                const LLVMTypeConverter &converter,
                const KernelAnalyses &analyses, Value ptrs, Value mask)
      : rewriter(rewriter), loc(op->getLoc()) {
    Type pointee = getElementTypeOrSelf(
        getPointeeLike(op->getOperand(isa<LoadOp>(op) ? 0 : 1).getType()));
    elemType = converter.convertType(pointee);
    bytes = std::max(1u, getElementBitWidth(pointee) / 8);
    pointers = registersOf(rewriter, loc, ptrs);
    if (mask)
      masks = registersOf(rewriter, loc, mask);
    const auto &facts = analyses.getBufferFacts(op);
    width = std::min<int64_t>({facts.offsetsRun, facts.maskUniformWidth,
                               std::max<int64_t>(1, 16 / bytes)});
    width = std::max<int64_t>(1, width);
  }

  int64_t size() const { return pointers.size(); }
  int64_t groupWidth() const { return width; }
  VectorType groupType() const { return VectorType::get({width}, elemType); }
  unsigned alignment() const { return width * bytes; }

  /// The group's mask bit (and `also`), or null without either.
  Value groupBit(int64_t r, Value also = Value()) {
    Value bit = masks.empty() ? Value() : masks[r];
    if (also)
      bit = bit ? LLVM::AndOp::create(rewriter, loc, bit, also).getResult()
                : also;
    return bit;
  }

  /// groupBit splat over the group's elements, or null.
  Value groupMask(int64_t r, Value also = Value()) {
    Value bit = groupBit(r, also);
    if (!bit)
      return Value();
    // A splat in the form LLVM recognizes (insertelement + zero shuffle):
    // the scalarization of a masked access keeps a splat mask's access
    // whole, one branch around it; a chain of insertelements is split into
    // one branch per element.
    auto type = VectorType::get({width}, rewriter.getI1Type());
    Value v = LLVM::InsertElementOp::create(
        rewriter, loc, LLVM::PoisonOp::create(rewriter, loc, type), bit,
        i32Const(rewriter, loc, 0));
    if (width == 1)
      return v;
    return LLVM::ShuffleVectorOp::create(rewriter, loc, v, v,
                                         SmallVector<int32_t>(width, 0));
  }
  Value groupPointer(int64_t r) const { return pointers[r]; }

  ConversionPatternRewriter &rewriter;
  Location loc;

private:
  Type elemType;
  unsigned bytes;
  int64_t width = 1;
  SmallVector<Value> pointers, masks;
};

/// The volatile / nontemporal flags of an access's cache modifier (the
/// kernel verifier rejected modifiers the target cannot encode).
static PointerCacheFlags cacheFlags(const TargetInfoBase &targetInfo,
                                    std::optional<CacheModifier> cache,
                                    bool isLoad) {
  if (!cache)
    return {};
  return getPointerCacheFlags(targetInfo.getArch(),
                              stringifyCacheModifier(*cache), isLoad)
      .value_or(PointerCacheFlags{});
}

struct LoadOpLowering : ConvertOpToLLVMPattern<LoadOp> {
  LoadOpLowering(LLVMTypeConverter &converter, const TargetInfoBase &targetInfo,
                 const KernelAnalyses &analyses)
      : ConvertOpToLLVMPattern(converter), targetInfo(targetInfo),
        analyses(analyses) {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!isa<RankedTensorType>(op.getType()) && !op.getMask()) {
      rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, type, adaptor.getPtr());
      return success();
    }
    PointerCacheFlags flags = cacheFlags(targetInfo, op.getCache(), true);
    PointerAccess access(rewriter, op, *getTypeConverter(), analyses,
                         adaptor.getPtr(), adaptor.getMask());
    Location loc = op.getLoc();
    SmallVector<Value> others;
    if (adaptor.getOther())
      others = registersOf(rewriter, loc, adaptor.getOther());
    VectorType groupType = access.groupType();
    SmallVector<Value> values;
    for (int64_t r = 0; r < access.size(); r += access.groupWidth()) {
      Value ptr = access.groupPointer(r), bit = access.groupBit(r);
      auto load = [&]() -> Value {
        return LLVM::LoadOp::create(rewriter, loc, groupType, ptr,
                                    access.alignment(), flags.isVolatile,
                                    flags.nonTemporal);
      };
      auto passThru = [&]() -> Value {
        return others.empty()
                   ? LLVM::ZeroOp::create(rewriter, loc, groupType).getResult()
                   : packRegisters(
                         rewriter, loc, groupType,
                         ArrayRef(others).slice(r, access.groupWidth()));
      };
      Value group;
      if (!bit)
        group = load();
      else if (targetInfo.branchesAroundMaskedAccesses())
        group = emitBranches(
                    rewriter, loc, bit, {groupType},
                    [&] { return SmallVector<Value>{load()}; },
                    [&] { return SmallVector<Value>{passThru()}; })
                    .front();
      else
        group = LLVM::MaskedLoadOp::create(rewriter, loc, groupType, ptr,
                                           access.groupMask(r), passThru(),
                                           access.alignment());
      llvm::append_range(values, unpackRegisters(rewriter, loc, group));
    }
    if (!isa<VectorType>(type))
      rewriter.replaceOp(op, values.front());
    else
      rewriter.replaceOp(op, packRegisters(rewriter, loc, type, values));
    return success();
  }
  const TargetInfoBase &targetInfo;
  const KernelAnalyses &analyses;
};

struct StoreOpLowering : ConvertOpToLLVMPattern<StoreOp> {
  StoreOpLowering(LLVMTypeConverter &converter,
                  const TargetInfoBase &targetInfo,
                  const KernelAnalyses &analyses)
      : ConvertOpToLLVMPattern(converter), targetInfo(targetInfo),
        analyses(analyses) {}

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StoreCopies copies =
        getStoreCopies(rewriter, loc, targetInfo, op.getValue().getType());
    PointerAccess access(rewriter, op, *getTypeConverter(), analyses,
                         adaptor.getPtr(), adaptor.getMask());
    PointerCacheFlags flags = cacheFlags(targetInfo, op.getCache(), false);
    SmallVector<Value> values = registersOf(rewriter, loc, adaptor.getValue());
    for (int64_t r = 0; r < access.size(); r += access.groupWidth()) {
      if (r & copies.skippedRegisters)
        continue; // holds what register r & ~skippedRegisters holds
      Value ptr = access.groupPointer(r),
            bit = access.groupBit(r, copies.writes);
      Value group =
          packRegisters(rewriter, loc, access.groupType(),
                        ArrayRef(values).slice(r, access.groupWidth()));
      auto store = [&] {
        LLVM::StoreOp::create(rewriter, loc, group, ptr, access.alignment(),
                              flags.isVolatile, flags.nonTemporal);
        return SmallVector<Value>();
      };
      if (!bit)
        store();
      else if (targetInfo.branchesAroundMaskedAccesses())
        emitBranches(rewriter, loc, bit, {}, store,
                     [] { return SmallVector<Value>(); });
      else
        LLVM::MaskedStoreOp::create(
            rewriter, loc, group, ptr, access.groupMask(r, copies.writes),
            rewriter.getI32IntegerAttr(access.alignment()));
    }
    rewriter.eraseOp(op);
    return success();
  }
  const TargetInfoBase &targetInfo;
  const KernelAnalyses &analyses;
};

/// A mask op whose value repeats over groups of registers
/// (KernelAnalyses::getUniformRegisters): the op on each group's first
/// register, its result repeated; the scalar ops are then lowered as any.
struct UniformMaskLowering : ConversionPattern {
  UniformMaskLowering(LLVMTypeConverter &converter, StringRef name,
                      const KernelAnalyses &analyses)
      : ConversionPattern(converter, name, /*benefit=*/20,
                          &converter.getContext()),
        analyses(analyses) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    const SmallVector<int64_t> *reps = analyses.getUniformRegisters(op);
    Type type = getTypeConverter()->convertType(op->getResult(0).getType());
    if (!reps || !isa_and_nonnull<VectorType>(type))
      return failure();
    Location loc = op->getLoc();
    SmallVector<SmallVector<Value>> regs;
    for (Value v : operands)
      regs.push_back(unpackRegisters(rewriter, loc, v));
    SmallVector<Value> results(reps->size());
    for (size_t r = 0; r < reps->size(); ++r) {
      if ((*reps)[r] != int64_t(r)) {
        results[r] = results[(*reps)[r]];
        continue;
      }
      OperationState state(loc, op->getName());
      for (auto &values : regs)
        state.addOperands(values[r]);
      state.addTypes(rewriter.getI1Type());
      state.addAttributes(op->getAttrs());
      results[r] = rewriter.create(state)->getResult(0);
    }
    rewriter.replaceOp(op, packRegisters(rewriter, loc, type, results));
    return success();
  }
  const KernelAnalyses &analyses;
};

} // namespace

void mlir::tlxamd::populateCoreOpsToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &targetInfo, const KernelAnalyses &analyses) {
  patterns
      .add<GridQueryLowering<ProgramIdOp>, GridQueryLowering<NumProgramsOp>>(
          converter, targetInfo);
  patterns.add<AddPtrOpLowering, ForwardSourceLowering<PtrCastOp>,
               PointerIntCastLowering<IntToPtrOp, LLVM::IntToPtrOp>,
               PointerIntCastLowering<PtrToIntOp, LLVM::PtrToIntOp>>(converter);
  patterns.add<LoadOpLowering>(converter, targetInfo, analyses);
  patterns.add<StoreOpLowering>(converter, targetInfo, analyses);
  for (StringRef name :
       {arith::CmpIOp::getOperationName(), arith::CmpFOp::getOperationName(),
        arith::AndIOp::getOperationName(), arith::OrIOp::getOperationName(),
        arith::XOrIOp::getOperationName()})
    patterns.add<UniformMaskLowering>(converter, name, analyses);
}
