//===- SharedOps.cpp - memory descriptors and the local_* ops -------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Layout/TensorMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tlxamd;

//===----------------------------------------------------------------------===//
// !tlxamd.memdesc (its parser sits with the type storage in Dialect.cpp)
//===----------------------------------------------------------------------===//

void MemDescType::print(AsmPrinter &p) const {
  p << "<";
  for (int64_t d : getShape())
    p << d << "x";
  p << getElementType() << ", " << getEncoding() << ", " << getMemorySpace();
  if (getMutableMemory())
    p << ", mutable";
  if (getAllocShape() != getShape()) {
    p << ", ";
    llvm::interleave(getAllocShape(), p, "x");
  }
  p << ">";
}

/// A uint8 tensor-memory buffer: MX scales (`rows` x `k / 32`, whole
/// 128 x 4 blocks), or, before tlxamd-resolve-tmem-layouts, the placeholder
/// layout, optionally after a buffer count.
static LogicalResult
verifyTensorMemoryScalesDesc(function_ref<InFlightDiagnostic()> emitError,
                             ArrayRef<int64_t> shape, Type elem,
                             Attribute encoding, ArrayRef<int64_t> allocShape) {
  if (!elem.isInteger(8))
    return emitError() << encoding << " holds uint8 / int8 scales, got "
                       << elem;
  if (allocShape != shape)
    return emitError() << "tensor-memory descriptors have no sub-tile views";
  bool placeholder = isa<TensorMemoryPlaceholderLayoutAttr>(encoding);
  if (shape.size() != 2 && !(placeholder && shape.size() == 3))
    return emitError() << encoding << " is a matrix"
                       << (placeholder ? ", optionally after a buffer count"
                                       : " (T7: scale buffers are not "
                                         "multibuffered; T8: M x K, not "
                                         "1 x M x K)")
                       << "; got rank " << shape.size();
  ArrayRef<int64_t> tile = shape.take_back(2);
  if (!TensorMemoryScalesMap::isValidShape(tile[0], tile[1]))
    return emitError() << "MX scales in tensor memory are rows x (K / 32) in "
                          "whole blocks of "
                       << TensorMemoryScalesMap::kBlockRows << " rows x "
                       << TensorMemoryScalesMap::kBlockScales
                       << " scales (one per 32 K elements); got [" << tile
                       << "]";
  return success();
}

