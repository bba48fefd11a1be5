//===- Arch.h - facts about the supported GPU architectures -----*- C++ -*-===//
//
// The one place that knows which chips tlxamd targets and what each has.
// Verifiers, lowerings and the Python compile driver all read it.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TARGET_ARCH_H
#define TLXAMD_TARGET_ARCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir::tlxamd {

enum class Vendor { AMD, NVIDIA };

struct ArchInfo {
  llvm::StringLiteral name; ///< gfx942, gfx950, gfx1250, sm_90a, sm_100a
  Vendor vendor;
  unsigned warpSize;    ///< lanes per warp / wavefront
  unsigned mfmaVersion; ///< AMD MFMA generation (3: CDNA3, 4: CDNA4), 0 if none
  unsigned smVersion;   ///< NVIDIA compute capability x10 (90, 100), 0 on AMD
  llvm::StringLiteral triple;   ///< LLVM target triple
  llvm::StringLiteral family;   ///< human-readable family for diagnostics
  bool packedBF16BufferAtomics; ///< buffer_atomic_pk_add_bf16 / atom.add.bf16x2

  bool isAMD() const { return vendor == Vendor::AMD; }
  bool isNVIDIA() const { return vendor == Vendor::NVIDIA; }
};

/// Every architecture tlxamd knows.
llvm::ArrayRef<ArchInfo> getSupportedArchs();

/// The architecture called `name`, or nullptr.
const ArchInfo *lookupArch(llvm::StringRef name);

/// Comma-separated names of the supported architectures of `vendor`, for
/// diagnostics ("gfx942, gfx950, gfx1250").
std::string getSupportedArchNames(Vendor vendor);

} // namespace mlir::tlxamd

#endif // TLXAMD_TARGET_ARCH_H
