//===- InitAll.h - everything a tlxamd tool registers -----------*- C++ -*-===//
#ifndef TLXAMD_INITALL_H
#define TLXAMD_INITALL_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
namespace tlxamd {

/// tlxamd plus the upstream dialects a kernel uses (func, arith, math, scf,
/// cf, vector, gpu, llvm, rocdl, nvvm, amdgpu), their ConvertToLLVM interfaces
/// and their LLVM IR translations (tlxamd/Target/LLVMIR.h).
void registerTlxAmdDialects(DialectRegistry &registry);

/// tlxamd passes and pipelines, and the upstream passes a kernel pipeline
/// uses (canonicalize, cse, scf/arith/gpu conversions, ...).
void registerTlxAmdPasses();

} // namespace tlxamd
} // namespace mlir

#endif