/// A tensor-memory descriptor: 32-bit elements in the standard layout of
/// its tile (block_m 128 rows, block_n columns), optionally after a buffer
/// count.
static LogicalResult
verifyTensorMemoryDesc(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elem, Attribute encoding,
                       ArrayRef<int64_t> allocShape) {
  if (isa<TensorMemoryScalesLayoutAttr, TensorMemoryPlaceholderLayoutAttr>(
          encoding))
    return verifyTensorMemoryScalesDesc(emitError, shape, elem, encoding,
                                        allocShape);
  auto tmem = dyn_cast<TensorMemoryLayoutAttr>(encoding);
  if (!tmem)
    return emitError() << "a tensor-memory descriptor's layout is "
                          "#tlxamd.tmem, #tlxamd.tmem_scales or "
                          "#tlxamd.tmem_placeholder, got "
                       << encoding;
  if (elem.getIntOrFloatBitWidth() != 32 || !tmem.getUnpacked())
    return emitError() << "tensor memory holds 32-bit elements, one per "
                          "column (unpacked), here; got "
                       << elem;
  if (shape.size() != 2 && shape.size() != 3)
    return emitError() << "a tensor-memory descriptor is a matrix, optionally "
                          "after a buffer count; got rank "
                       << shape.size();
  if (shape.size() == 3 && (shape[0] < 1 || shape[0] > 64))
    return emitError() << "buffer count " << shape[0]
                       << " must be between 1 and 64";
  if (allocShape != shape)
    return emitError() << "tensor-memory descriptors have no sub-tile views";
  ArrayRef<int64_t> tile = shape.take_back(2);
  if (tile[0] != tmem.getBlockM() || tile[1] != tmem.getBlockN())
    return emitError() << "the tile [" << tile << "] is not the layout's "
                       << tmem.getBlockM() << " x " << tmem.getBlockN();
  return success();
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elem,
                                  Attribute encoding, Attribute space, bool,
                                  ArrayRef<int64_t> allocShape) {
  if (!elem.isIntOrFloat() || elem.isInteger(1) ||
      elem.getIntOrFloatBitWidth() % 8 != 0)
    return emitError() << "memdesc elements must be integers or floats of "
                          "whole bytes, got "
                       << elem;
  if (isa<TensorMemorySpaceAttr>(space))
    return verifyTensorMemoryDesc(emitError, shape, elem, encoding, allocShape);
  auto shared = dyn_cast<SharedLayoutAttr>(encoding);
  if (!shared)
    return emitError() << "memdesc layout must be a shared layout "
                          "(#tlxamd.swizzled_shared, nvmma_shared, "
                          "padded_shared), got "
                       << encoding;
  if (!isa<SharedMemorySpaceAttr>(space))
    return emitError() << "memdesc memory space must be "
                          "#tlxamd.shared_memory or #tlxamd.tensor_memory, got "
                       << space;
  unsigned rank = shared.getRank();
  if (shape.size() != rank && shape.size() != rank + 1)
    return emitError() << "memdesc of rank " << shape.size() << " with a rank-"
                       << rank
                       << " layout: the shape is the layout's tile, "
                          "optionally after a buffer count";
  if (shape.size() == rank + 1 && (shape[0] < 1 || shape[0] > 64))
    return emitError() << "buffer count " << shape[0]
                       << " must be between 1 and 64";
  unsigned bits = elem.getIntOrFloatBitWidth();
  if (allocShape.size() != shape.size())
    return emitError() << "the allocation's shape has rank "
                       << allocShape.size() << ", the descriptor's "
                       << shape.size();
  for (auto [d, a] : llvm::zip(shape, allocShape))
    if (d > a)
      return emitError() << "the shape [" << shape
                         << "] exceeds the allocation's shape [" << allocShape
                         << "]";
  if (allocShape != shape &&
      failed(shared.verifyShape(shape.take_back(rank), bits, emitError)))
    return failure();
  return shared.verifyShape(allocShape.take_back(rank), bits, emitError);
}

/// Dimensions of one buffer: the shared layout's rank; a tensor-memory tile
/// is a matrix.
static unsigned getLayoutRank(Attribute encoding) {
  if (auto shared = dyn_cast<SharedLayoutAttr>(encoding))
    return shared.getRank();
  return 2;
}

bool MemDescType::isTensorMemory() const {
  return isa<TensorMemorySpaceAttr>(getMemorySpace());
}

bool MemDescType::isMultiBuffered() const {
  return getShape().size() == getLayoutRank(getEncoding()) + 1;
}

int64_t MemDescType::getBufferCount() const {
  return isMultiBuffered() ? getShape()[0] : 1;
}

ArrayRef<int64_t> MemDescType::getTileShape() const {
  return getShape().take_back(getLayoutRank(getEncoding()));
}

ArrayRef<int64_t> MemDescType::getAllocTileShape() const {
  return getAllocShape().take_back(getLayoutRank(getEncoding()));
}

int64_t MemDescType::getTileBytes() const {
  int64_t elems = 1;
  for (int64_t d : getAllocTileShape())
    elems *= d;
  if (auto padded = dyn_cast<PaddedSharedLayoutAttr>(getEncoding()))
    elems = padded.getPaddedOffset(elems - 1) + 1;
  int64_t bytes = elems * (getElementType().getIntOrFloatBitWidth() / 8);
  return (bytes + 15) / 16 * 16;
}

//===----------------------------------------------------------------------===//
// !tlxamd.tensor_desc
//===----------------------------------------------------------------------===//

