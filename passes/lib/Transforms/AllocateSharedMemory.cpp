//===- AllocateSharedMemory.cpp - tlxamd-allocate-shared-memory ----------===//
#include "tlxamd/Analysis/SharedAllocation.h"
#include "tlxamd/Target/TargetLegality.h"
#include "tlxamd/Transforms/Passes.h"

namespace mlir::tlxamd {
#define GEN_PASS_DEF_TLXAMDALLOCATESHAREDMEMORY
#include "tlxamd/Transforms/Passes.h.inc"
} // namespace mlir::tlxamd

using namespace mlir;
using namespace mlir::tlxamd;

namespace {
struct TlxAmdAllocateSharedMemoryPass
    : tlxamd::impl::TlxAmdAllocateSharedMemoryBase<
          TlxAmdAllocateSharedMemoryPass> {
  TlxAmdAllocateSharedMemoryPass() = default;
  TlxAmdAllocateSharedMemoryPass(const TlxAmdAllocateSharedMemoryPass &other)
      : TlxAmdAllocateSharedMemoryBase(other) {}
  explicit TlxAmdAllocateSharedMemoryPass(StringRef name) {
    target = name.str();
  }

  void runOnOperation() override {
    const ArchInfo *arch = lookupArchOrEmitError(
        getOperation(), target, "tlxamd-allocate-shared-memory");
    if (!arch || failed(allocateSharedMemory(getOperation(), *arch)))
      return signalPassFailure();
  }

  Option<std::string> target{
      *this, "target", llvm::cl::desc(getTargetOptionHelp(std::nullopt)),
      llvm::cl::init(getDefaultArch(Vendor::AMD).name.str())};
};
} // namespace

std::unique_ptr<Pass>
mlir::tlxamd::createTlxAmdAllocateSharedMemoryPass(StringRef t) {
  return std::make_unique<TlxAmdAllocateSharedMemoryPass>(t);
}
