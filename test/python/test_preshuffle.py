"""The Mojo PreshuffledBLoader reference's preshuffled B layout (P3, P4): the layout core's offsets
against a numpy model built from the document's words (the stored buffer
written tile by tile, plane by plane, lane by lane), the loader's
addressing (each lane's plane contiguous and naturally aligned, the
per-lane part K-invariant), shuffle / unshuffle round trips and the
errors for shapes that do not tile."""

import numpy as np
import pytest

from tlxamd import preshuffle


def _model(n, k_bytes, lane_bytes):
    """Logical (n, k_byte) of each stored byte, in storage order: tiles of
    16 rows x 4 * lane_bytes bytes, (n0, k0)-major; in a tile, plane by
    plane (16 bytes, then the rest), lane by lane (lane = k1 * 16 + n1
    holds row n1, K bytes k1 * lane_bytes ...)."""
    k0_bytes = 4 * lane_bytes
    planes = [(s, min(16, lane_bytes - s)) for s in range(0, lane_bytes, 16)]
    order = []
    for n0 in range(n // 16):
        for k0 in range(k_bytes // k0_bytes):
            for start, width in planes:
                for lane in range(64):
                    row = n0 * 16 + lane % 16
                    for byte in range(start, start + width):
                        order.append((row, k0 * k0_bytes + (lane // 16) * lane_bytes + byte))
    where = np.full((n, k_bytes), -1, np.int64)
    for pos, (r, k) in enumerate(order):
        where[r, k] = pos
    return where


@pytest.mark.parametrize("lane_bytes", [16, 24, 32])
@pytest.mark.parametrize("n,tiles", [(16, 1), (32, 3), (48, 2)])
def test_offsets_match_the_documents_model(lane_bytes, n, tiles):
    k_bytes = 4 * lane_bytes * tiles
    got = preshuffle.offsets(n, k_bytes, lane_bytes)
    np.testing.assert_array_equal(got, _model(n, k_bytes, lane_bytes))


@pytest.mark.parametrize("lane_bytes", [16, 24, 32])
def test_layout_facts(lane_bytes):  # P3
    lay = preshuffle.layout(lane_bytes)
    assert lay["num_planes"] == {16: 1, 24: 2, 32: 2}[lane_bytes]
    assert lay["plane_widths"] == {16: [16], 24: [16, 8], 32: [16, 16]}[lane_bytes]
    assert lay["reg_bytes"] == (16 if lane_bytes <= 16 else 32)
    assert lay["tile_k_bytes"] == 4 * lane_bytes and lay["tile_bytes"] == 64 * lane_bytes


@pytest.mark.parametrize("lane_bytes", [16, 24, 32])
def test_load_fragment_addressing(lane_bytes):  # P4, P5
    """For one MFMA a lane reads (n = n_mma * 16 + lane % 16, k_byte =
    k_tile * 4 * lane_bytes + (lane // 16) * lane_bytes): each plane of its
    fragment is contiguous and aligned to the plane's width, and moving a
    whole K tile adds tile_bytes to every plane."""
    n, k_bytes = 32, 4 * lane_bytes * 3
    off = preshuffle.offsets(n, k_bytes, lane_bytes)
    lay = preshuffle.layout(lane_bytes)
    for n_mma in range(2):
        for k_tile in range(3):
            for lane in range(64):
                row = n_mma * 16 + lane % 16
                k = k_tile * 4 * lane_bytes + (lane // 16) * lane_bytes
                for start, width in zip(lay["plane_starts"], lay["plane_widths"]):
                    part = off[row, k + start:k + start + width]
                    assert part[0] % width == 0
                    np.testing.assert_array_equal(part, part[0] + np.arange(width))
                    base = off[row, (lane // 16) * lane_bytes + start]
                    assert part[0] - base == k_tile * lay["tile_bytes"]


@pytest.mark.parametrize("lane_bytes", [16, 24, 32])
def test_round_trip(lane_bytes):
    rng = np.random.default_rng(lane_bytes)
    for e, n, tiles in ((1, 16, 1), (3, 64, 2), (2, 32, 5)):
        b = rng.integers(0, 256, (e, n, 4 * lane_bytes * tiles)).astype(np.uint8)
        s = preshuffle.shuffle_b(b, lane_bytes)
        assert s.shape == b.shape and s.dtype == b.dtype
        assert not np.array_equal(s, b) or n * tiles == 0
        np.testing.assert_array_equal(preshuffle.unshuffle_b(s, lane_bytes), b)
        np.testing.assert_array_equal(preshuffle.shuffle_b(preshuffle.unshuffle_b(b, lane_bytes), lane_bytes), b)
    # 2-D and int8 work the same
    b2 = rng.integers(-128, 128, (32, 4 * lane_bytes)).astype(np.int8)
    np.testing.assert_array_equal(preshuffle.unshuffle_b(preshuffle.shuffle_b(b2, lane_bytes), lane_bytes), b2)


def test_torch_tensors_round_trip():
    torch = pytest.importorskip("torch")
    b = torch.randint(0, 256, (2, 32, 64), dtype=torch.uint8)
    s = preshuffle.shuffle_b(b)
    assert isinstance(s, torch.Tensor)
    assert torch.equal(preshuffle.unshuffle_b(s), b)


@pytest.mark.parametrize("args,exc,match", [
    ((np.zeros((20, 64), np.uint8), 16), ValueError, "N = 20 is not a positive multiple of 16 rows"),
    ((np.zeros((16, 72), np.uint8), 16), ValueError, r"K_BYTES = 72 is not a positive multiple of 4 \* lane_bytes = 64"),
    ((np.zeros((16, 96), np.uint8), 24), None, None),
    ((np.zeros((16, 64), np.uint8), 20), ValueError, "lane_bytes must be 16 \\(FP4\\), 24 \\(FP6\\) or 32 \\(FP8\\)"),
    ((np.zeros((16, 64), np.float32), 16), TypeError, "8-bit integer bytes"),
    ((np.zeros(64, np.uint8), 16), ValueError, r"expected \[N, K_BYTES\] or \[E, N, K_BYTES\]"),
    (([[0] * 64] * 16, 16), TypeError, "numpy array or a torch tensor"),
    ((np.zeros((16, 64), np.uint8), "16"), TypeError, "lane_bytes must be an int"),
])
def test_shapes_that_do_not_tile(args, exc, match):
    if exc is None:
        preshuffle.shuffle_b(*args)
        return
    with pytest.raises(exc, match=match):
        preshuffle.shuffle_b(*args)
