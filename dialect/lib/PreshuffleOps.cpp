//===- PreshuffleOps.cpp - preshuffled MXFP B loads -----------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Layout/Preshuffle.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// P3: the layout of `laneBytes`, with `plane` (when given) one of its
/// planes.
static FailureOr<PreshuffledBLayout>
getPreshuffleLayout(Operation *op, int32_t laneBytes,
                    std::optional<int32_t> plane = std::nullopt) {
  std::optional<PreshuffledBLayout> l = PreshuffledBLayout::get(laneBytes);
  if (!l)
    return op->emitOpError("P3: lane_bytes must be 16 (FP4), 24 (FP6) or 32 "
                           "(FP8), got ")
           << laneBytes;
  if (plane && (*plane < 0 || unsigned(*plane) >= l->getNumPlanes()))
    return op->emitOpError("P3: plane ")
           << *plane << " is out of range: a " << laneBytes
           << "-byte fragment has " << l->getNumPlanes() << " plane"
           << (l->getNumPlanes() > 1 ? "s" : "");
  return *l;
}

/// The loads' operands and results: bytes through an i8 pointer, one row
/// of `width` bytes per element of the rank-1 `offsets`, each row in one
/// thread's consecutive registers.
static LogicalResult verifyPreshuffledRows(Operation *op, Value ptr,
                                           Value offsets, Value result,
                                           int64_t width) {
  auto ptrType = cast<PtrType>(ptr.getType());
  if (!ptrType.getPointeeType().isSignlessInteger(8))
    return op->emitOpError("loads bytes: the pointer must be !tlxamd.ptr<i8>, "
                           "got ")
           << ptr.getType();
  if (ptrType.getAddressSpace() != 1)
    return op->emitOpError("P1: the fragments come from DRAM: the pointer "
                           "must be in global memory (address space 1), got "
                           "address space ")
           << ptrType.getAddressSpace();
  auto off = cast<RankedTensorType>(offsets.getType());
  auto res = cast<RankedTensorType>(result.getType());
  if (off.getRank() != 1 || !off.getEncoding())
    return op->emitOpError("takes one offset per lane fragment: a rank-1 i32 "
                           "tensor with a layout, got ")
           << off;
  if (!res.getElementType().isSignlessInteger(8) || res.getRank() != 2 ||
      res.getDimSize(0) != off.getDimSize(0) || res.getDimSize(1) != width)
    return op->emitOpError("returns each fragment's ")
           << width << " bytes as a row: tensor<" << off.getDimSize(0) << "x"
           << width << "xi8>, got " << res;
  // Each row's bytes in consecutive registers of the thread holding the
  // row's offset.
  LinearLayout rows =
      LinearLayout::identity1D(int32_t(width), LinearLayout::Register, 1, 2) *
      toLinearLayout(off.getEncoding(), off.getShape()).withOutDimInserted(1);
  if (!(toLinearLayout(res.getEncoding(), res.getShape()) == rows))
    return op->emitOpError("the result's layout must hold each fragment's ")
           << width << " bytes in consecutive registers of the thread that "
           << "holds its offset: "
           << getLinearLayoutAttr(op->getContext(), rows) << ", got "
           << res.getEncoding();
  return success();
}

static LogicalResult verifyCachePolicy(Operation *op, StringRef policy) {
  if (policy == "always" || policy == "streaming")
    return success();
  return op->emitOpError("P6: cache_policy must be \"always\" or "
                         "\"streaming\", got \"")
         << policy << "\"";
}

LogicalResult PreshuffledBLaneOffsetOp::verify() {
  return getPreshuffleLayout(*this, getLaneBytes(), getPlane());
}

LogicalResult PreshuffledBLoadAtOp::verify() {
  FailureOr<PreshuffledBLayout> l =
      getPreshuffleLayout(*this, getLaneBytes(), getPlane());
  if (failed(l) || failed(verifyCachePolicy(*this, getCachePolicy())))
    return failure();
  APInt k;
  if (matchPattern(getKByteUniform(), m_ConstantInt(&k)) &&
      k.getSExtValue() % l->getTileKBytes())
    return emitOpError("P5: k_byte_uniform = ")
           << k.getSExtValue()
           << " is not a whole number of K0 = " << l->getTileKBytes()
           << "-byte tiles (4 * lane_bytes)";
  return verifyPreshuffledRows(*this, getPtr(), getLaneOff(), getResult(),
                               l->getPlaneWidth(getPlane()));
}

