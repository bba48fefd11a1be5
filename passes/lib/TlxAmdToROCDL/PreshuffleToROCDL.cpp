//===- PreshuffleToROCDL.cpp - preshuffled MXFP B loads -------------------===//
//
// Each lane's fragment of a preshuffled B goes DRAM -> VGPRs with one raw
// buffer load per plane (P1): the per-lane part of the address in voffset,
// a wave-uniform whole-tile offset in soffset (P5), through a resource
// whose num_records is the tile's byte size so that lanes past it read
// zero (P2), non-temporal for the streaming policy (P6). The offsets are
// the layout core's affine PreshuffledBLayout.
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "../TlxAmdToLLVM/Patterns.h"
#include "tlxamd/Layout/Preshuffle.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

PreshuffledBLayout layoutOf(int32_t laneBytes) {
  return *PreshuffledBLayout::get(laneBytes); // verified
}

/// One plane's bytes at (voffset, soffset) as i8 values.
SmallVector<Value> loadPlane(RewriterBase &rewriter, Location loc,
                             Value resource, Value voffset, Value soffset,
                             int64_t width, int32_t aux) {
  Type type = VectorType::get(width / 4, rewriter.getI32Type());
  Value v = ROCDL::RawPtrBufferLoadOp::create(
      rewriter, loc, type, resource, voffset, soffset,
      i32Const(rewriter, loc, aux), ArrayAttr(), ArrayAttr(), ArrayAttr());
  Value bytes = LLVM::BitcastOp::create(
      rewriter, loc, VectorType::get(width, rewriter.getI8Type()), v);
  return unpackRegisters(rewriter, loc, bytes);
}

/// Every plane of the fragment of row `n` whose K bytes start at `kByte`:
/// the K tile and the lane's place in it in voffset, `soffset` on top.
void loadFragment(IROps &m, const PreshuffledBLayout &layout, Value rsrc,
                  Value n, Value kByte, Value stride, Value soffset,
                  int32_t aux, SmallVector<Value> &out) {
  Value laneKByte = m.urem(kByte, layout.getTileKBytes());
  Value tile = layout.buildTileOffset(m, kByte);
  for (unsigned p = 0; p < layout.getNumPlanes(); ++p) {
    Value voffset =
        m.add(tile, layout.buildLanePlaneOffset(m, n, laneKByte, p, stride));
    llvm::append_range(out, loadPlane(m.rewriter, m.loc, rsrc, voffset, soffset,
                                      layout.getPlaneWidth(p), aux));
  }
}

template <typename OpTy>
struct PreshufflePattern : ConvertOpToLLVMPattern<OpTy> {
  PreshufflePattern(LLVMTypeConverter &converter,
                    const rocdl::TargetInfo &targetInfo)
      : ConvertOpToLLVMPattern<OpTy>(converter), targetInfo(targetInfo) {}

  int32_t aux(OpTy op) const {
    return op.getCachePolicy() == "streaming"
               ? int32_t(getNonTemporalLoadBits(targetInfo.getArch()))
               : 0;
  }
  /// The resource over the tile's N * K_BYTES bytes (P2).
  Value resource(RewriterBase &rewriter, OpTy op,
                 typename OpTy::Adaptor adaptor) const {
    return targetInfo.makeBufferResource(
        rewriter, op.getLoc(), adaptor.getPtr(), adaptor.getNumRecords());
  }
  /// Replace `op` by the loaded bytes, row by row.
  LogicalResult replace(RewriterBase &rewriter, OpTy op,
                        ArrayRef<Value> bytes) const {
    rewriter.replaceOp(
        op, packRegisters(rewriter, op.getLoc(),
                          this->getTypeConverter()->convertType(op.getType()),
                          bytes));
    return success();
  }
  const rocdl::TargetInfo &targetInfo;
};

struct LaneOffsetToROCDL : ConvertOpToLLVMPattern<PreshuffledBLaneOffsetOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(PreshuffledBLaneOffsetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PreshuffledBLayout layout = layoutOf(op.getLaneBytes());
    IROps m{rewriter, loc};
    Value stride = layout.buildRowStride(m, adaptor.getKBytes());
    SmallVector<Value> n = unpackRegisters(rewriter, loc, adaptor.getN());
    SmallVector<Value> k =
        unpackRegisters(rewriter, loc, adaptor.getLaneKByte());
    SmallVector<Value> out;
    for (auto [ni, ki] : llvm::zip(n, k))
      out.push_back(
          layout.buildLanePlaneOffset(m, ni, ki, op.getPlane(), stride));
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc, adaptor.getN().getType(), out));
    return success();
  }
};

