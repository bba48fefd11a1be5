//===- tlx-opt.cpp - the tlxamd optimizer driver -------------------------===//
//
// mlir-opt with the tlxamd dialect, its passes and pipelines, and the upstream
// dialects and conversions a GPU kernel needs.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Dialect/ParserDefects.h"
#include "tlxamd/InitAll.h"

#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

/// An upstream `report_fatal_error` (e.g. the released parser on some
/// malformed generic ops) becomes a one-line diagnostic and exit status 1,
/// not an abort with a stack dump.
static void reportFatalError(void *, const char *reason, bool) {
  llvm::errs() << "tlx-opt: error: " << reason << "\n";
  llvm::errs().flush();
  llvm::sys::Process::Exit(1, /*NoCleanup=*/true);
}

/// Input the released parser would abort on (ParserDefects.h) is refused
/// with its line before it is parsed.
static bool screened(const llvm::MemoryBuffer &input, llvm::StringRef name) {
  std::optional<mlir::tlxamd::ParserDefect> defect =
      mlir::tlxamd::findUpstreamParserDefect(input.getBuffer());
  if (!defect)
    return true;
  llvm::errs() << name << ":" << defect->line << ": error: " << defect->message
               << " (the MLIR parser cannot report this one)\n";
  return false;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  llvm::install_fatal_error_handler(reportFatalError);
  mlir::DialectRegistry registry;
  mlir::tlxamd::registerTlxAmdDialects(registry);
  mlir::tlxamd::registerTlxAmdPasses();
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "tlxamd optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));
  // MlirOptMain's file handling, with the input screened in between.
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (!screened(*file, inputFilename == "-" ? "<stdin>" : inputFilename))
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(file), registry, config)))
    return 1;
  output->keep();
  return 0;
}
