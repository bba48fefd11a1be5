//===- tlx_fuzz.cpp - coverage-guided fuzzing of parse, verify, lower ----===//
//
// libFuzzer entry point: each input is parsed as MLIR with the tlxamd
// registry, verified, checked for every target of the capability table
// (tlxamd-verify-target), and then, for one target of the table chosen by
// the input's hash (so that a campaign covers all five and a finding
// reproduces), every tlxamd pass is run on its own over a copy (layout
// assignment and conversion cleanup, buffer-op conversion, shared-memory
// allocation, tensor-memory layout resolution, the contract sanitizer, the
// conversion to ROCDL or NVVM) and the whole `tlxamd-to-llvm` pipeline,
// with and without the sanitizer. Diagnostics are swallowed: only crashes,
// sanitizer reports and fatal errors are findings. Inputs that hit the known
// defects of the released MLIR parser (which asserts or reports a fatal error
// on them) are skipped and counted apart, so that the campaign explores our
// code; scripts/fuzz.sh lists them.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Dialect/ParserDefects.h"
#include "tlxamd/InitAll.h"
#include "tlxamd/Target/Arch.h"
#include "tlxamd/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/xxhash.h"

#include <cstdint>
#include <string>

using namespace mlir;

static const DialectRegistry &registry() {
  static DialectRegistry *r = [] {
    auto *reg = new DialectRegistry();
    tlxamd::registerTlxAmdDialects(*reg);
    tlxamd::registerTlxAmdPasses();
    return reg;
  }();
  return *r;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The MLIR lexer reads the NUL after the buffer (as tlx-opt's file
  // buffers have one): parse a NUL-terminated copy.
  std::string copy(reinterpret_cast<const char *>(data), size);
  StringRef text(copy);
  if (size > (1 << 16) || text.contains('\0') ||
      tlxamd::findUpstreamParserDefect(text, /*withFatalErrors=*/true))
    return -1; // not added to the corpus
  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  ParserConfig config(&ctx);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module || failed(verify(*module)))
    return 0;
  for (const tlxamd::ArchInfo &arch : tlxamd::getSupportedArchs()) {
    PassManager pm(&ctx);
    pm.addPass(tlxamd::createTlxAmdVerifyTargetPass(arch.name));
    (void)pm.run(module->clone());
  }
  // One target per input, from its hash.
  ArrayRef<tlxamd::ArchInfo> archs = tlxamd::getSupportedArchs();
  const tlxamd::ArchInfo &arch = archs[llvm::xxh3_64bits(text) % archs.size()];
  auto runOn = [&](llvm::function_ref<void(OpPassManager &)> add) {
    OwningOpRef<ModuleOp> copy = module->clone();
    PassManager pm(&ctx);
    add(pm);
    (void)pm.run(*copy);
  };
  StringRef t = arch.name;
  runOn([&](OpPassManager &pm) {
    pm.addPass(tlxamd::createTlxAmdAssignLayoutsPass(t));
  });
  runOn([&](OpPassManager &pm) {
    pm.addPass(tlxamd::createTlxAmdRemoveLayoutConversionsPass(false));
  });
  runOn([&](OpPassManager &pm) {
    pm.addPass(tlxamd::createTlxAmdConvertToBufferOpsPass(t));
  });
  runOn([&](OpPassManager &pm) {
    pm.addPass(tlxamd::createTlxAmdAllocateSharedMemoryPass(t));
  });
  runOn([&](OpPassManager &pm) {
    pm.addPass(tlxamd::createTlxAmdResolveTmemLayouts());
  });
  runOn([&](OpPassManager &pm) {
    pm.addPass(tlxamd::createTlxAmdInstrumentContractsPass(t));
  });
  runOn([&](OpPassManager &pm) {
    OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
    if (arch.isAMD())
      kernels.addPass(tlxamd::createConvertTlxAmdToROCDLPass(t));
    else
      kernels.addPass(tlxamd::createConvertTlxAmdToNVVMPass(t));
  });
  for (bool sanitize : {false, true})
    runOn([&](OpPassManager &pm) {
      (void)tlxamd::buildTlxAmdToLLVMPipeline(
          pm, t, [](const Twine &) { return failure(); }, false, sanitize);
    });
  return 0;
}
