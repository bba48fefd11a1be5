//===- Arch.h - the capability table of the supported targets ---*- C++ -*-===//
//
// The one place that knows which chips tlxamd targets and what each has:
// one `ArchInfo` entry per target (adding a target is adding an entry in
// Arch.cpp). Layout verifiers, target legality, both lowerings, the pass
// options, the pipelines and the Python compile driver (through the C API)
// all read it; nothing else names a chip.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TARGET_ARCH_H
#define TLXAMD_TARGET_ARCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::tlxamd {

enum class Vendor { AMD, NVIDIA };

/// The matrix engines whose instructions the catalog lists.
enum class MatrixEngine {
  MFMA,       ///< AMD CDNA v_mfma (wave64)
  ScaledMFMA, ///< AMD CDNA4 v_mfma_scale (block-scaled f8/f6/f4)
  WMMA,       ///< AMD v_wmma (wave32)
  MMA,        ///< NVIDIA mma.sync (warp)
  WGMMA,      ///< NVIDIA wgmma.mma_async (warpgroup)
  TCGEN05,    ///< NVIDIA tcgen05.mma (tensor memory accumulator)
};

/// One matrix instruction: D[m x n] += A[m x k] * B[k x n].
struct MatrixInstr {
  MatrixEngine engine;
  unsigned m, n, k;
  llvm::StringLiteral aType; ///< MLIR spelling of A's element type
  llvm::StringLiteral bType;
  llvm::StringLiteral accType;
  /// A-operand elements one lane holds for one instruction (Triton's kBase;
  /// the dot-operand k_width of the native fragment).
  unsigned kWidth;
  llvm::StringLiteral name; ///< ROCDL op / PTX instruction
};

/// How cache modifiers become instruction bits.
enum class CachePolicyEncoding {
  None,  ///< no modifiers are encoded: they are rejected
  CDNA3, ///< sc0 / sc1 / nt bits of CDNA3 and later (LLVM CPol)
  PTX,   ///< PTX cache qualifiers of the same name
};

/// How a lane copies global memory straight into shared memory.
enum class AsyncCopyKind {
  None,      ///< not modelled
  BufferLds, ///< AMD CDNA buffer_load ... lds (LDS address in M0)
  CpAsync,   ///< NVIDIA cp.async (commit / wait groups)
};

