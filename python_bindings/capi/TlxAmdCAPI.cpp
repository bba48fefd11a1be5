//===- TlxAmdCAPI.cpp - tlxamd C API --------------------------------------===//
#include "tlxamd-c/TlxAmd.h"

#include "tlxamd/Layout/Preshuffle.h"
#include "llvm/Support/JSON.h"

#include "tlxamd/Dialect/ParserDefects.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/InitAll.h"
#include "tlxamd/Target/Arch.h"
#include "tlxamd/Target/LLVMIR.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <csetjmp>
#include <mutex>

using namespace mlir;

void mlirTlxamdRegisterDialects(MlirDialectRegistry registry) {
  tlxamd::registerTlxAmdDialects(*unwrap(registry));
}

void mlirTlxamdRegisterPasses(void) { tlxamd::registerTlxAmdPasses(); }

//===----------------------------------------------------------------------===//
// Parsing that survives upstream fatal errors
//===----------------------------------------------------------------------===//

namespace {
/// Where a fatal error raised inside a guarded parse returns to (per
/// thread), and its message.
thread_local std::jmp_buf *guardJump = nullptr;
thread_local std::string *guardMessage = nullptr;

void guardedFatalError(void *, const char *reason, bool) {
  if (guardJump) {
    *guardMessage = reason;
    std::longjmp(*guardJump, 1);
  }
  // Outside a guarded parse: LLVM's default behavior (message, exit).
  llvm::errs() << "LLVM ERROR: " << reason << "\n";
}
} // namespace

MlirModule mlirTlxamdParseModuleGuarded(MlirContext context, MlirStringRef text,
                                        MlirStringCallback fatal,
                                        void *userData) {
  static std::once_flag installed;
  std::call_once(installed,
                 [] { llvm::install_fatal_error_handler(guardedFatalError); });
  std::jmp_buf jump;
  std::string message;
  std::jmp_buf *previousJump = guardJump;
  std::string *previousMessage = guardMessage;
  guardJump = &jump;
  guardMessage = &message;
  const void *volatile result = nullptr;
  // A fatal error unwinds here with longjmp: what the parser had allocated
  // is leaked, the process lives and the caller gets the message.
  if (setjmp(jump) == 0)
    result = mlirModuleCreateParse(context, text).ptr;
  else
    fatal(mlirStringRefCreate(message.data(), message.size()), userData);
  guardJump = previousJump;
  guardMessage = previousMessage;
  return MlirModule{result};
}

unsigned mlirTlxamdFindParserDefect(MlirStringRef text,
                                    MlirStringCallback callback,
                                    void *userData) {
  std::optional<tlxamd::ParserDefect> defect =
      tlxamd::findUpstreamParserDefect(unwrap(text));
  if (!defect)
    return 0;
  callback(mlirStringRefCreate(defect->message.data(), defect->message.size()),
           userData);
  return defect->line;
}

MlirLogicalResult mlirTlxamdTranslateToLLVMIR(MlirOperation op,
                                              MlirStringRef target,
                                              MlirStringCallback callback,
                                              void *userData) {
  FailureOr<std::string> text =
      tlxamd::translateKernelsToLLVMIR(unwrap(op), unwrap(target));
  if (failed(text))
    return mlirLogicalResultFailure();
  callback(mlirStringRefCreate(text->data(), text->size()), userData);
  return mlirLogicalResultSuccess();
}

void mlirTlxamdGetCapabilityTable(MlirStringCallback callback, void *userData) {
  std::string json;
  llvm::raw_string_ostream os(json);
  tlxamd::printCapabilityTableJSON(os);
  callback(mlirStringRefCreate(json.data(), json.size()), userData);
}

void mlirTlxamdGetVocabulary(MlirStringCallback callback, void *userData) {
  std::string json;
  llvm::raw_string_ostream os(json);
  tlxamd::printVocabularyJSON(os);
  callback(mlirStringRefCreate(json.data(), json.size()), userData);
}

