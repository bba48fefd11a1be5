//===- TargetLegality.cpp - what a target can compile --------------------===//
#include "tlxamd/Target/TargetLegality.h"
#include "tlxamd/Analysis/ContractChecks.h"

#include "tlxamd/Analysis/AxisInfo.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::tlxamd;

const ArchInfo *mlir::tlxamd::lookupArchOrEmitError(Operation *anchor,
                                                    StringRef name,
                                                    StringRef what,
                                                    const Vendor *vendor) {
  const ArchInfo *arch = lookupArch(name);
  if (arch && (!vendor || arch->vendor == *vendor))
    return arch;
  anchor->emitError() << what << ": unsupported target '" << name
                      << "' (supported: "
                      << (vendor ? getSupportedArchNames(*vendor)
                                 : getSupportedArchNames())
                      << ")";
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Buffer ops (the TLX buffer-op reference)
//===----------------------------------------------------------------------===//

/// B4 on the target: a cache modifier needs a cache-policy encoding.
static LogicalResult verifyCacheForTarget(Operation *op,
                                          std::optional<CacheModifier> cache,
                                          const ArchInfo &arch) {
  if (!cache || arch.cachePolicy != CachePolicyEncoding::None)
    return success();
  return op->emitOpError("cache modifier \"")
         << stringifyCacheModifier(*cache) << "\" is not available on "
         << arch.name << " (" << arch.family
         << "; targets that have cache modifiers: "
         << getArchNamesWhere([](const ArchInfo &a) {
              return a.cachePolicy != CachePolicyEncoding::None;
            })
         << ")";
}

LogicalResult BufferLoadOp::verifyForTarget(const ArchInfo &arch) {
  return verifyCacheForTarget(*this, getCache(), arch);
}

LogicalResult BufferStoreOp::verifyForTarget(const ArchInfo &arch) {
  return verifyCacheForTarget(*this, getCache(), arch);
}

LogicalResult BufferAtomicAddOp::verifyForTarget(const ArchInfo &arch) {
  RankedTensorType type = getValue().getType();
  Type elem = type.getElementType();
  // B1: packed 16-bit float atomics exist on some targets only.
  bool bf16 = elem.isBF16();
  if ((bf16 && !arch.packedBF16BufferAtomics) ||
      (elem.isF16() && !arch.packedF16BufferAtomics))
    return emitOpError("packed ")
           << elem << " buffer atomics are not available on " << arch.name
           << " (" << arch.family << "; targets that have them: "
           << getArchNamesWhere([&](const ArchInfo &a) {
                return bf16 ? a.packedBF16BufferAtomics
                            : a.packedF16BufferAtomics;
              })
           << ")";
  if (!(elem.isF16() || elem.isBF16()) || !getMask() || !type.getEncoding())
    return success();
  // B18: the mask must be uniform over each adjacent pair of registers, as
  // far as the axis analysis proves.
  int64_t width =
      AxisInfoAnalysis().getMaskUniformWidth(getMask(), type, getContiguity());
  if (width >= 2)
    return success();
  return emitOpError("packed ")
         << elem
         << " atomics need a mask uniform over adjacent pairs, but the mask "
            "analysis proves it only for groups of "
         << width << " (contiguity " << getContiguity() << ")";
}

//===----------------------------------------------------------------------===//
// Distributed tensors
//===----------------------------------------------------------------------===//

namespace {
/// Per kernel, the lanes per warp its distributed tensors assume: the same
/// for all of them, and at least the target's warp size (a wave64 layout on
/// a 32-lane target runs each layout warp as two hardware warps). What
/// fits the target's shared memory is tlxamd-allocate-shared-memory's
/// check (it reuses memory across lifetimes).
class TensorChecker {
public:
  explicit TensorChecker(const ArchInfo &arch) : arch(arch) {}

  LogicalResult check(Operation *op) {
    for (Type t : op->getResultTypes())
      if (failed(checkType(op, t)))
        return failure();
    if (auto reduce = dyn_cast<ReduceOp>(op))
      if (getDistributedLayout(reduce.getSrcs()[0].getType()) &&
          failed(planReduction(reduce, arch.warpSize)))
        return failure();
    if (auto cst = dyn_cast<arith::ConstantOp>(op))
      if (getDistributedLayout(cst.getType()) &&
          !isa<SplatElementsAttr>(cst.getValue()))
        return op->emitOpError()
               << "distributed tensor constants must be splats; build other "
                  "tensors with tlxamd.make_range";
    return success();
  }

private:
  LogicalResult checkType(Operation *op, Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (tensor && !tensor.getEncoding())
      return op->emitOpError()
             << "result " << t << " has no layout; run tlxamd-assign-layouts "
             << "(part of the tlxamd-to-llvm pipeline) before lowering";
    DistributedLayoutAttr layout = getDistributedLayout(t);
    if (!layout)
      return success();
    unsigned lanes = layout.getLanesPerWarp();
    Operation *kernel = op->getParentOfType<gpu::GPUFuncOp>();
    // One diagnostic per kernel: every tensor of it shares the layout warp.
    if (lanes < arch.warpSize && !reported.insert(kernel).second)
      return failure();
    if (lanes < arch.warpSize)
      return op->emitOpError()
             << "result layout assumes " << lanes << " lanes per warp but "
             << arch.name << " has " << arch.warpSize
             << " (targets with at most " << lanes << " lanes per warp: "
             << getArchNamesWhere(
                    [&](const ArchInfo &a) { return a.warpSize <= lanes; })
             << ")";
    auto [it, inserted] = kernelLanes.try_emplace(kernel, lanes);
    if (!inserted && it->second != lanes)
      return op->emitOpError()
             << "result layout assumes " << lanes
             << " lanes per warp but the kernel's other tensors assume "
             << it->second;
    return success();
  }

  const ArchInfo &arch;
  llvm::DenseMap<Operation *, unsigned> kernelLanes;
  llvm::SmallPtrSet<Operation *, 4> reported;
};
} // namespace

LogicalResult mlir::tlxamd::verifyForTarget(Operation *root,
                                            const ArchInfo &arch) {
  TensorChecker tensors(arch);
  // T10 holds on every target: a shifted buffer waits for its commit.
  bool failed = mlir::failed(verifyTensorMemoryShifts(root));
  // One tcgen05 CTA group per kernel, a two-CTA kernel in pairs.
  failed |= mlir::failed(verifyCtaGroups(root));
  // T13: an async_dot's accumulator is read after its wait.
  failed |= mlir::failed(verifyWarpgroupDotWaits(root));
  // B12 promises the compiler can evaluate and refute.
  failed |= mlir::failed(verifyRefutedPromises(root));
  root->walk([&](Operation *op) {
    // A cluster kernel: the target's clusters hold its CTAs.
    if (auto n =
            op->getAttrOfType<IntegerAttr>(TlxAmdDialect::getNumCtasAttrName());
        n && n.getInt() > 1 &&
        mlir::failed(verifyClusterTarget(op, arch, n.getInt())))
      failed = true;
    if (mlir::failed(tensors.check(op)))
      failed = true;
    else if (auto legality = dyn_cast<TargetLegalityOpInterface>(op))
      failed |= mlir::failed(legality.verifyForTarget(arch));
  });
  return failure(failed);
}

//===----------------------------------------------------------------------===//
// Asynchronous copies to shared memory (the Gluon async-copy reference)
//===----------------------------------------------------------------------===//

/// Whether the lane bases of `offsets` (the first `laneBits`) are the
/// offsets of one block of `vec << laneBits` elements, in any order.
static bool lanesWriteOneBlock(const LinearLayout &offsets, int64_t vec,
                               unsigned laneBits) {
  const LinearLayout::Bases &lanes = offsets.getBases(LinearLayout::Lane);
  if (lanes.size() < laneBits)
    return false;
  int64_t block = ((vec << laneBits) - 1) & ~(vec - 1);
  // Linearly independent over GF(2), inside the block: row reduction.
  llvm::SmallVector<int64_t> rows;
  for (unsigned i = 0; i < laneBits; ++i) {
    int64_t v = lanes[i][0];
    if (v & ~block)
      return false;
    for (int64_t r : rows)
      v = std::min(v, v ^ r);
    if (!v)
      return false;
    rows.push_back(v);
  }
  return true;
}

/// The same layout without its swizzle (for telling L6 from L7).
static Attribute withoutSwizzle(Attribute layout) {
  if (auto s = dyn_cast<SwizzledSharedLayoutAttr>(layout))
    return SwizzledSharedLayoutAttr::get(layout.getContext(), 1, 1, 1,
                                         s.getOrder());
  if (auto n = dyn_cast<NvmmaSharedLayoutAttr>(layout))
    return NvmmaSharedLayoutAttr::get(layout.getContext(), 0,
                                      n.getElementBits(), n.getTransposed(),
                                      n.getRank());
  return {};
}

SmallVector<unsigned> mlir::tlxamd::getDirectCopyBytes(const ArchInfo &arch) {
  SmallVector<unsigned> bytes;
  // A target whose copy instruction is not lowered (gfx1250's) copies none.
  if (arch.asyncCopy == AsyncCopyKind::None)
    return bytes;
  for (unsigned b : arch.directToSharedBytes)
    // The Gluon async-copy reference (L5): 128 or 32 bits per lane on AMD.
    if (arch.isNVIDIA() || b == 4 || b == 16)
      bytes.push_back(b);
  return bytes;
}

/// L5: the run each lane copies. Consecutive in the tile (and aligned: no
/// other basis moves inside it), consecutive in global memory as far as the
/// offsets are proven, one mask value, at most 16 bytes; its width must be
/// one the target copies. 0 (after a diagnostic through `fail`) otherwise.
static int64_t planCopyVector(BufferLoadToSharedOp op,
                              const LinearLayout &offsets, const ArchInfo &arch,
                              llvm::function_ref<MaybeDiagnostic()> fail) {
  RankedTensorType type = op.getOffsets().getType();
  unsigned bits =
      op.getDest().getType().getElementType().getIntOrFloatBitWidth();
  int64_t inTile = offsets.getContiguousOffsets();
  auto alignedIn = [&](int64_t v) {
    for (auto in : {LinearLayout::Register, LinearLayout::Lane,
                    LinearLayout::Warp, LinearLayout::Block})
      for (auto [i, b] : llvm::enumerate(offsets.getBases(in)))
        if (!(in == LinearLayout::Register && int64_t(1) << i < v) &&
            (b[0] & (v - 1)))
          return false;
    return true;
  };
  while (inTile > 1 && !alignedIn(inTile))
    inTile /= 2;
  AxisInfoAnalysis axis;
  int64_t proven = axis.getOffsetsRun(op.getOffsets(), type);
  int64_t uniform = op.getMask()
                        ? axis.getMaskUniformWidth(op.getMask(), type, inTile)
                        : inTile;
  int64_t vec = std::max<int64_t>(
      1, std::min({inTile, proven, uniform,
                   int64_t(kMaxSharedVectorBytes * 8 / bits)}));
  llvm::SmallVector<unsigned> allowed;
  for (unsigned b : getDirectCopyBytes(arch))
    allowed.push_back(b * 8);
  if (llvm::is_contained(allowed, vec * bits))
    return vec;
  MaybeDiagnostic d = fail();
  d << "each lane copies " << vec << " x " << bits << "-bit elements ("
    << vec * bits << " bits) per instruction; " << arch.name << " ("
    << arch.family << ") copies ";
  llvm::interleave(allowed, d, " or ");
  d << " bits per lane (L5): consecutive in the tile " << inTile
    << ", proven consecutive offsets " << proven;
  if (op.getMask())
    d << ", uniform mask " << uniform;
  return 0;
}

/// L6 / L7 on AMD (one LDS address per warp; lane l writes base + l * vec):
/// the lanes of a warp write one block, which a padding interval does not
/// split and a swizzle only permutes.
static LogicalResult
checkWarpBlocks(BufferLoadToSharedOp op, const LinearLayout &offsets,
                int64_t vec, const ArchInfo &arch,
                llvm::function_ref<MaybeDiagnostic()> fail) {
  MemDescType dest = op.getDest().getType();
  unsigned laneBits = llvm::Log2_32(arch.warpSize);
  int64_t block = vec << laneBits;
  if (!lanesWriteOneBlock(offsets, vec, laneBits)) {
    Attribute plain = withoutSwizzle(dest.getEncoding());
    std::optional<LinearLayout> plainOffsets;
    if (plain)
      plainOffsets = getMemDescOffsets(
          op.getOffsets().getType(),
          MemDescType::get(op.getContext(), dest.getShape(),
                           dest.getElementType(), plain, dest.getMemorySpace(),
                           true, dest.getAllocShape()));
    if (plainOffsets && lanesWriteOneBlock(*plainOffsets, vec, laneBits))
      return fail() << "dest " << dest.getEncoding()
                    << " swizzles across a warp boundary: the " << arch.warpSize
                    << " lanes of a warp no longer write one block of " << block
                    << " elements; a swizzle may only permute within it (L7)";
    MaybeDiagnostic d = fail();
    d << "writes to dest are not coalesced: the " << arch.warpSize
      << " lanes of a warp must write one block of " << block
      << " consecutive elements (" << vec
      << " per lane), but lane bits write at element offsets";
    for (unsigned i = 0;
         i < offsets.getBases(LinearLayout::Lane).size() && i < laneBits; ++i)
      d << " " << offsets.getBases(LinearLayout::Lane)[i][0];
    return d << " (L6)";
  }
  if (auto padded = dyn_cast<PaddedSharedLayoutAttr>(dest.getEncoding()))
    if (padded.getIntervals().front() < block)
      return fail() << "writes to dest are not coalesced: padding after every "
                    << padded.getIntervals().front()
                    << " elements splits the block of " << block
                    << " elements a warp writes (L6)";
  return success();
}

FailureOr<DirectCopyPlan> mlir::tlxamd::planDirectCopy(BufferLoadToSharedOp op,
                                                       const ArchInfo &arch,
                                                       bool emitErrors) {
  // Quiet callers (the lowering, the sanitizer, shared-memory allocation)
  // get a failure without a diagnostic: tlxamd-verify-target reports it.
  auto fail = [&]() -> MaybeDiagnostic {
    return emitErrors ? MaybeDiagnostic(op.emitOpError()) : MaybeDiagnostic();
  };
  RankedTensorType type = op.getOffsets().getType();
  if (!getDistributedLayout(type)) {
    fail() << "offsets have no layout; run tlxamd-assign-layouts first";
    return failure();
  }
  std::optional<LinearLayout> offsets =
      getMemDescOffsets(type, op.getDest().getType());
  if (!offsets) {
    fail() << "the offsets' layout and the tile's shared layout do not "
              "describe the same tile";
    return failure();
  }
  DirectCopyPlan plan;
  plan.offsets = *offsets;
  plan.vec = planCopyVector(op, *offsets, arch, fail);
  if (plan.vec == 0)
    return failure();
  if (!arch.isAMD())
    return plan;
  if (failed(checkWarpBlocks(op, *offsets, plan.vec, arch, fail)))
    return failure();
  // In lane order: lane bit i at vec << i, nothing else inside the block.
  unsigned laneBits = llvm::Log2_32(arch.warpSize);
  int64_t block = ((plan.vec << laneBits) - 1) & ~(plan.vec - 1);
  for (auto in : {LinearLayout::Register, LinearLayout::Lane,
                  LinearLayout::Warp, LinearLayout::Block})
    for (auto [i, b] : llvm::enumerate(offsets->getBases(in))) {
      bool laneBit = in == LinearLayout::Lane && i < laneBits;
      if (laneBit ? b[0] != (plan.vec << i) : (b[0] & block) != 0)
        plan.lanesInOrder = false;
    }
  return plan;
}

LogicalResult BufferLoadToSharedOp::verifyForTarget(const ArchInfo &arch) {
  if (arch.asyncCopy == AsyncCopyKind::None)
    return emitOpError("global-to-shared copies are not available on ")
           << arch.name << " (" << arch.family << "; targets that have them: "
           << getArchNamesWhere([](const ArchInfo &a) {
                return a.asyncCopy != AsyncCopyKind::None;
              })
           << ")";
  if (failed(verifyCacheForTarget(*this, getCache(), arch)))
    return failure();
  if (!getDistributedLayout(getOffsets().getType()))
    return success(); // reported where the offsets are produced
  return planDirectCopy(*this, arch, /*emitErrors=*/true);
}

//===----------------------------------------------------------------------===//
// Preshuffled MXFP B loads (the Mojo PreshuffledBLoader reference)
//===----------------------------------------------------------------------===//

/// P1: the fragments come DRAM -> VGPR through AMD buffer loads.
static LogicalResult verifyPreshuffleTarget(Operation *op,
                                            const ArchInfo &arch) {
  if (arch.isAMD())
    return success();
  return op->emitOpError("P1: preshuffled B fragments are AMD buffer loads "
                         "into VGPRs; ")
         << arch.name << " (" << arch.family << ") is not an AMD target";
}

LogicalResult PreshuffledBLaneOffsetOp::verifyForTarget(const ArchInfo &arch) {
  return verifyPreshuffleTarget(*this, arch);
}

LogicalResult PreshuffledBLoadAtOp::verifyForTarget(const ArchInfo &arch) {
  return verifyPreshuffleTarget(*this, arch);
}

LogicalResult PreshuffledBLoadOp::verifyForTarget(const ArchInfo &arch) {
  return verifyPreshuffleTarget(*this, arch);
}

LogicalResult PreshuffledBLoadTileOp::verifyForTarget(const ArchInfo &arch) {
  return verifyPreshuffleTarget(*this, arch);
}
