//===- TlxAmdDialect.h - tlxamd dialect -------------------------*- C++ -*-===//
#ifndef TLXAMD_DIALECT_TLXAMDDIALECT_H
#define TLXAMD_DIALECT_TLXAMDDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tlxamd/Layout/LinearLayout.h"
#include "tlxamd/Layout/Tcgen05.h"
#include "tlxamd/Target/Arch.h"

#include "tlxamd/Dialect/TlxAmdAttrInterfaces.h.inc"
#include "tlxamd/Dialect/TlxAmdDialect.h.inc"
#include "tlxamd/Dialect/TlxAmdEnums.h.inc"
#include "tlxamd/Dialect/TlxAmdOpInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tlxamd/Dialect/TlxAmdTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tlxamd/Dialect/TlxAmdAttrs.h.inc"

namespace mlir::tlxamd {
/// The side-effect resource of shared memory (local_alloc / load / store).
struct SharedMemoryResource
    : public SideEffects::Resource::Base<SharedMemoryResource> {
  StringRef getName() final { return "<SharedMemory>"; }
};
} // namespace mlir::tlxamd

#define GET_OP_CLASSES
#include "tlxamd/Dialect/TlxAmdOps.h.inc"

// The families' declarations (helpers shared by verifiers, passes and
// lowerings), after the op classes they use.
#include "tlxamd/Dialect/BufferOps.h"
#include "tlxamd/Dialect/Layouts.h"
#include "tlxamd/Dialect/Matrix.h"
#include "tlxamd/Dialect/Reduction.h"
#include "tlxamd/Dialect/ShapeOps.h"
#include "tlxamd/Dialect/SharedMemory.h"
#include "tlxamd/Dialect/TensorMemory.h"
#include "tlxamd/Dialect/Tma.h"
#include "tlxamd/Dialect/TypeHelpers.h"
#include "tlxamd/Dialect/WarpgroupDot.h"

#endif // TLXAMD_DIALECT_TLXAMDDIALECT_H
