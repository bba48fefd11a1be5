//===- Preshuffle.h - preshuffled MXFP B operands ---------------*- C++ -*-===//
//-*-===//
//
// The byte layout of a preshuffled B tile (Mojo's PreshuffledBLoader): the
// logical [N, K_BYTES] byte matrix cut into tiles of 16 rows by K0 =
// 4 * lane_bytes bytes (one MFMA's N x K), tile (n0, k0) at
// (n0 * K_BYTES / K0 + k0) * tile_bytes, tile_bytes = 64 * lane_bytes. In
// a tile the 64 lanes' fragments (lane = k1 * 16 + n1: row n1, K bytes
// k1 * lane_bytes ...) are stored plane by plane: a fragment wider than 16
// bytes or not a power of two is split into planes of 16 bytes and a
// remainder (FP6: 16 + 8, FP8: 16 + 16); plane p of all 64 lanes is
// contiguous, each lane's part at lane * width(p), so each plane is one
// naturally aligned load per lane. Only the tile index depends on a whole
// K tile: the per-lane part of an address is K-invariant (P4, P5).
//
// The map is affine, not a linear layout over GF(2): FP6's 24-byte lanes
// put K group k1 at k1 * 24, which does not split into bits, and the tile
// stride 64 * 24 is no power of two.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_LAYOUT_PRESHUFFLE_H
#define TLXAMD_LAYOUT_PRESHUFFLE_H

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tlxamd {

class PreshuffledBLayout {
public:
  /// Rows of a tile (the MFMA's N) and lanes per tile (a wave).
  static constexpr int64_t kTileRows = 16;
  static constexpr int64_t kLanes = 64;

  /// The layout for `laneBytes` (16: FP4, 24: FP6, 32: FP8), or none (P3).
  static std::optional<PreshuffledBLayout> get(int64_t laneBytes);

  int64_t getLaneBytes() const { return laneBytes; }
  /// Registers a fragment is returned in: 16 bytes up to 16, else 32 (P3).
  int64_t getRegBytes() const { return laneBytes <= 16 ? 16 : 32; }
  unsigned getNumPlanes() const { return (laneBytes + 15) / 16; }
  /// Byte offset of plane `p` in a lane's fragment and its width.
  int64_t getPlaneStart(unsigned p) const { return 16 * int64_t(p); }
  int64_t getPlaneWidth(unsigned p) const {
    return std::min<int64_t>(16, laneBytes - getPlaneStart(p));
  }
  /// K bytes of one tile (one MFMA) and its size in memory.
  int64_t getTileKBytes() const { return 4 * laneBytes; }
  int64_t getTileBytes() const { return kLanes * laneBytes; }

  /// Why an [n, kBytes] tile does not tile (empty when it does): N a
  /// multiple of 16, K_BYTES of 4 * lane_bytes.
  std::string checkShape(int64_t n, int64_t kBytes) const;

  /// Where logical byte (n, kByte) of an [*, kBytes] matrix is stored.
  int64_t getByteOffset(int64_t n, int64_t kByte, int64_t kBytes) const;
  /// The K-invariant, per-lane part of plane `plane`'s address for row `n`
  /// and the lane's K byte offset in its tile (`laneKByte`, a multiple of
  /// lane_bytes below 4 * lane_bytes).
  int64_t getLanePlaneOffset(int64_t n, int64_t laneKByte, unsigned plane,
                             int64_t kBytes) const;
  /// The wave-uniform part: the offset of whole K tile `kByteUniform /
  /// (4 * lane_bytes)`, the same for every plane.
  int64_t getTileOffset(int64_t kByteUniform) const;

  /// The address arithmetic, written once over an arithmetic `ops` (`c`
  /// for a constant, `add`, `mul`, and `udiv` / `urem` by a constant) on
  /// values `V`: evaluated on integers above, emitted as IR by the
  /// lowering. Bytes from one row of tiles to the next: k_bytes / K0 *
  /// tile_bytes.
  template <typename V, typename Ops>
  V buildRowStride(Ops &ops, V kBytes) const {
    return ops.mul(ops.udiv(kBytes, getTileKBytes()), ops.c(getTileBytes()));
  }
  /// n / 16 * rowStride + 64 * plane_start + (laneKByte / lane_bytes * 16 +
  /// n % 16) * plane_width.
  template <typename V, typename Ops>
  V buildLanePlaneOffset(Ops &ops, V n, V laneKByte, unsigned plane,
                         V rowStride) const {
    V lane = ops.add(ops.mul(ops.udiv(laneKByte, laneBytes), ops.c(kTileRows)),
                     ops.urem(n, kTileRows));
    return ops.add(ops.add(ops.mul(ops.udiv(n, kTileRows), rowStride),
                           ops.c(kLanes * getPlaneStart(plane))),
                   ops.mul(lane, ops.c(getPlaneWidth(plane))));
  }
  /// kByte / K0 * tile_bytes.
  template <typename V, typename Ops>
  V buildTileOffset(Ops &ops, V kByte) const {
    return ops.mul(ops.udiv(kByte, getTileKBytes()), ops.c(getTileBytes()));
  }

private:
  explicit PreshuffledBLayout(int64_t laneBytes) : laneBytes(laneBytes) {}
  int64_t laneBytes;
};

} // namespace mlir::tlxamd

#endif // TLXAMD_LAYOUT_PRESHUFFLE_H
