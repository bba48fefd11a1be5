//===- Arch.cpp - the capability table of the supported targets ----------===//
//
// One entry per target. Sources: the AMD CDNA3/CDNA4 ISA guides and LLVM's
// AMDGPU backend (MFMA/WMMA intrinsics, buffer instructions, LDS sizes),
// the PTX ISA (mma.sync, wgmma, tcgen05, cp.async) and the CUDA
// programming guide (shared memory per block, tensor memory, clusters).
//
//===----------------------------------------------------------------------===//
#include "tlxamd/Target/Arch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace mlir::tlxamd;
using E = MatrixEngine;

//===----------------------------------------------------------------------===//
// Matrix instruction catalogs
//===----------------------------------------------------------------------===//

// clang-format off
// A 4x4 MFMA (16 blocks of 4x4) is described by Triton's layouts as a 4x64
// or 64x4 tile; both spellings are listed. Blocked 32x32x1/16x16x1/...
// variants are the multi-block forms of the same instruction family.
#define CDNA_COMMON                                                              \
  {E::MFMA, 32, 32, 1, "f32", "f32", "f32", 1, "mfma.f32.32x32x1f32"},           \
      {E::MFMA, 16, 16, 1, "f32", "f32", "f32", 1, "mfma.f32.16x16x1f32"},       \
      {E::MFMA, 4, 64, 1, "f32", "f32", "f32", 1, "mfma.f32.4x4x1f32"},          \
      {E::MFMA, 64, 4, 1, "f32", "f32", "f32", 1, "mfma.f32.4x4x1f32"},          \
      {E::MFMA, 32, 32, 2, "f32", "f32", "f32", 1, "mfma.f32.32x32x2f32"},       \
      {E::MFMA, 16, 16, 4, "f32", "f32", "f32", 1, "mfma.f32.16x16x4f32"},       \
      {E::MFMA, 32, 32, 4, "f16", "f16", "f32", 4, "mfma.f32.32x32x4f16"},       \
      {E::MFMA, 16, 16, 4, "f16", "f16", "f32", 4, "mfma.f32.16x16x4f16"},       \
      {E::MFMA, 4, 64, 4, "f16", "f16", "f32", 4, "mfma.f32.4x4x4f16"},          \
      {E::MFMA, 64, 4, 4, "f16", "f16", "f32", 4, "mfma.f32.4x4x4f16"},          \
      {E::MFMA, 32, 32, 8, "f16", "f16", "f32", 4, "mfma.f32.32x32x8f16"},       \
      {E::MFMA, 16, 16, 16, "f16", "f16", "f32", 4, "mfma.f32.16x16x16f16"},     \
      {E::MFMA, 32, 32, 4, "bf16", "bf16", "f32", 4, "mfma.f32.32x32x4bf16.1k"}, \
      {E::MFMA, 16, 16, 4, "bf16", "bf16", "f32", 4, "mfma.f32.16x16x4bf16.1k"}, \
      {E::MFMA, 4, 64, 4, "bf16", "bf16", "f32", 4, "mfma.f32.4x4x4bf16.1k"},    \
      {E::MFMA, 64, 4, 4, "bf16", "bf16", "f32", 4, "mfma.f32.4x4x4bf16.1k"},    \
      {E::MFMA, 32, 32, 8, "bf16", "bf16", "f32", 4, "mfma.f32.32x32x8bf16.1k"}, \
      {E::MFMA, 16, 16, 16, "bf16", "bf16", "f32", 4, "mfma.f32.16x16x16bf16.1k"}, \
      {E::MFMA, 32, 32, 16, "i8", "i8", "i32", 8, "mfma.i32.32x32x16.i8"},       \
      {E::MFMA, 16, 16, 32, "i8", "i8", "i32", 8, "mfma.i32.16x16x32.i8"},       \
      {E::MFMA, 4, 64, 4, "i8", "i8", "i32", 4, "mfma.i32.4x4x4i8"},             \
      {E::MFMA, 64, 4, 4, "i8", "i8", "i32", 4, "mfma.i32.4x4x4i8"},             \
      {E::MFMA, 16, 16, 4, "f64", "f64", "f64", 1, "mfma.f64.16x16x4f64"}

