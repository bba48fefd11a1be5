//===- Tcgen05.cpp - tcgen05.mma / tcgen05.cp operand encodings -----------===//
#include "tlxamd/Layout/Tcgen05.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir::tlxamd;

namespace {

/// The sm_100 encoding of a swizzle width (bits 61-63).
uint64_t swizzleMode(unsigned swizzleBytes) {
  switch (swizzleBytes) {
  case 128:
    return 2;
  case 64:
    return 4;
  case 32:
    return 6;
  default:
    return 0;
  }
}

/// Whether `byteOffset(i * step)` is `i * stride` for every step up to
/// `extent` (the core matrices repeat with a constant stride).
bool repeatsWith(llvm::function_ref<int64_t(int64_t)> byteOffset, int64_t step,
                 int64_t extent, int64_t stride) {
  for (int64_t i = 1; i * step < extent; ++i)
    if (byteOffset(i * step) != i * stride)
      return false;
  return true;
}

} // namespace

uint64_t SmemMatrixDescriptor::encodeFields(bool tcgen05) const {
  int64_t leading = leadingBytes || !tcgen05 ? leadingBytes : 16;
  return (uint64_t((leading >> 4) & 0x3fff) << 16) |
         (uint64_t((strideBytes >> 4) & 0x3fff) << 32) |
         (uint64_t(tcgen05) << 46) | (swizzleMode(swizzleBytes) << 61);
}

std::optional<SmemMatrixDescriptor> mlir::tlxamd::getOperandDescriptor(
    llvm::function_ref<int64_t(int64_t, int64_t)> byteOffset,
    unsigned swizzleBytes, bool kMajor, int64_t instrMN, int64_t instrK,
    int64_t elementBytes, std::string &why) {
  if (swizzleMode(swizzleBytes) == 0) {
    why = "a tcgen05.mma operand is a swizzled nvmma_shared tile (32, 64 or "
          "128 bytes)";
    return std::nullopt;
  }
  SmemMatrixDescriptor d;
  d.swizzleBytes = swizzleBytes;
  auto alongMN = [&](int64_t mn) { return byteOffset(mn, 0); };
  auto alongK = [&](int64_t k) { return byteOffset(0, k); };
  if (kMajor) {
    // 8 rows of M / N per core matrix, one instruction's K within a row.
    if (instrK * elementBytes > swizzleBytes) {
      why = "one instruction's K (" + std::to_string(instrK * elementBytes) +
            " bytes) exceeds the swizzle width";
      return std::nullopt;
    }
    d.strideBytes = alongMN(8);
    if (!repeatsWith(alongMN, 8, instrMN, d.strideBytes)) {
      why = "the 8-row core matrices along M / N are not evenly spaced";
      return std::nullopt;
    }
    return d;
  }
  // MN-major: 8 rows of K per core matrix, atoms of the swizzle's width
  // along M / N.
  d.strideBytes = alongK(8);
  if (!repeatsWith(alongK, 8, instrK, d.strideBytes)) {
    why = "the 8-row core matrices along K are not evenly spaced";
    return std::nullopt;
  }
  int64_t atom = swizzleBytes / elementBytes;
  if (instrMN > atom) {
    d.leadingBytes = alongMN(atom);
    if (!repeatsWith(alongMN, atom, instrMN, d.leadingBytes)) {
      why = "the swizzle atoms along M / N are not evenly spaced";
      return std::nullopt;
    }
  }
  return d;
}

SmemMatrixDescriptor mlir::tlxamd::getScaleBlockDescriptor() {
  SmemMatrixDescriptor d;
  d.leadingBytes = 16;
  d.strideBytes = 128;
  return d;
}

uint32_t Tcgen05InstrDescriptor::f16(bool bf16, bool aMN, bool bMN, int64_t m,
                                     int64_t n) {
  uint32_t d = 1u << 4; // D is f32
  d |= uint32_t(bf16) << 7 | uint32_t(bf16) << 10;
  d |= uint32_t(aMN) << 15 | uint32_t(bMN) << 16;
  d |= uint32_t(n >> 3) << 17;
  d |= uint32_t(m >> 4) << 24;
  return d;
}

uint32_t Tcgen05InstrDescriptor::mxf8f6f4(unsigned aType, unsigned bType,
                                          bool aMN, bool bMN, int64_t m,
                                          int64_t n, unsigned scaleByteA,
                                          unsigned scaleByteB) {
  uint32_t d = (scaleByteB & 3u) << 4;
  d |= (aType & 7u) << 7 | (bType & 7u) << 10;
  d |= uint32_t(aMN) << 15 | uint32_t(bMN) << 16;
  d |= uint32_t(n >> 3) << 17;
  d |= 1u << 23; // the scales are E8M0
  d |= uint32_t(m >> 4) << 24;
  d |= (scaleByteA & 3u) << 29;
  return d;
}

std::optional<unsigned>
Tcgen05InstrDescriptor::getMxTypeCode(llvm::StringRef format) {
  return llvm::StringSwitch<std::optional<unsigned>>(format)
      .Case("e4m3", 0)
      .Case("e5m2", 1)
      .Case("e2m3", 3)
      .Case("e3m2", 4)
      .Case("e2m1", 5)
      .Default(std::nullopt);
}

bool Tcgen05InstrDescriptor::isValidShape(int64_t m, int64_t n, bool twoCtas) {
  if (twoCtas)
    return m == 256 && n >= 32 && n <= 256 && n % 32 == 0;
  return m == 128 && n >= 16 && n <= 256 && n % 16 == 0;
}
