//===- Preshuffle.cpp - preshuffled MXFP B operands -----------------------===//
#include "tlxamd/Layout/Preshuffle.h"

using namespace mlir::tlxamd;

std::optional<PreshuffledBLayout> PreshuffledBLayout::get(int64_t laneBytes) {
  if (laneBytes != 16 && laneBytes != 24 && laneBytes != 32)
    return std::nullopt;
  return PreshuffledBLayout(laneBytes);
}

std::string PreshuffledBLayout::checkShape(int64_t n, int64_t kBytes) const {
  if (n <= 0 || n % kTileRows)
    return "N = " + std::to_string(n) + " is not a positive multiple of " +
           std::to_string(kTileRows) + " rows";
  if (kBytes <= 0 || kBytes % getTileKBytes())
    return "K_BYTES = " + std::to_string(kBytes) +
           " is not a positive multiple of 4 * lane_bytes = " +
           std::to_string(getTileKBytes());
  return "";
}

namespace {
/// Integer arithmetic for the layout's build* formulas.
struct IntOps {
  int64_t c(int64_t v) { return v; }
  int64_t add(int64_t a, int64_t b) { return a + b; }
  int64_t mul(int64_t a, int64_t b) { return a * b; }
  int64_t udiv(int64_t a, int64_t b) { return a / b; }
  int64_t urem(int64_t a, int64_t b) { return a % b; }
};
} // namespace

int64_t PreshuffledBLayout::getLanePlaneOffset(int64_t n, int64_t laneKByte,
                                               unsigned plane,
                                               int64_t kBytes) const {
  IntOps ops;
  return buildLanePlaneOffset(ops, n, laneKByte, plane,
                              buildRowStride(ops, kBytes));
}

int64_t PreshuffledBLayout::getTileOffset(int64_t kByteUniform) const {
  IntOps ops;
  return buildTileOffset(ops, kByteUniform);
}

int64_t PreshuffledBLayout::getByteOffset(int64_t n, int64_t kByte,
                                          int64_t kBytes) const {
  int64_t inTile = kByte % getTileKBytes();
  int64_t laneKByte = inTile / laneBytes * laneBytes;
  int64_t byte = inTile - laneKByte;
  unsigned plane = unsigned(byte / 16);
  return getTileOffset(kByte) +
         getLanePlaneOffset(n, laneKByte, plane, kBytes) +
         (byte - getPlaneStart(plane));
}
