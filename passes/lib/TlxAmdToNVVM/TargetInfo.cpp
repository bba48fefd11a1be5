//===- TargetInfo.cpp - NVVM code generation facts -----------------------===//
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/LayoutLowering.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::nvvm;

Value TargetInfo::programId(RewriterBase &rewriter, Location loc,
                            unsigned axis) const {
  return createAxisOp<NVVM::BlockIdXOp, NVVM::BlockIdYOp, NVVM::BlockIdZOp>(
      rewriter, loc, axis);
}

Value TargetInfo::numPrograms(RewriterBase &rewriter, Location loc,
                              unsigned axis) const {
  return createAxisOp<NVVM::GridDimXOp, NVVM::GridDimYOp, NVVM::GridDimZOp>(
      rewriter, loc, axis);
}

Value TargetInfo::threadId(RewriterBase &rewriter, Location loc) const {
  return NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
}

Value TargetInfo::warpUniform(RewriterBase &, Location, Value v) const {
  // NVIDIA has no scalar register file: uniformity is the compiler's.
  return v;
}

Value TargetInfo::shuffleIndex(RewriterBase &rewriter, Location loc, Value v,
                               Value srcLane) const {
  // shfl.sync.idx.b32 over the full warp, lane index clamped to 31.
  return NVVM::ShflOp::create(rewriter, loc, rewriter.getI32Type(),
                              i32Const(rewriter, loc, -1), v, srcLane,
                              i32Const(rewriter, loc, getWarpSize() - 1),
                              NVVM::ShflKind::idx, UnitAttr());
}

Value TargetInfo::shuffleXor(RewriterBase &rewriter, Location loc, Value v,
                             unsigned laneMask, Value) const {
  // shfl.sync.bfly.b32 over the full warp.
  return NVVM::ShflOp::create(rewriter, loc, rewriter.getI32Type(),
                              i32Const(rewriter, loc, -1), v,
                              i32Const(rewriter, loc, laneMask),
                              i32Const(rewriter, loc, getWarpSize() - 1),
                              NVVM::ShflKind::bfly, UnitAttr());
}

StringRef TargetInfo::syncScope(MemScope scope) const {
  switch (scope) {
  case MemScope::cta:
    return "block";
  case MemScope::gpu:
    return "device";
  case MemScope::sys:
    return "";
  }
  llvm_unreachable("memory scope");
}

void TargetInfo::annotateKernel(LLVM::LLVMFuncOp func,
                                unsigned numThreads) const {
  // `nvvm.maxntid` comes from known_block_size through the upstream lowering;
  // nothing else is needed on NVIDIA.
  (void)func;
  (void)numThreads;
}

Value TargetInfo::log2Approx(RewriterBase &rewriter, Location loc,
                             Value x) const {
  // lg2.approx.f32 (LLVM's log2 has no NVPTX lowering).
  return callUnaryIntrinsic(rewriter, loc, "llvm.nvvm.lg2.approx.f", x);
}

Value TargetInfo::rsqrtApprox(RewriterBase &rewriter, Location loc,
                              Value x) const {
  // rsqrt.approx.f32
  return callUnaryIntrinsic(rewriter, loc, "llvm.nvvm.rsqrt.approx.f", x);
}
