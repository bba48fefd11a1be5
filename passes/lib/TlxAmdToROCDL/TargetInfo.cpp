//===- TargetInfo.cpp - ROCDL code generation facts ----------------------===//
#include "TargetInfo.h"

#include "../Conversion/LayoutLowering.h"

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
  Type i32 = rewriter.getI32Type();
  switch (axis) {
  case 0:
    return ROCDL::BlockIdXOp::create(rewriter, loc, i32);
  case 1:
    return ROCDL::BlockIdYOp::create(rewriter, loc, i32);
  default:
    return ROCDL::BlockIdZOp::create(rewriter, loc, i32);
  }
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

void TargetInfo::populateTargetPatterns(LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        ConversionTarget &target) const {
  populateGpuToROCDLConversionPatterns(converter, patterns,
                                       gpu::amd::Runtime::Unknown, chipset);
  populateBufferOpsToROCDLPatterns(converter, patterns, *this);
  configureGpuToROCDLConversionLegality(target);
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
  // Word 3 of the V#: DST_SEL_XYZW (7 << 12) and a 32-bit data format
  // (4 << 15) on CDNA; gfx10+ add the raw out-of-bounds mode (3 << 28).
  int32_t flags = (7 << 12) | (4 << 15);
  if (chipset.majorVersion >= 10)
    flags |= (1 << 24) | (3 << 28);
  auto rsrcType = LLVM::LLVMPointerType::get(rewriter.getContext(), 8);
  Value stride = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI16Type(),
                                          rewriter.getI16IntegerAttr(0));
  Value records =
      LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                               rewriter.getI64IntegerAttr(0x7FFFFFFE));
  Value flagsVal = LLVM::ConstantOp::create(
      rewriter, loc, rewriter.getI32Type(), rewriter.getI32IntegerAttr(flags));
  return ROCDL::MakeBufferRsrcOp::create(rewriter, loc, rsrcType, base, stride,
                                         records, flagsVal);
}

// CDNA3/CDNA4 cache policy bits of buffer instructions: sc0 = 1, nt = 2,
// sc1 = 16 (LLVM's CPol for gfx940+).
//          load           store
//   .ca    0              -
//   .cg    sc0|nt         (.cg) 0
//   .cs    sc0|nt         sc0|nt
//   .cv    sc0|sc1        -
//   .wb    -              0
//   .wt    -              sc0|sc1
int32_t TargetInfo::getCacheBits(std::optional<StringRef> cache,
                                 bool isLoad) const {
  constexpr int32_t sc0 = 1, nt = 2, sc1 = 16;
  if (!cache || getArch().mfmaVersion < 3)
    return 0;
  StringRef c = *cache;
  if (c == ".cg")
    return isLoad ? sc0 | nt : 0;
  if (c == ".cs")
    return sc0 | nt;
  if (c == ".cv" || c == ".wt")
    return sc0 | sc1;
  return 0;
}

int32_t TargetInfo::getAtomicBits(StringRef scope) const {
  // sc1 makes a CDNA3/CDNA4 atomic system-scope.
  return scope == "sys" && getArch().mfmaVersion >= 3 ? 16 : 0;
}

static StringRef amdSyncScope(StringRef scope) {
  if (scope == "cta")
    return "workgroup";
  if (scope == "gpu")
    return "agent";
  return "";
}

void TargetInfo::emitFenceBefore(RewriterBase &rewriter, Location loc,
                                 StringRef sem, StringRef scope) const {
  if (sem == "release" || sem == "acq_rel")
    LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::release,
                          amdSyncScope(scope));
}

void TargetInfo::emitFenceAfter(RewriterBase &rewriter, Location loc,
                                StringRef sem, StringRef scope) const {
  if (sem == "acquire" || sem == "acq_rel")
    LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::acquire,
                          amdSyncScope(scope));
}
