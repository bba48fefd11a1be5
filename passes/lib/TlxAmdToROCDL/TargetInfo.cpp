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

Value TargetInfo::numPrograms(RewriterBase &rewriter, Location loc,
                              unsigned axis) const {
  // hsa_kernel_dispatch_packet_t: workgroup_size_{x,y,z} (u16) at byte 4,
  // grid_size_{x,y,z} (u32, in work-items) at byte 12.
  auto constPtr = LLVM::LLVMPointerType::get(rewriter.getContext(), 4);
  Value packet =
      LLVM::CallIntrinsicOp::create(
          rewriter, loc, constPtr,
          rewriter.getStringAttr("llvm.amdgcn.dispatch.ptr"), ValueRange{})
          .getResult(0);
  Type i8 = rewriter.getI8Type(), i16 = rewriter.getI16Type();
  Type i32 = rewriter.getI32Type();
  auto field = [&](int32_t offset, Type type, unsigned align) -> Value {
    Value p = LLVM::GEPOp::create(rewriter, loc, constPtr, i8, packet,
                                  ArrayRef<LLVM::GEPArg>{offset});
    return LLVM::LoadOp::create(rewriter, loc, type, p, align,
                                /*isVolatile=*/false, /*isNonTemporal=*/false,
                                /*isInvariant=*/true);
  };
  Value size =
      LLVM::ZExtOp::create(rewriter, loc, i32, field(4 + 2 * axis, i16, 2));
  Value grid = field(12 + 4 * axis, i32, 4);
  Value one = LLVM::ConstantOp::create(rewriter, loc, i32,
                                       rewriter.getI32IntegerAttr(1));
  // ceil(grid / size) = (grid + size - 1) / size
  Value sum = LLVM::SubOp::create(
      rewriter, loc, LLVM::AddOp::create(rewriter, loc, grid, size), one);
  return LLVM::UDivOp::create(rewriter, loc, sum, size);
}

Value TargetInfo::programThreadId(RewriterBase &rewriter, Location loc) const {
  return ROCDL::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
}

Value TargetInfo::activeLanes(RewriterBase &rewriter, Location loc) const {
  // The ballot of `true`: the wave's EXEC mask.
  Type mask = rewriter.getIntegerType(getWarpSize());
  Value on = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                      rewriter.getBoolAttr(true));
  return ROCDL::BallotOp::create(rewriter, loc, mask, on);
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

Value TargetInfo::shuffleXor(RewriterBase &rewriter, Location loc, Value v,
                             unsigned laneMask, Value lane) const {
  Type i32 = rewriter.getI32Type();
  // Within a quad: a DPP quad_perm move ([1,0,3,2] / [2,3,0,1]), no LDS.
  if (laneMask == 1 || laneMask == 2)
    return ROCDL::DPPUpdateOp::create(rewriter, loc, i32, v, v,
                                      laneMask == 1 ? 0xB1 : 0x4E,
                                      /*rowMask=*/0xF, /*bankMask=*/0xF,
                                      /*boundCtrl=*/false);
  // Within 32 lanes: ds_swizzle in bit-mask mode (and 0x1F, xor mask), which
  // needs no address.
  if (laneMask < 32)
    return ROCDL::DsSwizzleOp::create(
        rewriter, loc, i32, v,
        i32Const(rewriter, loc, 0x1F | (laneMask << 10)));
  return TargetInfoBase::shuffleXor(rewriter, loc, v, laneMask, lane);
}

/// Whether an inline-asm constraint names an AGPR ("a", "=a", "{a3}",
/// a clobber "~{a0}", ...).
static bool namesAgpr(StringRef constraints) {
  SmallVector<StringRef> parts;
  constraints.split(parts, ',');
  return llvm::any_of(parts, [](StringRef c) {
    c = c.ltrim("=&*~");
    return c == "a" || c.starts_with("{a");
  });
}

Value TargetInfo::reductionShuffle(RewriterBase &rewriter, Location loc,
                                   Value v, unsigned laneMask, Value lane,
                                   bool uniformBelow) const {
  // Groups of `laneMask` lanes uniform: a mirror within the 8 / 16 lanes of
  // a DPP row pairs each group with the other half (i <-> 7 - i is i ^ 7,
  // i ^ 4 on uniform groups of 4), a VALU move instead of an LDS swizzle.
  if (uniformBelow && (laneMask == 4 || laneMask == 8))
    return ROCDL::DPPUpdateOp::create(rewriter, loc, rewriter.getI32Type(), v,
                                      v, laneMask == 4 ? 0x141 : 0x140,
                                      /*rowMask=*/0xF, /*bankMask=*/0xF,
                                      /*boundCtrl=*/false);
  return shuffleXor(rewriter, loc, v, laneMask, lane);
}

void TargetInfo::annotateKernel(LLVM::LLVMFuncOp func,
                                unsigned numThreads) const {
  MLIRContext *ctx = func.getContext();
  // The register allocator budgets VGPRs for the largest workgroup the
  // kernel may be launched with: state it exactly.
  func->setAttr("rocdl.flat_work_group_size",
                StringAttr::get(ctx, "1," + std::to_string(numThreads)));
  // MFMA results in VGPRs: where a kernel may use AGPRs, the allocator
  // keeps accumulators there and copies them to VGPRs and back around
  // every other use (v_accvgpr_read/write in each K iteration). Only the
  // register-class pins of the scheduling ops (inline asm) need AGPRs.
  if (getArch().numAGPRs == 0)
    return;
  bool pinsAgprs = func.walk([](LLVM::InlineAsmOp op) {
                         return namesAgpr(op.getConstraints())
                                    ? WalkResult::interrupt()
                                    : WalkResult::advance();
                       })
                       .wasInterrupted();
  if (pinsAgprs)
    return;
  SmallVector<Attribute> passthrough;
  if (ArrayAttr old = func.getPassthroughAttr())
    passthrough.append(old.begin(), old.end());
  passthrough.push_back(ArrayAttr::get(
      ctx, {StringAttr::get(ctx, kAgprAllocAttr), StringAttr::get(ctx, "0")}));
  func.setPassthroughAttr(ArrayAttr::get(ctx, passthrough));
}

