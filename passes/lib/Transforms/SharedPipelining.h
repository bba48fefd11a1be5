//===- SharedPipelining.h - tlxamd-pipeline through shared memory -*- C++
//-*-===//
#ifndef TLXAMD_TRANSFORMS_SHAREDPIPELINING_H
#define TLXAMD_TRANSFORMS_SHAREDPIPELINING_H

#include "tlxamd/Target/Arch.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <functional>

namespace mlir::tlxamd {

/// Marks a loop tlxamd-pipeline has transformed (it is not pipelined again).
constexpr llvm::StringLiteral kPipelinedAttr = "tlxamd.pipelined";

using PipelineRemark = std::function<void(Operation *, const Twine &)>;

/// Stages the loads feeding dots in `loop` (layout-free) through `stages`
/// shared-memory buffers filled by asynchronous copies; on targets with
/// warpgroup MMA a dot of two staged f16 / bf16 row-major tiles reads them
/// from shared memory. False (with remarks) when nothing was staged.
bool pipelineThroughSharedMemory(scf::ForOp loop, int64_t stages,
                                 const ArchInfo &arch, int64_t numWarps,
                                 const PipelineRemark &remark);

/// The remark on a loop pipelineThroughSharedMemory transformed, read
/// from the loop (also when it was transformed by an earlier run).
std::string describeStagedLoop(scf::ForOp loop);

} // namespace mlir::tlxamd

#endif
