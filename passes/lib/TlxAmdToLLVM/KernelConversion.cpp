//===- KernelConversion.cpp - the conversion shared by ROCDL and NVVM ----===//
#include "LayoutLowering.h"
#include "Patterns.h"

#include "tlxamd/Analysis/AxisInfo.h"
#include "tlxamd/Analysis/SharedAllocation.h"
#include "tlxamd/Dialect/Layouts.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/TargetLegality.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// Mask ops computed once per group of registers holding one value: what
/// Triton's elementwise lowering deduplicates by the same analysis.
static bool isMaskOp(Operation *op) {
  if (!isa<arith::CmpIOp, arith::CmpFOp, arith::AndIOp, arith::OrIOp,
           arith::XOrIOp>(op) ||
      op->getNumResults() != 1)
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return type && type.getEncoding() && type.getElementType().isInteger(1);
}

static void recordUniformRegisters(
    Operation *module, AxisInfoAnalysis &axis,
    llvm::DenseMap<Operation *, llvm::SmallVector<int64_t>> &out) {
  module->walk([&](Operation *op) {
    // A sanitized kernel computes every element: the constancy may rest on
    // a promise (a divisibility hint) its checks are there to test.
    if (!isMaskOp(op) ||
        op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>()->hasAttr(
            "tlxamd.violations_arg"))
      return;
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<int64_t> runs;
    bool any = false;
    for (int64_t c : axis.get(op->getResult(0)).constancy) {
      runs.push_back(int64_t(1) << llvm::Log2_64(std::max<int64_t>(c, 1)));
      any |= runs.back() > 1;
    }
    if (!any)
      return;
    SmallVector<int64_t> reps =
        toLinearLayout(type.getEncoding(), type.getShape())
            .getUniformRegisterRepresentatives(runs);
    for (int64_t r = 0, e = reps.size(); r < e; ++r)
      if (reps[r] != r) {
        out[op] = std::move(reps);
        return;
      }
  });
}

/// Consecutive local stores to different allocations, with nothing between
/// that touches shared memory: they share the barrier between them.
static void recordStorePairs(Operation *module,
                             llvm::DenseSet<Operation *> &before,
                             llvm::DenseSet<Operation *> &after) {
  auto allocation = [](Value desc) {
    while (Operation *def = desc.getDefiningOp()) {
      if (!isa<MemDescIndexOp, MemDescSubsliceOp, MemDescTransOp>(def))
        break;
      desc = def->getOperand(0);
    }
    return desc;
  };
  module->walk([&](LocalStoreOp store) {
    for (Operation *next = store->getNextNode(); next;
         next = next->getNextNode()) {
      if (auto second = dyn_cast<LocalStoreOp>(next)) {
        if (allocation(second.getDst()) != allocation(store.getDst())) {
          before.insert(store);
          after.insert(second);
        }
        return;
      }
      if (next->getNumRegions() || !isMemoryEffectFree(next) ||
          isa<ConvertLayoutOp, RequireLayoutOp, ReduceOp>(next))
        return; // (a conversion or reduction goes through shared memory)
    }
  });
}

/// Waits whose groups an earlier wait of the block already retired.
static void recordRetiredWaits(Operation *module,
                               llvm::DenseSet<Operation *> &retired) {
  module->walk([&](WarpgroupDotWaitOp wait) {
    int64_t issued = 0; // MMAs committed since the op reached
    for (Operation *op = wait->getPrevNode(); op; op = op->getPrevNode()) {
      if (auto earlier = dyn_cast<WarpgroupDotWaitOp>(op)) {
        if (earlier.getPendings() + issued <= wait.getPendings())
          retired.insert(wait);
        return;
      }
      if (isa<WarpgroupDotOp>(op))
        ++issued;
      else if (op->getNumRegions() && op->walk([](WarpgroupDotOp) {
                                          return WalkResult::interrupt();
                                        }).wasInterrupted())
        return; // commits groups of its own
    }
  });
}

