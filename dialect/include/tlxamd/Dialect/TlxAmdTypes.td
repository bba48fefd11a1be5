//===- TlxAmdTypes.td - tlxamd types -----------------------*- tablegen -*-===//
#ifndef TLXAMD_TYPES_TD
#define TLXAMD_TYPES_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class TlxAmd_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TlxAmd_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TlxAmd_PtrType : TlxAmd_Type<"Ptr", "ptr"> {
  let summary = "typed scalar pointer";
  let description = [{
    A scalar pointer to elements of `pointeeType` in address space
    `addressSpace` (1 = global, the default; 3 = shared/LDS). It is the
    "scalar base pointer" of the buffer operations and the type of pointer
    kernel arguments. Lowers to `!llvm.ptr<addressSpace>`.

    ```mlir
    !tlxamd.ptr<bf16>        // global memory (address space 1)
    !tlxamd.ptr<f32, 3>      // shared memory
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType,
                        DefaultValuedParameter<"unsigned", "1">:$addressSpace);
  let assemblyFormat = "`<` $pointeeType (`,` $addressSpace^)? `>`";
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
                                        CArg<"unsigned", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
}

def TlxAmd_AnyPtr : Type<CPred<"::llvm::isa<::mlir::tlxamd::PtrType>($_self)">,
                         "tlxamd scalar pointer", "::mlir::tlxamd::PtrType">;

// Tensors as the frontend writes them: either without an encoding (the
// layout is assigned later, by tlxamd-assign-layouts) or with a tlxamd layout.
def TlxAmd_Tensor : Type<
    CPred<"::mlir::tlxamd::isTlxAmdTensorType($_self)">,
    "ranked tensor (with a tlxamd layout or none yet)", "::mlir::RankedTensorType">;

def TlxAmd_I32Tensor : Type<
    And<[TlxAmd_Tensor.predicate,
         CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).getElementType().isSignlessInteger(32)">]>,
    "i32 tensor", "::mlir::RankedTensorType">;

def TlxAmd_I1Tensor : Type<
    And<[TlxAmd_Tensor.predicate,
         CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).getElementType().isInteger(1)">]>,
    "i1 tensor", "::mlir::RankedTensorType">;

#endif // TLXAMD_TYPES_TD
