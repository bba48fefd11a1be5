//===- SiteInitialize.cpp - register tlxamd in every Context -------------===//
//
// Loaded by tlxamd._mlir_libs at import (the `_site_initialize_N` protocol of
// the MLIR Python bindings): every `tlxamd.ir.Context` gets the tlxamd dialect
// and the upstream dialects a kernel needs, and the pass registry gets the
// tlxamd passes and pipelines.
//
//===----------------------------------------------------------------------===//
#include "tlxamd-c/TlxAmd.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

NB_MODULE(_site_initialize_0, m) {
  m.doc() = "tlxamd dialect and pass registration";
  m.def("register_dialects", [](MlirDialectRegistry registry) {
    mlirTlxamdRegisterDialects(registry);
  });
  mlirTlxamdRegisterPasses();
}
