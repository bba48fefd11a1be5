"""The layout core: Python API, reference data from Gluon, an independent
hardware model, derived facts, and errors."""

import itertools
import json
import os
import random

import numpy as np
import pytest
from layout_cases import make_layout
from layout_model import blocked_coords, coords_from_bases, mfma_coords, wmma_coords

from tlxamd import ir, targets
from tlxamd import layouts as L

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = json.load(open(os.path.join(HERE, "data", "gluon_linear_layouts.json")))


def _case_id(case):
    d = case["layout"]
    return f"{d['kind']}-{case['shape']}"


@pytest.mark.parametrize("case", REFERENCE["cases"], ids=_case_id)
def test_matches_gluon_reference(case):
    """Bases equal Gluon's to_linear_layout (recorded by gen_gluon_reference.py)."""
    ll = L.to_linear_layout(make_layout(case["layout"]), case["shape"]).as_lists()
    for key, expected in case["expected"].items():
        assert ll[key] == expected, key


def test_reference_covers_every_gluon_layout_kind():
    kinds = {c["layout"]["kind"] for c in REFERENCE["cases"]}
    assert kinds == {"blocked", "amd_mfma", "amd_wmma", "nvidia_mma", "dot_operand", "slice"}
    # gfx1250's WMMA (version 3) and its dot operands
    wmma = [c for c in REFERENCE["cases"] if "amd_wmma" in json.dumps(c["layout"])]
    assert len(wmma) > 80 and any(c["layout"]["kind"] == "dot_operand" for c in wmma)
    assert len(REFERENCE["cases"]) > 500


def test_matches_live_gluon():
    """Where Triton is installed, compare against Gluon directly on fresh cases."""
    gen = pytest.importorskip("gen_gluon_reference")
    pytest.importorskip("triton.experimental.gluon")
    for desc, shape in gen.cases()[::7]:
        try:
            expected = gen.gluon_linear_layout(desc, shape)
        except Exception:
            continue
        ll = L.to_linear_layout(make_layout(desc), shape).as_lists()
        assert all(ll[k] == expected[k] for k in expected), (desc, shape)


def _blocked_params(rng, rank):
    spt = [rng.choice([1, 1, 2, 4, 8]) for _ in range(rank)]
    warp = rng.choice([32, 64])
    tpw = [1] * rank
    for _ in range(warp.bit_length() - 1):
        tpw[rng.randrange(rank)] *= 2
    wpc = [1] * rank
    for _ in range(rng.choice([0, 1, 2, 3])):
        wpc[rng.randrange(rank)] *= 2
    order = list(range(rank))
    rng.shuffle(order)
    shape = [rng.choice([1, 2, 4, 8, 16, 32, 64, 128]) for _ in range(rank)]
    return spt, tpw, wpc, order, shape


@pytest.mark.parametrize("seed", range(60))
def test_blocked_matches_hardware_model(seed):
    rng = random.Random(seed)
    spt, tpw, wpc, order, shape = _blocked_params(rng, rng.choice([1, 2, 2, 3]))
    ll = L.to_linear_layout(L.blocked_layout(spt, tpw, wpc, order), shape)
    got = coords_from_bases(ll.reg_bases, ll.lane_bases, ll.warp_bases, len(shape))
    want = blocked_coords(spt, tpw, wpc, order, shape)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)


MFMA_CASES = [
    (v, instr, tr, wpc, tpw, ebw, shape)
    for v, instr in [(3, [32, 32, 8]), (3, [16, 16, 16]), (4, [16, 16, 32]), (4, [32, 32, 16])]
    for tr in (False, True)
    for wpc in ([1, 1], [2, 2], [1, 4], [4, 1])
    for tpw in ([1, 1], [2, 1], [2, 2])
    for ebw in (32,)
    for shape in ([instr[0] * wpc[0] * tpw[0], instr[1] * wpc[1] * tpw[1]],
                  [instr[0] * wpc[0] * tpw[0] * 4, instr[1] * wpc[1] * tpw[1] * 2],
                  [instr[0], 2 * instr[1]])
] + [(4, [16, 16, 4], tr, [2, 2], [1, 1], 64, [64, 64]) for tr in (False, True)]


