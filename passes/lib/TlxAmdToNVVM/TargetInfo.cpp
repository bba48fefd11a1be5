//===- TargetInfo.cpp - NVVM code generation facts -----------------------===//
#include "TargetInfo.h"

#include "PtxBuilder.h"

#include "../TlxAmdToLLVM/LayoutLowering.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"
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

Value TargetInfo::programThreadId(RewriterBase &rewriter, Location loc) const {
  return NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
}

Value TargetInfo::activeLanes(RewriterBase &rewriter, Location loc) const {
  // activemask.b32 (PTX 6.2, sm_30+).
  return LLVM::CallIntrinsicOp::create(
             rewriter, loc, rewriter.getI32Type(),
             rewriter.getStringAttr("llvm.nvvm.activemask"), ValueRange{})
      .getResult(0);
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
  // `nvvm.maxntid` comes from known_block_size through the upstream
  // lowering. A cluster kernel gets its compile-time cluster shape
  // (`.explicitcluster`, `.reqnctapercluster n, 1, 1`): a launch must use
  // it.
  (void)numThreads;
  int64_t ctas = getNumCtas(func);
  if (ctas > 1)
    func->setAttr(
        NVVM::NVVMDialect::getClusterDimAttrName(),
        DenseI32ArrayAttr::get(func.getContext(), {int32_t(ctas), 1, 1}));
}

void TargetInfo::namedBarrier(RewriterBase &rewriter, Location loc, Value id,
                              Value threads, bool wait) const {
  // bar.sync id, threads / bar.arrive id, threads
  if (wait)
    NVVM::BarrierOp::create(rewriter, loc, Type(), id, threads,
                            NVVM::BarrierReductionAttr(), Value());
  else
    NVVM::BarrierArriveOp::create(rewriter, loc, id, threads);
}

void TargetInfo::setTaskRegisters(RewriterBase &rewriter, Location loc,
                                  LLVM::LLVMFuncOp kernel, int64_t registers,
                                  int64_t limit) const {
  if (registers == 0)
    return;
  // Every thread starts with `limit` registers (`.maxnreg`); the task's
  // warpgroups then give some back or take more (setmaxnreg).
  kernel->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                  rewriter.getI32IntegerAttr(limit));
  if (registers == limit)
    return;
  NVVM::SetMaxRegisterOp::create(rewriter, loc, registers,
                                 registers > limit
                                     ? NVVM::SetMaxRegisterAction::increase
                                     : NVVM::SetMaxRegisterAction::decrease);
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

Value TargetInfo::sqrtApprox(RewriterBase &rewriter, Location loc,
                             Value x) const {
  // sqrt.approx.f32 (Triton's tl.sqrt; denormals kept, not flushed)
  return callUnaryIntrinsic(rewriter, loc, "llvm.nvvm.sqrt.approx.f", x);
}

Value TargetInfo::divideF32(RewriterBase &rewriter, Location loc, Value a,
                            Value b) const {
  // div.full.f32 (2 ulp, full range), Triton's f32 division on NVIDIA; the
  // correctly rounded div.rn.f32 is a subroutine of about 10 instructions
  // that made a 12288-column softmax compute-bound (0.48x Triton, H200).
  return LLVM::CallIntrinsicOp::create(
             rewriter, loc, a.getType(),
             rewriter.getStringAttr("llvm.nvvm.div.full"), ValueRange{a, b})
      .getResult(0);
}

// fp8 conversions: cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 and
// cvt.rn.f16x2.{e4m3x2,e5m2x2} where the capability table has them, two
// elements per instruction; f32 -> f16 / bf16 toward zero: cvt.rz. FNUZ
// formats and fp8 toward zero are computed.
static StringRef getPtxFp8Pair(const ArchInfo &arch, Type type) {
  if (!arch.ptxFp8Conversions)
    return "";
  if (isa<Float8E4M3FNType>(type))
    return "e4m3x2";
  if (isa<Float8E5M2Type>(type))
    return "e5m2x2";
  return "";
}

SmallVector<Value> TargetInfo::truncFloatsNative(RewriterBase &rewriter,
                                                 Location loc,
                                                 ArrayRef<Value> values,
                                                 Type dst,
                                                 bool towardZero) const {
  Type i8 = rewriter.getI8Type(), i16 = rewriter.getI16Type();
  SmallVector<Value> codes;
  if (towardZero && (dst.isF16() || dst.isBF16())) {
    for (Value x : values) {
      PtxBuilder ptx;
      auto out = ptx.addOutputs(1, "=h", i16);
      std::string in = ptx.addInput(x, "f");
      ptx << "cvt.rz." << (dst.isF16() ? "f16" : "bf16") << ".f32 " << out[0]
          << ", " << in << ";";
      codes.push_back(ptx.build(rewriter, loc)[0]);
    }
    return codes;
  }
  StringRef pair = getPtxFp8Pair(getArch(), dst);
  if (towardZero || pair.empty())
    return {};
  for (size_t i = 0; i < values.size(); i += 2) {
    Value hi = i + 1 < values.size() ? values[i + 1] : values[i];
    PtxBuilder ptx;
    auto out = ptx.addOutputs(1, "=h", i16);
    std::string a = ptx.addInput(hi, "f"), b = ptx.addInput(values[i], "f");
    // d = {cvt(a), cvt(b)}: the first source in the upper byte.
    ptx << "cvt.rn.satfinite." << pair << ".f32 " << out[0] << ", " << a << ", "
        << b << ";";
    Value packed = ptx.build(rewriter, loc)[0];
    codes.push_back(LLVM::TruncOp::create(rewriter, loc, i8, packed));
    if (i + 1 < values.size())
      codes.push_back(LLVM::TruncOp::create(
          rewriter, loc, i8,
          LLVM::LShrOp::create(
              rewriter, loc, packed,
              LLVM::ConstantOp::create(rewriter, loc, i16,
                                       rewriter.getI16IntegerAttr(8)))));
  }
  return codes;
}