/// CDNA3 (gfx942): FNUZ fp8 formats and xf32.
static const MatrixInstr kCDNA3Matrix[] = {
    CDNA_COMMON,
    {E::MFMA, 32, 32, 4, "xf32", "xf32", "f32", 2, "mfma.f32.32x32x4.xf32"},
    {E::MFMA, 16, 16, 8, "xf32", "xf32", "f32", 2, "mfma.f32.16x16x8.xf32"},
    {E::MFMA, 32, 32, 16, "f8E4M3FNUZ", "f8E4M3FNUZ", "f32", 8,
     "mfma.f32.32x32x16.fp8.fp8"},
    {E::MFMA, 32, 32, 16, "f8E5M2FNUZ", "f8E5M2FNUZ", "f32", 8,
     "mfma.f32.32x32x16.bf8.bf8"},
    {E::MFMA, 16, 16, 32, "f8E4M3FNUZ", "f8E4M3FNUZ", "f32", 8,
     "mfma.f32.16x16x32.fp8.fp8"},
    {E::MFMA, 16, 16, 32, "f8E5M2FNUZ", "f8E5M2FNUZ", "f32", 8,
     "mfma.f32.16x16x32.bf8.bf8"},
};

/// CDNA4 (gfx950): OCP fp8 formats, double-rate f16/bf16/i8, scaled f8f6f4;
/// no xf32.
static const MatrixInstr kCDNA4Matrix[] = {
    CDNA_COMMON,
    {E::MFMA, 32, 32, 16, "f16", "f16", "f32", 8, "mfma.f32.32x32x16.f16"},
    {E::MFMA, 16, 16, 32, "f16", "f16", "f32", 8, "mfma.f32.16x16x32.f16"},
    {E::MFMA, 32, 32, 16, "bf16", "bf16", "f32", 8, "mfma.f32.32x32x16.bf16"},
    {E::MFMA, 16, 16, 32, "bf16", "bf16", "f32", 8, "mfma.f32.16x16x32.bf16"},
    {E::MFMA, 32, 32, 32, "i8", "i8", "i32", 16, "mfma.i32.32x32x32.i8"},
    {E::MFMA, 16, 16, 64, "i8", "i8", "i32", 16, "mfma.i32.16x16x64.i8"},
    {E::MFMA, 32, 32, 16, "f8E4M3FN", "f8E4M3FN", "f32", 8,
     "mfma.f32.32x32x16.fp8.fp8"},
    {E::MFMA, 32, 32, 16, "f8E5M2", "f8E5M2", "f32", 8,
     "mfma.f32.32x32x16.bf8.bf8"},
    {E::MFMA, 16, 16, 32, "f8E4M3FN", "f8E4M3FN", "f32", 8,
     "mfma.f32.16x16x32.fp8.fp8"},
    {E::MFMA, 16, 16, 32, "f8E5M2", "f8E5M2", "f32", 8,
     "mfma.f32.16x16x32.bf8.bf8"},
    {E::ScaledMFMA, 32, 32, 64, "f8f6f4", "f8f6f4", "f32", 32,
     "mfma.scale.f32.32x32x64.f8f6f4"},
    {E::ScaledMFMA, 16, 16, 128, "f8f6f4", "f8f6f4", "f32", 32,
     "mfma.scale.f32.16x16x128.f8f6f4"},
};
#undef CDNA_COMMON

/// gfx1250 WMMA (wave32). Names are the ROCDL ops'; i8 is the signed form
/// of iu8.
static const MatrixInstr kGfx1250Matrix[] = {
    {E::WMMA, 16, 16, 4, "f32", "f32", "f32", 2, "wmma.f32.16x16x4.f32"},
    {E::WMMA, 16, 16, 32, "f16", "f16", "f32", 16, "wmma.f32.16x16x32.f16"},
    {E::WMMA, 16, 16, 32, "bf16", "bf16", "f32", 16, "wmma.f32.16x16x32.bf16"},
    {E::WMMA, 16, 16, 64, "f8E4M3FN", "f8E4M3FN", "f32", 32,
     "wmma.f32.16x16x64.fp8_fp8"},
    {E::WMMA, 16, 16, 64, "f8E5M2", "f8E5M2", "f32", 32,
     "wmma.f32.16x16x64.bf8_bf8"},
    {E::WMMA, 16, 16, 64, "i8", "i8", "i32", 32, "wmma.i32.16x16x64.iu8"},
    {E::WMMA, 16, 16, 128, "f8E4M3FN", "f8E4M3FN", "f32", 64,
     "wmma.f32.16x16x128.fp8_fp8"},
    {E::WMMA, 16, 16, 128, "f8E5M2", "f8E5M2", "f32", 64,
     "wmma.f32.16x16x128.bf8_bf8"},
    {E::WMMA, 16, 16, 128, "f8f6f4", "f8f6f4", "f32", 64,
     "wmma.scale.f32.16x16x128.f8f6f4"},
};