void TensorDescType::print(AsmPrinter &p) const {
  p << "<";
  for (int64_t d : getShape())
    p << d << "x";
  p << getElementType() << ", " << getEncoding() << ">";
}

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elem, Attribute encoding) {
  auto nvmma = dyn_cast<NvmmaSharedLayoutAttr>(encoding);
  if (!nvmma)
    return emitError() << "a tensor descriptor's layout is the "
                          "#tlxamd.nvmma_shared layout the copy engine "
                          "writes, got "
                       << encoding;
  if (nvmma.getTransposed())
    return emitError() << "the copy engine writes the contiguous dimension "
                          "last: a tensor descriptor's layout is not "
                          "transposed";
  if (!elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() % 8 != 0)
    return emitError() << "tensor descriptor elements must be integers or "
                          "floats of whole bytes, got "
                       << elem;
  unsigned bits = elem.getIntOrFloatBitWidth();
  if (failed(nvmma.verifyShape(shape, bits, emitError)))
    return failure();
  int64_t innerBytes = getTmaBoxShape(nvmma, shape).back() * int64_t(bits) / 8;
  if (innerBytes % 16 != 0)
    return emitError() << "a TMA box row is a multiple of 16 bytes; "
                       << shape.back() << " x " << elem << " is " << innerBytes
                       << " bytes";
  return success();
}

SmallVector<int64_t> TensorDescType::getBoxShape() const {
  return getTmaBoxShape(cast<NvmmaSharedLayoutAttr>(getEncoding()), getShape());
}

int64_t TensorDescType::getTileBytes() const {
  int64_t elems = 1;
  for (int64_t d : getShape())
    elems *= d;
  return elems * getElementType().getIntOrFloatBitWidth() / 8;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// A tensor `value` that is one buffer of `desc`: the tile's shape and the
/// descriptor's element type.
static LogicalResult checkTileTensor(Operation *op, RankedTensorType value,
                                     MemDescType desc, StringRef what) {
  if (desc.isMultiBuffered())
    return op->emitOpError()
           << what << " a multi-buffered descriptor (" << desc.getBufferCount()
           << " buffers): select one with tlxamd.memdesc_index";
  if (value.getShape() != desc.getTileShape())
    return op->emitOpError()
           << "tensor shape [" << value.getShape()
           << "] differs from the tile shape [" << desc.getTileShape() << "]";
  if (value.getElementType() != desc.getElementType())
    return op->emitOpError()
           << "tensor elements " << value.getElementType()
           << " differ from the descriptor's " << desc.getElementType();
  return success();
}

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getResult().getType();
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError("an allocation without an initial value must be "
                         "mutable");
    return success();
  }
  return checkTileTensor(*this, getSrc().getType(), type, "cannot initialize");
}

LogicalResult LocalLoadOp::verify() {
  return checkTileTensor(*this, getResult().getType(), getSrc().getType(),
                         "cannot load");
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError("stores into an immutable descriptor (allocate it "
                       "mutable, without an initial value)");
  return checkTileTensor(*this, getValue().getType(), getDst().getType(),
                         "cannot store into");
}

LogicalResult LocalDeallocOp::verify() {
  if (!getSrc().getDefiningOp<LocalAllocOp>() && !isa<BlockArgument>(getSrc()))
    return emitOpError("deallocates a descriptor that is not an allocation "
                       "(a view of one)");
  // No use of the allocation or of a view of it after this op (in its
  // block, or nested in an op that follows it there).
  SmallVector<Value> values{getSrc()};
  while (!values.empty()) {
    for (Operation *user : values.pop_back_val().getUsers()) {
      if (user == getOperation())
        continue;
      for (Value r : user->getResults())
        if (isa<MemDescType>(r.getType()))
          values.push_back(r);
      Operation *at = getOperation()->getBlock()->findAncestorOpInBlock(*user);
      if (at && getOperation()->isBeforeInBlock(at)) {
        InFlightDiagnostic d =
            emitOpError("deallocates shared memory that is used after it");
        d.attachNote(user->getLoc()) << "used here";
        return d;
      }
    }
  }
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (!src.isMultiBuffered())
    return emitOpError("indexes a descriptor without a buffer dimension");
  if (dst.isMultiBuffered() || dst.getShape() != src.getTileShape() ||
      dst.getAllocShape() != src.getAllocTileShape() ||
      dst.getElementType() != src.getElementType() ||
      dst.getEncoding() != src.getEncoding() ||
      dst.getMemorySpace() != src.getMemorySpace() ||
      dst.getMutableMemory() != src.getMutableMemory())
    return emitOpError("result must be one buffer of the source: its "
                       "tile shape [")
           << src.getTileShape()
           << "], element type, layout, memory space and mutability";
  APInt index;
  if (matchPattern(getIndex(), m_ConstantInt(&index)) &&
      (index.isNegative() || index.getSExtValue() >= src.getBufferCount()))
    return emitOpError("buffer index ")
           << index.getSExtValue() << " is outside the " << src.getBufferCount()
           << " buffers";
  return success();
}

