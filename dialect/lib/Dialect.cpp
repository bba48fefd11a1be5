//===- Dialect.cpp - tlxamd dialect registration and verification --------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "tlxamd/Analysis/AxisInfo.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tlxamd;

#include "tlxamd/Dialect/TlxAmdDialect.cpp.inc"
#include "tlxamd/Dialect/TlxAmdEnums.cpp.inc"
#include "tlxamd/Dialect/TlxAmdOpInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tlxamd/Dialect/TlxAmdTypes.cpp.inc"

void TlxAmdDialect::initialize() {
  registerAttributes();
  addTypes<
#define GET_TYPEDEF_LIST
#include "tlxamd/Dialect/TlxAmdTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tlxamd/Dialect/TlxAmdOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, allocShape;
  Type elem;
  Attribute encoding, space;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elem) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseComma() ||
      parser.parseAttribute(space))
    return {};
  bool isMutable = false;
  while (succeeded(parser.parseOptionalComma())) {
    if (!isMutable && allocShape.empty() &&
        succeeded(parser.parseOptionalKeyword("mutable"))) {
      isMutable = true;
      continue;
    }
    if (!allocShape.empty() ||
        parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                  /*withTrailingX=*/false))
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return parser.getChecked<MemDescType>(parser.getContext(), shape, elem,
                                        encoding, space, isMutable, allocShape);
}