// mma.sync rows list only what the NVVM lowering emits (f16, bf16, tf32;
// e4m3 / e5m2 on sm_89 and later); the s8 form (m16n8k32) is not lowered,
// so it is not listed and target legality rejects such dots (test_catalog.py
// checks both ways).
#define MMA_SYNC_FP8                                                           \
  {E::MMA, 16, 8, 32, "f8E4M3FN", "f8E4M3FN", "f32", 16,                      \
   "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"},                     \
  {E::MMA, 16, 8, 32, "f8E5M2", "f8E5M2", "f32", 16,                          \
   "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32"}
#define MMA_SYNC_COMMON                                                        \
  {E::MMA, 16, 8, 16, "f16", "f16", "f32", 8,                                  \
   "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"},                       \
  {E::MMA, 16, 8, 16, "bf16", "bf16", "f32", 8,                                \
   "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"},                     \
  {E::MMA, 16, 8, 8, "xf32", "xf32", "f32", 4,                                 \
   "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"}

/// Hopper: mma.sync and warpgroup MMA (N up to 256).
static const MatrixInstr kSm90Matrix[] = {
    MMA_SYNC_COMMON,
    MMA_SYNC_FP8,
    {E::WGMMA, 64, 256, 16, "f16", "f16", "f32", 8,
     "wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16"},
    {E::WGMMA, 64, 256, 16, "bf16", "bf16", "f32", 8,
     "wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16"},
    {E::WGMMA, 64, 256, 32, "f8E4M3FN", "f8E4M3FN", "f32", 16,
     "wgmma.mma_async.sync.aligned.m64nNk32.f32.e4m3.e4m3"},
};

/// Blackwell: mma.sync and tcgen05.mma into tensor memory (M 128 per CTA,
/// 256 across a CTA pair; N up to 256).
static const MatrixInstr kSm100Matrix[] = {
    MMA_SYNC_COMMON,
    MMA_SYNC_FP8,
    {E::TCGEN05, 128, 256, 16, "f16", "f16", "f32", 16,
     "tcgen05.mma.cta_group::1.kind::f16"},
    {E::TCGEN05, 128, 256, 16, "bf16", "bf16", "f32", 16,
     "tcgen05.mma.cta_group::1.kind::f16"},
    {E::TCGEN05, 128, 256, 8, "xf32", "xf32", "f32", 8,
     "tcgen05.mma.cta_group::1.kind::tf32"},
    {E::TCGEN05, 128, 256, 32, "f8f6f4", "f8f6f4", "f32", 32,
     "tcgen05.mma.cta_group::1.kind::f8f6f4"},
    {E::TCGEN05, 256, 256, 32, "f8f6f4", "f8f6f4", "f32", 32,
     "tcgen05.mma.cta_group::2.kind::mxf8f6f4.block_scale"},
    {E::TCGEN05, 128, 256, 32, "i8", "i8", "i32", 32,
     "tcgen05.mma.cta_group::1.kind::i8"},
};
#undef MMA_SYNC_COMMON
#undef MMA_SYNC_FP8
// clang-format on

//===----------------------------------------------------------------------===//
// The targets
//===----------------------------------------------------------------------===//

static const unsigned kCDNA3DirectToLds[] = {1, 2, 4};
static const unsigned kCDNA4DirectToLds[] = {1, 2, 4, 12, 16};
static const unsigned kGfx1250DirectToLds[] = {1, 4, 8, 16};
static const unsigned kCpAsync[] = {4, 8, 16};

