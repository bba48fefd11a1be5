"""tlx.PreshuffledBLoader (the Mojo PreshuffledBLoader reference, P1-P6) on gfx950: load_fragment
and lane_plane_off / load_at run in the AMD emulator against the logical
bytes (`tlxamd.preshuffle.unshuffle_b` of the stored buffer), lanes past
the tile read zero; the ISA shows one buffer_load_dwordx4 per FP4
fragment (dwordx4 + dwordx2 for FP6, two dwordx4 for FP8) and no LDS, the
K loop's tile offset in an SGPR soffset with a loop-invariant voffset, and
`nt` for the streaming policy."""

import re

import numpy as np
import pytest

from tlxamd import compiler, emulator, preshuffle
from tlxamd import language as tl
from tlxamd import language as tlx


@tl.kernel(num_warps=1)
def fragment(b: tl.pointer(tl.int8), out: tl.pointer(tl.int8), N: tl.int32, K_BYTES: tl.int32,
             LB: tl.constexpr, REG: tl.constexpr, POLICY: tl.constexpr, N_MMA: tl.constexpr,
             K_TILE: tl.constexpr):
    loader = tlx.PreshuffledBLoader(b, N, K_BYTES, cache_policy=POLICY, lane_bytes=LB)
    lane = tl.arange(0, 64)
    n = N_MMA * 16 + lane % 16
    k = K_TILE * 4 * LB + (lane // 16) * LB
    f = loader.load_fragment(n, k)  # each lane's REG bytes in its registers
    rows = tl.blocked_layout([1, REG], [64, 1], [1, 1], [1, 0])
    tl.store(out + tl.convert_layout(lane[:, None] * REG + tl.arange(0, REG)[None, :], rows), f)


@tl.kernel(num_warps=1)
def k_loop(b: tl.pointer(tl.int8), out: tl.pointer(tl.int8), N: tl.int32, K_BYTES: tl.int32,
           LB: tl.constexpr, W: tl.constexpr, PLANE: tl.constexpr, POLICY: tl.constexpr):
    loader = tlx.PreshuffledBLoader(b, N, K_BYTES, cache_policy=POLICY, lane_bytes=LB)
    lane = tl.arange(0, 64)
    off = loader.lane_plane_off(lane % 16, (lane // 16) * LB, plane=PLANE)  # hoisted
    for kt in tl.range(0, K_BYTES // (4 * LB)):
        part = loader.load_at(off, kt * (4 * LB), plane=PLANE)
        rows = tl.blocked_layout([1, W], [64, 1], [1, 1], [1, 0])
        tl.store(out + tl.convert_layout(kt * (64 * W) + lane[:, None] * W + tl.arange(0, W)[None, :], rows), part)


def _stored(rng, n, k_bytes, lane_bytes):
    logical = rng.integers(-128, 128, (n, k_bytes)).astype(np.int8)
    return logical, preshuffle.shuffle_b(logical, lane_bytes)


@pytest.mark.parametrize("lane_bytes", [16, 24, 32])
def test_load_fragment_matches_numpy(lane_bytes):  # P1, P2, P4
    reg = 16 if lane_bytes <= 16 else 32
    n_rows, k_bytes = 32, 3 * 4 * lane_bytes
    rng = np.random.default_rng(lane_bytes)
    logical, stored = _stored(rng, n_rows, k_bytes, lane_bytes)
    for n_mma, k_tile, bound in ((0, 0, n_rows), (1, 2, n_rows), (1, 1, 16)):
        k = compiler.compile(fragment.build(target="gfx950", LB=lane_bytes, REG=reg, POLICY="always",
                                            N_MMA=n_mma, K_TILE=k_tile), target="gfx950", binary=False)
        out = np.full((64, reg), 99, np.int8)
        emulator.run(k, (1,), stored.copy(), out, bound, k_bytes)
        want = np.zeros((64, reg), np.int8)
        for lane in range(64):
            row = n_mma * 16 + lane % 16
            kb = k_tile * 4 * lane_bytes + (lane // 16) * lane_bytes
            if row < bound:  # past the tile's N * K_BYTES bytes: zero (P2)
                want[lane, :lane_bytes] = logical[row, kb:kb + lane_bytes]
        np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize("lane_bytes,plane", [(16, 0), (24, 0), (24, 1), (32, 1)])
def test_load_at_k_loop_matches_numpy(lane_bytes, plane):  # P5
    width = preshuffle.layout(lane_bytes)["plane_widths"][plane]
    n_rows, tiles = 16, 3
    k_bytes = tiles * 4 * lane_bytes
    rng = np.random.default_rng(plane + lane_bytes)
    logical, stored = _stored(rng, n_rows, k_bytes, lane_bytes)
    k = compiler.compile(k_loop.build(target="gfx950", LB=lane_bytes, W=width, PLANE=plane, POLICY="always"),
                         target="gfx950", binary=False)
    out = np.zeros((tiles, 64, width), np.int8)
    emulator.run(k, (1,), stored.copy(), out, n_rows, k_bytes)
    for kt in range(tiles):
        for lane in range(64):
            kb = kt * 4 * lane_bytes + (lane // 16) * lane_bytes + 16 * plane
            np.testing.assert_array_equal(out[kt, lane], logical[lane % 16, kb:kb + width])


def _asm(kern, **consts):
    return compiler.compile(kern.build(target="gfx950", **consts), target="gfx950").asm


@pytest.mark.parametrize("lane_bytes,loads", [(16, {"dwordx4": 1}), (24, {"dwordx4": 1, "dwordx2": 1}),
                                              (32, {"dwordx4": 2})])
def test_fragment_isa(lane_bytes, loads):  # P1, P3
    asm = _asm(fragment, LB=lane_bytes, REG=16 if lane_bytes <= 16 else 32, POLICY="always", N_MMA=0, K_TILE=0)
    body = asm.split("s_endpgm")[0]
    b_loads = re.findall(r"buffer_load_(dword\w*) v\[?\d+", body)
    assert {w: b_loads.count(w) for w in set(b_loads)} == loads
    assert "ds_" not in body.split("buffer_store")[0].split("global_store")[0]
    assert " nt" not in body


def test_k_loop_isa_soffset_and_streaming():  # P5, P6
    asm = _asm(k_loop, LB=16, W=16, PLANE=0, POLICY="streaming")
    # the loop: from its header to the end of the kernel
    body = asm[asm.index("Inner Loop Header"):asm.index("s_endpgm")]
    m = re.findall(r"buffer_load_dwordx4 v\[\d+:\d+\], (v\d+), s\[\d+:\d+\], (s\d+) offen( nt)?", body)
    assert len(m) == 1, body
    voff, soff, nt = m[0]
    assert nt == " nt"
    # the voffset is not written in the loop; the soffset steps by one tile
    # (64 lanes x 16 bytes)
    assert not re.search(rf"^\s+v_\w+ {voff},", body, re.M)
    assert re.search(rf"^\s+s_add\w* {soff}, (0x400|1024)", body, re.M), body


@pytest.mark.parametrize("kw,exc,match", [
    (dict(lane_bytes=20), ValueError, "lane_bytes must be 16 \\(FP4\\), 24 \\(FP6\\) or 32 \\(FP8\\)"),
    (dict(cache_policy="never"), ValueError, "cache_policy must be"),
])
def test_loader_misuse(kw, exc, match):
    @tl.kernel(num_warps=1)
    def bad(b: tl.pointer(tl.int8)):
        tlx.PreshuffledBLoader(b, 16, 64, **kw)

    with pytest.raises(exc, match=match):
        bad.build(target="gfx950")