//===----------------------------------------------------------------------===//
// Buffer instructions
//===----------------------------------------------------------------------===//

Value TargetInfo::makeBufferResource(RewriterBase &rewriter, Location loc,
                                     Value base, Value numRecords) const {
  auto rsrcType = LLVM::LLVMPointerType::get(rewriter.getContext(), 8);
  Value stride = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI16Type(),
                                          rewriter.getI16IntegerAttr(0));
  Value records = numRecords
                      ? Value(LLVM::ZExtOp::create(
                            rewriter, loc, rewriter.getI64Type(), numRecords))
                      : Value(LLVM::ConstantOp::create(
                            rewriter, loc, rewriter.getI64Type(),
                            rewriter.getI64IntegerAttr(0x7FFFFFFE)));
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

StringRef TargetInfo::syncScope(MemScope scope) const {
  return amdSyncScope(scope);
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

Value TargetInfo::sqrtApprox(RewriterBase &rewriter, Location loc,
                             Value x) const {
  // v_sqrt_f32 alone (1 ulp; LLVM's sqrt scales denormal inputs around it)
  return callUnaryIntrinsic(rewriter, loc, "llvm.amdgcn.sqrt.f32", x);
}

void TargetInfo::asyncCommitGroup(RewriterBase &, Location) const {
  // The hardware counts copy instructions (vmcnt): a group is only a
  // boundary for the allocation pass's count.
}

void TargetInfo::sharedBarrier(RewriterBase &rewriter, Location loc) const {
  // (Never inside a task: target legality keeps barriers out of CDNA's
  // tasks, W5.)
  if (chipset.majorVersion != 9)
    return TargetInfoBase::sharedBarrier(rewriter, loc);
  // The LDS accesses done (lgkmcnt), then the barrier, opaque to the
  // compiler (a memory clobber: nothing moves across it). Workgroup fences,
  // even LDS-only ones, would also wait for the direct-to-LDS copies in
  // flight (vmcnt(0)).
  LLVM::InlineAsmOp::create(rewriter, loc, TypeRange(), ValueRange(),
                            "s_waitcnt lgkmcnt(0)\ns_barrier", "~{memory}",
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::TailCallKind::None, LLVM::AsmDialectAttr(),
                            ArrayAttr());
}

void TargetInfo::asyncWait(RewriterBase &rewriter, Location loc, unsigned,
                           int64_t copies, bool) const {
  int64_t n = std::min<int64_t>(copies, 63);
  // s_waitcnt: vmcnt in bits [3:0] and [15:14]; expcnt (7) and lgkmcnt
  // (15) at their maxima, not waited for.
  int32_t bits =
      int32_t((n & 0xf) | ((n >> 4) << 14) | (0x7 << 4) | (0xf << 8));
  ROCDL::SWaitcntOp::create(rewriter, loc, bits);
}

Value mlir::tlxamd::rocdl::createIntrinsic(
    RewriterBase &rewriter, Location loc, StringRef name, ValueRange operands,
    Type result, function_ref<Attribute(StringRef)> immediate) {
  OperationName op(("rocdl." + name).str(), rewriter.getContext());
  OperationState state(loc, op);
  state.addOperands(operands);
  state.addTypes(result);
  // The intrinsics' immediates: i1 flags, an i16 modifier (modC), i32
  // selectors and formats.
  for (StringAttr attr : op.getAttributeNames()) {
    StringRef n = attr.getValue();
    Attribute value = immediate(n);
    if (!value)
      value = n == "modC" ? Attribute(rewriter.getI16IntegerAttr(0))
              : n.starts_with("sign") || n.starts_with("reuse") || n == "clamp"
                  ? Attribute(rewriter.getBoolAttr(false))
                  : Attribute(rewriter.getI32IntegerAttr(0));
    state.addAttribute(attr, value);
  }
  return rewriter.create(state)->getResult(0);
}

SmallVector<Value> TargetInfo::transposedSharedRead(RewriterBase &rewriter,
                                                    Location loc, Value ptr,
                                                    Type elem) const {
  unsigned bits = elem.getIntOrFloatBitWidth();
  unsigned run = getTransposedRead(getArch(), bits).run;
  auto type = VectorType::get(run, elem);
  // CDNA4's ds_read_b64_tr_b16 has a ROCDL op; gfx1250's ds_load_tr16_b128
  // and ds_load_tr8_b64 (two words) are LLVM intrinsics.
  if (run == 4)
    return unpackRegisters(
        rewriter, loc,
        ROCDL::ds_read_tr16_b64::create(rewriter, loc, type, ptr, ArrayAttr(),
                                        ArrayAttr(), ArrayAttr()));
  Type result = bits == 8 ? VectorType::get(2, rewriter.getI32Type()) : type;
  Value v =
      LLVM::CallIntrinsicOp::create(
          rewriter, loc, result,
          rewriter.getStringAttr(bits == 8 ? "llvm.amdgcn.ds.load.tr8.b64"
                                           : "llvm.amdgcn.ds.load.tr16.b128"),
          ValueRange{ptr})
          .getResult(0);
  if (bits == 8)
    v = LLVM::BitcastOp::create(rewriter, loc, type, v);
  return unpackRegisters(rewriter, loc, v);
}
