//===- TlxAmdPreshuffleOps.td - preshuffled MXFP B loads ---*- tablegen -*-===//
//
// Per-lane MXFP B fragments straight from a preshuffled layout in global
// memory to registers (the Mojo PreshuffledBLoader reference, rules
// P1-P6).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_PRESHUFFLE_OPS_TD
#define TLXAMD_PRESHUFFLE_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tlxamd/Dialect/TlxAmdMemoryOps.td"
//===----------------------------------------------------------------------===//
// Preshuffled MXFP B operands (the Mojo PreshuffledBLoader reference, rules P1-P6)
//===----------------------------------------------------------------------===//

class TlxAmd_PreshuffleOp<string mnemonic, list<Trait> traits = []>
    : TlxAmd_Op<mnemonic, !listconcat(traits, [
        DeclareOpInterfaceMethods<TlxAmd_TargetLegalityOpInterface>])> {
  code layoutDoc = [{
    The byte layout is the layout core's PreshuffledBLayout
    (Layout/Preshuffle.h; `tlxamd.preshuffle.shuffle_b` writes it): tiles
    of 16 rows by K0 = 4 * lane_bytes bytes, (n0, k0)-major, tile_bytes =
    64 * lane_bytes; in a tile lane k1 * 16 + n1's fragment (row n1, K bytes
    from k1 * lane_bytes) is split into planes of 16 bytes and a remainder
    (FP6: 16 + 8, FP8: 16 + 16), each plane of the 64 lanes contiguous.
    `lane_bytes` is 16 (FP4), 24 (FP6) or 32 (FP8) (P3).
  }];
}