/// The allocation a memory descriptor views (through index, subslice and
/// transpose views); null when it is not one op's (a loop-carried view).
static Operation *rootAllocation(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (isa<LocalAllocOp>(def))
      return def;
    if (!isa<MemDescIndexOp, MemDescSubsliceOp, MemDescTransOp>(def))
      return nullptr;
    v = def->getOperand(0);
  }
  return nullptr;
}

/// Allocations that only the async proxy touches: written by TMA copies
/// (and uninitialized), read by warpgroup MMAs and TMA stores, never loaded
/// or stored by threads. Nothing needs ordering between the generic and
/// the async proxy for them, and their hand-offs go through mbarriers.
static llvm::DenseSet<Operation *> asyncOnlyAllocations(Operation *module) {
  llvm::DenseSet<Operation *> out;
  module->walk([&](LocalAllocOp alloc) {
    if (alloc.getSrc())
      return;
    SmallVector<Value> views{alloc.getResult()};
    while (!views.empty()) {
      Value v = views.pop_back_val();
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        if (isa<MemDescIndexOp, MemDescSubsliceOp, MemDescTransOp>(user)) {
          views.push_back(user->getResult(0));
          continue;
        }
        auto copy = dyn_cast<AsyncTmaCopyGlobalToSharedOp>(user);
        bool copied = copy && use.get() == copy.getDest();
        if (!copied &&
            !isa<WarpgroupDotOp, AsyncTmaCopySharedToGlobalOp, LocalDeallocOp>(
                user))
          return;
      }
    }
    out.insert(alloc);
  });
  return out;
}

KernelAnalyses::KernelAnalyses(Operation *module, const ArchInfo &arch,
                               bool remarks)
    : remarks(remarks) {
  // MMAs and TMA copies on tiles only the async proxy touches need no
  // generic-to-async fence or barrier.
  llvm::DenseSet<Operation *> asyncOnly = asyncOnlyAllocations(module);
  auto onAsyncOnly = [&](ValueRange tiles) {
    return llvm::all_of(tiles, [&](Value t) {
      return !isa<MemDescType>(t.getType()) ||
             asyncOnly.contains(rootAllocation(t));
    });
  };
  module->walk([&](Operation *op) {
    if (auto dot = dyn_cast<WarpgroupDotOp>(op);
        dot && onAsyncOnly({dot.getA(), dot.getB()}))
      asyncProxyHandoffs.insert(op);
    if (auto copy = dyn_cast<AsyncTmaCopyGlobalToSharedOp>(op);
        copy && onAsyncOnly(copy.getDest()))
      asyncProxyHandoffs.insert(op);
  });
  module->walk([&](BufferLoadToSharedOp copy) {
    FailureOr<DirectCopyPlan> plan =
        planDirectCopy(copy, arch, /*emitErrors=*/false);
    if (succeeded(plan))
      copyPlans[copy] = *plan;
  });
  module->walk([&](WarpgroupDotOp dot) {
    for (Operation *op = dot->getPrevNode(); op; op = op->getPrevNode()) {
      if (isa<AsyncWaitOp>(op)) {
        asyncProxyHandoffs.insert(op);
        asyncProxyHandoffs.insert(dot);
        return;
      }
      // An earlier MMA synchronized the shared memory for the async proxy
      // (or was handed it): nothing between wrote it since.
      if (isa<WarpgroupDotOp>(op)) {
        asyncProxyHandoffs.insert(dot);
        return;
      }
      if (!isa<BufferLoadToSharedOp, AsyncCommitGroupOp, WarpgroupDotWaitOp,
               LocalLoadOp>(op) &&
          !isMemoryEffectFree(op))
        return;
    }
  });
  recordStorePairs(module, storesBeforeStore, storesAfterStore);
  recordRetiredWaits(module, retiredWaits);
  AxisInfoAnalysis axis;
  auto record = [&](Operation *op, Value mask, RankedTensorType dataType,
                    int64_t run) {
    facts[op] = {run,
                 mask ? axis.getMaskUniformWidth(mask, dataType, run)
                      : std::numeric_limits<int64_t>::max(),
                 mask ? axis.getMaskPrefixWidth(mask, dataType, run)
                      : std::numeric_limits<int64_t>::max()};
  };
  recordUniformRegisters(module, axis, uniformRegisters);
  module->walk([&](Operation *op) {
    if (auto load = dyn_cast<BufferLoadOp>(op))
      record(op, load.getMask(), load.getType(), load.getContiguity());
    else if (auto store = dyn_cast<BufferStoreOp>(op))
      record(op, store.getMask(), store.getValue().getType(),
             store.getContiguity());
    else if (auto load = dyn_cast<LoadOp>(op)) {
      if (auto type = dyn_cast<RankedTensorType>(load.getType()))
        record(op, load.getMask(), type,
               axis.getPointerRun(load.getPtr(), type));
    } else if (auto store = dyn_cast<StoreOp>(op)) {
      if (auto type = dyn_cast<RankedTensorType>(store.getValue().getType()))
        record(op, store.getMask(), type,
               axis.getPointerRun(store.getPtr(), type));
    } else if (auto atomic = dyn_cast<BufferAtomicAddOp>(op))
      record(
          op, atomic.getMask(), atomic.getValue().getType(),
          std::max<int64_t>(atomic.getContiguity(),
                            axis.getOffsetsRun(atomic.getOffsets(),
                                               atomic.getValue().getType())));
  });
}