/// The layout of the transposed view of a rank-2 tile in `layout`; null
/// for a layout without one.
static Attribute getTransposedSharedLayout(Attribute layout) {
  if (auto n = dyn_cast<NvmmaSharedLayoutAttr>(layout))
    return NvmmaSharedLayoutAttr::get(n.getContext(), n.getSwizzleBytes(),
                                      n.getElementBits(), !n.getTransposed(),
                                      n.getRank());
  if (auto s = dyn_cast<SwizzledSharedLayoutAttr>(layout);
      s && s.getOrder().size() == 2)
    return SwizzledSharedLayoutAttr::get(
        s.getContext(), s.getVec(), s.getPerPhase(), s.getMaxPhase(),
        ArrayRef<unsigned>{s.getOrder()[1], s.getOrder()[0]});
  return {};
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (src.getShape().size() != 2 || src.isMultiBuffered() ||
      src.getAllocShape() != src.getShape())
    return emitOpError("transposes one whole rank-2 tile, got ") << src;
  if (src.isTensorMemory())
    return emitOpError("transposes shared-memory tiles, got ") << src;
  Attribute layout = getTransposedSharedLayout(src.getEncoding());
  if (!layout)
    return emitOpError("transposes nvmma_shared and rank-2 swizzled_shared "
                       "tiles, got ")
           << src.getEncoding();
  SmallVector<int64_t> shape{src.getShape()[1], src.getShape()[0]};
  auto want =
      MemDescType::get(getContext(), shape, src.getElementType(), layout,
                       src.getMemorySpace(), src.getMutableMemory(), shape);
  if (dst != want)
    return emitOpError("the transposed view of ")
           << src << " is " << want << ", got " << dst;
  return success();
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  ArrayRef<int64_t> offsets = getOffsets();
  if (src.isMultiBuffered())
    return emitOpError("slices a multi-buffered descriptor: select a buffer "
                       "with tlxamd.memdesc_index first");
  if (dst.getElementType() != src.getElementType() ||
      dst.getEncoding() != src.getEncoding() ||
      dst.getMemorySpace() != src.getMemorySpace() ||
      dst.getMutableMemory() != src.getMutableMemory() ||
      dst.getAllocShape() != src.getAllocShape())
    return emitOpError("result must keep the source's element type, layout, "
                       "memory space, mutability and allocation shape [")
           << src.getAllocShape() << "]";
  if (offsets.size() != src.getShape().size())
    return emitOpError("has ") << offsets.size() << " offsets for a rank-"
                               << src.getShape().size() << " descriptor";
  for (auto [d, off, size, full] :
       llvm::enumerate(offsets, dst.getShape(), src.getShape())) {
    if (off < 0 || off + size > full)
      return emitOpError("sub-tile [")
             << off << ", " << off + size << ") of dimension " << d
             << " is outside the source's " << full << " elements";
    if (off % size)
      return emitOpError("offset ")
             << off << " of dimension " << d
             << " must be a multiple of the sub-tile's " << size
             << " elements (the sub-tile is then a block of the layout)";
  }
  return success();
}

