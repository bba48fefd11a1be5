//===- MatrixLegality.cpp - matrix instructions a target can compile ------===//
//
// Target legality of tl.dot (MFMA, WMMA, mma.sync), explicit MFMA
// scheduling and register classes, and dot_scaled: the instruction a
// layout names exists on the target for the operands, with the fragment
// the operands' layouts hold.
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Target/TargetLegality.h"

#include "tlxamd/Dialect/TlxAmdDialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tlxamd;

//===----------------------------------------------------------------------===//
// tl.dot
//===----------------------------------------------------------------------===//

/// tl.dot with an nvidia_mma layout: the target's mma.sync for the
/// operands (k_width = 32 / element bits, checked by the verifier).
static LogicalResult verifyMmaSyncDot(DotOp op, const ArchInfo &arch, Type elem,
                                      unsigned kWidth) {
  if (findMatrixInstrFor(arch, MatrixEngine::MMA, 16, 8, 8 * kWidth, elem))
    return success();
  return op.emitOpError("no m16n8k")
         << 8 * kWidth << " mma.sync of " << elem << " operands on "
         << arch.name << " (" << arch.family << ")";
}

/// The layout's MFMA generation is the target's.
static LogicalResult verifyMfmaGeneration(Operation *op, AmdMfmaLayoutAttr mfma,
                                          const ArchInfo &arch) {
  if (mfma.getVersion() == arch.mfmaVersion)
    return success();
  return op->emitOpError("the layout is of MFMA generation ")
         << mfma.getVersion() << "; " << arch.name << " (" << arch.family
         << ") has " << (arch.mfmaVersion ? "generation " : "no MFMA")
         << (arch.mfmaVersion ? std::to_string(arch.mfmaVersion) : "");
}

/// The target has the MFMA an `mfma` layout names, for `elem` operands
/// holding `kWidth` elements of K per lane.
static LogicalResult verifyMfmaForTarget(Operation *op, AmdMfmaLayoutAttr mfma,
                                         Type elem, unsigned kWidth,
                                         const ArchInfo &arch) {
  ArrayRef<unsigned> shape = mfma.getInstrShape();
  if (failed(verifyMfmaGeneration(op, mfma, arch)))
    return failure();
  const MatrixInstr *instr = findMatrixInstrFor(
      arch, MatrixEngine::MFMA, shape[0], shape[1], shape[2], elem);
  if (!instr)
    return op->emitOpError("no ")
           << shape[0] << "x" << shape[1] << "x" << shape[2] << " MFMA of "
           << elem << " operands on " << arch.name << " (" << arch.family
           << ")";
  if (shape[0] != shape[1])
    return op->emitOpError("lowers the square 32x32 and 16x16 MFMA "
                           "instructions; ")
           << instr->name << " (" << shape[0] << "x" << shape[1]
           << " blocks) is not lowered";
  if (kWidth != instr->kWidth)
    return op->emitOpError("operands hold ")
           << kWidth << " elements of K per lane; " << instr->name << " takes "
           << instr->kWidth << " (k_width)";
  return success();
}

/// tl.dot with an amd_wmma layout: the target's WMMA generation and an
/// instruction of that shape for the operands, which hold its K groups.
static LogicalResult verifyWmmaDot(DotOp op, AmdWmmaLayoutAttr wmma, Type elem,
                                   unsigned kWidth, const ArchInfo &arch) {
  if (wmma.getVersion() != arch.wmmaVersion)
    return op.emitOpError("the layout is of WMMA generation ")
           << wmma.getVersion() << "; " << arch.name << " (" << arch.family
           << ") has "
           << (arch.wmmaVersion
                   ? "generation " + std::to_string(arch.wmmaVersion)
                   : std::string("no WMMA"));
  ArrayRef<unsigned> shape = wmma.getInstrShape();
  const MatrixInstr *instr = findMatrixInstrFor(
      arch, MatrixEngine::WMMA, shape[0], shape[1], shape[2], elem);
  if (!instr)
    return op.emitOpError("no ")
           << shape[0] << "x" << shape[1] << "x" << shape[2] << " WMMA of "
           << elem << " operands on " << arch.name << " (" << arch.family
           << ")";
  if (kWidth != getWmmaKGroup(*instr))
    return op.emitOpError("operands hold ")
           << kWidth << " consecutive elements of K per lane; " << instr->name
           << " takes them in groups of " << getWmmaKGroup(*instr)
           << " (k_width)";
  return success();
}

