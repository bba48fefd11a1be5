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
    The module is first checked with the checks of `tlxamd-verify-target`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::ROCDL::ROCDLDialect",
                           "::mlir::cf::ControlFlowDialect"];
  let options = [
    Option<"target", "target", "std::string",
           "::mlir::tlxamd::getDefaultArch(::mlir::tlxamd::Vendor::AMD).name.str()",
           "An AMD target of the capability table (`python -m tlxamd.compiler --list-targets`); the default is the table's default AMD target; an unknown name, or a target of another vendor, is an error">,
    Option<"chipset", "chipset", "std::string", "\"\"",
           "Deprecated spelling of `target` (accepted for one release)">,
    Option<"remarks", "remarks", "bool", "false",
           "Report the lowering's decisions as remarks on the ops (buffer-op groups split because their mask is not proven uniform)">,
  ];
}

def ConvertTlxAmdToNVVM : Pass<"convert-tlxamd-to-nvvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower tlxamd (and the upstream ops of a kernel) to NVVM/LLVM";
  let description = [{
    Converts a `gpu.module` holding tlxamd kernels to the LLVM and NVVM
    dialects for an NVIDIA chip, with the same semantics as
    `convert-tlxamd-to-rocdl`, so that one kernel runs on both vendors.
    Kernels get `nvvm.kernel` and `nvvm.maxntid` from `tlxamd.num_warps`.
    The module is first checked with the checks of `tlxamd-verify-target`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect",
                           "::mlir::cf::ControlFlowDialect"];
  let options = [
    Option<"target", "target", "std::string",
           "::mlir::tlxamd::getDefaultArch(::mlir::tlxamd::Vendor::NVIDIA).name.str()",
           "An NVIDIA target of the capability table (`python -m tlxamd.compiler --list-targets`); the default is the table's default NVIDIA target; an unknown name, or a target of another vendor, is an error">,
    Option<"chip", "chip", "std::string", "\"\"",
           "Deprecated spelling of `target` (accepted for one release)">,
    Option<"remarks", "remarks", "bool", "false",
           "Report the lowering's decisions as remarks on the ops (buffer-op groups split because their mask is not proven uniform)">,
  ];
}

#endif // TLXAMD_CONVERSION_PASSES_TD
