//===- TlxAmdBase.td - tlxamd dialect definition -----------*- tablegen -*-===//
#ifndef TLXAMD_BASE_TD
#define TLXAMD_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TlxAmd_Dialect : Dialect {
  let name = "tlxamd";
  let cppNamespace = "::mlir::tlxamd";
  let summary = "Low-level GPU operations of Triton TLX, Gluon and Mojo, "
                "with their documented contracts checked at compile time";
  let description = [{
    The `tlxamd` dialect models the low-level operations that Triton TLX,
    Gluon and Mojo expose to kernel authors on AMD CDNA3/CDNA4 and NVIDIA
    Hopper/Blackwell: buffer memory operations, asynchronous copies to shared
    memory, explicit MFMA scheduling and register-class pinning, tensor memory
    and 2-CTA MMA.

    Kernels are upstream `gpu.func ... kernel` operations inside a
    `gpu.module`. The discardable attribute `tlxamd.num_warps` on a kernel
    gives the number of warps (wavefronts) of a program; the warp size comes
    from the compilation target's entry in the capability table (64 on
    CDNA, 32 on NVIDIA).

    Every rule the source documents state is either verified (an op verifier
    or the dialect's attribute verifier) or lowered faithfully by
    `convert-tlxamd-to-rocdl` / `convert-tlxamd-to-nvvm`.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 0;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();

    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;

    /// Name of the discardable kernel attribute that carries the warp count.
    static constexpr ::llvm::StringLiteral getNumWarpsAttrName() {
      return ::llvm::StringLiteral("tlxamd.num_warps");
    }

    /// Name of the discardable kernel attribute that carries the CTAs of a
    /// thread-block cluster (NVIDIA sm_90 and later; absent: 1).
    static constexpr ::llvm::StringLiteral getNumCtasAttrName() {
      return ::llvm::StringLiteral("tlxamd.num_ctas");
    }

    /// Name of the kernel attribute that carries Triton's AMD hint
    /// `matrix_instr_nonkdim` (16 or 32): the M and N of the MFMA layout
    /// assignment chooses for the kernel's dots (absent: its own choice).
    static constexpr ::llvm::StringLiteral getMatrixInstrNonKDimAttrName() {
      return ::llvm::StringLiteral("tlxamd.matrix_instr_nonkdim");
    }

    /// Unit attribute tlxamd-assign-layouts leaves on a kernel whose tensors
    /// it laid out: its conversions are the pass's, free to remove.
    static constexpr ::llvm::StringLiteral getAssignedLayoutsAttrName() {
      return ::llvm::StringLiteral("tlxamd.assigned_layouts");
    }
  }];
}

class TlxAmd_Op<string mnemonic, list<Trait> traits = []>
    : Op<TlxAmd_Dialect, mnemonic, traits>;

#endif // TLXAMD_BASE_TD
