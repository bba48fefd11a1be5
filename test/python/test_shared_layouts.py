"""Shared-memory layouts in the layout core (#tlxamd.swizzled_shared,
#tlxamd.nvmma_shared, #tlxamd.padded_shared): their offset -> coordinate
maps against Gluon's to_linear_layout (recorded in
data/gluon_shared_layouts.json by gen_gluon_reference.py --shared) and
against the swizzle formulas written out element by element."""

import json
import os

import numpy as np
import pytest
from layout_cases import make_layout

from tlxamd import ir
from tlxamd import layouts as L

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = json.load(open(os.path.join(HERE, "data", "gluon_shared_layouts.json")))


@pytest.mark.parametrize("case", REFERENCE["cases"], ids=lambda c: f"{c['layout']['kind']}-{c['shape']}")
def test_matches_gluon_reference(case):
    ll = L.to_linear_layout(make_layout(case["layout"]), case["shape"])
    assert [list(b) for b in ll.offset_bases] == case["expected"]["offset_bases"]
    assert [list(b) for b in ll.block_bases] == case["expected"]["block_bases"]


def test_reference_covers_both_kinds():
    kinds = {c["layout"]["kind"] for c in REFERENCE["cases"]}
    assert kinds == {"swizzled_shared", "nvmma_shared"}
    assert sum(c["layout"]["kind"] == "nvmma_shared" and c["layout"]["transposed"] for c in REFERENCE["cases"]) > 10


