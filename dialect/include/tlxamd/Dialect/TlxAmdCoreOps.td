//===- TlxAmdCoreOps.td - program ids and scalar memory ----*- tablegen -*-===//
#ifndef TLXAMD_CORE_OPS_TD
#define TLXAMD_CORE_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def TlxAmd_ProgramIdOp : TlxAmd_Op<"program_id", [Pure]> {
  let summary = "id of the running program (workgroup / CTA) along an axis";
  let description = [{
    Returns the index of the current program along grid axis `axis`
    (0, 1 or 2), as Triton's `tl.program_id(axis)`.

    Lowering: `rocdl.workgroup.id.{x,y,z}` on AMD,
    `nvvm.read.ptx.sreg.ctaid.{x,y,z}` on NVIDIA.

    ```mlir
    %pid = tlxamd.program_id 0 : i32
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
  let builders = [
    OpBuilder<(ins "int32_t":$axis), [{
      build($_builder, $_state, $_builder.getI32Type(), axis);
    }]>
  ];
}

def TlxAmd_AddPtrOp : TlxAmd_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>,
                                           DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "advance a scalar pointer by a number of elements";
  let description = [{
    `result = ptr + offset * sizeof(pointee)`, as Triton's `tt.addptr` on a
    scalar pointer. The offset is a signless i32 or i64 element count.

    ```mlir
    %q = tlxamd.addptr %p, %i : !tlxamd.ptr<f32>, i32
    ```
  }];
  let arguments = (ins TlxAmd_AnyPtr:$ptr, AnyTypeOf<[I32, I64]>:$offset);
  let results = (outs TlxAmd_AnyPtr:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` qualified(type($ptr)) `,` type($offset)";
  let hasVerifier = 1;
}

def TlxAmd_LoadOp : TlxAmd_Op<"load", [DeclareOpInterfaceMethods<InferTypeOpInterface>,
    TypesMatchWith<"result type matches the pointee type", "ptr", "result",
                   "::llvm::cast<::mlir::tlxamd::PtrType>($_self).getPointeeType()">]> {
  let summary = "scalar load through a typed pointer";
  let description = [{
    Loads one element of the pointee type. Uniform across the program.

    ```mlir
    %v = tlxamd.load %p : !tlxamd.ptr<f32>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_AnyPtr, "", [MemRead]>:$ptr);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$ptr attr-dict `:` qualified(type($ptr))";
  let hasVerifier = 1;
}

def TlxAmd_StoreOp : TlxAmd_Op<"store", [
    TypesMatchWith<"stored value type matches the pointee type", "ptr", "value",
                   "::llvm::cast<::mlir::tlxamd::PtrType>($_self).getPointeeType()">]> {
  let summary = "scalar store through a typed pointer";
  let description = [{
    Stores one scalar of the pointee type. Executed by every thread of the
    program (the same value to the same address), as Triton's scalar store.

    ```mlir
    tlxamd.store %v, %p : !tlxamd.ptr<f32>
    ```
  }];
  let arguments = (ins AnyType:$value, Arg<TlxAmd_AnyPtr, "", [MemWrite]>:$ptr);
  let assemblyFormat = "$value `,` $ptr attr-dict `:` qualified(type($ptr))";
  let hasVerifier = 1;
}

#endif // TLXAMD_CORE_OPS_TD