LogicalResult BufferLoadToSharedOp::verify() {
  MemDescType dest = getDest().getType();
  RankedTensorType offsets = getOffsets().getType();
  // L1: a mutable shared tile, a scalar pointer to its elements, offsets
  // with the tile's shape.
  if (!dest.getMutableMemory())
    return emitOpError("copies into an immutable descriptor (L1)");
  if (dest.isMultiBuffered())
    return emitOpError("copies into a multi-buffered descriptor ("
                       "")
           << dest.getBufferCount()
           << " buffers): select one with tlxamd.memdesc_index (L1)";
  if (getPtr().getType().getPointeeType() != dest.getElementType())
    return emitOpError("pointer to ")
           << getPtr().getType().getPointeeType()
           << " but the descriptor holds " << dest.getElementType() << " (L1)";
  if (offsets.getShape() != dest.getShape())
    return emitOpError("offsets of shape [")
           << offsets.getShape() << "] for a tile of shape [" << dest.getShape()
           << "] (L1)";
  if (Value other = getOther()) {
    auto type = cast<RankedTensorType>(other.getType());
    if (type.getShape() != offsets.getShape() ||
        type.getElementType() != dest.getElementType() ||
        type.getEncoding() != offsets.getEncoding())
      return emitOpError("other must have the offsets' shape and layout and "
                         "the tile's element type ")
             << dest.getElementType() << " (L1)";
  }
  return success();
}

/// An mbarrier operand: one mutable i64 in shared memory.
LogicalResult mlir::tlxamd::checkBarrier(Operation *op, MemDescType type) {
  if (type.getElementType().isInteger(64) && type.getShape().size() == 1 &&
      type.getShape()[0] == 1 && type.getMutableMemory())
    return success();
  return op->emitOpError("barrier must be one mutable i64 in shared memory "
                         "(!tlxamd.memdesc<1xi64, ..., mutable>; "
                         "allocate_mbarrier), got ")
         << type;
}

LogicalResult MBarrierInitOp::verify() {
  return checkBarrier(*this, getBarrier().getType());
}

LogicalResult MBarrierExpectTxOp::verify() {
  return checkBarrier(*this, getBarrier().getType());
}

LogicalResult MBarrierArriveOp::verify() {
  if (failed(checkBarrier(*this, getBarrier().getType())))
    return failure();
  Value rank = getRemoteCtaRank();
  if (!rank)
    return success();
  int64_t ctas = getNumCtas(*this);
  if (ctas == 1)
    return emitOpError("arrives on a barrier of another CTA of the cluster "
                       "(remote_cta_rank): the kernel must be a cluster "
                       "kernel ('")
           << TlxAmdDialect::getNumCtasAttrName() << "' > 1)";
  APInt r;
  if (matchPattern(rank, m_ConstantInt(&r)) &&
      (r.isNegative() || r.getSExtValue() >= ctas))
    return emitOpError("remote_cta_rank ")
           << r.getSExtValue() << " is not a CTA of the kernel's cluster of "
           << ctas;
  return success();
}

LogicalResult MBarrierWaitOp::verify() {
  return checkBarrier(*this, getBarrier().getType());
}

/// A TMA copy's coordinates (one per dimension) and shared tile (`what`): a
/// whole tile of the descriptor's shape, element type and layout.
static LogicalResult checkTmaTile(Operation *op, TensorDescType desc,
                                  ValueRange coords, MemDescType tile,
                                  StringRef what) {
  if (coords.size() != desc.getShape().size())
    return op->emitOpError("has ")
           << coords.size() << " coordinates for a rank-"
           << desc.getShape().size() << " tensor descriptor";
  if (tile.getShape() != desc.getShape() ||
      tile.getAllocShape() != tile.getShape() ||
      tile.getElementType() != desc.getElementType() ||
      tile.getEncoding() != desc.getEncoding())
    return op->emitOpError()
           << what << " must be a whole tile of the descriptor's shape ["
           << desc.getShape() << "], element type " << desc.getElementType()
           << " and layout " << desc.getEncoding() << ", got " << tile;
  return success();
}

LogicalResult AsyncTmaCopyGlobalToSharedOp::verify() {
  MemDescType dest = getDest().getType();
  if (failed(checkBarrier(*this, getBarrier().getType())))
    return failure();
  if (!dest.getMutableMemory())
    return emitOpError("copies into an immutable descriptor");
  return checkTmaTile(*this, getDesc().getType(), getCoords(), dest, "dest");
}

