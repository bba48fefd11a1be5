//===- Tcgen05.h - tcgen05.mma / tcgen05.cp operand encodings ---*- C++ -*-===//
//
// How Blackwell's fifth-generation tensor core (the TLX tensor-core reference)
// finds its operands:
//
// - A shared-memory matrix descriptor (PTX "shared memory descriptor",
//   sm_100 format) describes an operand tile as 8-row core matrices of the
//   swizzle's width: bits 0-13 the start address >> 4, 16-29 the leading
//   byte offset >> 4, 32-45 the stride byte offset >> 4, 46-48 the fixed
//   0b001, 49-51 the base offset (0: atoms aligned to the swizzle's repeat),
//   61-63 the swizzle (0 none, 2 128-byte, 4 64-byte, 6 32-byte). For a
//   K-major tile the stride offset steps 8 rows of M / N; for an MN-major
//   tile it steps 8 rows of K, and the leading offset steps one swizzle
//   width of M / N.
// Hopper's wgmma descriptors are the same but for the fixed bits 46-48.
// - An instruction descriptor (32 bits) gives the kind's types, the
//   operands' majorness, M and N, and for block scaling the scale type
//   (E8M0) and which byte of the scale columns each operand reads.
//
// The offsets come from the operand's shared layout, so the layout core
// stays the one place that knows where an element lives.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_LAYOUT_TCGEN05_H
#define TLXAMD_LAYOUT_TCGEN05_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tlxamd {

struct SmemMatrixDescriptor {
  /// 0 where the instruction ignores it (K-major swizzled tiles, one
  /// swizzle atom along M / N).
  int64_t leadingBytes = 0;
  int64_t strideBytes = 0;
  unsigned swizzleBytes = 0;

  /// Every field but the start address: tcgen05's (sm_100) format, or with
  /// `tcgen05 = false` wgmma's (sm_90: no fixed 0b001 at bits 46-48). An
  /// ignored leading offset is 0 for wgmma (the start address is then the
  /// low word's only field), 1 for tcgen05 (CUTLASS's value).
  uint64_t encodeFields(bool tcgen05 = true) const;
  /// The start-address field of a shared-memory byte address.
  static uint64_t encodeAddress(uint64_t address) {
    return (address >> 4) & 0x3fff;
  }
};

/// The descriptor of an operand tile in a swizzled layout whose element
/// (mn, k) lies `byteOffset(mn, k)` bytes into the tile, for instructions
/// of `instrMN` x `instrK` elements of `elementBytes` each; `kMajor` when K
/// is the contiguous dimension. None (with the reason in `why`) when the
/// layout's core matrices do not repeat with the constant strides one
/// descriptor can express.
std::optional<SmemMatrixDescriptor>
getOperandDescriptor(llvm::function_ref<int64_t(int64_t, int64_t)> byteOffset,
                     unsigned swizzleBytes, bool kMajor, int64_t instrMN,
                     int64_t instrK, int64_t elementBytes, std::string &why);

/// The descriptor of one 512-byte block of MX scales that
/// `tcgen05.cp ... 32x128b` copies: 32 rows of 16 bytes, unswizzled, core
/// matrices of 8 rows 128 bytes apart.
SmemMatrixDescriptor getScaleBlockDescriptor();

struct Tcgen05InstrDescriptor {
  /// Elements of K one instruction takes: 16 for kind::f16, 32 for
  /// kind::mxf8f6f4.
  static constexpr int64_t kF16K = 16;
  static constexpr int64_t kMxK = 32;
  /// kind::f16 into f32: `bf16` inputs (else f16), `aMN` / `bMN` when the
  /// operand is MN-major, the instruction's M x N.
  static uint32_t f16(bool bf16, bool aMN, bool bMN, int64_t m, int64_t n);
  /// kind::mxf8f6f4 with E8M0 scales: the formats' type codes
  /// (getMxTypeCode), majorness, M x N and the byte (0-3) of the scale
  /// columns A and B read.
  static uint32_t mxf8f6f4(unsigned aType, unsigned bType, bool aMN, bool bMN,
                           int64_t m, int64_t n, unsigned scaleByteA,
                           unsigned scaleByteB);
  /// The type code of an MX format (e4m3, e5m2, e2m3, e3m2, e2m1).
  static std::optional<unsigned> getMxTypeCode(llvm::StringRef format);
  /// Whether M x N is an instruction shape: M = 128 for one CTA (N a
  /// multiple of 16 up to 256), M = 256 across two (N a multiple of 32 up
  /// to 256, half of it in each CTA).
  static bool isValidShape(int64_t m, int64_t n, bool twoCtas);
};

} // namespace mlir::tlxamd

#endif // TLXAMD_LAYOUT_TCGEN05_H
