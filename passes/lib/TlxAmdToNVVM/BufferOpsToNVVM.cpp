//===- BufferOpsToNVVM.cpp - buffer ops as predicated global accesses ----===//
//
// The same semantics as on AMD, so that one kernel runs on both vendors:
// per access group one predicated `ld.global` / `st.global` of the group's
// width (v4.b32 for 16 bytes), masked-out loads read zero (then `other`),
// masked-out stores and atomics do nothing, and atomics return the old
// values (packed bf16x2 / f16x2 for 16-bit floats). Cache modifiers map to
// the PTX qualifiers of the same name.
//
//===----------------------------------------------------------------------===//
#include "TargetInfo.h"

#include "../Conversion/BufferAccess.h"
#include "../Conversion/LayoutLowering.h"
#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tlxamd;

namespace {

/// Registers of one access: count and PTX type/constraint of each.
struct PtxRegs {
  unsigned count;
  StringRef type;       ///< b32, b16
  StringRef constraint; ///< r, h
  Type regType;
};

PtxRegs ptxRegsFor(Type accessType) {
  MLIRContext *ctx = accessType.getContext();
  if (auto v = dyn_cast<VectorType>(accessType))
    return {unsigned(v.getNumElements()), "b32", "r",
            IntegerType::get(ctx, 32)};
  unsigned bits = accessType.getIntOrFloatBitWidth();
  if (bits == 32)
    return {1, "b32", "r", IntegerType::get(ctx, 32)};
  return {1, bits == 16 ? "b16" : "b8", "h", IntegerType::get(ctx, 16)};
}

Value groupAddress(RewriterBase &rewriter, Location loc, Value base,
                   Value byteOffset) {
  Value off64 =
      LLVM::SExtOp::create(rewriter, loc, rewriter.getI64Type(), byteOffset);
  return LLVM::GEPOp::create(rewriter, loc, base.getType(),
                             rewriter.getI8Type(), base, ValueRange{off64});
}

std::string cacheQualifier(std::optional<StringRef> cache) {
  return cache ? cache->str() : "";
}

/// `{$a, $b, ...}` (or `$a` for one register) for operands first..first+n.
std::string regList(unsigned first, unsigned n) {
  SmallVector<std::string> names;
  for (unsigned i = 0; i < n; ++i)
    names.push_back("$" + std::to_string(first + i));
  if (n == 1)
    return names[0];
  return "{" + llvm::join(names, ", ") + "}";
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

Value joinRegs(RewriterBase &rewriter, Location loc, Value asmResult,
               Type accessType, const PtxRegs &regs) {
  if (regs.count == 1) {
    if (asmResult.getType() == accessType)
      return asmResult;
    return LLVM::TruncOp::create(rewriter, loc, accessType, asmResult);
  }
  SmallVector<Value> parts;
  for (unsigned i = 0; i < regs.count; ++i)
    parts.push_back(LLVM::ExtractValueOp::create(rewriter, loc, asmResult, i));
  return packRegisters(rewriter, loc, accessType, parts);
}

Type asmResultType(MLIRContext *ctx, const PtxRegs &regs) {
  if (regs.count == 1)
    return regs.regType;
  return LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(regs.count, regs.regType));
}

/// A PTX instruction producing `regs` outputs; when predicated, the outputs
/// are zeroed first: `{ mov ...; @$p <instr> }` (masked lanes read zero).
Value emitLoadLike(RewriterBase &rewriter, Location loc, const PtxRegs &regs,
                   StringRef instr, ArrayRef<Value> inputs,
                   StringRef inputConstraints, Value pred) {
  std::string zero;
  for (unsigned i = 0; pred && i < regs.count; ++i)
    zero += ("mov." + regs.type + " $" + std::to_string(i) + ", 0; ").str();
  std::string asmStr =
      "{ " + zero +
      (pred ? "@$" + std::to_string(regs.count + inputs.size()) + " " : "") +
      instr.str() + " }";
  std::string constraints;
  for (unsigned i = 0; i < regs.count; ++i)
    constraints += ("=" + regs.constraint + ",").str();
  constraints += inputConstraints.str();
  SmallVector<Value> operands(inputs);
  if (pred) {
    constraints += ",b";
    operands.push_back(pred);
  }
  return LLVM::InlineAsmOp::create(
             rewriter, loc, asmResultType(rewriter.getContext(), regs),
             operands, asmStr, constraints, /*has_side_effects=*/true,
             /*is_align_stack=*/false, LLVM::TailCallKind::None,
             LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

/// A split group (its mask not provably uniform) as one PTX block: the full
/// width access when every element is in, else a branch over it to the
/// element-by-element accesses. Only the tail of a ragged range takes the
/// slow path; 32- and 16-bit elements.
bool canEmitSplitGroup(const BufferGroups &g) {
  return g.isPartial() && (g.elemBytes == 4 || g.elemBytes == 2) &&
         g.width * g.elemBytes >= 4;
}

std::string elementTemps(const BufferGroups &g) {
  return g.elemBytes == 2 ? ".reg .b16 %t<" + std::to_string(g.width) + ">; "
                          : std::string();
}

Value emitSplitLoad(RewriterBase &rewriter, Location loc, const BufferGroups &g,
                    size_t i, Value addr, std::optional<StringRef> cache) {
  PtxRegs regs = ptxRegsFor(g.accessType);
  unsigned r = regs.count;
  std::string c = cacheQualifier(cache);
  std::string width = r > 1 ? ".v" + std::to_string(r) : "";
  std::string a = "$" + std::to_string(r), all = "$" + std::to_string(r + 1);
  std::string s = "{ " + elementTemps(g);
  for (unsigned k = 0; k < r; ++k)
    s += "mov.b32 $" + std::to_string(k) + ", 0; ";
  s += "@" + all + " ld.global" + c + width + ".b32 " + regList(0, r) + ", [" +
       a + "]; @" + all + " bra TLXAMD_LD_${:uid}; ";
  for (int64_t j = 0; j < g.width; ++j) {
    std::string m = "$" + std::to_string(r + 2 + j);
    std::string off = "[" + a + "+" + std::to_string(j * g.elemBytes) + "]";
    if (g.elemBytes == 4)
      s += "@" + m + " ld.global" + c + ".b32 $" + std::to_string(j) + ", " +
           off + "; ";
    else
      s += "mov.b16 %t" + std::to_string(j) + ", 0; @" + m + " ld.global" + c +
           ".b16 %t" + std::to_string(j) + ", " + off + "; ";
  }
  if (g.elemBytes == 2)
    for (unsigned k = 0; k < r; ++k)
      s += "mov.b32 $" + std::to_string(k) + ", {%t" + std::to_string(2 * k) +
           ", %t" + std::to_string(2 * k + 1) + "}; ";
  s += "TLXAMD_LD_${:uid}: }";
  std::string cons;
  for (unsigned k = 0; k < r; ++k)
    cons += "=r,";
  cons += "l,b";
  SmallVector<Value> operands = {addr, g.masks[i]};
  for (int64_t j = 0; j < g.width; ++j) {
    cons += ",b";
    operands.push_back(g.elementMasks[i][j]);
  }
  Value res = LLVM::InlineAsmOp::create(
                  rewriter, loc, asmResultType(rewriter.getContext(), regs),
                  operands, s, cons, /*has_side_effects=*/true,
                  /*is_align_stack=*/false, LLVM::TailCallKind::None,
                  LLVM::AsmDialectAttr(), ArrayAttr())
                  .getResult(0);
  return joinRegs(rewriter, loc, res, g.accessType, regs);
}

void emitSplitStore(RewriterBase &rewriter, Location loc, const BufferGroups &g,
                    size_t i, Value addr, std::optional<StringRef> cache) {
  PtxRegs regs = ptxRegsFor(g.accessType);
  unsigned r = regs.count;
  std::string c = cacheQualifier(cache);
  std::string width = r > 1 ? ".v" + std::to_string(r) : "";
  std::string all = "$" + std::to_string(r + 1);
  std::string s = "{ " + elementTemps(g) + "@" + all + " st.global" + c +
                  width + ".b32 [$0], " + regList(1, r) + "; @" + all +
                  " bra TLXAMD_ST_${:uid}; ";
  if (g.elemBytes == 2)
    for (unsigned k = 0; k < r; ++k)
      s += "mov.b32 {%t" + std::to_string(2 * k) + ", %t" +
           std::to_string(2 * k + 1) + "}, $" + std::to_string(1 + k) + "; ";
  for (int64_t j = 0; j < g.width; ++j) {
    std::string m = "$" + std::to_string(r + 2 + j);
    std::string off = "[$0+" + std::to_string(j * g.elemBytes) + "]";
    if (g.elemBytes == 4)
      s += "@" + m + " st.global" + c + ".b32 " + off + ", $" +
           std::to_string(1 + j) + "; ";
    else
      s += "@" + m + " st.global" + c + ".b16 " + off + ", %t" +
           std::to_string(j) + "; ";
  }
  s += "TLXAMD_ST_${:uid}: }";
  std::string cons = "l";
  for (unsigned k = 0; k < r; ++k)
    cons += ",r";
  cons += ",b";
  SmallVector<Value> operands = {addr};
  llvm::append_range(operands, splitRegs(rewriter, loc, g.data[i], regs));
  operands.push_back(g.masks[i]);
  for (int64_t j = 0; j < g.width; ++j) {
    cons += ",b";
    operands.push_back(g.elementMasks[i][j]);
  }
  LLVM::InlineAsmOp::create(rewriter, loc,
                            LLVM::LLVMVoidType::get(rewriter.getContext()),
                            operands, s, cons, /*has_side_effects=*/true,
                            /*is_align_stack=*/false, LLVM::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

struct BufferLoadLowering : BufferOpPattern<BufferLoadOp> {
  using BufferOpPattern::BufferOpPattern;
  LogicalResult
  matchAndRewrite(BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BufferGroups g = group(rewriter, op, adaptor, /*splitUnprovenMasks=*/true);
    if (canEmitSplitGroup(g)) {
      SmallVector<Value> loaded;
      for (size_t i = 0; i < g.byteOffsets.size(); ++i)
        loaded.push_back(emitSplitLoad(
            rewriter, loc, g, i,
            groupAddress(rewriter, loc, adaptor.getPtr(), g.byteOffsets[i]),
            op.getCache()));
      replaceWithGroups(rewriter, op, adaptor, g, loaded);
      return success();
    }
    SmallVector<Value> loaded = emitLoadGroups(
        rewriter, loc, g, [&](Type type, Value offset, Value pred) -> Value {
          PtxRegs regs = ptxRegsFor(type);
          std::string width =
              regs.count > 1 ? ".v" + std::to_string(regs.count) : "";
          std::string instr =
              "ld.global" + cacheQualifier(op.getCache()) + width + "." +
              (regs.type == "b8" ? std::string("u8") : regs.type.str()) + " " +
              regList(0, regs.count) + ", [$" + std::to_string(regs.count) +
              "];";
          Value addr = groupAddress(rewriter, loc, adaptor.getPtr(), offset);
          Value r = emitLoadLike(rewriter, loc, regs, instr, {addr}, "l", pred);
          return joinRegs(rewriter, loc, r, type, regs);
        });
    replaceWithGroups(rewriter, op, adaptor, g, loaded);
    return success();
  }
};

struct BufferStoreLowering : BufferOpPattern<BufferStoreOp> {
  using BufferOpPattern::BufferOpPattern;
  LogicalResult
  matchAndRewrite(BufferStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BufferGroups g = group(rewriter, op, adaptor, /*splitUnprovenMasks=*/true);
    if (canEmitSplitGroup(g)) {
      for (size_t i = 0; i < g.byteOffsets.size(); ++i)
        emitSplitStore(
            rewriter, loc, g, i,
            groupAddress(rewriter, loc, adaptor.getPtr(), g.byteOffsets[i]),
            op.getCache());
      rewriter.eraseOp(op);
      return success();
    }
    emitStoreGroups(
        rewriter, loc, g, [&](Value data, Value offset, Value predicate) {
          PtxRegs regs = ptxRegsFor(data.getType());
          std::string width =
              regs.count > 1 ? ".v" + std::to_string(regs.count) : "";
          std::string cons = "l";
          for (unsigned i = 0; i < regs.count; ++i)
            cons += ("," + regs.constraint).str();
          Value addr = groupAddress(rewriter, loc, adaptor.getPtr(), offset);
          SmallVector<Value> operands = {addr};
          llvm::append_range(operands, splitRegs(rewriter, loc, data, regs));
          std::string pred;
          if (predicate) {
            pred = "@$" + std::to_string(operands.size()) + " ";
            operands.push_back(predicate);
            cons += ",b";
          }
          std::string asmStr =
              pred + "st.global" + cacheQualifier(op.getCache()) + width + "." +
              regs.type.str() + " [$0], " + regList(1, regs.count) + ";";
          LLVM::InlineAsmOp::create(
              rewriter, loc, LLVM::LLVMVoidType::get(rewriter.getContext()),
              operands, asmStr, cons, /*has_side_effects=*/true,
              /*is_align_stack=*/false, LLVM::TailCallKind::None,
              LLVM::AsmDialectAttr(), ArrayAttr());
        });
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
    BufferGroups g = group(rewriter, op, adaptor, /*splitUnprovenMasks=*/true);
    Type elem = op.getValue().getType().getElementType();
    std::string ptxType = elem.isF32()    ? "f32"
                          : elem.isF16()  ? "noftz.f16x2"
                          : elem.isBF16() ? "noftz.bf16x2"
                                          : "u32";
    std::string instr = "atom." + op.getSem().str() + "." +
                        op.getScope().str() + ".global.add." + ptxType +
                        " $0, [$1], $2;";
    PtxRegs regs = ptxRegsFor(g.accessType);
    SmallVector<Value> old;
    for (size_t i = 0; i < g.byteOffsets.size(); ++i) {
      Value addr =
          groupAddress(rewriter, loc, adaptor.getPtr(), g.byteOffsets[i]);
      Value r = emitLoadLike(rewriter, loc, regs, instr, {addr, g.data[i]},
                             "l,r", g.masks.empty() ? Value() : g.masks[i]);
      old.push_back(joinRegs(rewriter, loc, r, g.accessType, regs));
    }
    replaceWithGroups(rewriter, op, adaptor, g, old);
    return success();
  }
};

} // namespace

void mlir::tlxamd::nvvm::populateBufferOpsToNVVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  auto cache = std::make_shared<BufferLoweringCache>();
  patterns
      .add<BufferLoadLowering, BufferStoreLowering, BufferAtomicAddLowering>(
          converter, cache);
}
