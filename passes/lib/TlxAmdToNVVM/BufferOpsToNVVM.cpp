//===- BufferOpsToNVVM.cpp - buffer ops as predicated global accesses ----===//
//
// The same semantics as on AMD, so that one kernel runs on both vendors:
// per access group one predicated `ld.global` / `st.global` of the group's
// width (v4.b32 for 16 bytes), masked-out loads read zero (then `other`),
// masked-out stores and atomics do nothing, and atomics return the old
// values (packed bf16x2 / f16x2 for 16-bit floats). Cache modifiers map to
// the PTX qualifiers of the same name.
//
// buffer_load_to_shared is one `cp.async` per lane and copy instruction
// (`.cg` for 16 bytes, `.ca` for 4 and 8: .cg exists for 16 only), with
// source size 0 for masked-out lanes (the copy zero-fills), or with a
// non-zero `other` a branch that stores it instead. (Commit groups and
// waits are cp.async.commit_group / cp.async.wait_group: TargetInfo.)
//
//===----------------------------------------------------------------------===//
#include "PtxBuilder.h"
#include "TargetInfo.h"

#include "../TlxAmdToLLVM/BufferAccess.h"
#include "../TlxAmdToLLVM/LayoutLowering.h"
#include "../TlxAmdToLLVM/SharedAccess.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tlxamd;
using namespace mlir::tlxamd::nvvm;