struct ArchInfo {
  llvm::StringLiteral name; ///< the target name users pass
  Vendor vendor;
  llvm::StringLiteral family; ///< human-readable family for diagnostics
  llvm::StringLiteral triple; ///< LLVM target triple
  /// The LLVM module's data layout, where the translation must know it
  /// (the default alignment of accesses without one: LLVM's built-in layout
  /// gives i64 4 bytes, and NVPTX then splits an i64 load in two); empty:
  /// none declared, the code generator's own.
  llvm::StringLiteral dataLayout = "";
  llvm::StringLiteral cpu;           ///< LLVM CPU (-mcpu)
  llvm::StringLiteral features = ""; ///< LLVM target features (-mattr)
  bool isDefault = false;            ///< the default target of its vendor
  unsigned warpSize;                 ///< lanes per warp / wavefront
  unsigned sharedMemoryBytes;        ///< LDS / shared memory per program
  /// 4-byte banks of LDS / shared memory (one access of each per cycle).
  unsigned sharedMemoryBanks;
  /// Bytes one lane may copy straight from global to shared memory
  /// (buffer_load ... lds / cp.async), ascending.
  llvm::ArrayRef<unsigned> directToSharedBytes;
  bool packedF16BufferAtomics;  ///< buffer_atomic_pk_add_f16 / atom f16x2
  bool packedBF16BufferAtomics; ///< buffer_atomic_pk_add_bf16 / atom bf16x2
  CachePolicyEncoding cachePolicy;
  unsigned bufferResourceFlags = 0; ///< word 3 of a raw buffer resource (AMD)
  unsigned numVGPRs = 0;            ///< architectural VGPRs per lane (AMD CDNA)
  unsigned numAGPRs = 0;            ///< accumulation VGPRs per lane (AMD CDNA)
  unsigned mfmaVersion = 0; ///< MFMA layout generation (3: CDNA3, 4: CDNA4)
  unsigned wmmaVersion = 0; ///< WMMA layout generation
  llvm::ArrayRef<MatrixInstr> matrixInstrs;
  unsigned tensorMemoryBytes = 0; ///< TMEM per SM (Blackwell)
  unsigned maxClusterSize = 1;    ///< CTAs per cluster (portable)
  /// PTX fp8 pair conversions (cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32,
  /// cvt.rn.f16x2.{e4m3x2,e5m2x2}; sm_89 and later).
  bool ptxFp8Conversions = false;
  /// The global-to-shared copy buffer_load_to_shared lowers to.
  AsyncCopyKind asyncCopy = AsyncCopyKind::None;
  /// The tensor memory accelerator: cp.async.bulk.tensor tile copies and
  /// transaction-counting mbarriers (NVIDIA sm_90 and later).
  bool tma = false;
  /// Hardware barriers a subset of a program's warps can synchronize on
  /// (`bar.sync id, threads`; 0: one workgroup barrier only).
  unsigned namedBarriers = 0;
  /// Per-warpgroup register reallocation (`setmaxnreg.inc/dec`).
  bool registerReallocation = false;
  /// Cluster launch control (`clusterlaunchcontrol.try_cancel`: a running
  /// program takes over a cluster that has not started; Blackwell).
  bool clusterLaunchControl = false;
  /// Warp-pipelined loops (TLX warp_pipeline_stage): the two halves of the
  /// waves take turns at one workgroup s_barrier, the LDS-only wait before
  /// it an `s_waitcnt lgkmcnt(0)` (the gfx9 counter encoding; CDNA3/CDNA4).
  bool warpPipelining = false;
  /// amd_scheduled_mfma may keep its accumulators in AGPRs (the TLX
  /// tensor-core reference: gfx950 does; gfx942 rejects every AGPR
  /// accumulator request, M10).
  bool scheduledMfmaAgprAccumulators = false;
  /// Transposing LDS reads of 16-bit elements: the elements one lane
  /// reads (CDNA4 ds_read_b64_tr_b16: 4, each group of 16 lanes reads a
  /// 4 x 16 block; gfx1250 ds_load_tr16_b128: 8, groups of 8 lanes an
  /// 8 x 8 block), each lane receiving a column; 0: none.
  unsigned ldsTransposeRead16Elems = 0;
  /// The same for 8-bit elements (gfx1250 ds_load_tr8_b64: 8); 0: none.
  unsigned ldsTransposeRead8Elems = 0;
  /// The 8-bit read feeds each group of 8 receiving lanes from two runs of
  /// 4 lanes, 8 apart (gfx1250's ds_load_tr8_b64).
  bool ldsTransposeRead8PairedRuns = false;
  /// The flagship product's compute units / SMs, threads per unit and
  /// registers per workgroup (what a launcher sizes persistent grids and
  /// occupancy with; 0: no product to name).
  unsigned computeUnits = 0;
  unsigned maxThreadsPerUnit = 0;
  unsigned registersPerBlock = 0;

  bool isAMD() const { return vendor == Vendor::AMD; }
  bool isNVIDIA() const { return vendor == Vendor::NVIDIA; }
};

/// Every target tlxamd knows, in table order.
llvm::ArrayRef<ArchInfo> getSupportedArchs();

/// The target called `name`, or nullptr.
const ArchInfo *lookupArch(llvm::StringRef name);

/// The default target of `vendor`.
const ArchInfo &getDefaultArch(Vendor vendor);