LogicalResult AsyncTmaCopySharedToGlobalOp::verify() {
  return checkTmaTile(*this, getDesc().getType(), getCoords(),
                      getSrc().getType(), "src");
}

LogicalResult MBarrierInvalidateOp::verify() {
  return checkBarrier(*this, getBarrier().getType());
}

//===----------------------------------------------------------------------===//
// Offsets of distributed tensors in shared tiles
//===----------------------------------------------------------------------===//

std::optional<LinearLayout>
mlir::tlxamd::getMemDescOffsets(RankedTensorType tensor, MemDescType desc) {
  if (!getDistributedLayout(tensor) || desc.isMultiBuffered() ||
      tensor.getShape() != desc.getShape())
    return std::nullopt;
  LinearLayout shared =
      toSharedLinearLayout(desc.getEncoding(), desc.getAllocTileShape());
  LinearLayout dist = getLinearLayout(tensor);
  // A view's coordinates are those of a block of the tile (the view's
  // origin XORs in): the same bases, seen in the tile's extent.
  if (desc.getShape() != desc.getAllocShape())
    dist = dist.withOutSizes(desc.getAllocTileShape());
  return LinearLayout::getSharedOffsets(dist, shared);
}

int64_t mlir::tlxamd::getSharedOffsetOf(Attribute layout,
                                        ArrayRef<int64_t> shape,
                                        ArrayRef<int64_t> coords) {
  // One register basis per set coordinate bit; the offset is the XOR of
  // theirs (the layout is linear over GF(2)).
  unsigned rank = shape.size();
  LinearLayout::Bases regs;
  for (unsigned d = 0; d < rank; ++d)
    for (int64_t bit = 1; bit < shape[d]; bit <<= 1)
      if (coords[d] & bit) {
        LinearLayout::Basis b(rank, 0);
        b[d] = int32_t(bit);
        regs.push_back(b);
      }
  if (regs.empty())
    return 0;
  LinearLayout probe(rank,
                     std::array<LinearLayout::Bases, LinearLayout::kNumInDims>{
                         regs, LinearLayout::Bases(), LinearLayout::Bases(),
                         LinearLayout::Bases()});
  std::optional<LinearLayout> offs = LinearLayout::getSharedOffsets(
      probe.withOutSizes(shape), toSharedLinearLayout(layout, shape));
  assert(offs && "a verified shared layout is a bijection");
  int64_t off = 0;
  for (const LinearLayout::Basis &b : offs->getBases(LinearLayout::Register))
    off ^= b[0];
  return off;
}

//===----------------------------------------------------------------------===//
// #tlxamd.tmem
//===----------------------------------------------------------------------===//

LogicalResult
TensorMemoryLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned blockM, unsigned blockN, bool,
                               unsigned ctaSplit) {
  if (blockM != TensorMemoryMap::kLanes)
    return emitError() << "block_m must be " << TensorMemoryMap::kLanes
                       << " (one row per TMEM lane), got " << blockM;
  if (blockN == 0 || blockN > TensorMemoryMap::kColumns ||
      !llvm::isPowerOf2_32(blockN))
    return emitError() << "block_n must be a power of two between 1 and "
                       << TensorMemoryMap::kColumns << " columns, got "
                       << blockN;
  if (ctaSplit != 1 && ctaSplit != 2)
    return emitError() << "cta_split must be 1 or 2, got " << ctaSplit;
  return success();
}

int64_t mlir::tlxamd::getTensorMemoryColumns(MemDescType type) {
  ArrayRef<int64_t> tile = type.getTileShape();
  if (isa<TensorMemoryScalesLayoutAttr>(type.getEncoding()))
    return TensorMemoryScalesMap::getColumns(tile[0], tile[1]);
  if (isa<TensorMemoryPlaceholderLayoutAttr>(type.getEncoding()))
    return TensorMemoryScalesMap::getColumns(tile[0], tile[1]); // one buffer
  return type.getBufferCount() * tile[1];
}