def TlxAmd_PreshuffledBLaneOffsetOp : TlxAmd_PreshuffleOp<"preshuffled_b_lane_offset", [
    Pure, AllTypesMatch<["n", "lane_k_byte", "result"]>]> {
  let summary = "the K-invariant per-lane part of a preshuffled plane address (lane_plane_off)";
  let description = [{
    `PreshuffledBLoader.lane_plane_off(n, lane_k_byte, plane)`: for each
    element, the byte offset of plane `plane` of the fragment of row `n`
    whose K bytes start at `lane_k_byte` (a multiple of lane_bytes below
    4 * lane_bytes) in tile column 0 of a preshuffled [*, k_bytes] matrix:
    `n0 * (k_bytes / K0) * tile_bytes + 64 * plane_start + (lane_k_byte /
    lane_bytes * 16 + n % 16) * plane_width`. Adding whole K tiles is the
    uniform part (`preshuffled_b_load_at`'s `k_byte_uniform`), so this
    offset can be hoisted out of a K loop (P5).
  }] # layoutDoc # [{
    ```mlir
    %off = tlxamd.preshuffled_b_lane_offset %n, %lk, %kbytes {lane_bytes = 24 : i32, plane = 1 : i32}
        : tensor<64xi32, #lanes>
    ```
  }];
  let arguments = (ins TlxAmd_I32Tensor:$n, TlxAmd_I32Tensor:$lane_k_byte,
                       I32:$k_bytes, I32Attr:$lane_bytes,
                       DefaultValuedAttr<I32Attr, "0">:$plane);
  let results = (outs TlxAmd_I32Tensor:$result);
  let assemblyFormat = "$n `,` $lane_k_byte `,` $k_bytes attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TlxAmd_PreshuffledBLoadAtOp : TlxAmd_PreshuffleOp<"preshuffled_b_load_at"> {
  let summary = "one plane of each lane's preshuffled B fragment, DRAM to VGPRs (load_at)";
  let description = [{
    `PreshuffledBLoader.load_at(lane_off, k_byte_uniform, plane)`: for each
    element of `lane_off` (from `preshuffled_b_lane_offset`), the plane's
    bytes (16, or FP6's 8 for plane 1) at `lane_off + k_byte_uniform / K0 *
    tile_bytes`, as the element's row of the result ([*, width] i8, a
    thread holding each row's bytes in consecutive registers). One
    `buffer_load` per element and plane: `lane_off` in voffset, the
    wave-uniform whole-tile offset in soffset (P1, P5); no LDS. The buffer
    resource's `num_records` is `num_records` (the per-expert tile's byte
    size), so lanes past it read zero (P2). `cache_policy` "always" is
    normal caching, "streaming" sets the non-temporal bit (P6).
    `k_byte_uniform` is a multiple of K0 (checked when constant).
  }] # layoutDoc # [{
    ```mlir
    %b = tlxamd.preshuffled_b_load_at %ptr[%off], %k, %bytes {lane_bytes = 16 : i32}
        : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x16xi8, #rows>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_AnyPtr, "", [MemRead]>:$ptr,
                       TlxAmd_I32Tensor:$lane_off, I32:$k_byte_uniform,
                       I32:$num_records, I32Attr:$lane_bytes,
                       DefaultValuedAttr<I32Attr, "0">:$plane,
                       DefaultValuedStrAttr<StrAttr, "always">:$cache_policy);
  let results = (outs TlxAmd_DistributedTensor:$result);
  let assemblyFormat = [{
    $ptr `[` $lane_off `]` `,` $k_byte_uniform `,` $num_records attr-dict `:`
    qualified(type($ptr)) `,` type($lane_off) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TlxAmd_PreshuffledBLoadOp : TlxAmd_PreshuffleOp<"preshuffled_b_load", [
    AllTypesMatch<["n", "k_byte"]>]> {
  let summary = "each lane's whole preshuffled B fragment, DRAM to VGPRs (load_fragment)";
  let description = [{
    `PreshuffledBLoader.load_fragment(n, k_byte)`: for each element, the
    fragment of row `n` whose K bytes start at `k_byte` (for one MFMA: n =
    warp_n_off + n_mma * 16 + lane % 16, k_byte = k_tile * K0 + (lane //
    16) * lane_bytes, P4), as the element's row of the result ([*,
    reg_bytes] i8: 16 bytes up to lane_bytes 16, else 32; FP6's last 8 are
    zero). One `buffer_load` per plane (P1): FP4 one dwordx4, FP6 a dwordx4
    and a dwordx2, FP8 two dwordx4; OOB lanes read zero through
    `num_records` (P2); `cache_policy` as for `preshuffled_b_load_at` (P6).
  }] # layoutDoc # [{
    ```mlir
    %b = tlxamd.preshuffled_b_load %ptr[%n, %kb], %kbytes, %bytes {lane_bytes = 32 : i32}
        : !tlxamd.ptr<i8>, tensor<64xi32, #lanes> -> tensor<64x32xi8, #rows>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_AnyPtr, "", [MemRead]>:$ptr,
                       TlxAmd_I32Tensor:$n, TlxAmd_I32Tensor:$k_byte,
                       I32:$k_bytes, I32:$num_records, I32Attr:$lane_bytes,
                       DefaultValuedStrAttr<StrAttr, "always">:$cache_policy);
  let results = (outs TlxAmd_DistributedTensor:$result);
  let assemblyFormat = [{
    $ptr `[` $n `,` $k_byte `]` `,` $k_bytes `,` $num_records attr-dict `:`
    qualified(type($ptr)) `,` type($n) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TlxAmd_PreshuffledBLoadTileOp : TlxAmd_PreshuffleOp<"preshuffled_b_load_tile"> {
  let summary = "a block of a preshuffled B as a matrix operand, DRAM to VGPRs";
  let description = [{
    `PreshuffledBLoader.load_tile(n0, k_byte0, BLOCK_K_BYTES, BLOCK_N)`:
    the [BLOCK_K_BYTES, BLOCK_N] block of the logical B at rows `n0` ...
    and K bytes `k_byte0` ... (result[kb, n] = B[n0 + n, k_byte0 + kb],
    K-major as `tlxamd.dot_scaled` takes its rhs), in the layout of the
    instruction that consumes it. The layout must keep each lane_bytes-run
    of K bytes (one fragment, P4) in consecutive registers of one thread,
    so every fragment is one buffer load per plane straight into the
    registers the matrix instruction reads (P1): no LDS, no conversion.
    For the scaled 16x16x128 MFMA's B operand a lane's fragment is the
    preshuffled tile's lane (row lane % 16, K bytes lane / 16 * lane_bytes),
    so each plane of a wave is one contiguous 1 KiB read.

    The per-lane part of each address depends only on `n0`, `k_bytes` and
    the thread: it is K-invariant and stays out of a K loop; `k_byte0` is
    wave-uniform, a whole number of K0 = 4 * lane_bytes tiles (P5; checked
    when constant), and goes to soffset. Rows past `num_records` (N *
    K_BYTES) read zero (P2); `cache_policy` as for `preshuffled_b_load_at`
    (P6). lane_bytes is 16 (FP4) or 32 (FP8); an FP6 fragment (24 bytes)
    is no power-of-two run of a tensor layout: load it with
    `preshuffled_b_load`.
  }] # layoutDoc # [{
    ```mlir
    %b = tlxamd.preshuffled_b_load_tile %ptr[%n0, %k0], %kbytes, %bytes {lane_bytes = 16 : i32}
        : !tlxamd.ptr<i8> -> tensor<64x64xi8, #tlxamd.dot_operand<{opIdx = 1, parent = #mfma, kWidth = 16}>>
    ```
  }];
  let arguments = (ins Arg<TlxAmd_AnyPtr, "", [MemRead]>:$ptr, I32:$n0,
                       I32:$k_byte0, I32:$k_bytes, I32:$num_records,
                       I32Attr:$lane_bytes,
                       DefaultValuedStrAttr<StrAttr, "always">:$cache_policy);
  let results = (outs TlxAmd_Tensor:$result);
  let assemblyFormat = [{
    $ptr `[` $n0 `,` $k_byte0 `]` `,` $k_bytes `,` $num_records attr-dict `:`
    qualified(type($ptr)) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TLXAMD_PRESHUFFLE_OPS_TD
