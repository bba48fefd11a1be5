//===- Passes.td - tlxamd conversion passes ----------------*- tablegen -*-===//
#ifndef TLXAMD_CONVERSION_PASSES_TD
#define TLXAMD_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTlxAmdToROCDL : Pass<"convert-tlxamd-to-rocdl", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower tlxamd (and the upstream ops of a kernel) to ROCDL/LLVM";
  let description = [{
    Converts a `gpu.module` holding tlxamd kernels to the LLVM and ROCDL
    dialects for an AMD chipset: tlxamd ops through the tlxamd patterns, and
    `gpu`, `arith`, `math`, `cf`, `func` and `vector` ops through the upstream
    patterns, in one conversion. Kernels get `rocdl.kernel`, the workgroup
    size implied by `tlxamd.num_warps` and the wavefront size of the chipset.
    Option `chipset`: an AMD target of the capability table (the default is
    the table's default AMD target; `-help` lists them). An unknown chipset,
    or a chipset of another vendor, is an error. The module is first checked
    with the checks of `tlxamd-verify-target`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::ROCDL::ROCDLDialect"];
}

def ConvertTlxAmdToNVVM : Pass<"convert-tlxamd-to-nvvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower tlxamd (and the upstream ops of a kernel) to NVVM/LLVM";
  let description = [{
    Converts a `gpu.module` holding tlxamd kernels to the LLVM and NVVM
    dialects for an NVIDIA chip, with the same semantics as
    `convert-tlxamd-to-rocdl`, so that one kernel runs on both vendors.
    Kernels get `nvvm.kernel` and `nvvm.maxntid` from `tlxamd.num_warps`.
    Option `chip`: an NVIDIA target of the capability table (the default is
    the table's default NVIDIA target; `-help` lists them). An unknown chip,
    or a chip of another vendor, is an error. The module is first checked
    with the checks of `tlxamd-verify-target`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect"];
}

#endif // TLXAMD_CONVERSION_PASSES_TD
