//===- InstrumentContracts.cpp - tlxamd-instrument-contracts -------------===//
//
// The contract sanitizer's compile-time half. For every promise the
// generated code relies on and the axis analysis does not prove, a check
// (contract_check, active_lanes_check) before the op that records each
// violation in the kernel's violation ring, a new last kernel argument;
// and every mbarrier wait gets a watchdog (mbarrier_wait_watchdog).
//
// "Relies on" follows the lowering: a buffer access shares one base offset
// over each run of `contiguity` registers (B12: consecutive offsets), packs
// `width` elements into one access (B13: an aligned first address) and,
// where the analysis proves the mask uniform over a group, keeps one
// predicate per group (B12, B18). Where it proves nothing about the mask
// the lowering splits the group and relies on nothing.
//
// The analysis that elides checks ignores op hints (tl.multiple_of,
// tl.max_contiguous): they are promises too. Kernel argument divisibility
// it trusts; the runtime checks those at a sanitized launch
// (`tlxamd.arg_promises`). An alignment the code relies on whose only
// unproven part is a kernel argument's address (every run starts a proven
// multiple of the width from the argument) is checked there too, once per
// launch instead of once per run: a promise that names its site.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Analysis/AxisInfo.h"
#include "tlxamd/Analysis/ContractChecks.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/TargetLegality.h"
#include "tlxamd/Target/TargetOption.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDINSTRUMENTCONTRACTS
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// How long a sanitized mbarrier wait waits before it reports (ms).
constexpr int32_t kWatchdogMs = 2000;

/// What one access's code relies on that the analysis does not prove.
struct AccessChecks {
  Operation *op;
  StringRef rule;
  Value ptr, offsets, mask;
  OffsetUnit unit = OffsetUnit::elements;
  int64_t run = 1; ///< registers sharing one base offset
  bool consecutive = false;
  int64_t uniform = 0; ///< mask groups to check (0: none)
  int64_t align = 0;   ///< bytes to check (0: none)
  bool any() const { return consecutive || uniform || align; }
};

