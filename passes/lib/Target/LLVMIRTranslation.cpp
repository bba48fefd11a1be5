//===- LLVMIRTranslation.cpp - lowered kernels to LLVM IR ----------------===//
#include "tlxamd/Target/LLVMIR.h"

#include "tlxamd/Target/Arch.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tlxamd;

void mlir::tlxamd::registerTlxAmdTranslations(DialectRegistry &registry) {
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

FailureOr<std::string>
mlir::tlxamd::translateKernelsToLLVMIR(Operation *op, StringRef target) {
  const ArchInfo *arch = lookupArch(target);
  if (!arch)
    return op->emitError() << "unknown target '" << target << "'";
  gpu::GPUModuleOp gpuModule = dyn_cast<gpu::GPUModuleOp>(op);
  if (!gpuModule) {
    SmallVector<gpu::GPUModuleOp> found;
    op->walk([&](gpu::GPUModuleOp m) { found.push_back(m); });
    if (found.size() != 1)
      return op->emitError() << "expected exactly one gpu.module to "
                                "translate, found "
                             << found.size();
    gpuModule = found.front();
  }
  // The kernels become a plain module for the target triple.
  OpBuilder builder(op->getContext());
  OwningOpRef<ModuleOp> module = ModuleOp::create(gpuModule.getLoc());
  (*module)->setAttr(LLVM::LLVMDialect::getTargetTripleAttrName(),
                     builder.getStringAttr(arch->triple));
  if (!arch->dataLayout.empty())
    (*module)->setAttr(LLVM::LLVMDialect::getDataLayoutAttrName(),
                       builder.getStringAttr(arch->dataLayout));
  builder.setInsertionPointToStart(module->getBody());
  for (Operation &nested : gpuModule.getBody()->without_terminator())
    builder.clone(nested);

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext, gpuModule.getName());
  if (!llvmModule)
    return gpuModule.emitError()
           << "cannot translate to LLVM IR: lower the module first "
              "(tlxamd-to-llvm{target="
           << target << "})";
  std::string text;
  llvm::raw_string_ostream os(text);
  llvmModule->print(os, nullptr);
  return text;
}
