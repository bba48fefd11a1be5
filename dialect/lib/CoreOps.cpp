//===- CoreOps.cpp - program ids and scalar memory ops -------------------===//
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tlxamd;

/// Scalar memory through a typed pointer is defined for global (1) and shared
/// (3) memory; other address spaces have no tlxamd meaning.
static LogicalResult verifyScalarAccess(Operation *op, PtrType ptrType) {
  unsigned as = ptrType.getAddressSpace();
  if (as != 1 && as != 3)
    return op->emitOpError("pointer address space must be 1 (global) or 3 "
                           "(shared), got ")
           << as;
  return success();
}

LogicalResult AddPtrOp::verify() {
  return verifyScalarAccess(*this, getPtr().getType());
}

LogicalResult LoadOp::verify() {
  return verifyScalarAccess(*this, getPtr().getType());
}

LogicalResult StoreOp::verify() {
  return verifyScalarAccess(*this, getPtr().getType());
}

#define GET_OP_CLASSES
#include "tlxamd/Dialect/TlxAmdOps.cpp.inc"
