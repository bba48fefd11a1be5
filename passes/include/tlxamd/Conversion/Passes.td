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
    An unknown chipset, or a chipset of another vendor, is an error.
  }];
  let options = [
    Option<"chipset", "chipset", "std::string", /*default=*/"\"gfx950\"",
           "AMD chipset to target (gfx942, gfx950, gfx1250)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::ROCDL::ROCDLDialect"];
}

def ConvertTlxAmdToNVVM : Pass<"convert-tlxamd-to-nvvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower tlxamd (and the upstream ops of a kernel) to NVVM/LLVM";
  let description = [{
    Converts a `gpu.module` holding tlxamd kernels to the LLVM and NVVM
    dialects for an NVIDIA chip, with the same semantics as
    `convert-tlxamd-to-rocdl`, so that one kernel runs on both vendors.
    Kernels get `nvvm.kernel` and `nvvm.maxntid` from `tlxamd.num_warps`.
    An unknown chip, or a chip of another vendor, is an error.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "NVIDIA chip to target (sm_90a, sm_100a)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect"];
}

#endif // TLXAMD_CONVERSION_PASSES_TD
