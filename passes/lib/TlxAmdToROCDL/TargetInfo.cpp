//===- TargetInfo.cpp - ROCDL code generation facts ----------------------===//
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/LayoutLowering.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/GPUToROCDL/Runtimes.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::rocdl;

Value TargetInfo::programId(RewriterBase &rewriter, Location loc,
                            unsigned axis) const {
  return createAxisOp<ROCDL::BlockIdXOp, ROCDL::BlockIdYOp, ROCDL::BlockIdZOp>(
      rewriter, loc, axis);
}

Value TargetInfo::threadId(RewriterBase &rewriter, Location loc) const {
  return ROCDL::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
}

Value TargetInfo::warpUniform(RewriterBase &rewriter, Location loc,
                              Value v) const {
  // v_readfirstlane: the value moves to an SGPR, and everything derived
  // from it stays scalar.
  return ROCDL::ReadfirstlaneOp::create(rewriter, loc, v.getType(), v);
}

Value TargetInfo::shuffleIndex(RewriterBase &rewriter, Location loc, Value v,
                               Value srcLane) const {
  // ds_bpermute_b32 addresses lanes in bytes.
  Value addr =
      LLVM::ShlOp::create(rewriter, loc, srcLane, i32Const(rewriter, loc, 2));
  return ROCDL::DsBpermuteOp::create(rewriter, loc, rewriter.getI32Type(), addr,
                                     v);
}

void TargetInfo::annotateKernel(LLVM::LLVMFuncOp func,
                                unsigned numThreads) const {
  // The register allocator budgets VGPRs for the largest workgroup the
  // kernel may be launched with: state it exactly.
  func->setAttr(
      "rocdl.flat_work_group_size",
      StringAttr::get(func.getContext(), "1," + std::to_string(numThreads)));
}

//===----------------------------------------------------------------------===//
// Buffer instructions
//===----------------------------------------------------------------------===//

Value TargetInfo::makeBufferResource(RewriterBase &rewriter, Location loc,
                                     Value base) const {
  auto rsrcType = LLVM::LLVMPointerType::get(rewriter.getContext(), 8);
  Value stride = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI16Type(),
                                          rewriter.getI16IntegerAttr(0));
  Value records =
      LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                               rewriter.getI64IntegerAttr(0x7FFFFFFE));
  Value flagsVal = LLVM::ConstantOp::create(
      rewriter, loc, rewriter.getI32Type(),
      rewriter.getI32IntegerAttr(getArch().bufferResourceFlags));
  return ROCDL::MakeBufferRsrcOp::create(rewriter, loc, rsrcType, base, stride,
                                         records, flagsVal);
}

int32_t TargetInfo::getCacheBits(std::optional<CacheModifier> cache,
                                 bool isLoad) const {
  if (!cache)
    return 0;
  return getCachePolicyBits(getArch(), stringifyCacheModifier(*cache), isLoad);
}

int32_t TargetInfo::getAtomicBits(MemScope scope) const {
  return getAtomicScopeBits(getArch(), stringifyMemScope(scope));
}

static StringRef amdSyncScope(MemScope scope) {
  switch (scope) {
  case MemScope::cta:
    return "workgroup";
  case MemScope::gpu:
    return "agent";
  case MemScope::sys:
    return "";
  }
  llvm_unreachable("unknown scope");
}

void TargetInfo::emitFenceBefore(RewriterBase &rewriter, Location loc,
                                 MemSemantic sem, MemScope scope) const {
  if (sem == MemSemantic::release || sem == MemSemantic::acq_rel)
    LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::release,
                          amdSyncScope(scope));
}

void TargetInfo::emitFenceAfter(RewriterBase &rewriter, Location loc,
                                MemSemantic sem, MemScope scope) const {
  if (sem == MemSemantic::acquire || sem == MemSemantic::acq_rel)
    LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::acquire,
                          amdSyncScope(scope));
}

Value TargetInfo::log2Approx(RewriterBase &rewriter, Location loc,
                             Value x) const {
  // v_log_f32: LLVM's log2 with approximate functions allowed.
  return LLVM::Log2Op::create(
      rewriter, loc, x,
      LLVM::FastmathFlagsAttr::get(rewriter.getContext(),
                                   LLVM::FastmathFlags::afn));
}

Value TargetInfo::rsqrtApprox(RewriterBase &rewriter, Location loc,
                              Value x) const {
  // v_rsq_f32
  return callUnaryIntrinsic(rewriter, loc, "llvm.amdgcn.rsq.f32", x);
}