/// `file:line:col` of the first file location in `loc` (the op's name
/// where there is none).
std::string locationText(Location loc, Operation *op) {
  std::string text;
  loc->walk([&](Location l) {
    if (auto file = dyn_cast<FileLineColLoc>(l)) {
      text = (file.getFilename().getValue() + ":" + Twine(file.getLine()) +
              ":" + Twine(file.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return text.empty() ? op->getName().getStringRef().str() : text;
}

class Instrumenter {
public:
  explicit Instrumenter(const ArchInfo &arch) : arch(arch) {}

  /// Plan the checks of `op` (a buffer access) from what the lowering's
  /// analysis and the sanitizer's prove.
  std::optional<AccessChecks> planBufferAccess(Operation *op);
  std::optional<AccessChecks> planDirectCopyAccess(BufferLoadToSharedOp op);

  /// Instrument one kernel: the ring argument, the checks, the site table
  /// and the argument promises.
  LogicalResult instrument(gpu::GPUFuncOp kernel);

private:
  /// Whether the sanitizer's analysis proves every run's first address a
  /// multiple of `bytes`.
  bool provesAlignment(const AccessChecks &c, RankedTensorType type,
                       unsigned elemBytes, int64_t bytes);
  /// The largest power of two (bytes) every run's first address is proven
  /// a multiple of from the access's base.
  int64_t runStartBytes(const AccessChecks &c, RankedTensorType type,
                        unsigned elemBytes);
  void plan(AccessChecks &c, RankedTensorType type, Type elemType,
            int64_t width, int64_t loweringUniform);
  /// The kernel argument `c.ptr` is when every run's first address is a
  /// multiple of `bytes` exactly when that argument's address is.
  std::optional<unsigned> alignmentArgument(const AccessChecks &c,
                                            RankedTensorType type,
                                            unsigned elemBytes, int64_t bytes);
  int32_t addSite(Operation *op, StringRef rule, StringRef what);
  void insertCheck(OpBuilder &b, Value ring, const AccessChecks &c);

  const ArchInfo &arch;
  AxisInfoAnalysis lowering;                          ///< trusts op hints
  AxisInfoAnalysis sanitizer{/*trustOpHints=*/false}; ///< may elide a check
  SmallVector<Attribute> sites;
  /// Alignments checked at launch: {argument, bytes, the access}.
  struct LaunchAlignment {
    unsigned arg;
    int64_t bytes;
    Operation *op;
    StringRef rule;
  };
  SmallVector<LaunchAlignment> launchAlignments;
};

} // namespace

int64_t Instrumenter::runStartBytes(const AccessChecks &c,
                                    RankedTensorType type, unsigned elemBytes) {
  int64_t offsets = sanitizer.getRunStartDivisibility(c.offsets, type, c.run);
  return c.unit == OffsetUnit::elements ? offsets * elemBytes : offsets;
}

bool Instrumenter::provesAlignment(const AccessChecks &c, RankedTensorType type,
                                   unsigned elemBytes, int64_t bytes) {
  // The base: a pointer's divisibility is in elements.
  int64_t base = sanitizer.get(c.ptr).divisibility[0] * elemBytes;
  return base >= bytes && runStartBytes(c, type, elemBytes) >= bytes;
}

std::optional<unsigned> Instrumenter::alignmentArgument(const AccessChecks &c,
                                                        RankedTensorType type,
                                                        unsigned elemBytes,
                                                        int64_t bytes) {
  auto arg = dyn_cast<BlockArgument>(c.ptr);
  auto kernel =
      arg ? dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp()) : nullptr;
  if (!kernel || arg.getOwner() != &kernel.getBody().front() ||
      runStartBytes(c, type, elemBytes) < bytes)
    return std::nullopt;
  return arg.getArgNumber();
}

void Instrumenter::plan(AccessChecks &c, RankedTensorType type, Type elemType,
                        int64_t width, int64_t loweringUniform) {
  int64_t owned = getLinearLayout(type).getNumRegisters();
  c.run = std::min(c.run, owned);
  unsigned elemBytes = std::max(1u, elemType.getIntOrFloatBitWidth() / 8);
  c.consecutive = c.run > 1 && sanitizer.getOffsetsRun(c.offsets, type) < c.run;
  // One predicate per group where the lowering's analysis proves the mask
  // uniform over it (per run where it proves it over the run).
  if (c.mask && loweringUniform >= width) {
    int64_t group = loweringUniform >= c.run ? c.run : width;
    if (group > 1 && sanitizer.getMaskUniformWidth(c.mask, type, c.run) < group)
      c.uniform = group;
  }
  int64_t bytes = width * elemBytes;
  if (width <= 1 || provesAlignment(c, type, elemBytes, bytes))
    return;
  if (std::optional<unsigned> arg =
          alignmentArgument(c, type, elemBytes, bytes))
    launchAlignments.push_back({*arg, bytes, c.op, c.rule});
  else
    c.align = bytes;
}

std::optional<AccessChecks> Instrumenter::planBufferAccess(Operation *op) {
  AccessChecks c{op, "B12"};
  RankedTensorType type;
  int64_t contiguity = 1;
  if (auto load = dyn_cast<BufferLoadOp>(op)) {
    type = load.getType();
    c.ptr = load.getPtr(), c.offsets = load.getOffsets();
    c.mask = load.getMask(), c.unit = load.getOffsetUnit();
    contiguity = load.getContiguity();
  } else if (auto store = dyn_cast<BufferStoreOp>(op)) {
    type = store.getValue().getType();
    c.ptr = store.getPtr(), c.offsets = store.getOffsets();
    c.mask = store.getMask(), c.unit = store.getOffsetUnit();
    contiguity = store.getContiguity();
  } else {
    auto atomic = cast<BufferAtomicAddOp>(op);
    type = atomic.getValue().getType();
    c.ptr = atomic.getPtr(), c.offsets = atomic.getOffsets();
    c.mask = atomic.getMask(), c.unit = atomic.getOffsetUnit();
    contiguity = atomic.getContiguity();
  }
  if (!type.getEncoding())
    return std::nullopt;
  Type elem = type.getElementType();
  int64_t width = getBufferAccessWidth(op, elem, contiguity);
  c.run = std::max(contiguity, width);
  bool packedAtomic = isa<BufferAtomicAddOp>(op) && width == 2;
  if (isa<BufferAtomicAddOp>(op)) {
    // Atomics share a base over the run the analysis proves.
    c.run = std::max(c.run, lowering.getOffsetsRun(c.offsets, type));
    if (packedAtomic)
      c.rule = "B18";
  }
  int64_t uniform =
      c.mask ? lowering.getMaskUniformWidth(c.mask, type, c.run) : 0;
  if (packedAtomic)
    uniform = std::max<int64_t>(uniform, 2);
  plan(c, type, elem, width, uniform);
  return c.any() ? std::optional<AccessChecks>(c) : std::nullopt;
}

std::optional<AccessChecks>
Instrumenter::planDirectCopyAccess(BufferLoadToSharedOp op) {
  RankedTensorType type = op.getOffsets().getType();
  FailureOr<DirectCopyPlan> copy = planDirectCopy(op, arch, false);
  if (!type.getEncoding() || failed(copy) || copy->vec <= 1)
    return std::nullopt;
  AccessChecks c{op, "L5", op.getPtr(), op.getOffsets(), op.getMask()};
  c.run = copy->vec;
  Type elem = op.getPtr().getType().getPointeeType();
  int64_t uniform =
      c.mask ? lowering.getMaskUniformWidth(c.mask, type, c.run) : 0;
  plan(c, type, elem, copy->vec, uniform);
  return c.any() ? std::optional<AccessChecks>(c) : std::nullopt;
}

int32_t Instrumenter::addSite(Operation *op, StringRef rule, StringRef what) {
  Builder b(op->getContext());
  sites.push_back(b.getDictionaryAttr({
      b.getNamedAttr("op", b.getStringAttr(op->getName().getStringRef())),
      b.getNamedAttr("rule", b.getStringAttr(rule)),
      b.getNamedAttr("check", b.getStringAttr(what)),
      b.getNamedAttr("loc", b.getStringAttr(locationText(op->getLoc(), op))),
  }));
  return sites.size() - 1;
}

void Instrumenter::insertCheck(OpBuilder &b, Value ring,
                               const AccessChecks &c) {
  SmallVector<std::string> what;
  if (c.consecutive)
    what.push_back("consecutive offsets over " + std::to_string(c.run));
  if (c.uniform)
    what.push_back("one mask value over " + std::to_string(c.uniform));
  if (c.align)
    what.push_back(std::to_string(c.align) + "-byte aligned first address");
  int32_t site = addSite(c.op, c.rule, llvm::join(what, ", "));
  Location loc = c.op->getLoc();
  b.setInsertionPoint(c.op);
  auto check = ContractCheckOp::create(
      b, loc, getI1TensorLike(c.offsets.getType()), ring, c.ptr, c.offsets,
      c.mask, site, c.run, c.consecutive,
      c.uniform ? b.getI32IntegerAttr(c.uniform) : IntegerAttr(),
      c.align ? b.getI32IntegerAttr(c.align) : IntegerAttr(), c.unit);
  if (!c.align)
    return;
  // Mask a misaligned run off: its packed access would fault on NVIDIA and
  // take the report with it.
  Value guard = check.getGuard();
  Value mask = c.mask ? arith::AndIOp::create(b, loc, c.mask, guard) : guard;
  TypeSwitch<Operation *>(c.op)
      .Case<BufferLoadOp, BufferStoreOp, BufferAtomicAddOp,
            BufferLoadToSharedOp>(
          [&](auto op) { op.getMaskMutable().assign(mask); });
}

LogicalResult Instrumenter::instrument(gpu::GPUFuncOp kernel) {
  MLIRContext *ctx = kernel.getContext();
  SmallVector<AccessChecks> accesses;
  SmallVector<Operation *> mfmas;
  kernel.walk([&](Operation *op) {
    std::optional<AccessChecks> c;
    if (isa<BufferLoadOp, BufferStoreOp, BufferAtomicAddOp>(op))
      c = planBufferAccess(op);
    else if (auto copy = dyn_cast<BufferLoadToSharedOp>(op))
      c = planDirectCopyAccess(copy);
    else if (isa<AmdScheduledMfmaOp>(op) &&
             op->getParentRegion() != &kernel.getBody())
      mfmas.push_back(op); // under control flow: lanes may be inactive (M11)
    if (c)
      accesses.push_back(*c);
  });
  Builder b(ctx);
  // The argument promises a sanitized launch checks.
  SmallVector<Attribute> promises;
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i)
    if (auto d = kernel.getArgAttrOfType<IntegerAttr>(i, kDivisibilityAttrName))
      promises.push_back(
          b.getDictionaryAttr({b.getNamedAttr("arg", b.getI32IntegerAttr(i)),
                               b.getNamedAttr("divisibility", d)}));
  // The alignments an access relies on, checked at launch: one promise
  // per argument and width, naming the first access that relies on it.
  llvm::SmallDenseSet<std::pair<unsigned, int64_t>> promised;
  for (const LaunchAlignment &a : launchAlignments) {
    if (!promised.insert({a.arg, a.bytes}).second)
      continue;
    int32_t site = addSite(a.op, a.rule,
                           std::to_string(a.bytes) + "-byte aligned argument " +
                               std::to_string(a.arg) + " (checked at launch)");
    promises.push_back(b.getDictionaryAttr(
        {b.getNamedAttr("arg", b.getI32IntegerAttr(a.arg)),
         b.getNamedAttr("divisibility", b.getI32IntegerAttr(a.bytes)),
         b.getNamedAttr("site", b.getI32IntegerAttr(site))}));
  }
  unsigned index = kernel.getNumArguments();
  auto ringType = PtrType::get(IntegerType::get(ctx, 32), 1);
  if (failed(
          kernel.insertArgument(index, ringType,
                                b.getDictionaryAttr(b.getNamedAttr(
                                    "tlxamd.violations", UnitAttr::get(ctx))),
                                kernel.getLoc())))
    return kernel.emitError("tlxamd-instrument-contracts: cannot add the "
                            "violation ring argument to kernel '")
           << kernel.getName() << "'";
  Value ring = kernel.getArgument(index);
  OpBuilder builder(ctx);
  for (const AccessChecks &c : accesses)
    insertCheck(builder, ring, c);
  for (Operation *mfma : mfmas) {
    builder.setInsertionPoint(mfma);
    ActiveLanesCheckOp::create(
        builder, mfma->getLoc(), ring,
        addSite(mfma, "M11", "every lane of the wave active"));
  }
  // Barrier waits with a watchdog: a wait that never completes is
  // reported instead of hanging the GPU.
  SmallVector<MBarrierWaitOp> waits;
  kernel.walk([&](MBarrierWaitOp w) { waits.push_back(w); });
  for (MBarrierWaitOp w : waits) {
    builder.setInsertionPoint(w);
    int32_t site = addSite(w, "W8",
                           "the wait completes within " +
                               std::to_string(kWatchdogMs) + " ms");
    MBarrierWaitWatchdogOp::create(builder, w.getLoc(), ring, w.getBarrier(),
                                   w.getPhase(), w.getPred(), site,
                                   kWatchdogMs);
    w.erase();
  }
  kernel->setAttr("tlxamd.violations_arg", b.getI32IntegerAttr(index));
  kernel->setAttr("tlxamd.contract_sites", b.getArrayAttr(sites));
  kernel->setAttr("tlxamd.arg_promises", b.getArrayAttr(promises));
  sites.clear();
  launchAlignments.clear();
  return success();
}

namespace {
struct TlxAmdInstrumentContractsPass
    : tlxamd::impl::TlxAmdInstrumentContractsBase<
          TlxAmdInstrumentContractsPass> {
  using TlxAmdInstrumentContractsBase::TlxAmdInstrumentContractsBase;

  LogicalResult initialize(MLIRContext *) override {
    resolved.resolve(target);
    return success();
  }

  void runOnOperation() override {
    const ArchInfo *arch =
        resolved.get(getOperation(), "tlxamd-instrument-contracts");
    if (!arch)
      return signalPassFailure();
    SmallVector<gpu::GPUFuncOp> kernels;
    getOperation()->walk([&](gpu::GPUFuncOp f) {
      if (f.isKernel() && !f->hasAttr("tlxamd.violations_arg"))
        kernels.push_back(f);
    });
    for (gpu::GPUFuncOp kernel : kernels)
      if (failed(Instrumenter(*arch).instrument(kernel)))
        return signalPassFailure();
  }

  ResolvedTarget resolved;
};
} // namespace

std::unique_ptr<Pass>
mlir::tlxamd::createTlxAmdInstrumentContractsPass(StringRef t) {
  TlxAmdInstrumentContractsOptions options;
  options.target = t.str();
  return createTlxAmdInstrumentContracts(options);
}