bool mlirTlxamdGetPreshuffleLayout(int64_t laneBytes,
                                   MlirStringCallback callback,
                                   void *userData) {
  std::optional<tlxamd::PreshuffledBLayout> l =
      tlxamd::PreshuffledBLayout::get(laneBytes);
  if (!l)
    return false;
  llvm::json::Array starts, widths;
  for (unsigned p = 0; p < l->getNumPlanes(); ++p) {
    starts.push_back(l->getPlaneStart(p));
    widths.push_back(l->getPlaneWidth(p));
  }
  llvm::json::Object o{{"lane_bytes", laneBytes},
                       {"num_planes", int64_t(l->getNumPlanes())},
                       {"plane_starts", std::move(starts)},
                       {"plane_widths", std::move(widths)},
                       {"reg_bytes", l->getRegBytes()},
                       {"tile_k_bytes", l->getTileKBytes()},
                       {"tile_bytes", l->getTileBytes()}};
  std::string json;
  llvm::raw_string_ostream(json) << llvm::json::Value(std::move(o));
  callback(mlirStringRefCreate(json.data(), json.size()), userData);
  return true;
}

bool mlirTlxamdGetPreshuffleOffsets(int64_t laneBytes, int64_t n,
                                    int64_t kBytes, int64_t *offsets,
                                    MlirStringCallback callback,
                                    void *userData) {
  std::optional<tlxamd::PreshuffledBLayout> l =
      tlxamd::PreshuffledBLayout::get(laneBytes);
  std::string why = l ? l->checkShape(n, kBytes)
                      : "lane_bytes must be 16 (FP4), 24 (FP6) or 32 (FP8), "
                        "got " +
                            std::to_string(laneBytes);
  if (!why.empty()) {
    callback(mlirStringRefCreate(why.data(), why.size()), userData);
    return false;
  }
  for (int64_t r = 0; r < n; ++r)
    for (int64_t k = 0; k < kBytes; ++k)
      offsets[r * kBytes + k] = l->getByteOffset(r, k, kBytes);
  return true;
}

bool mlirTypeIsATlxamdPtrType(MlirType type) {
  return isa<tlxamd::PtrType>(unwrap(type));
}

MlirTypeID mlirTlxamdPtrTypeGetTypeID(void) {
  return wrap(TypeID::get<tlxamd::PtrType>());
}

MlirType mlirTlxamdPtrTypeGet(MlirType pointee, unsigned addressSpace) {
  Type t = unwrap(pointee);
  if (!tlxamd::isValidPointeeType(t))
    return MlirType{nullptr};
  return wrap(tlxamd::PtrType::get(t, addressSpace));
}

MlirType mlirTlxamdPtrTypeGetPointeeType(MlirType type) {
  return wrap(cast<tlxamd::PtrType>(unwrap(type)).getPointeeType());
}

MlirType mlirTlxamdReshapeTypeGet(MlirType src, intptr_t rank,
                                  const int64_t *shape) {
  auto type = dyn_cast<RankedTensorType>(unwrap(src));
  if (!type || !tlxamd::isTlxAmdTensorType(type) || rank <= 0)
    return MlirType{nullptr};
  return wrap(tlxamd::ReshapeOp::inferResultType(
      type, ArrayRef<int64_t>(shape, shape + rank)));
}

unsigned mlirTlxamdPtrTypeGetAddressSpace(MlirType type) {
  return cast<tlxamd::PtrType>(unwrap(type)).getAddressSpace();
}

bool mlirTlxamdAttributeIsALayout(MlirAttribute attr) {
  return isa<tlxamd::DistributedLayoutAttr>(unwrap(attr));
}

bool mlirTlxamdAttributeIsASharedLayout(MlirAttribute attr) {
  return isa<tlxamd::SharedLayoutAttr>(unwrap(attr));
}

/// Verify `layout` for `shape`, reporting the first diagnostic to `error`.
static std::optional<tlxamd::LinearLayout>
linearLayoutFor(MlirAttribute attr, intptr_t rank, const int64_t *shape,
                MlirStringCallback error, void *userData) {
  auto fail = [&](const std::string &msg) {
    error(mlirStringRefCreate(msg.data(), msg.size()), userData);
    return std::nullopt;
  };
  Attribute layout = unwrap(attr);
  auto distributed = dyn_cast<tlxamd::DistributedLayoutAttr>(layout);
  auto shared = dyn_cast<tlxamd::SharedLayoutAttr>(layout);
  if (!distributed && !shared)
    return fail("not a tlxamd distributed or shared layout");
  ArrayRef<int64_t> dims(shape, rank);
  std::string msg;
  MLIRContext *ctx = layout.getContext();
  // Collect the verifier's message instead of emitting it.
  ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &d) {
    if (msg.empty())
      msg = d.str();
    return success();
  });
  auto emit = [&]() { return emitError(UnknownLoc::get(ctx)); };
  if (distributed
          ? failed(distributed.verifyShape(dims, emit))
          : failed(shared.verifyShape(
                dims, tlxamd::getSharedLayoutElementBits(shared), emit)))
    return fail(msg.empty() ? "invalid shape for layout" : msg);
  return distributed ? tlxamd::toLinearLayout(layout, dims)
                     : tlxamd::toSharedLinearLayout(layout, dims);
}

