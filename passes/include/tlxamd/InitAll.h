//===- InitAll.h - everything a tlxamd tool registers -----------*- C++ -*-===//
#ifndef TLXAMD_INITALL_H
#define TLXAMD_INITALL_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LLVM.h"
#include <string>

namespace mlir {
class Operation;
namespace tlxamd {

/// tlxamd plus the upstream dialects a kernel uses (func, arith, math, scf,
/// cf, vector, gpu, llvm, rocdl, nvvm, amdgpu), their ConvertToLLVM interfaces
/// and their LLVM IR translations.
void registerTlxAmdDialects(DialectRegistry &registry);

/// tlxamd passes and pipelines, and the upstream passes a kernel pipeline
/// uses (canonicalize, cse, scf/arith/gpu conversions, ...).
void registerTlxAmdPasses();

/// Translate the lowered kernels of `op` (a gpu.module, or a module holding
/// exactly one) to textual LLVM IR for `target`. Emits a diagnostic and fails
/// when the IR is not fully lowered or the target is unknown.
FailureOr<std::string> translateKernelsToLLVMIR(Operation *op,
                                                StringRef target);

} // namespace tlxamd
} // namespace mlir

#endif