LogicalResult DotOp::verifyForTarget(const ArchInfo &arch) {
  auto c = cast<RankedTensorType>(getC().getType());
  auto aType = cast<RankedTensorType>(getA().getType());
  Type elem = aType.getElementType();
  if (!c.getEncoding())
    return success(); // layout-free: layout assignment picks the instruction
  unsigned kWidth = cast<DotOperandLayoutAttr>(aType.getEncoding()).getKWidth();
  if (isa<NvidiaMmaLayoutAttr>(c.getEncoding()))
    return verifyMmaSyncDot(*this, arch, elem, kWidth);
  if (auto wmma = dyn_cast<AmdWmmaLayoutAttr>(c.getEncoding()))
    return verifyWmmaDot(*this, wmma, elem, kWidth, arch);
  return verifyMfmaForTarget(*this, cast<AmdMfmaLayoutAttr>(c.getEncoding()),
                             elem, kWidth, arch);
}

//===----------------------------------------------------------------------===//
// Explicit MFMA scheduling and register classes (the TLX tensor-core reference)
//===----------------------------------------------------------------------===//

/// M1: explicit MFMA scheduling needs CDNA3 / CDNA4 MFMAs.
static LogicalResult verifyScheduledMfmaTarget(Operation *op,
                                               const ArchInfo &arch) {
  if (arch.isAMD() && (arch.mfmaVersion == 3 || arch.mfmaVersion == 4))
    return success();
  return op->emitOpError("M1: explicit MFMA scheduling is for the native "
                         "BF16 / F16 MFMAs of ")
         << getArchNamesWhere([](const ArchInfo &a) {
              return a.isAMD() && (a.mfmaVersion == 3 || a.mfmaVersion == 4);
            })
         << "; " << arch.name << " (" << arch.family << ") has none";
}

/// M1: the register-class ops are AMD-only; AGPRs exist only with MFMA.
static LogicalResult verifyRegisterClassTarget(Operation *op, StringRef cls,
                                               const ArchInfo &arch) {
  if (!arch.isAMD())
    return op->emitOpError("M1: register-class constraints are AMD-only; ")
           << arch.name << " (" << arch.family << ") is not an AMD target";
  if (cls == "agpr" && arch.numAGPRs == 0)
    return op->emitOpError("M1: ")
           << arch.name << " (" << arch.family << ") has no AGPRs";
  return success();
}

LogicalResult AmdScheduledMfmaOp::verifyForTarget(const ArchInfo &arch) {
  if (failed(verifyScheduledMfmaTarget(*this, arch)))
    return failure();
  auto a = cast<RankedTensorType>(getA().getType());
  auto acc = cast<RankedTensorType>(getAcc().getType());
  if (failed(verifyMfmaForTarget(
          *this, cast<AmdMfmaLayoutAttr>(acc.getEncoding()), a.getElementType(),
          cast<DotOperandLayoutAttr>(a.getEncoding()).getKWidth(), arch)))
    return failure();
  // The operands and the accumulator live in one lane's registers at once:
  // a tile they cannot fit in would only spill (or keep llc busy for
  // minutes), so it is rejected here.
  auto regs = [](RankedTensorType t) {
    return (getLinearLayout(t).getNumRegisters() *
                getElementBitWidth(t.getElementType()) +
            31) /
           32;
  };
  int64_t accRegs = regs(acc);
  int64_t operandRegs =
      regs(a) + regs(cast<RankedTensorType>(getB().getType()));
  int64_t laneRegs = arch.numVGPRs + arch.numAGPRs;
  if (laneRegs && accRegs + operandRegs > laneRegs)
    return emitOpError("the accumulator needs ")
           << accRegs << " and the operands " << operandRegs
           << " 32-bit registers per lane, more than the " << arch.numVGPRs
           << " VGPRs and " << arch.numAGPRs << " AGPRs a lane of " << arch.name
           << " has: split the tile into subtiles";
  if (arch.scheduledMfmaAgprAccumulators)
    return success();
  std::optional<StringRef> cls = getAccumulatorRegisterClass();
  if (cls && *cls == "agpr")
    return emitOpError("M10: ") << arch.name << " (" << arch.family
                                << ") rejects accumulator_register_class="
                                   "\"agpr\"";
  if (isPersistent() && !cls)
    return emitOpError("M10: persistent accumulators default to AGPRs, which ")
           << arch.name << " (" << arch.family
           << ") rejects: choose accumulator_register_class=\"vgpr\" "
              "explicitly";
  return success();
}

LogicalResult AmdMfmaCommitOp::verifyForTarget(const ArchInfo &arch) {
  return verifyScheduledMfmaTarget(*this, arch);
}