// Word 3 of a raw buffer resource: DST_SEL_XYZW (7 << 12) and a 32-bit
// data format (4 << 15); gfx10+ add the raw out-of-bounds mode (3 << 28)
// and resource-level bounds (1 << 24). On gfx1250 LLVM 22's
// make.buffer.rsrc builds the resource itself (num_records from bit 57,
// word 3 zero) and does not read the flags (Target/buffer-wave32.mlir).
static constexpr unsigned kCDNARsrcFlags = (7 << 12) | (4 << 15);
// NVPTX's data layout (LLVM 22's NVPTXTargetMachine for nvptx64).
static constexpr llvm::StringLiteral kNvptxDataLayout =
    "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64";
static constexpr unsigned kGfx12RsrcFlags =
    kCDNARsrcFlags | (1 << 24) | (3 << 28);

// Each entry names its fields; a field left out takes the default its
// declaration gives (Arch.h: no such unit, 0, false, one CTA).
static const ArchInfo kArchs[] = {
    // CDNA3 has global_atomic_pk_add_bf16 but no buffer form.
    {.name = "gfx942",
     .vendor = Vendor::AMD,
     .family = "CDNA3 (MI300)",
     .triple = "amdgcn-amd-amdhsa",
     .cpu = "gfx942",
     .warpSize = 64,
     .sharedMemoryBytes = 64 * 1024,
     .sharedMemoryBanks = 32,
     .directToSharedBytes = kCDNA3DirectToLds,
     .packedF16BufferAtomics = true,
     .packedBF16BufferAtomics = false,
     .cachePolicy = CachePolicyEncoding::CDNA3,
     .bufferResourceFlags = kCDNARsrcFlags,
     .numVGPRs = 256,
     .numAGPRs = 256,
     .mfmaVersion = 3,
     .matrixInstrs = kCDNA3Matrix,
     .asyncCopy = AsyncCopyKind::BufferLds,
     .warpPipelining = true,
     // MI300X
     .computeUnits = 304,
     .maxThreadsPerUnit = 2048,
     .registersPerBlock = 65536},
    {.name = "gfx950",
     .vendor = Vendor::AMD,
     .family = "CDNA4 (MI350)",
     .triple = "amdgcn-amd-amdhsa",
     .cpu = "gfx950",
     .isDefault = true,
     .warpSize = 64,
     .sharedMemoryBytes = 160 * 1024,
     .sharedMemoryBanks = 64,
     .directToSharedBytes = kCDNA4DirectToLds,
     .packedF16BufferAtomics = true,
     .packedBF16BufferAtomics = true,
     .cachePolicy = CachePolicyEncoding::CDNA3,
     .bufferResourceFlags = kCDNARsrcFlags,
     .numVGPRs = 256,
     .numAGPRs = 256,
     .mfmaVersion = 4,
     .matrixInstrs = kCDNA4Matrix,
     .asyncCopy = AsyncCopyKind::BufferLds,
     .warpPipelining = true,
     .scheduledMfmaAgprAccumulators = true,
     .ldsTransposeRead16Elems = 4,
     // MI355X
     .computeUnits = 256,
     .maxThreadsPerUnit = 2048,
     .registersPerBlock = 65536},
    {.name = "gfx1250",
     .vendor = Vendor::AMD,
     .family = "gfx1250",
     .triple = "amdgcn-amd-amdhsa",
     .cpu = "gfx1250",
     .warpSize = 32,
     .sharedMemoryBytes = 320 * 1024,
     .sharedMemoryBanks = 64,
     .directToSharedBytes = kGfx1250DirectToLds,
     .packedF16BufferAtomics = true,
     .packedBF16BufferAtomics = true,
     .cachePolicy = CachePolicyEncoding::None,
     .bufferResourceFlags = kGfx12RsrcFlags,
     .wmmaVersion = 3,
     .matrixInstrs = kGfx1250Matrix,
     .ldsTransposeRead16Elems = 8,
     .ldsTransposeRead8Elems = 8,
     .ldsTransposeRead8PairedRuns = true},
    {.name = "sm_90a",
     .vendor = Vendor::NVIDIA,
     .family = "Hopper",
     .triple = "nvptx64-nvidia-cuda",
     .dataLayout = kNvptxDataLayout,
     .cpu = "sm_90a",
     // PTX 8.4: mma.sync with e4m3 / e5m2 multiplicands needs it.
     .features = "+ptx84",
     .isDefault = true,
     .warpSize = 32,
     .sharedMemoryBytes = 227 * 1024,
     .sharedMemoryBanks = 32,
     .directToSharedBytes = kCpAsync,
     .packedF16BufferAtomics = true,
     .packedBF16BufferAtomics = true,
     .cachePolicy = CachePolicyEncoding::PTX,
     .matrixInstrs = kSm90Matrix,
     .maxClusterSize = 8,
     .ptxFp8Conversions = true,
     .asyncCopy = AsyncCopyKind::CpAsync,
     .tma = true,
     .namedBarriers = 16,
     .registerReallocation = true,
     // H100 / H200 SXM
     .computeUnits = 132,
     .maxThreadsPerUnit = 2048,
     .registersPerBlock = 65536},
    {.name = "sm_100a",
     .vendor = Vendor::NVIDIA,
     .family = "Blackwell",
     .triple = "nvptx64-nvidia-cuda",
     .dataLayout = kNvptxDataLayout,
     .cpu = "sm_100a",
     // PTX 8.8: tcgen05.mma's block scaling (.block_scale) needs it.
     .features = "+ptx88",
     .warpSize = 32,
     .sharedMemoryBytes = 227 * 1024,
     .sharedMemoryBanks = 32,
     .directToSharedBytes = kCpAsync,
     .packedF16BufferAtomics = true,
     .packedBF16BufferAtomics = true,
     .cachePolicy = CachePolicyEncoding::PTX,
     .matrixInstrs = kSm100Matrix,
     // 128 lanes x 512 columns x 4 bytes.
     .tensorMemoryBytes = 256 * 1024,
     .maxClusterSize = 8,
     .ptxFp8Conversions = true,
     .asyncCopy = AsyncCopyKind::CpAsync,
     .tma = true,
     .namedBarriers = 16,
     .registerReallocation = true,
     .clusterLaunchControl = true,
     // B200
     .computeUnits = 148,
     .maxThreadsPerUnit = 2048,
     .registersPerBlock = 65536},
};

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