@pytest.mark.parametrize("v,instr,tr,wpc,tpw,ebw,shape", MFMA_CASES)
def test_mfma_matches_hardware_model(v, instr, tr, wpc, tpw, ebw, shape):
    layout = L.amd_mfma_layout(v, instr, tr, wpc, tiles_per_warp=tpw, element_bitwidth=ebw)
    ll = L.to_linear_layout(layout, shape)
    got = coords_from_bases(ll.reg_bases, ll.lane_bases, ll.warp_bases, 2)
    want = mfma_coords(instr, tr, wpc, tpw, shape, ebw)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)


# The WMMA generations of the capability table's targets (the layout
# verifier rejects the others).
WMMA_VERSIONS = tuple(sorted({e["wmma_version"] for e in targets.table() if e["wmma_version"]}))


def test_wmma_versions_come_from_the_capability_table():
    assert WMMA_VERSIONS == (3,)
    with pytest.raises(ValueError, match=r"WMMA generation of a supported target: 3 \(gfx1250\); got 2"):
        L.to_linear_layout(L.amd_wmma_layout(2, [16, 16, 16], False, [2, 2]), [64, 64])


@pytest.mark.parametrize(
    "version,tr,wpc,tpw,shape",
    [c for c in itertools.product(WMMA_VERSIONS, (False, True), ([2, 2], [1, 4]), ([1, 1], [2, 2], [2, 1]),
                                  ([64, 64], [128, 256]))
     # D3: the period must fit in the tensor
     if all(16 * c[2][d] * c[3][d] <= c[4][d] for d in (0, 1))],
)
def test_wmma_matches_hardware_model(version, tr, wpc, tpw, shape):
    k = 16 if version < 3 else 128
    layout = L.amd_wmma_layout(version, [16, 16, k], tr, wpc, tiles_per_warp=tpw)
    ll = L.to_linear_layout(layout, shape)
    got = coords_from_bases(ll.reg_bases, ll.lane_bases, ll.warp_bases, 2)
    np.testing.assert_array_equal(got, wmma_coords(version, tr, wpc, tpw, shape))


def test_wmma_tiles_per_warp_period():
    """D2: the layout period is instr_shape x warps_per_cta x tiles_per_warp,
    repeated over the result (N-contiguous tile order)."""
    layout = L.amd_wmma_layout(3, [16, 16, 128], False, [2, 2], tiles_per_warp=[2, 2])
    ll = L.to_linear_layout(layout, [256, 256])
    # registers: 8 of the 16x16 tile, a second tile along N, a second
    # along M (a warp's 2 x 2 tiles, Triton's order), then the N and the M
    # repetitions
    assert ll.reg_bases == ((1, 0), (2, 0), (4, 0), (0, 16), (16, 0), (0, 64), (0, 128), (64, 0), (128, 0))
    assert ll.warp_bases == ((0, 32), (32, 0))
    coords = coords_from_bases(ll.reg_bases, ll.lane_bases, ll.warp_bases, 2)
    period = [r for r in range(coords.shape[0]) if r >> 5 == 0]
    block = coords[period].reshape(-1, 2)
    # one period: every element of the 64 x 64 block exactly once
    assert block.max(axis=0).tolist() == [63, 63]
    assert len({tuple(c) for c in block}) == 64 * 64 == len(block)
    # [1, 1] repeats the 32 x 32 period 8 x 8 times over 256 x 256, [2, 2]
    # repeats the 64 x 64 period 4 x 4 times (the document's figures)
    one = L.to_linear_layout(L.amd_wmma_layout(3, [16, 16, 128], False, [2, 2]), [256, 256])
    assert len(one.reg_bases) == 3 + 3 + 3  # tile + log2(8) + log2(8)
    assert len(ll.reg_bases) == 3 + 2 + 2 + 2  # tile + tiles_per_warp + log2(4) + log2(4)