LogicalResult AmdRegisterResidentOp::verifyForTarget(const ArchInfo &arch) {
  return verifyRegisterClassTarget(*this, getRegisterClass(), arch);
}

LogicalResult AmdRegisterClassAnchorOp::verifyForTarget(const ArchInfo &arch) {
  return verifyRegisterClassTarget(*this, getRegisterClass(), arch);
}

LogicalResult AmdSchedBarrierOp::verifyForTarget(const ArchInfo &arch) {
  if (arch.isAMD())
    return success();
  return emitOpError("M17: amd_sched_barrier is AMD-only; ")
         << arch.name << " (" << arch.family << ") is not an AMD target";
}

LogicalResult AmdSetPriorityOp::verifyForTarget(const ArchInfo &arch) {
  if (arch.isAMD())
    return success();
  return emitOpError("s_setprio (warp_pipeline_stage priorities) is AMD-only; ")
         << arch.name << " (" << arch.family << ") is not an AMD target";
}

LogicalResult AmdWarpPipelineStageOp::verifyForTarget(const ArchInfo &arch) {
  if (!arch.isAMD())
    return emitOpError("W11: warp pipelining (TLX warp_pipeline_stage) is an "
                       "AMD schedule (s_setprio, wave halves one s_barrier "
                       "apart); ")
           << arch.name << " (" << arch.family << ") is not an AMD target";
  if (!arch.warpPipelining)
    return emitOpError("W11: warp pipelining's barriers are lowered for the "
                       "CDNA counters (s_waitcnt lgkmcnt); ")
           << arch.name << " (" << arch.family
           << ") has other ones (targets that have it: "
           << getArchNamesWhere(
                  [](const ArchInfo &a) { return a.warpPipelining; })
           << ")";
  FunctionOpInterface kernel = (*this)->getParentOfType<FunctionOpInterface>();
  std::optional<int64_t> warps = kernel ? getNumWarps(kernel) : std::nullopt;
  if (warps && (*warps < 2 || *warps % 2))
    return emitOpError("W11: warp pipelining splits the program's waves into "
                       "two halves; the kernel has ")
           << *warps << " wave" << (*warps == 1 ? "" : "s")
           << " (an even number is needed)";
  return success();
}

//===----------------------------------------------------------------------===//
// dot_scaled
//===----------------------------------------------------------------------===//

/// MFMA's f8f6f4 scaled instructions take 32 values of K per lane from
/// each operand; fp4 packed along K (16 bytes).
static LogicalResult verifyScaledMfmaForTarget(DotScaledOp op,
                                               AmdMfmaLayoutAttr mfma,
                                               const ArchInfo &arch) {
  ArrayRef<unsigned> shape = mfma.getInstrShape();
  if (failed(verifyMfmaGeneration(op, mfma, arch)))
    return failure();
  const MatrixInstr *instr = findMatrixInstr(
      arch, MatrixEngine::ScaledMFMA, shape[0], shape[1], shape[2], "f8f6f4");
  if (!instr)
    return op.emitOpError("no ")
           << shape[0] << "x" << shape[1] << "x" << shape[2]
           << " scaled MFMA on " << arch.name << " (" << arch.family << ")";
  StringRef names[2] = {op.getLhsFormat(), op.getRhsFormat()};
  bool kPack[2] = {op.getLhsKPack(), op.getRhsKPack()};
  Value operands[2] = {op.getA(), op.getB()};
  for (unsigned i = 0; i < 2; ++i) {
    const ScaledFormat *f = getScaledFormat(names[i]);
    if (!f->microscaled)
      return op.emitOpError()
             << instr->name << " multiplies fp8 / fp6 / fp4 operands; "
             << (i ? "rhs" : "lhs") << "_format " << names[i]
             << " is not lowered on " << arch.name;
    if (f->bits == 4 && !kPack[i])
      return op.emitOpError()
             << instr->name << " takes fp4 packed along K; "
             << (i ? "rhs" : "lhs")
             << "_k_pack = false (packed along M / N) is not lowered";
    unsigned want = f->bits == 4 ? instr->kWidth / 2 : instr->kWidth;
    unsigned kWidth =
        cast<DotOperandLayoutAttr>(
            cast<RankedTensorType>(operands[i].getType()).getEncoding())
            .getKWidth();
    if (kWidth != want)
      return op.emitOpError("operand ")
             << (i ? "b" : "a") << " holds " << kWidth
             << " elements of K per lane; " << instr->name << " takes " << want
             << " (k_width: " << instr->kWidth << " " << names[i] << " values)";
  }
  return success();
}

