//===- TlxAmdInterfaces.td - tlxamd op interfaces ----------*- tablegen -*-===//
#ifndef TLXAMD_INTERFACES_TD
#define TLXAMD_INTERFACES_TD

include "mlir/IR/OpBase.td"

def TlxAmd_TargetLegalityOpInterface : OpInterface<"TargetLegalityOpInterface"> {
  let cppNamespace = "::mlir::tlxamd";
  let description = [{
    An op whose legality depends on the compilation target states what it
    needs here, against the target's entry in the capability table. The
    `tlxamd-verify-target` pass (first in every pipeline, and run by the
    conversions) calls it on every op before lowering, so that an op a target
    lacks is a diagnostic naming the op, the target and the targets that have
    it, never a legalization failure.
  }];
  let methods = [
    InterfaceMethod<[{
        Check the op against `arch`; emit an error and fail when the target
        lacks something the op needs.
      }], "::llvm::LogicalResult", "verifyForTarget",
      (ins "const ::mlir::tlxamd::ArchInfo &":$arch)>,
  ];
}

#endif // TLXAMD_INTERFACES_TD
