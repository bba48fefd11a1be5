//===- Arch.cpp - facts about the supported GPU architectures ------------===//
#include "tlxamd/Target/Arch.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir::tlxamd;

static const ArchInfo kArchs[] = {
    // CDNA3 has global_atomic_pk_add_bf16 but no buffer form.
    {"gfx942", Vendor::AMD, 64, 3, 0, "amdgcn-amd-amdhsa", "CDNA3 (MI300)",
     false},
    {"gfx950", Vendor::AMD, 64, 4, 0, "amdgcn-amd-amdhsa", "CDNA4 (MI350)",
     true},
    {"gfx1250", Vendor::AMD, 32, 0, 0, "amdgcn-amd-amdhsa", "gfx1250", true},
    {"sm_90a", Vendor::NVIDIA, 32, 0, 90, "nvptx64-nvidia-cuda", "Hopper",
     true},
    {"sm_100a", Vendor::NVIDIA, 32, 0, 100, "nvptx64-nvidia-cuda", "Blackwell",
     true},
};

llvm::ArrayRef<ArchInfo> mlir::tlxamd::getSupportedArchs() { return kArchs; }

const ArchInfo *mlir::tlxamd::lookupArch(llvm::StringRef name) {
  for (const ArchInfo &a : kArchs)
    if (a.name == name)
      return &a;
  return nullptr;
}

std::string mlir::tlxamd::getSupportedArchNames(Vendor vendor) {
  std::string out;
  for (const ArchInfo &a : kArchs) {
    if (a.vendor != vendor)
      continue;
    if (!out.empty())
      out += ", ";
    out += a.name.str();
  }
  return out;
}