llvm::ArrayRef<ArchInfo> mlir::tlxamd::getSupportedArchs() { return kArchs; }

const ArchInfo *mlir::tlxamd::lookupArch(llvm::StringRef name) {
  for (const ArchInfo &a : kArchs)
    if (a.name == name)
      return &a;
  return nullptr;
}

const ArchInfo &mlir::tlxamd::getDefaultArch(Vendor vendor) {
  for (const ArchInfo &a : kArchs)
    if (a.vendor == vendor && a.isDefault)
      return a;
  llvm_unreachable("every vendor has a default target");
}

std::string
mlir::tlxamd::getArchNamesWhere(llvm::function_ref<bool(const ArchInfo &)> p) {
  std::string out;
  for (const ArchInfo &a : kArchs) {
    if (!p(a))
      continue;
    if (!out.empty())
      out += ", ";
    out += a.name.str();
  }
  return out.empty() ? "none" : out;
}

std::string mlir::tlxamd::getSupportedArchNames(Vendor vendor) {
  return getArchNamesWhere(
      [&](const ArchInfo &a) { return a.vendor == vendor; });
}

std::string mlir::tlxamd::getSupportedArchNames() {
  return getArchNamesWhere([](const ArchInfo &) { return true; });
}

const std::string &
mlir::tlxamd::getTargetOptionHelp(std::optional<Vendor> vendor) {
  static const std::string amd = "AMD target of the capability table: " +
                                 getSupportedArchNames(Vendor::AMD);
  static const std::string nvidia = "NVIDIA target of the capability table: " +
                                    getSupportedArchNames(Vendor::NVIDIA);
  static const std::string all =
      "target of the capability table: " + getSupportedArchNames();
  if (!vendor)
    return all;
  return *vendor == Vendor::AMD ? amd : nvidia;
}

/// The layout generation of `engine` on `arch` (0: none).
static unsigned layoutVersion(const ArchInfo &arch, MatrixEngine engine) {
  if (engine == MatrixEngine::MFMA || engine == MatrixEngine::ScaledMFMA)
    return arch.mfmaVersion;
  if (engine == MatrixEngine::WMMA)
    return arch.wmmaVersion;
  return 0;
}