bool mlirTlxamdLayoutGetLinearLayout(MlirAttribute attr, intptr_t rank,
                                     const int64_t *shape, int32_t *bases,
                                     intptr_t capacity, intptr_t *counts,
                                     MlirStringCallback error, void *userData) {
  std::optional<tlxamd::LinearLayout> ll =
      linearLayoutFor(attr, rank, shape, error, userData);
  if (!ll)
    return false;
  intptr_t n = 0;
  for (unsigned in = 0; in < tlxamd::LinearLayout::kNumInDims; ++in) {
    const auto &bs = ll->getBases(tlxamd::LinearLayout::InDim(in));
    counts[in] = bs.size();
    for (const auto &b : bs)
      for (int32_t v : b) {
        if (n >= capacity) {
          std::string msg = "linear layout too large";
          error(mlirStringRefCreate(msg.data(), msg.size()), userData);
          return false;
        }
        bases[n++] = v;
      }
  }
  return true;
}

bool mlirTlxamdLayoutGetFacts(MlirAttribute attr, intptr_t rank,
                              const int64_t *shape, int64_t *elementsPerThread,
                              int64_t *contiguity, int32_t *contigDim,
                              MlirStringCallback error, void *userData) {
  std::optional<tlxamd::LinearLayout> ll =
      linearLayoutFor(attr, rank, shape, error, userData);
  if (!ll)
    return false;
  *elementsPerThread = ll->getNumRegisters();
  int dim = -1;
  *contiguity = ll->getContiguousRegisters(&dim);
  *contigDim = dim;
  return true;
}

bool mlirTlxamdSharedAccessCost(MlirAttribute dist, MlirAttribute shared,
                                intptr_t rank, const int64_t *shape,
                                unsigned elementBytes, unsigned banks,
                                int64_t *cost, MlirStringCallback error,
                                void *userData) {
  if (!isa<tlxamd::DistributedLayoutAttr>(unwrap(dist)) ||
      !isa<tlxamd::SharedLayoutAttr>(unwrap(shared))) {
    std::string msg = "expected a distributed layout and a shared layout";
    error(mlirStringRefCreate(msg.data(), msg.size()), userData);
    return false;
  }
  if (!linearLayoutFor(dist, rank, shape, error, userData) ||
      !linearLayoutFor(shared, rank, shape, error, userData))
    return false;
  auto c = tlxamd::getSharedAccessCost(unwrap(dist), unwrap(shared),
                                       ArrayRef<int64_t>(shape, rank),
                                       elementBytes, banks);
  cost[0] = c.vectorElements;
  cost[1] = c.accesses;
  cost[2] = c.wavefronts;
  cost[3] = c.idealWavefronts;
  return true;
}

bool mlirTlxamdChooseSharedLayout(MlirAttribute src, MlirAttribute dst,
                                  intptr_t rank, const int64_t *shape,
                                  unsigned elementBytes, unsigned banks,
                                  unsigned *fields, unsigned *order,
                                  MlirStringCallback error, void *userData) {
  for (MlirAttribute a : {src, dst})
    if (!isa<tlxamd::DistributedLayoutAttr>(unwrap(a)) ||
        !linearLayoutFor(a, rank, shape, error, userData))
      return false;
  auto l = tlxamd::chooseSwizzledSharedLayout(unwrap(src), unwrap(dst),
                                              ArrayRef<int64_t>(shape, rank),
                                              elementBytes, banks);
  fields[0] = l.getVec();
  fields[1] = l.getPerPhase();
  fields[2] = l.getMaxPhase();
  llvm::copy(l.getOrder(), order);
  return true;
}