def test_document_mfma_layout():
    """The pinned-store layout of the buffer document."""
    layout = L.amd_mfma_layout(version=4, instr_shape=[16, 16, 32], transposed=True, warps_per_cta=[2, 2])
    ll = L.to_linear_layout(layout, [64, 64])
    assert ll.reg_bases == ((0, 1), (0, 2), (0, 32), (32, 0))
    assert ll.lane_bases == ((1, 0), (2, 0), (4, 0), (8, 0), (0, 4), (0, 8))
    assert ll.warp_bases == ((0, 16), (16, 0))
    assert L.elements_per_thread(layout, [64, 64]) == 16
    assert L.contiguity_per_thread(layout, [64, 64]) == 4
    # non-transposed: the four registers run down a column (adjacent along M)
    nt = L.amd_mfma_layout(version=4, instr_shape=[16, 16, 32], transposed=False, warps_per_cta=[2, 2])
    assert L.to_linear_layout(nt, [64, 64]).reg_bases[:2] == ((1, 0), (2, 0))


@pytest.mark.parametrize(
    "layout,shape,elems,contig",
    [
        (L.blocked_layout([1, 8], [8, 8], [4, 1], [1, 0]), [64, 64], 16, 8),
        (L.blocked_layout([1, 8], [8, 8], [4, 1], [1, 0]), [32, 4], 4, 4),
        (L.blocked_layout([4], [64], [4], [0]), [1024], 4, 4),
        (L.blocked_layout([4], [64], [4], [0]), [4096], 16, 4),
        (L.blocked_layout([2, 1], [1, 64], [1, 4], [0, 1]), [2, 256], 2, 2),
        (L.blocked_layout([1, 1], [2, 32], [2, 2], [1, 0]), [8, 8], 2, 1),
    ],
)
def test_derived_facts(layout, shape, elems, contig):
    assert L.elements_per_thread(layout, shape) == elems
    assert L.contiguity_per_thread(layout, shape) == contig


def test_slice_and_dot_operand():
    parent = L.blocked_layout([1, 4], [8, 8], [2, 2], [1, 0])
    s = L.slice_layout(0, parent)
    ll = L.to_linear_layout(s, [64])
    assert ll.reg_bases == ((1,), (2,))
    assert L.elements_per_thread(s, [64]) == 4
    mfma = L.amd_mfma_layout(4, [16, 16, 32], False, [2, 2])
    a = L.dot_operand_layout(0, mfma, 8)
    assert L.contiguity_per_thread(a, [32, 64]) == 8  # k_width consecutive K elements


def test_linear_layout_round_trip():
    mfma = L.amd_mfma_layout(4, [16, 16, 32], True, [2, 2])
    ll = L.to_linear_layout(mfma, [64, 64])
    again = L.linear_layout(ll.reg_bases, ll.lane_bases, ll.warp_bases, [64, 64])
    assert L.to_linear_layout(again, [64, 64]) == ll
    with ir.Context():
        attr = again.to_attr()
        assert str(attr).startswith("#tlxamd.linear<{register = [[0, 1], [0, 2], [0, 32], [32, 0]]")


def test_layouts_are_values():
    a = L.blocked_layout([1, 4], [8, 8], [2, 2], [1, 0])
    b = L.blocked_layout((1, 4), (8, 8), (2, 2), (1, 0))
    assert a == b and hash(a) == hash(b)
    assert str(a) == "#tlxamd.blocked<{size_per_thread = [1, 4], threads_per_warp = [8, 8], " \
                     "warps_per_cta = [2, 2], order = [1, 0]}>"
    with ir.Context():
        assert L.layout_from_attr(a.to_attr()) == a