llvm::SmallVector<unsigned> mlir::tlxamd::getMatrixKDepths(MatrixEngine engine,
                                                           unsigned version,
                                                           unsigned m,
                                                           unsigned n) {
  std::set<unsigned> ks;
  for (const ArchInfo &a : kArchs) {
    if (layoutVersion(a, engine) != version)
      continue;
    for (const MatrixInstr &i : a.matrixInstrs) {
      // Scaled MFMAs share the MFMA accumulator layout.
      bool sameFamily =
          i.engine == engine || (engine == MatrixEngine::MFMA &&
                                 i.engine == MatrixEngine::ScaledMFMA);
      if (sameFamily && i.m == m && i.n == n)
        ks.insert(i.k);
    }
  }
  return llvm::SmallVector<unsigned>(ks.begin(), ks.end());
}

bool mlir::tlxamd::isKnownMatrixVersion(MatrixEngine engine, unsigned version) {
  return version != 0 && llvm::any_of(kArchs, [&](const ArchInfo &a) {
           return layoutVersion(a, engine) == version;
         });
}

std::string mlir::tlxamd::describeMatrixVersions(MatrixEngine engine) {
  std::set<unsigned> versions;
  for (const ArchInfo &a : kArchs)
    if (unsigned v = layoutVersion(a, engine))
      versions.insert(v);
  std::string out;
  for (unsigned v : versions) {
    if (!out.empty())
      out += ", ";
    out += std::to_string(v) + " (" + getArchNamesWhere([&](const ArchInfo &a) {
             return layoutVersion(a, engine) == v;
           }) +
           ")";
  }
  return out;
}

llvm::StringRef mlir::tlxamd::stringifyMatrixEngine(MatrixEngine engine) {
  switch (engine) {
  case MatrixEngine::MFMA:
    return "mfma";
  case MatrixEngine::ScaledMFMA:
    return "scaled_mfma";
  case MatrixEngine::WMMA:
    return "wmma";
  case MatrixEngine::MMA:
    return "mma";
  case MatrixEngine::WGMMA:
    return "wgmma";
  case MatrixEngine::TCGEN05:
    return "tcgen05";
  }
  llvm_unreachable("unknown matrix engine");
}

llvm::StringRef
mlir::tlxamd::stringifyCachePolicyEncoding(CachePolicyEncoding encoding) {
  switch (encoding) {
  case CachePolicyEncoding::None:
    return "none";
  case CachePolicyEncoding::CDNA3:
    return "cdna3";
  case CachePolicyEncoding::PTX:
    return "ptx";
  }
  llvm_unreachable("unknown cache policy encoding");
}

llvm::StringRef mlir::tlxamd::stringifyAsyncCopyKind(AsyncCopyKind kind) {
  switch (kind) {
  case AsyncCopyKind::None:
    return "none";
  case AsyncCopyKind::BufferLds:
    return "buffer_lds";
  case AsyncCopyKind::CpAsync:
    return "cp_async";
  }
  llvm_unreachable("unknown async copy kind");
}

// CDNA3/CDNA4 cache policy bits of buffer instructions: sc0 = 1, nt = 2,
// sc1 = 16 (LLVM's CPol for gfx940+).
//          load           store
//   .ca    0              -
//   .cg    sc0|nt         0
//   .cs    sc0|nt         sc0|nt
//   .cv    sc0|sc1        -
//   .wb    -              0
//   .wt    -              sc0|sc1
unsigned mlir::tlxamd::getCachePolicyBits(const ArchInfo &arch,
                                          llvm::StringRef c, bool isLoad) {
  constexpr unsigned sc0 = 1, nt = 2, sc1 = 16;
  if (arch.cachePolicy != CachePolicyEncoding::CDNA3)
    return 0;
  if (c == ".cg")
    return isLoad ? sc0 | nt : 0;
  if (c == ".cs")
    return sc0 | nt;
  if (c == ".cv" || c == ".wt")
    return sc0 | sc1;
  return 0;
}

