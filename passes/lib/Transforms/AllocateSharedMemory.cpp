//===- AllocateSharedMemory.cpp - tlxamd-allocate-shared-memory ----------===//
#include "tlxamd/Analysis/SharedAllocation.h"
#include "tlxamd/Target/TargetLegality.h"
#include "tlxamd/Target/TargetOption.h"
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
  using TlxAmdAllocateSharedMemoryBase::TlxAmdAllocateSharedMemoryBase;

  LogicalResult initialize(MLIRContext *) override {
    resolved.resolve(target);
    return success();
  }

  void runOnOperation() override {
    const ArchInfo *arch =
        resolved.get(getOperation(), "tlxamd-allocate-shared-memory");
    if (!arch || failed(allocateSharedMemory(getOperation(), *arch)))
      return signalPassFailure();
  }

  ResolvedTarget resolved;
};
} // namespace

std::unique_ptr<Pass>
mlir::tlxamd::createTlxAmdAllocateSharedMemoryPass(StringRef t) {
  TlxAmdAllocateSharedMemoryOptions options;
  options.target = t.str();
  return createTlxAmdAllocateSharedMemory(options);
}