const SmallVector<int64_t> *
KernelAnalyses::getUniformRegisters(Operation *op) const {
  auto it = uniformRegisters.find(op);
  return it == uniformRegisters.end() ? nullptr : &it->second;
}

const DirectCopyPlan *KernelAnalyses::getCopyPlan(Operation *op) const {
  auto it = copyPlans.find(op);
  return it == copyPlans.end() ? nullptr : &it->second;
}

const KernelAnalyses::BufferFacts &
KernelAnalyses::getBufferFacts(Operation *op) const {
  static const BufferFacts none{1, std::numeric_limits<int64_t>::max(),
                                std::numeric_limits<int64_t>::max()};
  auto it = facts.find(op);
  return it == facts.end() ? none : it->second;
}

/// Every kernel gets its block size from its warps (`tlxamd.num_warps`, or
/// every task's together) and the target's
/// warp size, as upstream `known_block_size`, so that the upstream GPU
/// lowering emits the target's launch-bound attributes.
static LogicalResult setKernelBlockSizes(gpu::GPUModuleOp module,
                                         const TargetInfoBase &targetInfo,
                                         llvm::StringMap<unsigned> &threads) {
  WalkResult result = module.walk([&](gpu::GPUFuncOp func) {
    if (!func.isKernel())
      return WalkResult::advance();
    std::optional<int64_t> numWarps = getProgramWarps(func);
    if (!numWarps) {
      func.emitError() << "kernel '" << func.getName() << "' has no '"
                       << TlxAmdDialect::getNumWarpsAttrName() << "' attribute";
      return WalkResult::interrupt();
    }
    unsigned n = *numWarps * getKernelLanesPerWarp(func, targetInfo);
    if (auto known = func.getKnownBlockSizeAttr()) {
      if (known.asArrayRef() != ArrayRef<int32_t>{int32_t(n), 1, 1}) {
        func.emitError() << "known_block_size disagrees with "
                         << TlxAmdDialect::getNumWarpsAttrName() << " = "
                         << *numWarps << " on " << targetInfo.getArch().name
                         << " (" << n << " threads)";
        return WalkResult::interrupt();
      }
    }
    func.setKnownBlockSizeAttr(
        DenseI32ArrayAttr::get(func.getContext(), {int32_t(n), 1, 1}));
    threads[func.getName()] = n;
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Record the tensor-descriptor arguments of each kernel (a target without
/// the tensor memory accelerator rejects them).
static LogicalResult describeTensorMapArgs(gpu::GPUModuleOp module,
                                           const ArchInfo &arch) {
  WalkResult result = module.walk([&](gpu::GPUFuncOp func) {
    MLIRContext *ctx = func.getContext();
    SmallVector<Attribute> maps;
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      auto desc = dyn_cast<TensorDescType>(type);
      if (!desc)
        continue;
      if (!func.isKernel()) {
        func.emitError() << "argument " << i
                         << " is a tensor descriptor: only kernels take them "
                            "(the tensor map is a kernel parameter)";
        return WalkResult::interrupt();
      }
      if (!arch.tma) {
        func.emitError() << "argument " << i
                         << " is a tensor descriptor, which needs the tensor "
                            "memory accelerator: "
                         << arch.name << " lacks it (targets that have it: "
                         << getArchNamesWhere(
                                [](const ArchInfo &a) { return a.tma; })
                         << ")";
        return WalkResult::interrupt();
      }
      auto nvmma = cast<NvmmaSharedLayoutAttr>(desc.getEncoding());
      Builder b(ctx);
      maps.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("arg", b.getI32IntegerAttr(i)),
           b.getNamedAttr("box", b.getDenseI64ArrayAttr(desc.getBoxShape())),
           b.getNamedAttr("element", TypeAttr::get(desc.getElementType())),
           b.getNamedAttr("swizzle",
                          b.getI32IntegerAttr(nvmma.getSwizzleBytes()))}));
    }
    if (!maps.empty())
      func->setAttr(kTensorMapsAttr, ArrayAttr::get(func.getContext(), maps));
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// A lowered kernel's tensor-map parameters: 128 bytes passed by value,
/// addressed in place (`__grid_constant__`), 64-byte aligned.
static void annotateTensorMapArgs(LLVM::LLVMFuncOp func) {
  auto maps = func->getAttrOfType<ArrayAttr>(kTensorMapsAttr);
  if (!maps)
    return;
  MLIRContext *ctx = func.getContext();
  Builder b(ctx);
  for (auto map : maps.getAsRange<DictionaryAttr>()) {
    unsigned arg = cast<IntegerAttr>(map.get("arg")).getInt();
    func.setArgAttr(
        arg, LLVM::LLVMDialect::getByValAttrName(),
        TypeAttr::get(LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), 128)));
    func.setArgAttr(arg, LLVM::LLVMDialect::getAlignAttrName(),
                    b.getI64IntegerAttr(64));
    func.setArgAttr(arg, NVVM::NVVMDialect::getGridConstantAttrName(),
                    UnitAttr::get(ctx));
  }
}

/// After a partial conversion, every op left must be LLVM, ROCDL, NVVM or a
/// cast the pipeline reconciles: anything else has no lowering for the
/// target (an element type no pattern handles, an unsupported upstream op)
/// and is an error, never half-lowered output.
static LogicalResult verifyFullyLowered(gpu::GPUModuleOp module,
                                        const ArchInfo &arch) {
  WalkResult walk = module.walk([&](Operation *op) {
    // A device-library function (f64 exp, tanh, ... through the upstream
    // GPU lowerings): kernels are linked with none.
    if (auto call = dyn_cast<LLVM::CallOp>(op)) {
      StringRef callee = call.getCallee().value_or("");
      if (callee.starts_with("__ocml_") || callee.starts_with("__nv_")) {
        op->emitError() << "math function with no lowering for " << arch.name
                        << ": it would call the device library function '"
                        << callee << "', which kernels are not linked with "
                        << "(lowered natively: exp, exp2, log, log2, sin, cos, "
                           "sqrt, rsqrt, abs, fma on f32, f16 and bf16; sqrt, "
                           "abs and fma on f64)";
        return WalkResult::interrupt();
      }
    }
    if (op == module.getOperation() || isa<UnrealizedConversionCastOp>(op) ||
        isa<LLVM::LLVMDialect, ROCDL::ROCDLDialect, NVVM::NVVMDialect>(
            op->getDialect()))
      return WalkResult::advance();
    auto diag = op->emitOpError() << "has no lowering for " << arch.name;
    if (op->getNumOperands() || op->getNumResults()) {
      diag << " with these types (";
      llvm::interleaveComma(op->getOperandTypes(), diag);
      if (op->getNumResults()) {
        diag << ") -> (";
        llvm::interleaveComma(op->getResultTypes(), diag);
      }
      diag << ")";
    }
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

/// Float types LLVM has no arithmetic on (the f8/f6/f4 formats become
/// integers): arith and math ops on them have no lowering. Rejected before
/// the conversion, whose upstream patterns would build invalid LLVM ops.
static LogicalResult verifyFloatArithmetic(gpu::GPUModuleOp module,
                                           const LLVMTypeConverter &converter,
                                           const ArchInfo &arch) {
  auto unsupported = [&](Type t) {
    Type elem = getElementTypeOrSelf(t);
    if (!isa<FloatType>(elem))
      return false;
    Type converted = converter.convertType(elem);
    return !converted || !isa<FloatType>(converted);
  };
  WalkResult walk = module.walk([&](Operation *op) {
    if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
      auto mode = trunc.getRoundingmode();
      if (mode && *mode != arith::RoundingMode::to_nearest_even &&
          *mode != arith::RoundingMode::toward_zero) {
        op->emitOpError() << "rounding mode '"
                          << arith::stringifyRoundingMode(*mode)
                          << "' has no lowering; conversions round to "
                             "nearest even or toward zero";
        return WalkResult::interrupt();
      }
    }
    // Conversions to and from fp8 are lowered (FloatConversions.cpp):
    // from f32 / f16 / bf16 and to any float.
    if (isa<arith::ExtFOp>(op) &&
        getFloatFormat(getElementTypeOrSelf(op->getOperand(0).getType())))
      return WalkResult::advance();
    if (isa<arith::TruncFOp>(op) &&
        getFloatFormat(getElementTypeOrSelf(op->getResult(0).getType())) &&
        !getElementTypeOrSelf(op->getOperand(0).getType()).isF64())
      return WalkResult::advance();
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::ConstantOp, arith::BitcastOp, arith::SelectOp>(op))
      return WalkResult::advance();
    for (Type t : llvm::concat<Type>(llvm::to_vector(op->getOperandTypes()),
                                     llvm::to_vector(op->getResultTypes())))
      if (unsupported(t)) {
        op->emitOpError() << "has no lowering for " << arch.name << ": "
                          << getElementTypeOrSelf(t)
                          << " has no arithmetic in LLVM (its values are "
                             "loaded, stored, moved as bytes and converted "
                             "to and from f32, f16 and bf16)";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// A load or store through pointers (one tlxamd-convert-to-buffer-ops did
/// not take) carries its cache modifier as LLVM's volatile / nontemporal
/// flags where the target has that encoding (getPointerCacheFlags); where it
/// has none the modifier is rejected, never dropped.
static LogicalResult verifyPointerCacheModifiers(gpu::GPUModuleOp module,
                                                 const ArchInfo &arch) {
  WalkResult walk = module.walk([&](Operation *op) {
    std::optional<CacheModifier> cache;
    if (auto load = dyn_cast<LoadOp>(op))
      cache = load.getCache();
    else if (auto store = dyn_cast<StoreOp>(op))
      cache = store.getCache();
    if (!cache || getPointerCacheFlags(arch, stringifyCacheModifier(*cache),
                                       isa<LoadOp>(op)))
      return WalkResult::advance();
    op->emitOpError("cache modifier \"")
        << stringifyCacheModifier(*cache) << "\" has no encoding on "
        << arch.name
        << " for accesses through pointers (only buffer loads and stores, "
           "and asynchronous copies, carry it there)";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

void mlir::tlxamd::populateKernelDialectsToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &targetInfo) {
  arith::populateArithToLLVMConversionPatterns(converter, patterns);
  populateMathToLLVMPatterns(converter, patterns, targetInfo);
  populateFloatConversionPatterns(converter, patterns, targetInfo);
  populateMathToLLVMConversionPatterns(converter, patterns);
  cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
  populateFuncToLLVMConversionPatterns(converter, patterns);
  index::populateIndexToLLVMConversionPatterns(converter, patterns);
  populateVectorToLLVMConversionPatterns(converter, patterns);
}

/// M19: a rematerialized range is recreated right before each of its
/// users, so no copy of it stays live between them.
static void rematerializeRanges(gpu::GPUModuleOp module) {
  SmallVector<MakeRangeOp> ranges;
  module.walk([&](MakeRangeOp op) {
    if (op.getRematerialize())
      ranges.push_back(op);
  });
  for (MakeRangeOp op : ranges) {
    for (OpOperand &use : llvm::make_early_inc_range(op->getUses())) {
      OpBuilder builder(use.getOwner());
      Operation *copy = builder.clone(*op);
      use.set(copy->getResult(0));
    }
    op->erase();
  }
}

/// scf.for / if / while as blocks and branches (SCFToControlFlow's
/// patterns); the operations inside stay the same objects, so facts keyed
/// by them still apply.
static LogicalResult lowerStructuredControlFlow(gpu::GPUModuleOp module) {
  RewritePatternSet patterns(module.getContext());
  populateSCFToControlFlowConversionPatterns(patterns);
  ConversionTarget target(*module.getContext());
  target.addIllegalDialect<scf::SCFDialect>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(module, target, std::move(patterns));
}

LogicalResult
mlir::tlxamd::convertKernelModule(gpu::GPUModuleOp module,
                                  const TargetInfoBase &targetInfo,
                                  PopulateFamilies populate, bool remarks) {
  // What the target lacks is a diagnostic, never a legalization failure,
  // also when the conversion runs without the pipeline's verify pass.
  if (failed(verifyForTarget(module, targetInfo.getArch())))
    return failure();
  // Shared memory as tlxamd-allocate-shared-memory placed it (placed here
  // for kernels that have not been through the pass).
  bool allocated = true;
  module.walk([&](FunctionOpInterface f) {
    allocated &= f.isExternal() || f->hasAttr(kSharedBytesAttr);
  });
  if (!allocated && failed(allocateSharedMemory(module, targetInfo.getArch())))
    return failure();
  markFirstSharedAccesses(module);
  MLIRContext *ctx = module.getContext();
  {
    OpBuilder builder(ctx);
    createSharedBlock(builder, module);
  }
  rematerializeRanges(module);
  llvm::StringMap<unsigned> threads;
  if (failed(setKernelBlockSizes(module, targetInfo, threads)) ||
      failed(describeTensorMapArgs(module, targetInfo.getArch())))
    return failure();

  LowerToLLVMOptions options(ctx);
  LLVMTypeConverter converter(ctx, options);
  converter.addConversion([ctx](PtrType type) -> Type {
    return LLVM::LLVMPointerType::get(ctx, type.getAddressSpace());
  });
  // A tensor descriptor: the generic address of the kernel's tensor map.
  converter.addConversion([ctx](TensorDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx);
  });
  // A memory descriptor: the tile's base and its view's XOR (SharedTile);
  // in tensor memory, the tile's TMEM address.
  converter.addConversion([ctx](MemDescType type) -> Type {
    if (type.isTensorMemory())
      return LLVM::LLVMPointerType::get(ctx, kTensorMemoryAddressSpace);
    return LLVM::LLVMStructType::getLiteral(
        ctx, {LLVM::LLVMPointerType::get(ctx, 3), IntegerType::get(ctx, 32)});
  });
  addTensorTypeConversion(converter);
  if (failed(verifyFloatArithmetic(module, converter, targetInfo.getArch())) ||
      failed(verifyPointerCacheModifiers(module, targetInfo.getArch())))
    return failure();
  // The analyses see the structured loops (an scf.for counter's
  // divisibility and range come from its bounds and step); the lowering then
  // works on their control flow.
  KernelAnalyses analyses(module, targetInfo.getArch(), remarks);
  if (failed(lowerStructuredControlFlow(module)))
    return failure();

  RewritePatternSet patterns(ctx);
  LLVMConversionTarget target(*ctx);
  target.addIllegalDialect<TlxAmdDialect>();
  target.addLegalOp<gpu::GPUModuleOp>();
  // Tasks stay regions while their ops are lowered (the lowering finds the
  // task an op is in), then become a dispatch.
  target.addLegalOp<AsyncTasksOp, AsyncTaskEndOp>();
  populate(converter, patterns, target, analyses);
  if (failed(applyPartialConversion(module, target, std::move(patterns))))
    return failure();
  lowerAsyncTasks(module, targetInfo);
  if (failed(verifyFullyLowered(module, targetInfo.getArch())))
    return failure();

  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    auto it = threads.find(func.getName());
    if (it != threads.end())
      targetInfo.annotateKernel(func, it->second);
    annotateTensorMapArgs(func);
  }
  return success();
}