/// Comma-separated names of the targets of `vendor` ("a, b, c").
std::string getSupportedArchNames(Vendor vendor);
/// Comma-separated names of every target.
std::string getSupportedArchNames();
/// Comma-separated names of the targets for which `pred` holds; "none" when
/// there are none.
std::string getArchNamesWhere(llvm::function_ref<bool(const ArchInfo &)> pred);

/// Help text of a target option naming the targets (of `vendor`, or all):
/// a string that lives as long as the program (llvm::cl keeps a reference).
const std::string &getTargetOptionHelp(std::optional<Vendor> vendor);

/// The instruction of `engine` on `arch` computing an m x n x k tile from
/// `aType` operands (MLIR spelling), or nullptr.
const MatrixInstr *findMatrixInstr(const ArchInfo &arch, MatrixEngine engine,
                                   unsigned m, unsigned n, unsigned k,
                                   llvm::StringRef aType);

/// The K values of a WMMA operand one lane holds contiguously (wave32,
/// 16 x 16 tiles): lanes 0-15 hold the first group of each row (A) or
/// column (B), lanes 16-31 the next, alternating along K. Eight for 8- and
/// 16-bit operands, both of f32's two; 16 bytes for the scaled WMMA (16
/// fp8 values, 32 fp4 ones). The dot-operand k_width of the instruction's
/// fragments (in an fp4 operand's bytes).
unsigned getWmmaKGroup(const MatrixInstr &instr);

/// Distinct K depths that the `engine` instructions of layout generation
/// `version` (MFMA or WMMA) offer for an M x N tile, ascending; empty when
/// no target of that generation has one.
llvm::SmallVector<unsigned>
getMatrixKDepths(MatrixEngine engine, unsigned version, unsigned m, unsigned n);
/// The layout generations of `engine` the targets have, ascending, with the
/// targets of each ("3 (gfx...), 4 (gfx...)"): for diagnostics.
std::string describeMatrixVersions(MatrixEngine engine);
/// Whether some target has layout generation `version` of `engine`.
bool isKnownMatrixVersion(MatrixEngine engine, unsigned version);

/// Instruction bits of the cache modifier `modifier` (".cg", ...) of a load
/// or store under the target's cache-policy encoding (0 when it has none:
/// target legality rejects modifiers there).
unsigned getCachePolicyBits(const ArchInfo &arch, llvm::StringRef modifier,
                            bool isLoad);
/// How a load or store through pointers (not the buffer path) carries the
/// cache modifier `modifier` in LLVM IR: the volatile and nontemporal flags
/// AMDGPU's memory legalizer turns into the access's cache bits (Triton's
/// AMD table: loads .cg / .cs nontemporal, .cv both; stores .cs
/// nontemporal, .wt both; .ca and store .cg neither). None where the target
/// has no such encoding.
struct PointerCacheFlags {
  bool isVolatile = false;
  bool nonTemporal = false;
};
std::optional<PointerCacheFlags> getPointerCacheFlags(const ArchInfo &arch,
                                                      llvm::StringRef modifier,
                                                      bool isLoad);
/// The aux bits of a non-temporal (streaming) buffer load: CDNA3 / CDNA4's
/// `nt` alone (the Mojo PreshuffledBLoader reference's STREAMING, NT = 1); 0
/// where the target's buffer instructions encode no cache policy.
unsigned getNonTemporalLoadBits(const ArchInfo &arch);
/// Instruction bits that make an atomic reach `scope` ("cta", "gpu", "sys").
unsigned getAtomicScopeBits(const ArchInfo &arch, llvm::StringRef scope);

/// The table as JSON (for `python -m tlxamd.compiler --list-targets` and
/// the C API).
void printCapabilityTableJSON(llvm::raw_ostream &os);

llvm::StringRef stringifyMatrixEngine(MatrixEngine engine);
llvm::StringRef stringifyCachePolicyEncoding(CachePolicyEncoding encoding);
llvm::StringRef stringifyAsyncCopyKind(AsyncCopyKind kind);

} // namespace mlir::tlxamd

#endif // TLXAMD_TARGET_ARCH_H
