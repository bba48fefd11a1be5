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

def TlxAmd_NumProgramsOp : TlxAmd_Op<"num_programs", [Pure]> {
  let summary = "number of programs (workgroups / CTAs) along an axis";
  let description = [{
    Triton's `tl.num_programs(axis)`: the grid's extent along `axis`.

    Lowering: `nvvm.read.ptx.sreg.nctaid.{x,y,z}` on NVIDIA; on AMD the
    dispatch packet's grid size divided (rounding up) by its workgroup
    size (`llvm.amdgcn.dispatch.ptr`; the device library's
    `__ockl_get_num_groups` computes the same, but kernels are not linked
    with it).

    ```mlir
    %n = tlxamd.num_programs 0 : i32
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

def TlxAmd_PtrTensor : Type<
    And<[CPred<"::mlir::tlxamd::isTlxAmdTensorType($_self)">,
         CPred<"::llvm::isa<::mlir::tlxamd::PtrType>(::llvm::cast<::mlir::RankedTensorType>($_self).getElementType())">]>,
    "tensor of tlxamd pointers", "::mlir::RankedTensorType">;

def TlxAmd_IntTensor : Type<
    And<[CPred<"::mlir::tlxamd::isTlxAmdTensorType($_self)">,
         CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).getElementType().isSignlessInteger(32) || "
               "::llvm::cast<::mlir::RankedTensorType>($_self).getElementType().isSignlessInteger(64)">]>,
    "i32 or i64 tensor", "::mlir::RankedTensorType">;

def TlxAmd_AddPtrOp : TlxAmd_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>,
                                           DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "advance a pointer, or a tensor of pointers, by element counts";
  let description = [{
    `result = ptr + offset * sizeof(pointee)`, as Triton's `tt.addptr`: a
    scalar pointer plus a signless i32 or i64 element count, or a tensor of
    pointers plus a tensor of counts of the same shape and layout (`ptr +
    offsets` in Python). Offsets are sign-extended.

    ```mlir
    %q = tlxamd.addptr %p, %i : !tlxamd.ptr<f32>, i32
    %ps = tlxamd.addptr %base, %offs : tensor<1024x!tlxamd.ptr<f32>>, tensor<1024xi32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[TlxAmd_AnyPtr, TlxAmd_PtrTensor]>:$ptr,
                       AnyTypeOf<[I32, I64, TlxAmd_IntTensor]>:$offset);
  let results = (outs AnyTypeOf<[TlxAmd_AnyPtr, TlxAmd_PtrTensor]>:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` qualified(type($ptr)) `,` type($offset)";
  let hasVerifier = 1;
}

def TlxAmd_I64Like : Type<
    Or<[I64.predicate,
        And<[CPred<"::mlir::tlxamd::isTlxAmdTensorType($_self)">,
             CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).getElementType().isSignlessInteger(64)">]>]>,
    "i64 or i64 tensor">;

def TlxAmd_IntToPtrOp : TlxAmd_Op<"int_to_ptr", [Pure, Elementwise]> {
  let summary = "a 64-bit address as a pointer (Triton's tt.int_to_ptr)";
  let description = [{
    `x.to(tl.pointer_type(T))` of an int64 scalar or tensor: the integer is
    the byte address of a global-memory element (`tensor.data_ptr()` stored
    in a device array, as in a grouped GEMM's table of matrices). A tensor
    keeps its shape and layout. The axis analysis carries the integer's
    divisibility over (in elements of the pointee) but no contiguity: the
    addresses of consecutive elements are `sizeof(T)` apart, not 1.

    ```mlir
    %p = tlxamd.int_to_ptr %a : i64 -> !tlxamd.ptr<f16>
    ```
  }];
  let arguments = (ins TlxAmd_I64Like:$src);
  let results = (outs AnyTypeOf<[TlxAmd_AnyPtr, TlxAmd_PtrTensor]>:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TlxAmd_PtrToIntOp : TlxAmd_Op<"ptr_to_int", [Pure, Elementwise]> {
  let summary = "a pointer's byte address as an i64 (Triton's tt.ptr_to_int)";
  let description = [{
    `p.to(tl.int64)` of a global-memory pointer or tensor of pointers (same
    shape and layout).

    ```mlir
    %a = tlxamd.ptr_to_int %p : !tlxamd.ptr<f16> -> i64
    ```
  }];
  let arguments = (ins AnyTypeOf<[TlxAmd_AnyPtr, TlxAmd_PtrTensor]>:$src);
  let results = (outs TlxAmd_I64Like:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($result)";
  let hasVerifier = 1;
}

def TlxAmd_PtrCastOp : TlxAmd_Op<"ptr_cast", [Pure, Elementwise]> {
  let summary = "a pointer to another element type, same address (tt.bitcast)";
  let description = [{
    `p.to(tl.pointer_type(U))` of a pointer or tensor of pointers: the same
    byte address, read as elements of another type, in the same address
    space (same shape and layout).

    ```mlir
    %q = tlxamd.ptr_cast %p : !tlxamd.ptr<f16> -> !tlxamd.ptr<i8>
    ```
  }];
  let arguments = (ins AnyTypeOf<[TlxAmd_AnyPtr, TlxAmd_PtrTensor]>:$src);
  let results = (outs AnyTypeOf<[TlxAmd_AnyPtr, TlxAmd_PtrTensor]>:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TlxAmd_LoadOp : TlxAmd_Op<"load", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    TypesMatchWith<"result type is the pointee type (of each pointer)", "ptr", "result",
                   "::mlir::tlxamd::getPointeeLike($_self)">,
    OptionalTypesMatchWith<"mask is i1 shaped like the pointers", "ptr", "mask",
                   "::mlir::tlxamd::getI1Like($_self)">,
    OptionalTypesMatchWith<"other has the type of the result", "ptr", "other",
                   "::mlir::tlxamd::getPointeeLike($_self)">]> {
  let summary = "load through a pointer or a tensor of pointers (tl.load)";
  let description = [{
    `tl.load(pointer, mask=None, other=None, cache_modifier=...)`. A scalar
    pointer loads one element, the same in every thread. A tensor of
    pointers loads a tensor of the same shape and layout; where `mask` is
    false nothing is read and the element is `other`; without `other` it is
    unspecified, as in Triton (CDNA reads zero; NVIDIA leaves the register
    as it was, which lets the scheduler issue a row's loads together). The
    lowering groups the registers the axis analysis proves contiguous and
    aligned into vector accesses of up to 128 bits.

    ```mlir
    %v = tlxamd.load %p : !tlxamd.ptr<f32>
    %t = tlxamd.load %ps mask %m other %o : tensor<1024x!tlxamd.ptr<f32>>
    ```
  }];
  let arguments = (ins Arg<AnyTypeOf<[TlxAmd_AnyPtr, TlxAmd_PtrTensor]>, "", [MemRead]>:$ptr,
                       Optional<AnyTypeOf<[I1, TlxAmd_I1Tensor]>>:$mask,
                       Optional<AnyType>:$other,
                       OptionalAttr<TlxAmd_CacheModifierAttr>:$cache);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ptr (`mask` $mask^)? (`other` $other^)? (`cache` $cache^)? attr-dict `:`
    qualified(type($ptr))
  }];
  let hasVerifier = 1;
}

def TlxAmd_StoreOp : TlxAmd_Op<"store", [
    TypesMatchWith<"stored value type is the pointee type (of each pointer)", "ptr", "value",
                   "::mlir::tlxamd::getPointeeLike($_self)">,
    OptionalTypesMatchWith<"mask is i1 shaped like the pointers", "ptr", "mask",
                   "::mlir::tlxamd::getI1Like($_self)">]> {
  let summary = "store through a pointer or a tensor of pointers (tl.store)";
  let description = [{
    `tl.store(pointer, value, mask=None, cache_modifier=...)`. A scalar
    store is executed by every thread of the program (the same value to the
    same address), as Triton's; a tensor store writes each element whose
    mask is true, grouped into vector accesses as loads are.

    ```mlir
    tlxamd.store %v, %p : !tlxamd.ptr<f32>
    tlxamd.store %t, %ps mask %m : tensor<1024x!tlxamd.ptr<f32>>
    ```
  }];
  let arguments = (ins AnyType:$value,
                       Arg<AnyTypeOf<[TlxAmd_AnyPtr, TlxAmd_PtrTensor]>, "", [MemWrite]>:$ptr,
                       Optional<AnyTypeOf<[I1, TlxAmd_I1Tensor]>>:$mask,
                       OptionalAttr<TlxAmd_CacheModifierAttr>:$cache);
  let assemblyFormat = [{
    $value `,` $ptr (`mask` $mask^)? (`cache` $cache^)? attr-dict `:`
    qualified(type($ptr))
  }];
  let hasVerifier = 1;
}

def TlxAmd_AtomicRMWOp : TlxAmd_Op<"atomic_rmw", [
    TypesMatchWith<"value type is the pointee type (of each pointer)", "ptr", "value",
                   "::mlir::tlxamd::getPointeeLike($_self)">,
    TypesMatchWith<"result type is the pointee type (of each pointer)", "ptr", "result",
                   "::mlir::tlxamd::getPointeeLike($_self)">,
    OptionalTypesMatchWith<"mask is i1 shaped like the pointers", "ptr", "mask",
                   "::mlir::tlxamd::getI1Like($_self)">]> {
  let summary = "atomic read-modify-write through pointers (tl.atomic_add, ...)";
  let description = [{
    `tl.atomic_add / atomic_max / atomic_min / atomic_xchg / atomic_and /
    atomic_or / atomic_xor(pointer, val, mask=None, sem=None, scope=None)`:
    for each element whose mask is true, atomically combine `val` into the
    memory at its pointer and return the value found there before (zero
    where the mask is false). Integers (max/min signed) of 32 or 64 bits and
    f32/f64 (add, max, min, xchg; float max/min are integer atomics on the
    bits, as in Triton: signed max/min where the value is non-negative,
    unsigned min/max where it is negative). `sem`
    defaults to acq_rel and `scope` to gpu, as in Triton. A scalar pointer
    is updated by every thread of the program.

    ```mlir
    %old = tlxamd.atomic_rmw add, %ps, %v mask %m sem relaxed scope gpu
        : tensor<1024x!tlxamd.ptr<f32>>
    ```
  }];
  let arguments = (ins TlxAmd_AtomicRMWKindAttr:$kind,
                       Arg<AnyTypeOf<[TlxAmd_AnyPtr, TlxAmd_PtrTensor]>, "", [MemRead, MemWrite]>:$ptr,
                       AnyType:$value,
                       Optional<AnyTypeOf<[I1, TlxAmd_I1Tensor]>>:$mask,
                       DefaultValuedAttr<TlxAmd_MemSemanticAttr, "::mlir::tlxamd::MemSemantic::acq_rel">:$sem,
                       DefaultValuedAttr<TlxAmd_MemScopeAttr, "::mlir::tlxamd::MemScope::gpu">:$scope);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $kind `,` $ptr `,` $value (`mask` $mask^)? (`sem` $sem^)? (`scope` $scope^)?
    attr-dict `:` qualified(type($ptr))
  }];
  let hasVerifier = 1;
}

def TlxAmd_AtomicCASOp : TlxAmd_Op<"atomic_cas", [
    TypesMatchWith<"compared value type is the pointee type (of each pointer)", "ptr", "cmp",
                   "::mlir::tlxamd::getPointeeLike($_self)">,
    TypesMatchWith<"value type is the pointee type (of each pointer)", "ptr", "value",
                   "::mlir::tlxamd::getPointeeLike($_self)">,
    TypesMatchWith<"result type is the pointee type (of each pointer)", "ptr", "result",
                   "::mlir::tlxamd::getPointeeLike($_self)">]> {
  let summary = "atomic compare-and-swap through pointers (tl.atomic_cas)";
  let description = [{
    `tl.atomic_cas(pointer, cmp, val, sem=None, scope=None)`: for each
    element, atomically replace the memory at its pointer by `val` where it
    equals `cmp` (bitwise), and return the value found there before.
    Integers of 32 or 64 bits and f32/f64.

    ```mlir
    %old = tlxamd.atomic_cas %ps, %cmp, %v : tensor<256x!tlxamd.ptr<i32>>
    ```
  }];
  let arguments = (ins Arg<AnyTypeOf<[TlxAmd_AnyPtr, TlxAmd_PtrTensor]>, "", [MemRead, MemWrite]>:$ptr,
                       AnyType:$cmp, AnyType:$value,
                       DefaultValuedAttr<TlxAmd_MemSemanticAttr, "::mlir::tlxamd::MemSemantic::acq_rel">:$sem,
                       DefaultValuedAttr<TlxAmd_MemScopeAttr, "::mlir::tlxamd::MemScope::gpu">:$scope);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ptr `,` $cmp `,` $value (`sem` $sem^)? (`scope` $scope^)? attr-dict `:`
    qualified(type($ptr))
  }];
  let hasVerifier = 1;
}

#endif // TLXAMD_CORE_OPS_TD
