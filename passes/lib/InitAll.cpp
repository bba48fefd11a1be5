//===- InitAll.cpp - everything a tlxamd tool registers ------------------===//
#include "tlxamd/InitAll.h"

#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/Arch.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

void mlir::tlxamd::registerTlxAmdDialects(DialectRegistry &registry) {
  registry.insert<tlxamd::TlxAmdDialect, func::FuncDialect, arith::ArithDialect,
                  math::MathDialect, scf::SCFDialect, cf::ControlFlowDialect,
                  vector::VectorDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                  ROCDL::ROCDLDialect, NVVM::NVVMDialect, amdgpu::AMDGPUDialect,
                  memref::MemRefDialect, index::IndexDialect, ub::UBDialect>();
  func::registerInlinerExtension(registry);
  // Dialect conversions to LLVM look these interfaces up; without them the
  // upstream GPU lowerings abort on "interface promised but never
  // implemented".
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  registerConvertNVVMToLLVMInterface(registry);
  NVVM::registerConvertGpuToNVVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  // Translation to LLVM IR.
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

void mlir::tlxamd::registerTlxAmdPasses() {
  static bool once = [] {
    registerTlxAmdAllPasses();
    registerCanonicalizerPass();
    registerCSEPass();
    registerSymbolDCEPass();
    registerInlinerPass();
    registerConvertGpuOpsToROCDLOps();
    registerConvertGpuOpsToNVVMOps();
    registerSCFToControlFlowPass();
    registerArithToLLVMConversionPass();
    registerReconcileUnrealizedCastsPass();
    registerConvertAMDGPUToROCDLPass();
    return true;
  }();
  (void)once;
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
