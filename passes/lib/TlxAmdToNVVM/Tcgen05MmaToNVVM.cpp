//===- Tcgen05MmaToNVVM.cpp - tcgen05 MMAs and scale copies to NVVM -------===//
//
// Blackwell's asynchronous MMAs (the TLX tensor-core reference): after the
// program's writes to the operands are visible to the tensor core, one thread
// (of the lead CTA in a two-CTA kernel) issues one tcgen05.mma per
// instruction's K (16 elements for kind::f16, 32 for kind::mxf8f6f4 with block
// scaling), each with shared-memory matrix descriptors of the operand tiles at
// that K and an instruction descriptor, and commits them to the op's barriers.
// tmem_copy issues one tcgen05.cp (32x128b, warpx4) per 512-byte block of
// MX scales. The descriptors' fields are the layout core's (Tcgen05.h,
// TensorMemory.h).
//
//===----------------------------------------------------------------------===//
#include "Tcgen05Common.h"

#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "../TlxAmdToLLVM/Patterns.h"
#include "../TlxAmdToLLVM/SharedAccess.h"
#include "tlxamd/Layout/Tcgen05.h"
#include "tlxamd/Layout/TensorMemory.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::nvvm;

namespace {

/// An MMA's operands as the lowering sees them.
struct MmaOperands {
  MemDescType aType, bType, accType;
  Value a, b, acc, useAcc;
  ValueRange barriers;
  TypeRange barrierTypes;
};

/// An MMA op's operands (async_dot, async_dot_scaled).
template <typename OpTy, typename Adaptor>
MmaOperands operandsOf(OpTy op, Adaptor adaptor) {
  return {
      op.getA().getType(), op.getB().getType(),   op.getAcc().getType(),
      adaptor.getA(),      adaptor.getB(),        adaptor.getAcc(),
      adaptor.getUseAcc(), adaptor.getBarriers(), op.getBarriers().getTypes()};
}

/// The K-step issue loop both MMAs share: after the sync, the issuing
/// thread calls `issue(step, aDesc, bDesc, enableInputD)` for each
/// instruction's K and commits to the barriers.
void emitMma(ConversionPatternRewriter &rewriter, Location loc, Operation *op,
             const TargetInfoBase &targetInfo, const MmaOperands &o,
             int64_t instrK,
             function_ref<void(int64_t, Value, Value, Value)> issue) {
  int64_t m = o.aType.getShape()[0], bn = o.bType.getShape()[1];
  int64_t k = o.aType.getShape()[1];
  std::string why;
  SmemMatrixDescriptor aDesc =
      *getMmaOperandDescriptor(o.aType, false, m, instrK, why); // verified
  SmemMatrixDescriptor bDesc =
      *getMmaOperandDescriptor(o.bType, true, bn, instrK, why);
  // The program's writes of the operands (thread stores, tcgen05.st) are
  // done and visible to the tensor core.
  syncTensorMemory(rewriter, loc, targetInfo, /*sharedOperands=*/true);
  Value aAddr = sharedTileAddress(rewriter, loc, o.a, o.aType);
  Value bAddr = sharedTileAddress(rewriter, loc, o.b, o.bType);
  SmallVector<Value> bars;
  for (auto [bar, type] : llvm::zip(o.barriers, o.barrierTypes))
    bars.push_back(
        unpackMemDesc(rewriter, loc, bar, cast<MemDescType>(type)).base);
  Value issuer = isTcgen05Issuer(rewriter, loc, targetInfo, op);
  emitPredicated(rewriter, loc, issuer, Type(), [&] {
    Value enable = o.useAcc;
    Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                         rewriter.getBoolAttr(true));
    for (int64_t step = 0; step * instrK < k; ++step) {
      int64_t k0 = step * instrK;
      Value ad =
          emitMatrixDescriptor(rewriter, loc, aDesc, aAddr,
                               getMmaOperandByteOffset(o.aType, false, 0, k0));
      Value bd =
          emitMatrixDescriptor(rewriter, loc, bDesc, bAddr,
                               getMmaOperandByteOffset(o.bType, true, 0, k0));
      issue(step, ad, bd, enable);
      enable = one;
    }
    for (Value bar : bars)
      emitTcgen05Commit(rewriter, loc, bar, op);
    return Value();
  });
}

