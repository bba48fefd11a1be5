//===- ContractChecksToLLVM.cpp - the sanitizer's run-time checks --------===//
//
// contract_check and active_lanes_check, any target: per run of a thread's
// registers, a compare; where it fails, a record in the kernel's violation
// ring (one atomic add claims a slot, the record is written if the ring
// has room; the count keeps counting). The records' layout is the ring's
// documented one (TlxAmdSanitizerOps.td), which tlxamd.contracts decodes.
//
//===----------------------------------------------------------------------===//
#include "LayoutLowering.h"
#include "Patterns.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// The ring's header words and record shape.
constexpr int64_t kHeaderWords = 4;
constexpr int64_t kRecordWords = 16;
constexpr int64_t kRecordValues = 8;

/// What a record says about its violation.
enum class ViolationKind : int32_t {
  Offsets = 1,
  Mask = 2,
  Alignment = 3,
  InactiveLanes = 4,
  BarrierTimeout = 5,
};

/// Writes records into a kernel's violation ring.
class RingWriter {
public:
  RingWriter(ConversionPatternRewriter &rewriter, Location loc, Value ring,
             const TargetInfoBase &targetInfo, int32_t site)
      : rewriter(rewriter), loc(loc), ring(ring), targetInfo(targetInfo),
        site(site) {}

  /// Where `cond` holds: one record of `kind` for register group `group`
  /// with `values` (at most kRecordValues are kept).
  void recordIf(Value cond, ViolationKind kind, int64_t group,
                ArrayRef<Value> values) {
    emitPredicated(rewriter, loc, cond, Type(), [&] {
      Value slot = LLVM::AtomicRMWOp::create(
          rewriter, loc, LLVM::AtomicBinOp::add, word(0), c(1),
          LLVM::AtomicOrdering::monotonic);
      Value capacity =
          LLVM::LoadOp::create(rewriter, loc, rewriter.getI32Type(), word(1));
      Value room = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult,
                                        slot, capacity);
      emitPredicated(rewriter, loc, room, Type(), [&] {
        write(slot, kind, group, values);
        return Value();
      });
      return Value();
    });
  }

private:
  Value c(int64_t v) { return i32Const(rewriter, loc, v); }
  /// The address of word `index` (an i32 value) of the ring.
  Value word(Value index) {
    return LLVM::GEPOp::create(rewriter, loc, ring.getType(),
                               rewriter.getI32Type(), ring, ValueRange{index});
  }
  Value word(int64_t index) { return word(c(index)); }

  void write(Value slot, ViolationKind kind, int64_t group,
             ArrayRef<Value> values) {
    int64_t n = std::min<int64_t>(values.size(), kRecordValues);
    SmallVector<Value> words = {c(site),
                                c(static_cast<int32_t>(kind)),
                                targetInfo.programId(rewriter, loc, 0),
                                targetInfo.programId(rewriter, loc, 1),
                                targetInfo.programId(rewriter, loc, 2),
                                targetInfo.threadId(rewriter, loc),
                                c(group),
                                c(values.size())};
    llvm::append_range(words, values.take_front(n));
    Value first = LLVM::AddOp::create(
        rewriter, loc,
        LLVM::MulOp::create(rewriter, loc, slot, c(kRecordWords)),
        c(kHeaderWords));
    for (auto [i, w] : llvm::enumerate(words)) {
      Value at = LLVM::AddOp::create(rewriter, loc, first, c(i));
      LLVM::StoreOp::create(rewriter, loc, w, word(at));
    }
  }

  ConversionPatternRewriter &rewriter;
  Location loc;
  Value ring;
  const TargetInfoBase &targetInfo;
  int32_t site;
};

/// `a || b` (either may be null: false).
Value orOf(RewriterBase &rewriter, Location loc, Value a, Value b) {
  if (!a || !b)
    return a ? a : b;
  return LLVM::OrOp::create(rewriter, loc, a, b);
}

Value i1Const(RewriterBase &rewriter, Location loc, bool v) {
  return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                  rewriter.getBoolAttr(v));
}

struct ContractCheckLowering : TargetPattern<ContractCheckOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(ContractCheckOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> offsets =
        unpackRegisters(rewriter, loc, adaptor.getOffsets());
    SmallVector<Value> masks =
        adaptor.getMask() ? unpackRegisters(rewriter, loc, adaptor.getMask())
                          : SmallVector<Value>();
    RingWriter ring(rewriter, loc, adaptor.getViolations(), targetInfo,
                    op.getSite());
    Type elem = op.getPtr().getType().getPointeeType();
    int64_t elemBytes = std::max(1u, elem.getIntOrFloatBitWidth() / 8);
    int64_t step = op.getOffsetUnit() == OffsetUnit::bytes ? elemBytes : 1;
    // The low 32 bits of the base address decide the alignment.
    Value base;
    if (op.getAlign())
      base = LLVM::TruncOp::create(
          rewriter, loc, rewriter.getI32Type(),
          LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                   adaptor.getPtr()));
    int64_t n = offsets.size(), run = op.getContiguity();
    SmallVector<Value> guard(n);
    for (int64_t r = 0; r < n; r += run) {
      Value in = masks.empty() ? Value() : masks[r];
      Value ok = checkRun(rewriter, loc, op, ring, offsets, r, in, base, step,
                          elemBytes);
      std::fill_n(guard.begin() + r, run,
                  ok ? ok : i1Const(rewriter, loc, true));
    }
    if (std::optional<uint32_t> uniform = op.getUniformMask())
      checkMaskGroups(rewriter, loc, ring, masks, *uniform);
    rewriter.replaceOp(
        op,
        packRegisters(rewriter, loc,
                      getTypeConverter()->convertType(op.getType()), guard));
    return success();
  }