@pytest.mark.parametrize(
    "make,message",
    [
        (lambda: L.blocked_layout([1, 3], [8, 8], [2, 2], [1, 0]), "size_per_thread[1] = 3 must be a positive power of two"),
        (lambda: L.blocked_layout([1, 4], [8, 2], [2, 2], [1, 0]), "threads_per_warp must multiply to a warp size (32 or 64), got 16"),
        (lambda: L.blocked_layout([1, 4], [8, 16], [2, 2], [0, 0]), "order must be a permutation of 0..1"),
        (lambda: L.blocked_layout([1, 4], [8, 16], [2], [1, 0]), "warps_per_cta must have 2 entries (one per dimension), got 1"),
        (lambda: L.amd_mfma_layout(2, [32, 32, 8], False, [2, 2]), "version must be an MFMA generation of a supported target: 3 (gfx942), 4 (gfx950); got 2"),
        (lambda: L.amd_mfma_layout(4, [16, 32, 8], False, [2, 2]), "instr_shape [M, N] must be [32, 32], [16, 16], [64, 4] or [4, 64], got [16, 32]"),
        (lambda: L.amd_mfma_layout(3, [16, 16, 128], False, [2, 2]), "instr_shape K = 128 is not offered by MFMA version 3 for 16x16 (valid: 1, 4, 8, 16, 32)"),
        (lambda: L.amd_mfma_layout(4, [16, 16, 32], False, [3, 2]), "warps_per_cta[0] = 3 must be a positive power of two"),
        (lambda: L.amd_mfma_layout(4, [16, 16, 32], False, [2, 2], tiles_per_warp=[2]), "tiles_per_warp must have 2 entries"),
        (lambda: L.amd_mfma_layout(4, [64, 4, 4], False, [2, 2]), "a 64x4 MFMA layout must be transposed"),
        (lambda: L.amd_mfma_layout(4, [32, 32, 8], False, [2, 2], element_bitwidth=64), "64-bit MFMA accumulators need instr_shape 16x16"),
        (lambda: L.dot_operand_layout(2, L.amd_mfma_layout(4, [16, 16, 32], False, [2, 2]), 8), "op_idx must be 0 (A) or 1 (B), got 2"),
        (lambda: L.dot_operand_layout(0, L.blocked_layout([1, 4], [8, 8], [2, 2], [1, 0]), 8), "dot_operand parent must be an #tlxamd.amd_mfma, #tlxamd.amd_wmma or #tlxamd.nvidia_mma layout"),
        (lambda: L.dot_operand_layout(0, L.amd_mfma_layout(4, [16, 16, 32], False, [2, 2]), 6), "k_width must be a power of two between 1 and 32, got 6"),
        (lambda: L.slice_layout(2, L.blocked_layout([1, 4], [8, 8], [2, 2], [1, 0])), "slice dim 2 is out of range for a rank-2 parent"),
        (lambda: L.amd_wmma_layout(3, [16, 16, 16], False, [2, 2]), "instr_shape K = 16 is not offered by WMMA version 3 (valid: 4, 32, 64, 128)"),
        (lambda: L.linear_layout([[0, 1]], [[1, 0]] * 3, [], [2, 2]), "linear layout must have 5 or 6 lane bases"),
    ],
)
def test_invalid_layouts_raise(make, message):
    with pytest.raises(ValueError) as e:
        make()
    assert message in str(e.value)


def test_invalid_shape_and_types():
    b = L.blocked_layout([1, 4], [8, 8], [2, 2], [1, 0])
    with pytest.raises(ValueError, match="dimension 1 is 48; it must be a positive power of two"):
        L.to_linear_layout(b, [64, 48])
    with pytest.raises(ValueError, match="layout of rank 2 cannot describe a rank-1 tensor"):
        L.elements_per_thread(b, [64])
    with pytest.raises(TypeError, match="size_per_thread must be a list of ints"):
        L.blocked_layout("1,4", [8, 8], [2, 2], [1, 0])
    with pytest.raises(TypeError, match="transposed must be a bool"):
        L.amd_mfma_layout(4, [16, 16, 32], 1, [2, 2])
    with pytest.raises(TypeError, match="layout must be a tlxamd layout"):
        L.to_linear_layout("blocked", [4])
    wmma = L.amd_wmma_layout(3, [16, 16, 128], False, [2, 2], tiles_per_warp=[2, 2])
    with pytest.raises(ValueError, match="tiles_per_warp period 16 x 2 x 2 = 64 along dimension 0 exceeds the tensor extent 32"):
        L.to_linear_layout(wmma, [32, 256])
