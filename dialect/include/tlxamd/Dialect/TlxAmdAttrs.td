//===- TlxAmdAttrs.td - tlxamd attributes ------------------*- tablegen -*-===//
#ifndef TLXAMD_ATTRS_TD
#define TLXAMD_ATTRS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "mlir/IR/EnumAttr.td"

// Layout attributes (blocked, MFMA, dot operand, slice, WMMA, linear) are
// defined with the layout core; this file holds the small enums shared by ops.

def TlxAmd_ProgramAxis : I32EnumAttr<"ProgramAxis", "grid axis of a program id",
    [I32EnumAttrCase<"x", 0>, I32EnumAttrCase<"y", 1>, I32EnumAttrCase<"z", 2>]> {
  let cppNamespace = "::mlir::tlxamd";
}

#endif // TLXAMD_ATTRS_TD
