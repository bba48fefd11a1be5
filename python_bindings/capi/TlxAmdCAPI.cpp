//===- TlxAmdCAPI.cpp - tlxamd C API --------------------------------------===//
#include "tlxamd-c/TlxAmd.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"
#include "tlxamd/InitAll.h"
#include "tlxamd/Target/Arch.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;

void mlirTlxamdRegisterDialects(MlirDialectRegistry registry) {
  tlxamd::registerTlxAmdDialects(*unwrap(registry));
}

void mlirTlxamdRegisterPasses(void) { tlxamd::registerTlxAmdPasses(); }

MlirLogicalResult mlirTlxamdTranslateToLLVMIR(MlirOperation op,
                                              MlirStringRef target,
                                              MlirStringCallback callback,
                                              void *userData) {
  FailureOr<std::string> text =
      tlxamd::translateKernelsToLLVMIR(unwrap(op), unwrap(target));
  if (failed(text))
    return mlirLogicalResultFailure();
  callback(mlirStringRefCreate(text->data(), text->size()), userData);
  return mlirLogicalResultSuccess();
}

bool mlirTlxamdGetArchInfo(MlirStringRef target, unsigned *warpSize,
                           unsigned *vendor, MlirStringRef *triple) {
  const tlxamd::ArchInfo *arch = tlxamd::lookupArch(unwrap(target));
  if (!arch)
    return false;
  *warpSize = arch->warpSize;
  *vendor = arch->isAMD() ? 0 : 1;
  *triple = mlirStringRefCreate(arch->triple.data(), arch->triple.size());
  return true;
}

void mlirTlxamdGetSupportedTargets(MlirStringCallback callback,
                                   void *userData) {
  std::string names;
  for (const tlxamd::ArchInfo &a : tlxamd::getSupportedArchs()) {
    if (!names.empty())
      names += ",";
    names += a.name.str();
  }
  callback(mlirStringRefCreate(names.data(), names.size()), userData);
}

bool mlirTypeIsATlxamdPtrType(MlirType type) {
  return isa<tlxamd::PtrType>(unwrap(type));
}

MlirTypeID mlirTlxamdPtrTypeGetTypeID(void) {
  return wrap(TypeID::get<tlxamd::PtrType>());
}

MlirType mlirTlxamdPtrTypeGet(MlirType pointee, unsigned addressSpace) {
  Type t = unwrap(pointee);
  if (!tlxamd::isValidPointeeType(t))
    return MlirType{nullptr};
  return wrap(tlxamd::PtrType::get(t, addressSpace));
}

MlirType mlirTlxamdPtrTypeGetPointeeType(MlirType type) {
  return wrap(cast<tlxamd::PtrType>(unwrap(type)).getPointeeType());
}

unsigned mlirTlxamdPtrTypeGetAddressSpace(MlirType type) {
  return cast<tlxamd::PtrType>(unwrap(type)).getAddressSpace();
}
