//===- LLVMIR.h - lowered kernels to LLVM IR --------------------*- C++ -*-===//
#ifndef TLXAMD_TARGET_LLVMIR_H
#define TLXAMD_TARGET_LLVMIR_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LLVM.h"
#include <string>

namespace mlir {
class Operation;
namespace tlxamd {

/// The LLVM IR translations of the dialects a lowered kernel holds
/// (builtin, llvm, gpu, rocdl, nvvm).
void registerTlxAmdTranslations(DialectRegistry &registry);

/// Translate the lowered kernels of `op` (a gpu.module, or a module holding
/// exactly one) to textual LLVM IR for `target` (its triple from the
/// capability table). Emits a diagnostic and fails when the IR is not fully
/// lowered or the target is unknown.
FailureOr<std::string> translateKernelsToLLVMIR(Operation *op,
                                                StringRef target);

} // namespace tlxamd
} // namespace mlir

#endif // TLXAMD_TARGET_LLVMIR_H