struct LoadAtToROCDL : PreshufflePattern<PreshuffledBLoadAtOp> {
  using PreshufflePattern::PreshufflePattern;

  LogicalResult
  matchAndRewrite(PreshuffledBLoadAtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PreshuffledBLayout layout = layoutOf(op.getLaneBytes());
    IROps m{rewriter, loc};
    Value rsrc = resource(rewriter, op, adaptor);
    // The whole-tile offset is wave-uniform: soffset.
    Value soffset = layout.buildTileOffset(m, adaptor.getKByteUniform());
    SmallVector<Value> out;
    for (Value off : unpackRegisters(rewriter, loc, adaptor.getLaneOff()))
      llvm::append_range(out, loadPlane(rewriter, loc, rsrc, off, soffset,
                                        layout.getPlaneWidth(op.getPlane()),
                                        aux(op)));
    return replace(rewriter, op, out);
  }
};

struct LoadFragmentToROCDL : PreshufflePattern<PreshuffledBLoadOp> {
  using PreshufflePattern::PreshufflePattern;

  LogicalResult
  matchAndRewrite(PreshuffledBLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PreshuffledBLayout layout = layoutOf(op.getLaneBytes());
    IROps m{rewriter, loc};
    Value rsrc = resource(rewriter, op, adaptor);
    Value stride = layout.buildRowStride(m, adaptor.getKBytes());
    Value zero = m.c(0);
    Value zeroByte = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getI8Type(), rewriter.getI8IntegerAttr(0));
    SmallVector<Value> n = unpackRegisters(rewriter, loc, adaptor.getN());
    SmallVector<Value> k = unpackRegisters(rewriter, loc, adaptor.getKByte());
    SmallVector<Value> out;
    for (auto [ni, ki] : llvm::zip(n, k)) {
      size_t first = out.size();
      loadFragment(m, layout, rsrc, ni, ki, stride, zero, aux(op), out);
      out.resize(first + layout.getRegBytes(), zeroByte);
    }
    return replace(rewriter, op, out);
  }
};

struct LoadTileToROCDL : PreshufflePattern<PreshuffledBLoadTileOp> {
  using PreshufflePattern::PreshufflePattern;

  /// Each fragment (lane_bytes registers, verified P4) at the block
  /// coordinates (kb, n) of its first register: planes at the K-invariant
  /// voffset of (n0 + n, kb) plus kb's own whole tiles, the uniform k_byte0
  /// tile in soffset.
  LogicalResult
  matchAndRewrite(PreshuffledBLoadTileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PreshuffledBLayout layout = layoutOf(op.getLaneBytes());
    IROps m{rewriter, loc};
    Value rsrc = resource(rewriter, op, adaptor);
    Value stride = layout.buildRowStride(m, adaptor.getKBytes());
    Value soffset = layout.buildTileOffset(m, adaptor.getKByte0());
    LinearLayout ll = getLinearLayout(op.getType());
    // emitThreadIndex reads the lane and warp at the kernel's entry: the
    // voffsets are loop-invariant and leave a K loop.
    ThreadIndex thread = emitThreadIndex(rewriter, loc, targetInfo,
                                         ll.getInDimSize(LinearLayout::Lane));
    auto coords = emitCoordinates(rewriter, loc, ll, thread);
    int64_t run = layout.getLaneBytes();
    SmallVector<Value> out;
    for (size_t r = 0; r < coords.size(); r += run) {
      Value n = m.add(adaptor.getN0(), coords[r][1]);
      loadFragment(m, layout, rsrc, n, coords[r][0], stride, soffset, aux(op),
                   out);
    }
    return replace(rewriter, op, out);
  }
};

} // namespace

void mlir::tlxamd::rocdl::populatePreshuffleToROCDLPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo) {
  patterns.add<LaneOffsetToROCDL>(converter);
  patterns.add<LoadAtToROCDL, LoadFragmentToROCDL, LoadTileToROCDL>(converter,
                                                                    targetInfo);
}