Type TensorDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elem;
  Attribute encoding;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elem) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseGreater())
    return {};
  return parser.getChecked<TensorDescType>(parser.getContext(), shape, elem,
                                           encoding);
}

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type pointeeType, unsigned addressSpace) {
  if (!pointeeType.isIntOrIndexOrFloat() || pointeeType.isIndex())
    return emitError()
           << "pointee type must be an integer or float scalar, got "
           << pointeeType;
  if (pointeeType.getIntOrFloatBitWidth() % 8 != 0)
    return emitError() << "pointee type must be a whole number of bytes, got "
                       << pointeeType;
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel attributes
//===----------------------------------------------------------------------===//

/// A kernel's `name`: an i32 power of two up to `max`, on a gpu.func kernel
/// (kept through lowering on the llvm.func, where the compile driver reads
/// it back).
static FailureOr<int64_t> verifyKernelCount(Operation *op, Attribute value,
                                            StringRef name, int64_t max) {
  auto attr = dyn_cast<IntegerAttr>(value);
  if (!attr || !attr.getType().isSignlessInteger(32))
    return op->emitError() << "'" << name
                           << "' must be an i32 integer attribute";
  int64_t n = attr.getInt();
  if (n <= 0 || !llvm::isPowerOf2_64(n) || n > max)
    return op->emitError() << "'" << name
                           << "' must be a power of two between 1 and " << max
                           << ", got " << n;
  auto func = dyn_cast<gpu::GPUFuncOp>(op);
  if ((func && !func.isKernel()) ||
      (!func && op->getName().getStringRef() != "llvm.func"))
    return op->emitError() << "'" << name
                           << "' may only be set on a gpu.func kernel";
  return n;
}

/// `tlxamd.num_ctas`: a power of two up to 16 on a kernel (the target's
/// cluster limit is a target-legality check).
static LogicalResult verifyNumCtas(Operation *op, Attribute value) {
  return verifyKernelCount(op, value, TlxAmdDialect::getNumCtasAttrName(), 16);
}

/// `tlxamd.tensor_maps` (kTensorMapsAttr): {arg, box, element, swizzle}
/// dictionaries on a kernel.
static LogicalResult verifyTensorMaps(Operation *op, Attribute value) {
  auto maps = dyn_cast<ArrayAttr>(value);
  bool ok = maps && (isa<gpu::GPUFuncOp>(op) ||
                     op->getName().getStringRef() == "llvm.func");
  for (Attribute a : ok ? maps.getValue() : ArrayRef<Attribute>()) {
    auto d = dyn_cast<DictionaryAttr>(a);
    std::optional<int64_t> arg =
        d ? getSignlessIntValue(d.get("arg")) : std::nullopt;
    ok &= d && arg && *arg >= 0 &&
          getSignlessIntValue(d.get("swizzle")).has_value() &&
          isa_and_nonnull<DenseI64ArrayAttr>(d.get("box")) &&
          isa_and_nonnull<TypeAttr>(d.get("element"));
  }
  if (ok)
    return success();
  return op->emitError() << "'" << kTensorMapsAttr
                         << "' is an array of {arg, box, element, swizzle} "
                            "dictionaries on a kernel";
}

/// The contract sanitizer's tables on a kernel (tlxamd-instrument-contracts):
/// `tlxamd.violations_arg` (the ring's argument), `tlxamd.contract_sites`
/// ({op, rule, check, loc} strings) and `tlxamd.arg_promises` ({arg,
/// divisibility} integers, and the site of an alignment checked at launch).
static LogicalResult verifySanitizerTable(Operation *op, NamedAttribute attr) {
  bool kernel =
      isa<gpu::GPUFuncOp>(op) || op->getName().getStringRef() == "llvm.func";
  bool ok = kernel;
  if (attr.getName() == "tlxamd.violations_arg") {
    std::optional<int64_t> index = getSignlessIntValue(attr.getValue());
    ok &= index && *index >= 0;
  } else {
    bool sites = attr.getName() == "tlxamd.contract_sites";
    auto entries = dyn_cast<ArrayAttr>(attr.getValue());
    ok &= bool(entries);
    for (Attribute a : ok ? entries.getValue() : ArrayRef<Attribute>()) {
      auto d = dyn_cast<DictionaryAttr>(a);
      auto has = [&](StringRef key) {
        return d && isa_and_nonnull<StringAttr>(d.get(key));
      };
      auto hasInt = [&](StringRef key) {
        std::optional<int64_t> v =
            d ? getSignlessIntValue(d.get(key)) : std::nullopt;
        return v && *v >= 0;
      };
      ok &= sites ? has("op") && has("rule") && has("check") && has("loc")
                  : hasInt("arg") && hasInt("divisibility") &&
                        (!d.get("site") || hasInt("site"));
    }
  }
  if (ok)
    return success();
  return op->emitError()
         << "'" << attr.getName().getValue()
         << "' is the contract sanitizer's table of a kernel: "
         << (attr.getName() == "tlxamd.violations_arg"
                 ? "a non-negative argument index"
             : attr.getName() == "tlxamd.contract_sites"
                 ? "an array of {op, rule, check, loc} dictionaries"
                 : "an array of {arg, divisibility[, site]} "
                   "dictionaries");
}

/// `tlxamd.num_warps`: a power of two up to 32 on a kernel, which every
/// distributed tensor of the kernel spreads over.
static LogicalResult verifyNumWarps(Operation *op, NamedAttribute attr) {
  StringRef name = TlxAmdDialect::getNumWarpsAttrName();
  FailureOr<int64_t> warps = verifyKernelCount(op, attr.getValue(), name, 32);
  if (failed(warps))
    return failure();
  int64_t n = *warps;
  // Every distributed tensor of the kernel is spread over its warps.
  // (In a task, over the task's warps.)
  WalkResult walk = op->walk([&](Operation *nested) {
    for (Type t : nested->getResultTypes()) {
      DistributedLayoutAttr layout = getDistributedLayout(t);
      auto [tasks, task] = AsyncTasksOp::getEnclosingTask(nested);
      int64_t warps = tasks ? getWarpsAt(nested).value_or(n) : n;
      if (layout && layout.getWarpsPerProgram() != warps) {
        InFlightDiagnostic d = nested->emitOpError()
                               << "result layout spans "
                               << layout.getWarpsPerProgram() << " warps but ";
        if (tasks)
          d << "its task (" << task << ") has " << warps;
        else
          d << "the kernel has " << name << " = " << n;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// tlxamd-pipeline's attributes: `tlxamd.num_stages` (tl.range(...,
/// num_stages=N) on a loop, Triton's num_stages on a kernel) and its mark
/// on a loop it transformed.
static LogicalResult verifyPipelineAttribute(Operation *op,
                                             NamedAttribute attr) {
  StringRef name = op->getName().getStringRef();
  if (attr.getName() == "tlxamd.num_stages") {
    auto n = dyn_cast<IntegerAttr>(attr.getValue());
    if (!n || !n.getType().isSignlessInteger(32) || n.getInt() < 1 ||
        (name != "scf.for" && !isa<gpu::GPUFuncOp>(op) && name != "llvm.func"))
      return op->emitError() << "'tlxamd.num_stages' is a positive i32 "
                                "attribute of an scf.for or a kernel";
    return success();
  }
  if (!isa<UnitAttr>(attr.getValue()) || name != "scf.for")
    return op->emitError()
           << "'tlxamd.pipelined' is a unit attribute of an scf.for";
  return success();
}

/// `tlxamd.matrix_instr_nonkdim`: Triton's AMD hint on a kernel, 16 or 32.
static LogicalResult verifyMatrixInstrNonKDim(Operation *op,
                                              NamedAttribute attr) {
  auto n = dyn_cast<IntegerAttr>(attr.getValue());
  if (!n || !n.getType().isSignlessInteger(32) ||
      (n.getInt() != 16 && n.getInt() != 32) ||
      (!isa<gpu::GPUFuncOp>(op) && op->getName().getStringRef() != "llvm.func"))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' is an i32 attribute of kernels, 16 or 32";
  return success();
}

LogicalResult TlxAmdDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  if (attr.getName() == getNumWarpsAttrName())
    return verifyNumWarps(op, attr);
  if (attr.getName() == getNumCtasAttrName())
    return verifyNumCtas(op, attr.getValue());
  if (attr.getName() == getMatrixInstrNonKDimAttrName())
    return verifyMatrixInstrNonKDim(op, attr);
  if (attr.getName() == getAssignedLayoutsAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()) ||
        !isa<gpu::GPUFuncOp>(op) && op->getName().getStringRef() != "llvm.func")
      return op->emitError() << "'" << getAssignedLayoutsAttrName()
                             << "' is a unit attribute of kernels";
    return success();
  }
  // tlxamd-allocate-shared-memory's results (Analysis/SharedAllocation.h).
  if (attr.getName() == "tlxamd.shared_memory_bytes" ||
      attr.getName() == "tlxamd.shared_offset" ||
      attr.getName() == "tlxamd.outstanding_copies") {
    std::optional<int64_t> v = getSignlessIntValue(attr.getValue());
    if (!v || *v < 0)
      return op->emitError() << "'" << attr.getName().getValue()
                             << "' must be a non-negative signless integer "
                                "attribute";
    return success();
  }
  if (attr.getName() == "tlxamd.divisibility" ||
      attr.getName() == "tlxamd.contiguity") {
    // tl.multiple_of / tl.max_contiguous on the op defining a value: a
    // positive integer for a scalar, one per dimension for a tensor.
    auto tensor = op->getNumResults() == 1
                      ? dyn_cast<RankedTensorType>(op->getResult(0).getType())
                      : RankedTensorType();
    std::optional<int64_t> scalar = getSignlessIntValue(attr.getValue());
    auto dims = dyn_cast<DenseI32ArrayAttr>(attr.getValue());
    // (Lowered ops may keep the hint on their vectors: dims of any size.)
    bool ok =
        op->getNumResults() == 1 &&
        ((scalar && !tensor && *scalar > 0 && *scalar <= (1ll << 31)) ||
         (dims && (!tensor || dims.size() == tensor.getRank()) &&
          llvm::all_of(dims.asArrayRef(), [](int32_t v) { return v > 0; })));
    if (!ok)
      return op->emitError()
             << "'" << attr.getName().getValue()
             << "' on an op needs one result and a positive signless integer "
                "up to 2^31 (for a scalar) or one per dimension (array<i32: "
                "...>, for a tensor)";
    return success();
  }
  if (attr.getName() == "tlxamd.num_stages" ||
      attr.getName() == "tlxamd.pipelined")
    return verifyPipelineAttribute(op, attr);
  if (attr.getName() == "tlxamd.first_shared_access") {
    if (!isa<UnitAttr>(attr.getValue()) || !op->hasAttr("tlxamd.shared_offset"))
      return op->emitError() << "'tlxamd.first_shared_access' is a unit "
                                "attribute of an op with shared memory";
    return success();
  }
  if (attr.getName() == "tlxamd.warp_pipelined") {
    if (!isa<UnitAttr>(attr.getValue()) || !isa<BufferLoadToSharedOp>(op))
      return op->emitError() << "'tlxamd.warp_pipelined' is a unit attribute "
                                "of a buffer_load_to_shared (set by "
                                "tlxamd-warp-pipeline)";
    return success();
  }
  if (attr.getName() == kTensorMapsAttr)
    return verifyTensorMaps(op, attr.getValue());
  if (attr.getName() == "tlxamd.violations_arg" ||
      attr.getName() == "tlxamd.contract_sites" ||
      attr.getName() == "tlxamd.arg_promises")
    return verifySanitizerTable(op, attr);
  return op->emitError() << "unknown tlxamd attribute '"
                         << attr.getName().getValue() << "'";
}

/// Attributes of a kernel's arguments: the launcher's specializations
/// (`tlxamd.divisibility`, a positive signless integer up to 2^31, and
/// `tlxamd.pointer_range`, 32 or 64 on a pointer) and the sanitizer's ring
/// (`tlxamd.violations`, a unit attribute on a pointer).
LogicalResult TlxAmdDialect::verifyRegionArgAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned argIndex,
                                                      NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  Type type;
  if (regionIndex < op->getNumRegions() &&
      !op->getRegion(regionIndex).empty() &&
      argIndex < op->getRegion(regionIndex).getNumArguments())
    type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  // (After lowering, an `!llvm.ptr`.)
  bool isPointer = type && (isa<PtrType>(type) ||
                            type.getDialect().getNamespace() == "llvm");
  std::optional<int64_t> v = getSignlessIntValue(attr.getValue());
  if (name == kDivisibilityAttrName) {
    if (!v || *v <= 0 || *v > (1ll << 31))
      return op->emitError()
             << "argument " << argIndex << ": '" << name
             << "' must be a positive signless integer up to 2^31, got "
             << attr.getValue();
    return success();
  }
  if (name == kPointerRangeAttrName) {
    if (!v || (*v != 32 && *v != 64) || (type && !isPointer))
      return op->emitError()
             << "argument " << argIndex << ": '" << name
             << "' is 32 or 64 on a pointer argument, got " << attr.getValue();
    return success();
  }
  if (name == "tlxamd.violations") {
    if (!isa<UnitAttr>(attr.getValue()) || (type && !isPointer))
      return op->emitError() << "argument " << argIndex << ": '" << name
                             << "' is a unit attribute of a pointer argument";
    return success();
  }
  return op->emitError() << "argument " << argIndex
                         << ": unknown tlxamd argument attribute '" << name
                         << "'";
}
