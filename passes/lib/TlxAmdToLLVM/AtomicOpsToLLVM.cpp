//===- AtomicOpsToLLVM.cpp - atomics through pointers, any target ---------===//
//
// tl.atomic_* and tl.atomic_cas through a pointer or a tensor of pointers:
// one LLVM `atomicrmw` / `cmpxchg` per element, with the op's ordering and
// the target's name of its scope. As in Triton, each element is updated
// once: of the threads (and registers) holding the same element only the
// first performs the atomic, the others read zero; a scalar atomic is
// performed by thread 0 and its old value handed to every thread through
// shared memory. Masked-off elements are skipped (a branch around the
// atomic) and read zero.
//
//===----------------------------------------------------------------------===//
#include "LayoutLowering.h"
#include "Patterns.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <map>

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

LLVM::AtomicOrdering getOrdering(MemSemantic sem) {
  switch (sem) {
  case MemSemantic::relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case MemSemantic::acquire:
    return LLVM::AtomicOrdering::acquire;
  case MemSemantic::release:
    return LLVM::AtomicOrdering::release;
  case MemSemantic::acq_rel:
    return LLVM::AtomicOrdering::acq_rel;
  }
  llvm_unreachable("memory semantic");
}

LLVM::AtomicBinOp getBinOp(AtomicRMWKind kind, bool isFloat) {
  switch (kind) {
  case AtomicRMWKind::Add:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case AtomicRMWKind::Max:
    return isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
  case AtomicRMWKind::Min:
    return isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
  case AtomicRMWKind::Xchg:
    return LLVM::AtomicBinOp::xchg;
  case AtomicRMWKind::And:
    return LLVM::AtomicBinOp::_and;
  case AtomicRMWKind::Or:
    return LLVM::AtomicBinOp::_or;
  case AtomicRMWKind::Xor:
    return LLVM::AtomicBinOp::_xor;
  }
  llvm_unreachable("atomic kind");
}

