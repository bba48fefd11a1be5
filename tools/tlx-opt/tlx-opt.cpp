//===- tlx-opt.cpp - the tlxamd optimizer driver -------------------------===//
//
// mlir-opt with the tlxamd dialect, its passes and pipelines, and the upstream
// dialects and conversions a GPU kernel needs.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/InitAll.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

/// An upstream `report_fatal_error` (e.g. the released parser on some
/// malformed generic ops) becomes a one-line diagnostic and exit status 1,
/// not an abort with a stack dump.
static void reportFatalError(void *, const char *reason, bool) {
  llvm::errs() << "tlx-opt: error: " << reason << "\n";
  llvm::errs().flush();
  llvm::sys::Process::Exit(1, /*NoCleanup=*/true);
}

int main(int argc, char **argv) {
  llvm::install_fatal_error_handler(reportFatalError);
  mlir::DialectRegistry registry;
  mlir::tlxamd::registerTlxAmdDialects(registry);
  mlir::tlxamd::registerTlxAmdPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tlxamd optimizer driver\n", registry));
}