private:
  /// The run of registers [r, r + contiguity): its offsets consecutive and
  /// its first address aligned, where its first element is in. Returns
  /// "aligned" (null without an alignment check).
  Value checkRun(ConversionPatternRewriter &rewriter, Location loc,
                 ContractCheckOp op, RingWriter &ring, ArrayRef<Value> offsets,
                 int64_t r, Value in, Value base, int64_t step,
                 int64_t elemBytes) const {
    int64_t run = op.getContiguity();
    auto onlyIn = [&](Value bad) {
      return in ? LLVM::AndOp::create(rewriter, loc, in, bad) : bad;
    };
    if (op.getConsecutive()) {
      Value bad;
      for (int64_t i = 1; i < run; ++i) {
        Value d =
            LLVM::SubOp::create(rewriter, loc, offsets[r + i], offsets[r]);
        bad = orOf(rewriter, loc, bad,
                   LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                        d, i32Const(rewriter, loc, i * step)));
      }
      if (bad)
        ring.recordIf(onlyIn(bad), ViolationKind::Offsets, r / run,
                      offsets.slice(r, run));
    }
    std::optional<uint32_t> align = op.getAlign();
    if (!align)
      return Value();
    Value bytes = offsets[r];
    if (op.getOffsetUnit() == OffsetUnit::elements && elemBytes > 1)
      bytes = LLVM::MulOp::create(rewriter, loc, bytes,
                                  i32Const(rewriter, loc, elemBytes));
    Value addr = LLVM::AddOp::create(rewriter, loc, base, bytes);
    Value low = LLVM::AndOp::create(rewriter, loc, addr,
                                    i32Const(rewriter, loc, *align - 1));
    Value bad =
        onlyIn(LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, low,
                                    i32Const(rewriter, loc, 0)));
    ring.recordIf(bad, ViolationKind::Alignment, r / run,
                  {offsets[r], addr, i32Const(rewriter, loc, *align)});
    return LLVM::XOrOp::create(rewriter, loc, bad,
                               i1Const(rewriter, loc, true));
  }

  /// Every group of `size` mask registers one value; a record carries the
  /// group's bits (register i at bit i) and its size.
  void checkMaskGroups(ConversionPatternRewriter &rewriter, Location loc,
                       RingWriter &ring, ArrayRef<Value> masks,
                       int64_t size) const {
    Type i32 = rewriter.getI32Type();
    for (int64_t g = 0; g < int64_t(masks.size()); g += size) {
      Value bad, bits;
      for (int64_t i = 0; i < size; ++i) {
        if (i)
          bad =
              orOf(rewriter, loc, bad,
                   LLVM::XOrOp::create(rewriter, loc, masks[g + i], masks[g]));
        if (i >= 32)
          continue;
        Value bit = LLVM::ShlOp::create(
            rewriter, loc,
            LLVM::ZExtOp::create(rewriter, loc, i32, masks[g + i]),
            i32Const(rewriter, loc, i));
        bits = bits ? LLVM::OrOp::create(rewriter, loc, bits, bit) : bit;
      }
      ring.recordIf(bad, ViolationKind::Mask, g / size,
                    {bits, i32Const(rewriter, loc, size)});
    }
  }
};

struct ActiveLanesCheckLowering : TargetPattern<ActiveLanesCheckOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(ActiveLanesCheckOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned warp = targetInfo.getWarpSize();
    Type maskType = rewriter.getIntegerType(warp);
    Value lanes = targetInfo.activeLanes(rewriter, loc);
    auto maskConst = [&](uint64_t v) {
      return LLVM::ConstantOp::create(rewriter, loc, maskType,
                                      rewriter.getIntegerAttr(maskType, v));
    };
    Value partial =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, lanes,
                             maskConst(llvm::maskTrailingOnes<uint64_t>(warp)));
    // Of a partial wave, the first active lane records: no active lane
    // below it.
    Value lane =
        LLVM::AndOp::create(rewriter, loc, targetInfo.threadId(rewriter, loc),
                            i32Const(rewriter, loc, warp - 1));
    if (warp > 32)
      lane = LLVM::ZExtOp::create(rewriter, loc, maskType, lane);
    Value below = LLVM::SubOp::create(
        rewriter, loc, LLVM::ShlOp::create(rewriter, loc, maskConst(1), lane),
        maskConst(1));
    Value first = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::eq,
        LLVM::AndOp::create(rewriter, loc, lanes, below), maskConst(0));
    Type i32 = rewriter.getI32Type();
    SmallVector<Value> values = {
        warp > 32 ? LLVM::TruncOp::create(rewriter, loc, i32, lanes) : lanes};
    if (warp > 32)
      values.push_back(LLVM::TruncOp::create(
          rewriter, loc, i32,
          LLVM::LShrOp::create(rewriter, loc, lanes, maskConst(32))));
    RingWriter ring(rewriter, loc, adaptor.getViolations(), targetInfo,
                    op.getSite());
    ring.recordIf(LLVM::AndOp::create(rewriter, loc, partial, first),
                  ViolationKind::InactiveLanes, 0, values);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tlxamd::populateContractChecksToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &targetInfo) {
  patterns.add<ContractCheckLowering, ActiveLanesCheckLowering>(converter,
                                                                targetInfo);
}

void mlir::tlxamd::recordBarrierTimeout(ConversionPatternRewriter &rewriter,
                                        Location loc, Value ring,
                                        const TargetInfoBase &targetInfo,
                                        int32_t site, Value cond, Value bar,
                                        Value parity, int64_t task) {
  Value offset =
      LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), bar);
  RingWriter(rewriter, loc, ring, targetInfo, site)
      .recordIf(cond, ViolationKind::BarrierTimeout, task, {offset, parity});
}
