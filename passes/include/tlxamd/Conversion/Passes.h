//===- Passes.h - tlxamd conversion passes ----------------------*- C++ -*-===//
#ifndef TLXAMD_CONVERSION_PASSES_H
#define TLXAMD_CONVERSION_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Pass/Pass.h"
#include "tlxamd/Target/Arch.h"

namespace mlir {
namespace tlxamd {

#define GEN_PASS_DECL
#include "tlxamd/Conversion/Passes.h.inc"

/// convert-tlxamd-to-rocdl{chipset=...} / convert-tlxamd-to-nvvm{chip=...}
/// for a target of the capability table; with `remarks`, the lowering's
/// decisions are reported as remarks.
std::unique_ptr<Pass> createConvertTlxAmdToROCDLPass(StringRef chipset,
                                                     bool remarks = false);
std::unique_ptr<Pass> createConvertTlxAmdToNVVMPass(StringRef chip,
                                                    bool remarks = false);

#define GEN_PASS_REGISTRATION
#include "tlxamd/Conversion/Passes.h.inc"

/// Register the named pipelines `tlxamd-to-llvm{target=...}`.
void registerTlxAmdPipelines();

/// Add the passes that take a module of tlxamd kernels to the LLVM dialect for
/// `target` (a capability-table name): tlxamd-verify-target first, then the
/// target's conversion. An unknown target is reported through
/// `errorHandler`. With `remarks`, the conversion reports its decisions;
/// with `sanitize`, tlxamd-instrument-contracts adds the run-time checks of
/// the contract promises no analysis proves.
LogicalResult buildTlxAmdToLLVMPipeline(
    OpPassManager &pm, StringRef target,
    function_ref<LogicalResult(const Twine &)> errorHandler,
    bool remarks = false, bool sanitize = false);

} // namespace tlxamd
} // namespace mlir

#endif // TLXAMD_CONVERSION_PASSES_H