struct AsyncDotLowering : TargetPattern<AsyncDotOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AsyncDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MmaOperands o = operandsOf(op, adaptor);
    bool twoCtas = op.getTwoCtas();
    int64_t m = o.accType.getShape()[0], n = o.accType.getShape()[1];
    uint32_t idesc = Tcgen05InstrDescriptor::f16(
        o.aType.getElementType().isBF16(), isMmaOperandMNMajor(o.aType, false),
        isMmaOperandMNMajor(o.bType, true), twoCtas ? 2 * m : m, n);
    emitMma(
        rewriter, loc, op, targetInfo, o, Tcgen05InstrDescriptor::kF16K,
        [&](int64_t, Value ad, Value bd, Value enable) {
          NVVM::Tcgen05MMAOp::create(
              rewriter, loc,
              NVVM::Tcgen05MMAKindAttr::get(rewriter.getContext(),
                                            NVVM::Tcgen05MMAKind::F16),
              getCtaGroupAttr(op),
              NVVM::Tcgen05MMACollectorOpAttr::get(
                  rewriter.getContext(), NVVM::Tcgen05MMACollectorOp::DISCARD),
              UnitAttr(), adaptor.getAcc(), ad, bd,
              i32Const(rewriter, loc, idesc), enable, Value(), Value());
        });
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncDotScaledLowering : TargetPattern<AsyncDotScaledOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(AsyncDotScaledOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!op.getAScale().getType().isTensorMemory() ||
        !op.getBScale().getType().isTensorMemory())
      return op.emitOpError("reads its scales from tensor memory: run "
                            "tlxamd-resolve-tmem-layouts first");
    MmaOperands o = operandsOf(op, adaptor);
    bool twoCtas = op.getTwoCtas();
    int64_t m = o.accType.getShape()[0], n = o.accType.getShape()[1];
    unsigned aType = *Tcgen05InstrDescriptor::getMxTypeCode(op.getAFormat());
    unsigned bType = *Tcgen05InstrDescriptor::getMxTypeCode(op.getBFormat());
    bool aMN = isMmaOperandMNMajor(o.aType, false);
    bool bMN = isMmaOperandMNMajor(o.bType, true);
    MLIRContext *ctx = rewriter.getContext();
    emitMma(rewriter, loc, op, targetInfo, o, Tcgen05InstrDescriptor::kMxK,
            [&](int64_t step, Value ad, Value bd, Value enable) {
              // Scale j = step (one per instruction's 32 K elements): byte j %
              // 4 of the column holding rows 0 ... of block j / 4.
              using SM = TensorMemoryScalesMap;
              unsigned byte = SM::getByte(step);
              uint32_t idesc = Tcgen05InstrDescriptor::mxf8f6f4(
                  aType, bType, aMN, bMN, twoCtas ? 2 * m : m, n, byte, byte);
              Value sa = offsetTensorMemory(
                  rewriter, loc, adaptor.getAScale(),
                  i32Const(rewriter, loc, SM::getColumn(m, 0, step)));
              Value sb = offsetTensorMemory(
                  rewriter, loc, adaptor.getBScale(),
                  i32Const(rewriter, loc, SM::getColumn(n, 0, step)));
              NVVM::Tcgen05MMABlockScaleOp::create(
                  rewriter, loc,
                  NVVM::MMABlockScaleKindAttr::get(
                      ctx, NVVM::MMABlockScaleKind::MXF8F6F4),
                  getCtaGroupAttr(op),
                  NVVM::Tcgen05MMABlockScaleAttr::get(
                      ctx, NVVM::Tcgen05MMABlockScale::DEFAULT),
                  NVVM::Tcgen05MMACollectorOpAttr::get(
                      ctx, NVVM::Tcgen05MMACollectorOp::DISCARD),
                  adaptor.getAcc(), ad, bd, i32Const(rewriter, loc, idesc),
                  enable, sa, sb);
            });
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmemCopyLowering : TargetPattern<TmemCopyOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(TmemCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    using SM = TensorMemoryScalesMap;
    Location loc = op.getLoc();
    MemDescType dst = op.getDest().getType();
    ArrayRef<int64_t> tile = dst.getTileShape();
    int64_t rowBlocks = tile[0] / SM::kBlockRows;
    int64_t scaleBlocks = tile[1] / SM::kBlockScales;
    // The scales the program wrote are visible to the copy engine.
    syncTensorMemory(rewriter, loc, targetInfo, /*sharedOperands=*/true);
    Value src = sharedTileAddress(rewriter, loc, adaptor.getSrc(),
                                  op.getSrc().getType());
    SmemMatrixDescriptor d = getScaleBlockDescriptor();
    MLIRContext *ctx = rewriter.getContext();
    emitPredicated(rewriter, loc,
                   isTcgen05Issuer(rewriter, loc, targetInfo, op), Type(), [&] {
                     // Shared memory holds the blocks row block major; tensor
                     // memory the columns of the scales layout.
                     for (int64_t i = 0; i < rowBlocks; ++i)
                       for (int64_t j = 0; j < scaleBlocks; ++j) {
                         int64_t block = i * scaleBlocks + j;
                         Value desc = emitMatrixDescriptor(
                             rewriter, loc, d, src, block * SM::kBlockBytes);
                         Value taddr = offsetTensorMemory(
                             rewriter, loc, adaptor.getDest(),
                             i32Const(rewriter, loc,
                                      SM::getColumn(tile[0], i * SM::kBlockRows,
                                                    j * SM::kBlockScales)));
                         NVVM::Tcgen05CpOp::create(
                             rewriter, loc,
                             NVVM::Tcgen05CpShapeAttr::get(
                                 ctx, NVVM::Tcgen05CpShape::SHAPE_32x128b),
                             getCtaGroupAttr(op),
                             NVVM::Tcgen05CpMulticastAttr::get(
                                 ctx, NVVM::Tcgen05CpMulticast::WARPX4),
                             NVVM::Tcgen05CpSrcFormatAttr(), taddr, desc);
                       }
                     return Value();
                   });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

Value nvvm::i64Const(RewriterBase &rewriter, Location loc, uint64_t v) {
  return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                  rewriter.getI64IntegerAttr(int64_t(v)));
}