template <typename OpTy> struct AtomicLowering : ConvertOpToLLVMPattern<OpTy> {
  AtomicLowering(LLVMTypeConverter &converter, const TargetInfoBase &targetInfo)
      : ConvertOpToLLVMPattern<OpTy>(converter), targetInfo(targetInfo) {}
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getBlock()->getParentOp();
    if (!isa<FunctionOpInterface>(parent))
      return op.emitOpError("atomics lower inside a kernel's body only; "
                            "lower structured control flow (scf) first");
    Location loc = op.getLoc();
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    Type elemType = getElementTypeOrSelf(resultType);
    auto tensorType = dyn_cast<RankedTensorType>(op.getType());
    if (!tensorType) {
      rewriter.replaceOp(op, emitScalar(rewriter, op, adaptor, elemType));
      return success();
    }
    LinearLayout ll = getLinearLayout(tensorType);
    ThreadIndex thread = emitThreadIndex(rewriter, loc, targetInfo,
                                         ll.getInDimSize(LinearLayout::Lane));
    Value owner = emitOwnerMask(rewriter, loc, ll, thread);
    auto unpack = [&](Value v) {
      return v ? unpackRegisters(rewriter, loc, v) : SmallVector<Value>();
    };
    SmallVector<Value> ptrs = unpack(adaptor.getPtr());
    SmallVector<Value> values = unpack(adaptor.getValue());
    SmallVector<Value> masks = unpack(getMask(adaptor));
    SmallVector<Value> cmps = unpack(getCmp(adaptor));
    std::map<LinearLayout::Basis, Value> done;
    SmallVector<Value> olds;
    for (int64_t r = 0; r < ll.getNumRegisters(); ++r) {
      // A register repeating an element: the same atomic's old value.
      auto [it, inserted] = done.try_emplace(ll.apply(r, 0, 0), Value());
      if (!inserted) {
        olds.push_back(it->second);
        continue;
      }
      Value pred = owner;
      if (!masks.empty())
        pred =
            pred
                ? LLVM::AndOp::create(rewriter, loc, pred, masks[r]).getResult()
                : masks[r];
      if (isFloatMinMax(op, elemType)) {
        it->second = emitFloatMinMax(rewriter, op, pred, ptrs[r], values[r]);
        olds.push_back(it->second);
        continue;
      }
      auto emit = [&] {
        return emitAtomic(rewriter, op, ptrs[r], values[r],
                          cmps.empty() ? Value() : cmps[r]);
      };
      it->second =
          pred ? emitPredicated(rewriter, loc, pred, elemType, emit) : emit();
      olds.push_back(it->second);
    }
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, olds));
    return success();
  }

  static bool isFloatMinMax(OpTy op, Type elemType) {
    if constexpr (std::is_same_v<OpTy, AtomicRMWOp>)
      return isa<FloatType>(elemType) && (op.getKind() == AtomicRMWKind::Max ||
                                          op.getKind() == AtomicRMWKind::Min);
    return false;
  }

  /// Float max/min as integer atomics on the bits (as Triton does; no
  /// compare-and-swap loop): IEEE order is the signed order of the bits of
  /// non-negative values and the reversed unsigned order of negative ones,
  /// so max is a signed max where `value` is non-negative and an unsigned
  /// min where it is negative (min: signed min, unsigned max).
  Value emitFloatMinMax(ConversionPatternRewriter &rewriter, OpTy op,
                        Value pred, Value ptr, Value value) const {
    Location loc = op.getLoc();
    Type type = value.getType();
    Type intType = rewriter.getIntegerType(type.getIntOrFloatBitWidth());
    Value bits = LLVM::BitcastOp::create(rewriter, loc, intType, value);
    Value zero = LLVM::ZeroOp::create(rewriter, loc, intType);
    Value negative = LLVM::ICmpOp::create(rewriter, loc,
                                          LLVM::ICmpPredicate::slt, bits, zero);
    Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                         rewriter.getBoolAttr(true));
    Value positive = LLVM::XOrOp::create(rewriter, loc, negative, one);
    bool isMax = false;
    if constexpr (std::is_same_v<OpTy, AtomicRMWOp>)
      isMax = op.getKind() == AtomicRMWKind::Max;
    LLVM::AtomicOrdering ordering = getOrdering(op.getSem());
    StringRef scope = targetInfo.syncScope(op.getScope());
    auto half = [&](Value when, LLVM::AtomicBinOp binOp) {
      if (pred)
        when = LLVM::AndOp::create(rewriter, loc, when, pred);
      return emitPredicated(rewriter, loc, when, intType, [&] {
        return LLVM::AtomicRMWOp::create(rewriter, loc, binOp, ptr, bits,
                                         ordering, scope)
            .getResult();
      });
    };
    Value oldPos =
        half(positive, isMax ? LLVM::AtomicBinOp::max : LLVM::AtomicBinOp::min);
    Value oldNeg = half(negative, isMax ? LLVM::AtomicBinOp::umin
                                        : LLVM::AtomicBinOp::umax);
    Value old = LLVM::SelectOp::create(rewriter, loc, negative, oldNeg, oldPos);
    return LLVM::BitcastOp::create(rewriter, loc, type, old);
  }

  static Value getMask(OpAdaptor adaptor) {
    if constexpr (std::is_same_v<OpTy, AtomicRMWOp>)
      return adaptor.getMask();
    return Value();
  }
  static Value getCmp(OpAdaptor adaptor) {
    if constexpr (std::is_same_v<OpTy, AtomicCASOp>)
      return adaptor.getCmp();
    return Value();
  }

  Value emitAtomic(ConversionPatternRewriter &rewriter, OpTy op, Value ptr,
                   Value value, Value cmp) const {
    Location loc = op.getLoc();
    LLVM::AtomicOrdering ordering = getOrdering(op.getSem());
    StringRef scope = targetInfo.syncScope(op.getScope());
    if constexpr (std::is_same_v<OpTy, AtomicRMWOp>) {
      bool isFloat = isa<FloatType>(value.getType());
      return LLVM::AtomicRMWOp::create(rewriter, loc,
                                       getBinOp(op.getKind(), isFloat), ptr,
                                       value, ordering, scope);
    } else {
      // cmpxchg compares bits: floats go through integers of their width.
      Type type = value.getType();
      Type intType = rewriter.getIntegerType(type.getIntOrFloatBitWidth());
      if (type != intType) {
        value = LLVM::BitcastOp::create(rewriter, loc, intType, value);
        cmp = LLVM::BitcastOp::create(rewriter, loc, intType, cmp);
      }
      LLVM::AtomicOrdering failure =
          ordering == LLVM::AtomicOrdering::acq_rel ||
                  ordering == LLVM::AtomicOrdering::acquire
              ? LLVM::AtomicOrdering::acquire
              : LLVM::AtomicOrdering::monotonic;
      auto pair = LLVM::AtomicCmpXchgOp::create(rewriter, loc, ptr, cmp, value,
                                                ordering, failure, scope);
      Value old = LLVM::ExtractValueOp::create(rewriter, loc, pair, 0);
      return type == intType ? old
                             : LLVM::BitcastOp::create(rewriter, loc, type, old)
                                   .getResult();
    }
  }

  /// Whether the running thread is the first holding its elements: the lane
  /// and warp bits that only replicate data are zero (null: every thread
  /// is).
  static Value emitOwnerMask(RewriterBase &rewriter, Location loc,
                             const LinearLayout &ll,
                             const ThreadIndex &thread) {
    Value owner;
    auto check = [&](LinearLayout::InDim in, Value id) {
      int32_t bits = 0;
      for (auto [b, basis] : llvm::enumerate(ll.getBases(in)))
        if (llvm::all_of(basis, [](int32_t c) { return c == 0; }))
          bits |= 1 << b;
      if (!bits)
        return;
      Value zero = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq,
          LLVM::AndOp::create(rewriter, loc, id, i32Const(rewriter, loc, bits)),
          i32Const(rewriter, loc, 0));
      owner = owner
                  ? LLVM::AndOp::create(rewriter, loc, owner, zero).getResult()
                  : zero;
    };
    check(LinearLayout::Lane, thread.lane);
    check(LinearLayout::Warp, thread.warp);
    return owner;
  }

  /// A scalar atomic: thread 0 performs it, every thread reads its old
  /// value from shared memory.
  Value emitScalar(ConversionPatternRewriter &rewriter, OpTy op,
                   OpAdaptor adaptor, Type type) const {
    Location loc = op.getLoc();
    Value tid = targetInfo.threadId(rewriter, loc);
    Value first = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       tid, i32Const(rewriter, loc, 0));
    Value mask = getMask(adaptor);
    unsigned bytes = std::max(1u, type.getIntOrFloatBitWidth() / 8);
    Value slot = getSharedMemory(rewriter, op);
    // An earlier use of the slot (a previous loop iteration) must be read
    // everywhere before it is overwritten.
    targetInfo.sharedBarrier(rewriter, loc);
    emitPredicated(rewriter, loc, first, type, [&] {
      auto atomic = [&] {
        if (isFloatMinMax(op, type))
          return emitFloatMinMax(rewriter, op, Value(), adaptor.getPtr(),
                                 adaptor.getValue());
        return emitAtomic(rewriter, op, adaptor.getPtr(), adaptor.getValue(),
                          getCmp(adaptor));
      };
      // Masked off: nothing is updated and the old value reads zero.
      Value v =
          mask ? emitPredicated(rewriter, loc, mask, type, atomic) : atomic();
      LLVM::StoreOp::create(rewriter, loc, v, slot);
      return v;
    });
    targetInfo.sharedBarrier(rewriter, loc);
    return LLVM::LoadOp::create(rewriter, loc, type, slot);
  }

  const TargetInfoBase &targetInfo;
};

} // namespace

Value mlir::tlxamd::emitPredicated(ConversionPatternRewriter &rewriter,
                                   Location loc, Value pred, Type type,
                                   function_ref<Value()> emit) {
  Block *current = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(current, rewriter.getInsertionPoint());
  Value result = type ? after->addArgument(type, loc) : Value();
  Block *then = rewriter.createBlock(after);
  rewriter.setInsertionPointToStart(then);
  Value v = emit();
  LLVM::BrOp::create(rewriter, loc, type ? ValueRange{v} : ValueRange{}, after);
  rewriter.setInsertionPointToEnd(current);
  SmallVector<Value, 1> otherwise;
  if (type)
    otherwise.push_back(LLVM::ZeroOp::create(rewriter, loc, type));
  LLVM::CondBrOp::create(rewriter, loc, pred, then, ValueRange{}, after,
                         otherwise);
  rewriter.setInsertionPointToStart(after);
  return result;
}

void mlir::tlxamd::populateAtomicOpsToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &targetInfo) {
  patterns.add<AtomicLowering<AtomicRMWOp>, AtomicLowering<AtomicCASOp>>(
      converter, targetInfo);
}
