//===- InitAll.cpp - everything a tlxamd tool registers ------------------===//
#include "tlxamd/InitAll.h"

#include "tlxamd/Conversion/Passes.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/Target/LLVMIR.h"
#include "tlxamd/Transforms/Passes.h"

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
#include "mlir/Transforms/Passes.h"

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
  registerTlxAmdTranslations(registry);
}

void mlir::tlxamd::registerTlxAmdPasses() {
  static bool once = [] {
    registerTlxAmdConversionPasses();
    registerTlxAmdTransformsPasses();
    registerTlxAmdPipelines();
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