Value nvvm::sharedTileAddress(RewriterBase &rewriter, Location loc,
                              Value lowered, MemDescType type) {
  Value base = unpackMemDesc(rewriter, loc, lowered, type).base;
  return LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), base);
}

Value nvvm::emitMatrixDescriptor(RewriterBase &rewriter, Location loc,
                                 const SmemMatrixDescriptor &d, Value address,
                                 int64_t byteOffset, bool tcgen05) {
  // The tile's start field once ((address >> 4) & 0x3fff, shared by every
  // descriptor of the tile), the offset added to it: shared addresses are
  // below 2^18 and tiles 16-byte aligned, so the sum stays in the field and
  // equals the field of address + byteOffset.
  assert(byteOffset % 16 == 0 && "matrix descriptor offsets are 16-byte units");
  Value a =
      LLVM::LShrOp::create(rewriter, loc, address, i32Const(rewriter, loc, 4));
  a = LLVM::AndOp::create(rewriter, loc, a, i32Const(rewriter, loc, 0x3fff));
  if (byteOffset)
    a = LLVM::AddOp::create(
        rewriter, loc, a, i32Const(rewriter, loc, byteOffset >> 4),
        LLVM::IntegerOverflowFlags::nuw | LLVM::IntegerOverflowFlags::nsw);
  a = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI64Type(), a);
  return LLVM::OrOp::create(rewriter, loc, a,
                            i64Const(rewriter, loc, d.encodeFields(tcgen05)));
}

void mlir::tlxamd::nvvm::populateTcgen05MmaToNVVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo) {
  patterns.add<AsyncDotLowering, AsyncDotScaledLowering, TmemCopyLowering>(
      converter, targetInfo);
}