LogicalResult PreshuffledBLoadOp::verify() {
  FailureOr<PreshuffledBLayout> l = getPreshuffleLayout(*this, getLaneBytes());
  if (failed(l) || failed(verifyCachePolicy(*this, getCachePolicy())))
    return failure();
  return verifyPreshuffledRows(*this, getPtr(), getN(), getResult(),
                               l->getRegBytes());
}

/// P4 for a block: each thread holds whole fragments, lane_bytes K bytes
/// (dimension 0) aligned to lane_bytes in consecutive registers: the
/// layout's first log2(lane_bytes) register bits walk K bytes 1, 2, 4, ...
/// and no other bit moves within a fragment.
static LogicalResult verifyFragmentRuns(Operation *op, RankedTensorType type,
                                        int64_t laneBytes) {
  LinearLayout ll = toLinearLayout(type.getEncoding(), type.getShape());
  unsigned runBits = llvm::Log2_64(laneBytes);
  auto fail = [&]() {
    return op->emitOpError("P4: the layout must hold each fragment (")
           << laneBytes << " consecutive K bytes, aligned) in consecutive "
           << "registers of one thread; got " << type.getEncoding();
  };
  const LinearLayout::Bases &regs = ll.getBases(LinearLayout::Register);
  if (regs.size() < runBits)
    return fail();
  for (unsigned b = 0; b < runBits; ++b)
    if (regs[b][0] != (int32_t(1) << b) || regs[b][1] != 0)
      return fail();
  for (unsigned in = 0; in < LinearLayout::kNumInDims; ++in)
    for (auto [i, basis] :
         llvm::enumerate(ll.getBases(LinearLayout::InDim(in))))
      if ((in != LinearLayout::Register || i >= runBits) &&
          (basis[0] & (laneBytes - 1)))
        return fail();
  return success();
}

LogicalResult PreshuffledBLoadTileOp::verify() {
  FailureOr<PreshuffledBLayout> l = getPreshuffleLayout(*this, getLaneBytes());
  if (failed(l) || failed(verifyCachePolicy(*this, getCachePolicy())))
    return failure();
  if (!llvm::isPowerOf2_64(l->getLaneBytes()))
    return emitOpError("P4: a ")
           << l->getLaneBytes()
           << "-byte (FP6) fragment is no power-of-two run of a tensor "
              "layout; load it with tlxamd.preshuffled_b_load";
  auto ptrType = cast<PtrType>(getPtr().getType());
  if (!ptrType.getPointeeType().isSignlessInteger(8))
    return emitOpError("loads bytes: the pointer must be !tlxamd.ptr<i8>, got ")
           << ptrType;
  if (ptrType.getAddressSpace() != 1)
    return emitOpError("P1: the fragments come from DRAM: the pointer must be "
                       "in global memory (address space 1), got address "
                       "space ")
           << ptrType.getAddressSpace();
  auto type = cast<RankedTensorType>(getType());
  int64_t k0 = l->getTileKBytes(), rows = PreshuffledBLayout::kTileRows;
  if (!type.getElementType().isSignlessInteger(8) || type.getRank() != 2 ||
      type.getDimSize(0) % k0 || type.getDimSize(1) % rows)
    return emitOpError("returns a block of whole preshuffled tiles: "
                       "tensor<KxNxi8> with K a multiple of K0 = ")
           << k0 << " bytes and N of " << rows << " rows, got " << type;
  APInt k;
  if (matchPattern(getKByte0(), m_ConstantInt(&k)) && k.getSExtValue() % k0)
    return emitOpError("P5: k_byte0 = ")
           << k.getSExtValue() << " is not a whole number of K0 = " << k0
           << "-byte tiles (4 * lane_bytes)";
  if (!type.getEncoding())
    return success(); // laid out by tlxamd-assign-layouts
  return verifyFragmentRuns(*this, type, l->getLaneBytes());
}