/// Bytes `lo`, `hi` extracted side by side (elements 2j, 2j + 1) from one
/// vector, as a vector load's are: the 16-bit element holding both (the
/// vector reread as i16s), instead of unpacking and packing them again.
static Value pairedBytes(RewriterBase &rewriter, Location loc, Value lo,
                         Value hi) {
  auto l = lo.getDefiningOp<LLVM::ExtractElementOp>();
  auto h = hi.getDefiningOp<LLVM::ExtractElementOp>();
  APInt li, hj;
  if (!l || !h || l.getVector() != h.getVector() ||
      !matchPattern(l.getPosition(), m_ConstantInt(&li)) ||
      !matchPattern(h.getPosition(), m_ConstantInt(&hj)))
    return {};
  auto type = dyn_cast<VectorType>(l.getVector().getType());
  int64_t k = li.getSExtValue();
  if (!type || type.getElementTypeBitWidth() != 8 || k % 2 ||
      hj.getSExtValue() != k + 1)
    return {};
  Type i16 = rewriter.getI16Type();
  Value words = LLVM::BitcastOp::create(
      rewriter, loc, VectorType::get({type.getNumElements() / 2}, i16),
      l.getVector());
  return LLVM::ExtractElementOp::create(rewriter, loc, words,
                                        i32Const(rewriter, loc, k / 2));
}

SmallVector<Value> TargetInfo::extFloatsNative(RewriterBase &rewriter,
                                               Location loc,
                                               ArrayRef<Value> codes,
                                               Type src) const {
  StringRef pair = getPtxFp8Pair(getArch(), src);
  if (pair.empty())
    return {};
  Type i16 = rewriter.getI16Type(), i32 = rewriter.getI32Type();
  Type f16 = rewriter.getF16Type(), f32 = rewriter.getF32Type();
  // (the halves through a <2 x half> view: one register pair move)
  auto half = [&](Value word, int index) -> Value {
    Value halves =
        LLVM::BitcastOp::create(rewriter, loc, VectorType::get({2}, f16), word);
    Value h = LLVM::ExtractElementOp::create(rewriter, loc, halves,
                                             i32Const(rewriter, loc, index));
    return LLVM::FPExtOp::create(rewriter, loc, f32, h);
  };
  SmallVector<Value> out;
  for (size_t i = 0; i < codes.size(); i += 2) {
    Value packed = i + 1 < codes.size()
                       ? pairedBytes(rewriter, loc, codes[i], codes[i + 1])
                       : Value();
    if (!packed) {
      packed = LLVM::ZExtOp::create(rewriter, loc, i16, codes[i]);
      if (i + 1 < codes.size()) {
        Value hi = LLVM::ZExtOp::create(rewriter, loc, i16, codes[i + 1]);
        packed = LLVM::OrOp::create(
            rewriter, loc, packed,
            LLVM::ShlOp::create(
                rewriter, loc, hi,
                LLVM::ConstantOp::create(rewriter, loc, i16,
                                         rewriter.getI16IntegerAttr(8))));
      }
    }
    PtxBuilder ptx;
    auto res = ptx.addOutputs(1, "=r", i32);
    std::string in = ptx.addInput(packed, "h");
    ptx << "cvt.rn.f16x2." << pair << " " << res[0] << ", " << in << ";";
    Value word = ptx.build(rewriter, loc, /*pure=*/true)[0];
    out.push_back(half(word, 0));
    if (i + 1 < codes.size())
      out.push_back(half(word, 1));
  }
  return out;
}

void TargetInfo::asyncCommitGroup(RewriterBase &rewriter, Location loc) const {
  NVVM::CpAsyncCommitGroupOp::create(rewriter, loc);
}

void TargetInfo::asyncWait(RewriterBase &rewriter, Location loc,
                           unsigned groups, int64_t, bool forAsyncProxy) const {
  NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, groups);
  // Each thread's landed copies before the async proxy's reads (the
  // barrier that follows publishes every thread's).
  if (forAsyncProxy)
    NVVM::FenceProxyOp::create(
        rewriter, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                   NVVM::SharedSpace::shared_cta));
}