def _swizzled_offset(r, c, vec, per_phase, max_phase, cols):
    """Triton's swizzle: row r's vec-column groups XOR-ed with the phase."""
    phase = (r // per_phase) % max_phase
    return r * cols + ((c // vec) ^ phase) * vec + c % vec


@pytest.mark.parametrize("vec,per_phase,max_phase,shape", [
    (8, 2, 4, [32, 64]), (4, 1, 16, [64, 64]), (1, 1, 1, [16, 32]), (16, 1, 8, [128, 128]), (2, 4, 2, [64, 16])])
def test_swizzle_formula(vec, per_phase, max_phase, shape):
    ll = L.to_linear_layout(L.swizzled_shared_layout(vec, per_phase, max_phase, [1, 0]), shape)
    rows, cols = shape
    seen = set()
    for off in range(rows * cols):
        r, c = ll.coordinates(off)
        seen.add((r, c))
        if vec * max_phase <= cols:  # the phase stays inside the row
            assert _swizzled_offset(r, c, vec, per_phase, max_phase, cols) == off
    assert len(seen) == rows * cols  # every element has one offset


def test_nvmma_128b_rows():
    """128-byte swizzle of bf16: each row is 64 elements, its 16-byte chunks
    XOR-ed with the row modulo 8 (CU_TENSOR_MAP_SWIZZLE_128B)."""
    ll = L.to_linear_layout(L.nvmma_shared_layout(128, 16), [64, 64])
    for off in range(64 * 64):
        r, c = ll.coordinates(off)
        assert off == r * 64 + (((c // 8) ^ (r % 8)) * 8) + c % 8


def test_padded_offsets():
    lay = L.padded_shared_layout([[64, 4], [512, 8]], [1, 0])
    ll = L.to_linear_layout(lay, [32, 64])
    assert ll.coordinates(65) == (1, 1)  # identity in order
    assert lay.padded_offset(63) == 63 and lay.padded_offset(64) == 68 and lay.padded_offset(512) == 512 + 32 + 8


@pytest.mark.parametrize("make,message", [
    (lambda: L.swizzled_shared_layout(3, 1, 1, [1, 0]), "vec = 3 must be a power of two"),
    (lambda: L.swizzled_shared_layout(8, 1, 1, [1, 1]), "order must be a permutation of 0..1"),
    (lambda: L.nvmma_shared_layout(96, 16), "swizzle_bytes must be 0, 32, 64 or 128, got 96"),
    (lambda: L.nvmma_shared_layout(128, 12), "element_bits must be 8, 16, 32 or 64, got 12"),
    (lambda: L.nvmma_shared_layout(64, 16, rank=3, transposed=True), "a transposed nvmma_shared layout has rank 2"),
    (lambda: L.padded_shared_layout([[48, 4]], [1, 0]), "interval 48 must be a positive power of two"),
    (lambda: L.padded_shared_layout([[64, 4], [32, 4]], [1, 0]), "intervals must increase strictly"),
])
def test_invalid_shared_layouts_raise(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_tile_shape_rules():
    with pytest.raises(ValueError, match="needs at least 64 elements along dimension 1 and 8 rows"):
        L.to_linear_layout(L.nvmma_shared_layout(128, 16), [64, 32])
    with pytest.raises(ValueError, match="cannot describe a rank-3 tile"):
        L.to_linear_layout(L.swizzled_shared_layout(1, 1, 1, [1, 0]), [2, 4, 8])
    with pytest.raises(TypeError, match="shared-memory layout"):
        L.elements_per_thread(L.swizzled_shared_layout(1, 1, 1, [1, 0]), [4, 8])


def test_attribute_round_trip():
    with ir.Context():
        for lay in (L.swizzled_shared_layout(8, 2, 4, [1, 0]), L.nvmma_shared_layout(64, 8, transposed=True),
                    L.nvmma_shared_layout(0, 32, rank=3), L.padded_shared_layout([[32, 4]], [0, 1])):
            assert str(ir.Attribute.parse(str(lay))) == str(lay)


# ---------------------------------------------------------------------------
# Bank conflicts: the layout core's count against a brute-force count over
# the addresses each lane touches
# ---------------------------------------------------------------------------

def _apply(bases, idx, rank):
    c = [0] * rank
    for bit, b in enumerate(bases):
        if idx >> bit & 1:
            c = [x ^ y for x, y in zip(c, b)]
    return tuple(c)


def _brute_force(dist, shared, shape, elem_bytes, banks):
    """Every element's offset by search; a lane's vector = the run of its
    registers at consecutive, aligned offsets; phases of banks*4/bytes
    lanes; per phase the most distinct 4-byte words in one bank."""
    rank = len(shape)
    d = L.to_linear_layout(dist, shape)
    s = L.to_linear_layout(shared, shape)
    offset_of = {s.coordinates(o): o for o in range(int(np.prod(shape)))}
    regs, lanes = 1 << len(d.reg_bases), 1 << len(d.lane_bases)
    offs = [[offset_of[_apply(d.reg_bases, r, rank)] ^ offset_of[_apply(d.lane_bases, lane, rank)]
             for r in range(regs)] for lane in range(lanes)]
    vec = 1
    while vec * 2 <= min(regs, 16 // elem_bytes) and all(
            all(offs[lane][r + i] == offs[lane][r] + i for i in range(vec * 2)) and offs[lane][r] % (vec * 2) == 0
            for lane in range(lanes) for r in range(0, regs, vec * 2)):
        vec *= 2
    per_phase = min(max(banks * 4 // (vec * elem_bytes), 1), lanes)
    wavefronts = 0
    for r in range(0, regs, vec):
        for first in range(0, lanes, per_phase):
            words = {}
            for lane in range(first, first + per_phase):
                byte = offs[lane][r] * elem_bytes
                for w in range(byte // 4, (byte + vec * elem_bytes - 1) // 4 + 1):
                    words.setdefault(w % banks, set()).add(w)
            wavefronts += max(len(v) for v in words.values())
    return vec, wavefronts


ACCESS_CASES = [
    # a row-major blocked tile through an unswizzled and a swizzled layout
    (L.blocked_layout([1, 4], [8, 8], [4, 1], [1, 0]), L.swizzled_shared_layout(1, 1, 1, [1, 0]), [64, 64], 4),
    (L.blocked_layout([1, 1], [8, 8], [4, 1], [0, 1]), L.swizzled_shared_layout(1, 1, 1, [1, 0]), [64, 64], 4),
    (L.blocked_layout([1, 1], [8, 8], [4, 1], [0, 1]), L.swizzled_shared_layout(1, 1, 16, [1, 0]), [64, 64], 4),
    (L.blocked_layout([8, 1], [8, 8], [1, 4], [0, 1]), L.swizzled_shared_layout(8, 1, 8, [1, 0]), [64, 64], 2),
    (L.blocked_layout([1, 8], [16, 4], [4, 1], [1, 0]), L.nvmma_shared_layout(128, 16), [64, 64], 2),
    (L.blocked_layout([4, 1], [4, 8], [1, 4], [0, 1]), L.swizzled_shared_layout(4, 2, 4, [1, 0]), [32, 64], 4),
    (L.amd_mfma_layout(4, [32, 32, 16], True, [2, 2]), L.swizzled_shared_layout(4, 1, 8, [1, 0]), [64, 64], 4),
]


@pytest.mark.parametrize("dist,shared,shape,elem_bytes", ACCESS_CASES)
@pytest.mark.parametrize("target", ["gfx942", "gfx950", "sm_90a"])
def test_bank_conflicts_match_brute_force(dist, shared, shape, elem_bytes, target):
    banks = {"gfx942": 32, "gfx950": 64, "sm_90a": 32}[target]
    if len(dist.threads_per_warp if hasattr(dist, "threads_per_warp") else ()) and \
            np.prod(dist.threads_per_warp) != (64 if target.startswith("gfx") else 32):
        pytest.skip("warp size of another target")
    if isinstance(dist, L.AMDMFMALayout) and target == "sm_90a":
        pytest.skip("an MFMA layout on a 32-lane target")
    cost = L.shared_access_cost(dist, shared, shape, elem_bytes * 8, target)
    vec, wavefronts = _brute_force(dist, shared, shape, elem_bytes, banks)
    assert (cost["vector_elements"], cost["wavefronts"]) == (vec, wavefronts)
    assert cost["wavefronts"] >= cost["ideal_wavefronts"]


def test_transposed_access_conflicts_and_the_chosen_swizzle_removes_them():
    """A column-major read of a row-major f32 tile hits one bank per 32
    rows; the chosen swizzle makes both the (vectorized) store and the load
    conflict-free."""
    rows = L.blocked_layout([1, 4], [8, 8], [4, 1], [1, 0])
    cols = L.blocked_layout([4, 1], [8, 8], [1, 4], [0, 1])
    plain = L.swizzled_shared_layout(1, 1, 1, [1, 0])
    bad = L.shared_access_cost(cols, plain, [64, 64], 32, "gfx942")
    assert bad["wavefronts"] > 4 * bad["ideal_wavefronts"]
    best = L.choose_shared_layout(rows, cols, [64, 64], 32, "gfx942")
    assert best.max_phase > 1
    for lay, vec in ((rows, 4), (cols, 1)):
        c = L.shared_access_cost(lay, best, [64, 64], 32, "gfx942")
        assert c["wavefronts"] == c["ideal_wavefronts"], (lay, best, c)
        # 16-byte stores along the rows; the column reads are single elements
        assert c["vector_elements"] == vec


def test_access_cost_arguments_are_checked():
    rows = L.blocked_layout([1, 4], [8, 8], [4, 1], [1, 0])
    plain = L.swizzled_shared_layout(1, 1, 1, [1, 0])
    with pytest.raises(TypeError, match="shared_layout must be a shared layout"):
        L.shared_access_cost(rows, rows, [64, 64], 32, "gfx942")
    with pytest.raises(ValueError, match="element_bitwidth must be 8, 16, 32 or 64"):
        L.shared_access_cost(rows, plain, [64, 64], 12, "gfx942")
    with pytest.raises(ValueError, match="cannot describe"):
        L.shared_access_cost(rows, plain, [64, 64, 2], 32, "gfx942")