std::optional<PointerCacheFlags>
mlir::tlxamd::getPointerCacheFlags(const ArchInfo &arch, llvm::StringRef c,
                                   bool isLoad) {
  if (arch.cachePolicy != CachePolicyEncoding::CDNA3)
    return std::nullopt;
  if (c == (isLoad ? ".cv" : ".wt"))
    return PointerCacheFlags{/*isVolatile=*/true, /*nonTemporal=*/true};
  if (c == ".cs" || (isLoad && c == ".cg"))
    return PointerCacheFlags{/*isVolatile=*/false, /*nonTemporal=*/true};
  return PointerCacheFlags{};
}

unsigned mlir::tlxamd::getNonTemporalLoadBits(const ArchInfo &arch) {
  constexpr unsigned nt = 2;
  return arch.cachePolicy == CachePolicyEncoding::CDNA3 ? nt : 0;
}

unsigned mlir::tlxamd::getAtomicScopeBits(const ArchInfo &arch,
                                          llvm::StringRef scope) {
  // sc1 makes a CDNA3/CDNA4 atomic system-scope.
  return scope == "sys" && arch.cachePolicy == CachePolicyEncoding::CDNA3 ? 16
                                                                          : 0;
}

static llvm::json::Object toJSON(const ArchInfo &a) {
  llvm::json::Array matrix;
  for (const MatrixInstr &i : a.matrixInstrs)
    matrix.push_back(
        llvm::json::Object{{"engine", stringifyMatrixEngine(i.engine)},
                           {"shape", llvm::json::Array{i.m, i.n, i.k}},
                           {"a", i.aType},
                           {"b", i.bType},
                           {"acc", i.accType},
                           {"k_width", i.kWidth},
                           {"name", i.name}});
  return llvm::json::Object{
      {"name", a.name},
      {"vendor", a.isAMD() ? "amd" : "nvidia"},
      {"family", a.family},
      {"triple", a.triple},
      {"cpu", a.cpu},
      {"features", a.features},
      {"default", a.isDefault},
      {"warp_size", a.warpSize},
      {"shared_memory_bytes", a.sharedMemoryBytes},
      {"shared_memory_banks", a.sharedMemoryBanks},
      {"direct_to_shared_bytes",
       llvm::json::Array(llvm::ArrayRef<unsigned>(a.directToSharedBytes))},
      {"packed_f16_buffer_atomics", a.packedF16BufferAtomics},
      {"packed_bf16_buffer_atomics", a.packedBF16BufferAtomics},
      {"cache_policy", stringifyCachePolicyEncoding(a.cachePolicy)},
      {"async_copy", stringifyAsyncCopyKind(a.asyncCopy)},
      {"tma", a.tma},
      {"vgprs", a.numVGPRs},
      {"agprs", a.numAGPRs},
      {"mfma_version", a.mfmaVersion},
      {"wmma_version", a.wmmaVersion},
      {"matrix_instrs", std::move(matrix)},
      {"tensor_memory_bytes", a.tensorMemoryBytes},
      {"max_cluster_size", a.maxClusterSize},
      {"ptx_fp8_conversions", a.ptxFp8Conversions},
      {"compute_units", a.computeUnits},
      {"max_threads_per_unit", a.maxThreadsPerUnit},
      {"registers_per_block", a.registersPerBlock}};
}

void mlir::tlxamd::printCapabilityTableJSON(llvm::raw_ostream &os) {
  llvm::json::Array targets;
  for (const ArchInfo &a : kArchs)
    targets.push_back(toJSON(a));
  os << llvm::json::Value(std::move(targets));
}

const MatrixInstr *mlir::tlxamd::findMatrixInstr(const ArchInfo &arch,
                                                 MatrixEngine engine,
                                                 unsigned m, unsigned n,
                                                 unsigned k,
                                                 llvm::StringRef aType) {
  for (const MatrixInstr &i : arch.matrixInstrs)
    if (i.engine == engine && i.m == m && i.n == n && i.k == k &&
        i.aType == aType)
      return &i;
  return nullptr;
}

unsigned mlir::tlxamd::getWmmaKGroup(const MatrixInstr &instr) {
  // The scaled WMMA alternates 16 bytes: 16 fp8 values, 32 packed fp4 ones.
  if (instr.aType == "f8f6f4")
    return 16;
  return std::min(instr.kWidth, 8u);
}
