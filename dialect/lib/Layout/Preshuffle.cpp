//===- Preshuffle.cpp - preshuffled MXFP B operands (document 004) -------===//
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

int64_t PreshuffledBLayout::getLanePlaneOffset(int64_t n, int64_t laneKByte,
                                               unsigned plane,
                                               int64_t kBytes) const {
  int64_t n0 = n / kTileRows, n1 = n % kTileRows;
  int64_t lane = laneKByte / laneBytes * kTileRows + n1;
  return n0 * (kBytes / getTileKBytes()) * getTileBytes() +
         kLanes * getPlaneStart(plane) + lane * getPlaneWidth(plane);
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
