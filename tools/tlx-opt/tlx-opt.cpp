//===- tlx-opt.cpp - the tlxamd optimizer driver -------------------------===//
//
// mlir-opt with the tlxamd dialect, its passes and pipelines, and the upstream
// dialects and conversions a GPU kernel needs.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/InitAll.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tlxamd::registerTlxAmdDialects(registry);
  mlir::tlxamd::registerTlxAmdPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tlxamd optimizer driver\n", registry));
}