/// Whether `arch` has an instruction of `engine` over f8f6f4 operands.
static bool hasScaledMatrix(const ArchInfo &arch, MatrixEngine engine) {
  return llvm::any_of(arch.matrixInstrs, [&](const MatrixInstr &i) {
    return i.engine == engine && i.aType == "f8f6f4";
  });
}

/// gfx1250's scaled WMMA: its generation, fp8 and fp4 (packed along K)
/// operands holding its 16-byte K groups.
static LogicalResult verifyScaledWmmaForTarget(DotScaledOp op,
                                               AmdWmmaLayoutAttr wmma,
                                               const ArchInfo &arch) {
  ArrayRef<unsigned> shape = wmma.getInstrShape();
  const MatrixInstr *instr =
      wmma.getVersion() == arch.wmmaVersion
          ? findMatrixInstr(arch, MatrixEngine::WMMA, shape[0], shape[1],
                            shape[2], "f8f6f4")
          : nullptr;
  if (!instr)
    return op.emitOpError("no ")
           << shape[0] << "x" << shape[1] << "x" << shape[2]
           << " scaled WMMA of generation " << wmma.getVersion() << " on "
           << arch.name << " (" << arch.family << ")";
  StringRef names[2] = {op.getLhsFormat(), op.getRhsFormat()};
  bool kPack[2] = {op.getLhsKPack(), op.getRhsKPack()};
  Value operands[2] = {op.getA(), op.getB()};
  for (unsigned i = 0; i < 2; ++i) {
    const ScaledFormat *f = getScaledFormat(names[i]);
    if (f->bits != 8 && !(f->bits == 4 && kPack[i]))
      return op.emitOpError()
             << instr->name << " is lowered for fp8 and fp4 packed along K; "
             << (i ? "rhs" : "lhs") << "_format " << names[i]
             << (f->bits == 4 ? " packed along M / N" : "")
             << " is not (written without layouts, such a dot_scaled is "
                "upcast to the plain dot: tlxamd-decompose-dot-scaled)";
    unsigned kWidth =
        cast<DotOperandLayoutAttr>(
            cast<RankedTensorType>(operands[i].getType()).getEncoding())
            .getKWidth();
    if (kWidth != getWmmaKGroup(*instr))
      return op.emitOpError("operand ")
             << (i ? "b" : "a") << " holds " << kWidth
             << " consecutive elements of K per lane; " << instr->name
             << " takes them in groups of " << getWmmaKGroup(*instr)
             << " bytes (k_width)";
  }
  return success();
}

LogicalResult DotScaledOp::verifyForTarget(const ArchInfo &arch) {
  bool wmma = hasScaledMatrix(arch, MatrixEngine::WMMA);
  // D4: only the scaled-WMMA lowering reads tiles_per_warp.
  if (getTilesPerWarp() && !wmma)
    return emitOpError("D4: tiles_per_warp is read only by the scaled-WMMA "
                       "lowering (targets with scaled WMMA instructions: ")
           << getArchNamesWhere([](const ArchInfo &a) {
                return hasScaledMatrix(a, MatrixEngine::WMMA);
              })
           << "); on " << arch.name << " (" << arch.family
           << ") it would be ignored: drop it";
  if (!wmma && !hasScaledMatrix(arch, MatrixEngine::ScaledMFMA))
    return emitOpError("is lowered to the scaled MFMA or WMMA (*.scale.f32.*."
                       "f8f6f4) of ")
           << getArchNamesWhere([](const ArchInfo &a) {
                return hasScaledMatrix(a, MatrixEngine::ScaledMFMA) ||
                       hasScaledMatrix(a, MatrixEngine::WMMA);
              })
           << "; " << arch.name << " (" << arch.family
           << ") has none (written without layouts, a dot_scaled is upcast "
              "to the plain dot there: tlxamd-decompose-dot-scaled)";
  auto c = cast<RankedTensorType>(getC().getType());
  if (!c.getEncoding())
    return success(); // layout assignment picks the instruction
  if (auto w = dyn_cast<AmdWmmaLayoutAttr>(c.getEncoding()))
    return verifyScaledWmmaForTarget(*this, w, arch);
  auto mfma = dyn_cast<AmdMfmaLayoutAttr>(c.getEncoding());
  if (!mfma)
    return emitOpError("needs an MFMA layout on ") << arch.name;
  return verifyScaledMfmaForTarget(*this, mfma, arch);
}