namespace {

/// The PTX registers of one access. PTX has no 8-bit registers: bytes live
/// in 16-bit registers and are loaded with `.u8`, stored with `.b8`.
struct PtxRegs {
  unsigned count;
  StringRef movType;   ///< b16, b32, b64
  StringRef loadType;  ///< u8, b16, b32, b64
  StringRef storeType; ///< b8, b16, b32, b64
  StringRef constraint;
  Type regType;
};

PtxRegs ptxRegsFor(Type accessType) {
  MLIRContext *ctx = accessType.getContext();
  if (auto v = dyn_cast<VectorType>(accessType))
    return {unsigned(v.getNumElements()), "b32", "b32", "b32", "r",
            IntegerType::get(ctx, 32)};
  switch (accessType.getIntOrFloatBitWidth()) {
  case 64:
    return {1, "b64", "b64", "b64", "l", IntegerType::get(ctx, 64)};
  case 32:
    return {1, "b32", "b32", "b32", "r", IntegerType::get(ctx, 32)};
  case 16:
    return {1, "b16", "b16", "b16", "h", IntegerType::get(ctx, 16)};
  default:
    return {1, "b16", "u8", "b8", "h", IntegerType::get(ctx, 16)};
  }
}

std::string vectorSuffix(const PtxRegs &regs) {
  return regs.count > 1 ? ".v" + std::to_string(regs.count) : "";
}

/// `ptr + offset + imm` (bytes): the constant stays a GEP index, so that
/// PTX addresses it as `[%rd+imm]`.
Value groupAddress(RewriterBase &rewriter, Location loc, Value ptr,
                   Value offset, int64_t imm) {
  Value off64 =
      LLVM::SExtOp::create(rewriter, loc, rewriter.getI64Type(), offset);
  Value addr =
      LLVM::GEPOp::create(rewriter, loc, ptr.getType(), rewriter.getI8Type(),
                          ptr, ValueRange{off64});
  if (imm == 0)
    return addr;
  return LLVM::GEPOp::create(rewriter, loc, ptr.getType(), rewriter.getI8Type(),
                             addr, ArrayRef<LLVM::GEPArg>{int32_t(imm)});
}

std::string cacheQualifier(std::optional<CacheModifier> cache) {
  return cache ? stringifyCacheModifier(*cache).str() : "";
}

/// Split an access value into its PTX registers, and join them back.
SmallVector<Value> splitRegs(RewriterBase &rewriter, Location loc, Value v,
                             const PtxRegs &regs) {
  if (isa<VectorType>(v.getType()))
    return unpackRegisters(rewriter, loc, v);
  if (v.getType() == regs.regType)
    return {v};
  return {LLVM::ZExtOp::create(rewriter, loc, regs.regType, v)};
}

Value joinRegs(RewriterBase &rewriter, Location loc, ArrayRef<Value> parts,
               Type accessType) {
  if (parts.size() > 1)
    return packRegisters(rewriter, loc, accessType, parts);
  if (parts[0].getType() == accessType)
    return parts[0];
  return LLVM::TruncOp::create(rewriter, loc, accessType, parts[0]);
}

/// `<opcode> <outs>, [addr](, <data>)`, predicated on `pred` with the
/// outputs zeroed first (masked lanes read zero) unless `zeroMasked` is
/// false (masked lanes unspecified: no register is tied up before the load).
Value emitPredicatedLoad(RewriterBase &rewriter, Location loc, Type accessType,
                         StringRef opcode, Value addr, ValueRange data,
                         Value pred, bool zeroMasked) {
  PtxRegs regs = ptxRegsFor(accessType);
  PtxBuilder ptx;
  auto outs =
      ptx.addOutputs(regs.count, ("=" + regs.constraint).str(), regs.regType);
  std::string a = ptx.addInput(addr, "l");
  auto in = ptx.addInputs(data, regs.constraint);
  ptx << "{ ";
  if (pred) {
    std::string p = ptx.addInput(pred, "b");
    for (const std::string &o : outs)
      if (zeroMasked)
        ptx << "mov." << regs.movType << " " << o << ", 0; ";
    ptx << "@" << p << " ";
  }
  ptx << opcode << " " << PtxBuilder::list(outs) << ", [" << a << "]";
  if (!in.empty())
    ptx << ", " << PtxBuilder::list(in);
  ptx << "; }";
  return joinRegs(rewriter, loc, ptx.build(rewriter, loc), accessType);
}

void emitPredicatedStore(RewriterBase &rewriter, Location loc, Value data,
                         Value addr, Value pred,
                         std::optional<CacheModifier> cache) {
  PtxRegs regs = ptxRegsFor(data.getType());
  PtxBuilder ptx;
  std::string a = ptx.addInput(addr, "l");
  auto in =
      ptx.addInputs(splitRegs(rewriter, loc, data, regs), regs.constraint);
  if (pred)
    ptx << "@" << ptx.addInput(pred, "b") << " ";
  ptx << "st.global" << cacheQualifier(cache) << vectorSuffix(regs) << "."
      << regs.storeType << " [" << a << "], " << PtxBuilder::list(in) << ";";
  ptx.build(rewriter, loc);
}

/// A split group (its mask not provably uniform) as one PTX block: the full
/// width access when every element is in, else a branch over it to the
/// element-by-element accesses. Only the tail of a ragged range takes the
/// slow path; 32- and 16-bit elements.
bool canEmitSplitGroup(const BufferGroups &g) {
  return g.isPartial() && (g.elemBytes == 4 || g.elemBytes == 2) &&
         g.width * g.elemBytes >= 4;
}

/// Element j of a split group: `$r<k>` (32-bit) or the 16-bit temporary.
std::string splitElement(const BufferGroups &g, ArrayRef<std::string> regs,
                         int64_t j) {
  return g.elemBytes == 4 ? regs[j] : "%t" + std::to_string(j);
}

std::string elementTemps(const BufferGroups &g) {
  return g.elemBytes == 2 ? ".reg .b16 %t<" + std::to_string(g.width) + ">; "
                          : std::string();
}

/// `mov.b32 $k, {%t2k, %t2k+1}` (pack) or the reverse (unpack).
void packPairs(PtxBuilder &ptx, ArrayRef<std::string> regs, bool pack) {
  for (size_t k = 0; k < regs.size(); ++k) {
    std::string pair = "{%t" + std::to_string(2 * k) + ", %t" +
                       std::to_string(2 * k + 1) + "}";
    ptx << "mov.b32 " << (pack ? regs[k] : pair) << ", "
        << (pack ? pair : regs[k]) << "; ";
  }
}

Value emitSplitLoad(RewriterBase &rewriter, Location loc, const BufferGroups &g,
                    size_t i, Value addr, std::optional<CacheModifier> cache) {
  PtxRegs regs = ptxRegsFor(g.accessType);
  std::string c = cacheQualifier(cache);
  PtxBuilder ptx;
  auto outs = ptx.addOutputs(regs.count, "=r", regs.regType);
  std::string a = ptx.addInput(addr, "l"), all = ptx.addInput(g.masks[i], "b");
  auto m = ptx.addInputs(
      ArrayRef<Value>(g.elementMasks[i]).take_front(g.elementsWhenGroupNotIn()),
      "b");
  ptx << "{ " << elementTemps(g);
  for (const std::string &o : outs)
    ptx << "mov.b32 " << o << ", 0; ";
  ptx << "@" << all << " ld.global" << c << vectorSuffix(regs) << ".b32 "
      << PtxBuilder::list(outs) << ", [" << a << "]; @" << all
      << " bra TLXAMD_LD_${:uid}; ";
  for (int64_t j = 0; j < g.width; ++j) {
    std::string e = splitElement(g, outs, j);
    if (g.elemBytes == 2)
      ptx << "mov.b16 " << e << ", 0; ";
    if (j < g.elementsWhenGroupNotIn())
      ptx << "@" << m[j] << " ld.global" << c << ".b" << g.elemBytes * 8 << " "
          << e << ", [" << a << "+" << j * g.elemBytes << "]; ";
  }
  if (g.elemBytes == 2)
    packPairs(ptx, outs, /*pack=*/true);
  ptx << "TLXAMD_LD_${:uid}: }";
  return joinRegs(rewriter, loc, ptx.build(rewriter, loc), g.accessType);
}

void emitSplitStore(RewriterBase &rewriter, Location loc, const BufferGroups &g,
                    size_t i, Value addr, std::optional<CacheModifier> cache) {
  PtxRegs regs = ptxRegsFor(g.accessType);
  std::string c = cacheQualifier(cache);
  PtxBuilder ptx;
  std::string a = ptx.addInput(addr, "l");
  auto data = ptx.addInputs(splitRegs(rewriter, loc, g.data[i], regs), "r");
  std::string all = ptx.addInput(g.masks[i], "b");
  auto m = ptx.addInputs(
      ArrayRef<Value>(g.elementMasks[i]).take_front(g.elementsWhenGroupNotIn()),
      "b");
  ptx << "{ " << elementTemps(g) << "@" << all << " st.global" << c
      << vectorSuffix(regs) << ".b32 [" << a << "], " << PtxBuilder::list(data)
      << "; @" << all << " bra TLXAMD_ST_${:uid}; ";
  if (g.elemBytes == 2)
    packPairs(ptx, data, /*pack=*/false);
  for (int64_t j = 0; j < g.elementsWhenGroupNotIn(); ++j)
    ptx << "@" << m[j] << " st.global" << c << ".b" << g.elemBytes * 8 << " ["
        << a << "+" << j * g.elemBytes << "], " << splitElement(g, data, j)
        << "; ";
  ptx << "TLXAMD_ST_${:uid}: }";
  ptx.build(rewriter, loc);
}

struct BufferLoadLowering : BufferOpPattern<BufferLoadOp> {
  using BufferOpPattern::BufferOpPattern;
  LogicalResult
  matchAndRewrite(BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BufferGroups g = group(rewriter, op, adaptor);
    auto address = [&](Value base, int64_t imm) {
      return groupAddress(rewriter, loc, adaptor.getPtr(), base, imm);
    };
    SmallVector<Value> loaded;
    if (canEmitSplitGroup(g)) {
      for (size_t i = 0; i < g.baseOffsets.size(); ++i)
        loaded.push_back(emitSplitLoad(
            rewriter, loc, g, i, address(g.baseOffsets[i], g.immOffsets[i]),
            op.getCache()));
    } else {
      loaded = emitLoadGroups(
          rewriter, loc, g,
          [&](Type type, Value base, int64_t imm, Value pred) -> Value {
            PtxRegs regs = ptxRegsFor(type);
            std::string opcode = "ld.global" + cacheQualifier(op.getCache()) +
                                 vectorSuffix(regs) + "." + regs.loadType.str();
            return emitPredicatedLoad(rewriter, loc, type, opcode,
                                      address(base, imm), {}, pred,
                                      !op.getMaskedUndef());
          });
    }
    replaceWithGroups(rewriter, op, adaptor, g, loaded);
    return success();
  }
};

struct BufferStoreLowering : BufferOpPattern<BufferStoreOp> {
  BufferStoreLowering(LLVMTypeConverter &converter,
                      std::shared_ptr<BufferLoweringCache> cache,
                      const KernelAnalyses &analyses,
                      const TargetInfo &targetInfo)
      : BufferOpPattern(converter, std::move(cache), analyses),
        targetInfo(targetInfo) {}
  const TargetInfo &targetInfo;
  LogicalResult
  matchAndRewrite(BufferStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BufferGroups g = group(rewriter, op, adaptor);
    dropStoreCopies(rewriter, loc, targetInfo, op.getValue().getType(), g);
    auto address = [&](Value base, int64_t imm) {
      return groupAddress(rewriter, loc, adaptor.getPtr(), base, imm);
    };
    if (canEmitSplitGroup(g)) {
      for (size_t i = 0; i < g.baseOffsets.size(); ++i)
        emitSplitStore(rewriter, loc, g, i,
                       address(g.baseOffsets[i], g.immOffsets[i]),
                       op.getCache());
    } else {
      emitStoreGroups(rewriter, loc, g,
                      [&](Value data, Value base, int64_t imm, Value pred) {
                        emitPredicatedStore(rewriter, loc, data,
                                            address(base, imm), pred,
                                            op.getCache());
                      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct BufferAtomicAddLowering : BufferOpPattern<BufferAtomicAddOp> {
  using BufferOpPattern::BufferOpPattern;
  LogicalResult
  matchAndRewrite(BufferAtomicAddOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Atomics are never split: one element per access, or 16-bit pairs
    // whose mask target legality proved uniform (B18).
    BufferGroups g = group(rewriter, op, adaptor);
    Type elem = op.getValue().getType().getElementType();
    std::string ptxType = elem.isF32()    ? "f32"
                          : elem.isF16()  ? "noftz.f16x2"
                          : elem.isBF16() ? "noftz.bf16x2"
                                          : "u32";
    // PTX spells orderings and scopes as the documents do (B19).
    std::string opcode = "atom." + stringifyMemSemantic(op.getSem()).str() +
                         "." + stringifyMemScope(op.getScope()).str() +
                         ".global.add." + ptxType;
    SmallVector<Value> old;
    for (size_t i = 0; i < g.baseOffsets.size(); ++i) {
      Value addr = groupAddress(rewriter, loc, adaptor.getPtr(),
                                g.baseOffsets[i], g.immOffsets[i]);
      old.push_back(emitPredicatedLoad(rewriter, loc, g.accessType, opcode,
                                       addr, g.data[i],
                                       g.masks.empty() ? Value() : g.masks[i],
                                       /*zeroMasked=*/true));
    }
    replaceWithGroups(rewriter, op, adaptor, g, old);
    return success();
  }
};

struct BufferLoadToSharedLowering
    : ConvertOpToLLVMPattern<BufferLoadToSharedOp> {
  BufferLoadToSharedLowering(LLVMTypeConverter &converter,
                             const TargetInfo &targetInfo,
                             const KernelAnalyses &analyses)
      : ConvertOpToLLVMPattern(converter), targetInfo(targetInfo),
        analyses(analyses) {}

  LogicalResult
  matchAndRewrite(BufferLoadToSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<DirectCopyAccess> access = emitDirectCopyAccess(
        rewriter, op, adaptor.getDest(), adaptor.getOffsets(),
        adaptor.getMask(), adaptor.getOther(), targetInfo, analyses);
    if (failed(access))
      return failure();
    unsigned bytes = access->bytes;
    auto modifier = NVVM::LoadCacheModifierKindAttr::get(
        rewriter.getContext(), bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                           : NVVM::LoadCacheModifierKind::CA);
    auto copy = [&](size_t i, Value pred) {
      Value src = groupAddress(rewriter, loc, adaptor.getPtr(),
                               access->globalOffsets[i], 0);
      // Source size 0 for a masked-out lane: nothing is read, the
      // destination is zero-filled.
      Value srcSize =
          pred ? LLVM::SelectOp::create(rewriter, loc, pred,
                                        i32Const(rewriter, loc, bytes),
                                        i32Const(rewriter, loc, 0))
                     .getResult()
               : Value();
      NVVM::CpAsyncOp::create(rewriter, loc, access->sharedAddrs[i], src,
                              rewriter.getI32IntegerAttr(bytes), modifier,
                              srcSize);
    };
    emitDirectCopies(rewriter, loc, *access,
                     getTypeConverter()->convertType(
                         op.getDest().getType().getElementType()),
                     copy, [&](size_t i) { return access->sharedAddrs[i]; });
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfo &targetInfo;
  const KernelAnalyses &analyses;
};

} // namespace

void mlir::tlxamd::nvvm::populateBufferOpsToNVVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &targetInfo, const KernelAnalyses &analyses) {
  auto cache = std::make_shared<BufferLoweringCache>();
  patterns.add<BufferLoadLowering, BufferAtomicAddLowering>(converter, cache,
                                                            analyses);
  patterns.add<BufferStoreLowering>(converter, cache, analyses, targetInfo);
  patterns.add<BufferLoadToSharedLowering>(converter, targetInfo, analyses);
}
