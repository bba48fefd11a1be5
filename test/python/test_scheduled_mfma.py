"""The TLX tensor-core reference's explicit MFMA scheduling: both of its examples (as written,
examples/scheduled_mfma.py) run in the AMD emulator against numpy with f32
accumulation (initialize=True discarding the old accumulator,
initialize=False adding to it: M7), and their gfx950 ISA shows what the
document promises: v_mfma_f32_32x32x16_bf16 with AGPR accumulators for the
persistent role, the sched_barrier boundaries, amd_register_resident's AGPR
tuples of the requested width, the commit's register classes (M16), no
scratch. A multi-fragment call shows the K-major, N-major, M-minor order
(M8) in the ISA. Misuse raises with the rule's number."""

import os
import re
import sys

import numpy as np
import pytest

from tlxamd import compiler, emulator
from tlxamd import language as tl
from tlxamd import language as tlx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
from scheduled_mfma import independent_subtiles, mma, transient_chain  # noqa: E402

MFMA = "v_mfma_f32_32x32x16_bf16"


def _bf16_bits(x):
    return (x.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


def _exact(rng, shape, scale=8):
    """bf16-exact values whose f32 products and sums are exact."""
    return (rng.integers(-16, 16, shape) / scale).astype(np.float32)


def _asm(kern, target="gfx950", **consts):
    return compiler.compile(kern.build(target=target, **consts), target=target).asm


def _mfma_lines(asm):
    return [ln.split(None, 1)[1].replace(" ", "").split(",") for ln in asm.splitlines()
            if ln.strip().startswith("v_mfma")]


def test_independent_subtiles_matches_numpy():
    rng = np.random.default_rng(3)
    A, B = _exact(rng, (64, 16)), _exact(rng, (16, 128))
    out = np.full((64, 128), np.nan, np.float32)
    k = compiler.compile(independent_subtiles.build(target="gfx950"), target="gfx950", binary=False)
    emulator.run(k, (1,), _bf16_bits(A), _bf16_bits(B.T.copy()), out)
    np.testing.assert_array_equal(out, A @ B)


def test_independent_subtiles_isa():
    asm = _asm(independent_subtiles)
    lines = [ln.strip() for ln in asm.splitlines()]
    mfmas = [i for i, ln in enumerate(lines) if ln.startswith(MFMA)]
    barriers = [i for i, ln in enumerate(lines) if ln == "; sched_barrier mask(0x00000000)"]
    # one native fragment per wave and subtile, the two barriers between them
    assert len(mfmas) == 2 and len(barriers) == 2
    assert mfmas[0] < barriers[0] < barriers[1] < mfmas[1]
    # persistent: AGPR accumulators, two distinct 16-register tuples
    dsts = [f[0] for f in _mfma_lines(asm)]
    assert all(re.fullmatch(r"a\[\d+:\d+\]", d) for d in dsts) and dsts[0] != dsts[1]
    # the results-only commit keeps both in AGPRs (M16)
    commit = [ln for ln in lines if ln.startswith("; amd_mfma_commit")]
    assert len(commit) == 1 and re.fullmatch(r"; amd_mfma_commit a\[\d+:\d+\] a\[\d+:\d+\]", commit[0])
    res = compiler.compile(independent_subtiles.build(target="gfx950"), target="gfx950").resources
    assert res["scratch"] == 0 and res["vgpr_spill"] == 0 and res["lds"] == 0
    assert "scratch_" not in asm


@pytest.mark.parametrize("initialize", [True, False])
def test_transient_chain_matches_numpy(initialize):
    rng = np.random.default_rng(11 + initialize)
    A, B, C = _exact(rng, (64, 32)), _exact(rng, (32, 64)), _exact(rng, (64, 64), 4)
    out = C.copy()
    k = compiler.compile(transient_chain.build(target="gfx950", INITIALIZE=initialize), target="gfx950",
                         binary=False)
    emulator.run(k, (1,), _bf16_bits(A), _bf16_bits(B.T.copy()), out)
    np.testing.assert_array_equal(out, A @ B if initialize else A @ B + C)


def test_transient_chain_isa():
    asm = _asm(transient_chain, INITIALIZE=True)
    lines = [ln.strip() for ln in asm.splitlines()]
    # b resident in AGPR tuples of 4 (its 8 registers per lane: 2 groups)
    resident = [ln for ln in lines if ln.startswith("; amd_register_resident")]
    assert len(resident) == 1
    tuples = resident[0].split()[2:]
    assert len(tuples) == 2
    for t in tuples:
        lo, hi = map(int, re.fullmatch(r"a\[(\d+):(\d+)\]", t).groups())
        assert hi - lo + 1 == 4
    # two K steps chained through one accumulator, reading b from the pinned tuples
    fields = _mfma_lines(asm)
    assert len(fields) == 2 and fields[0][0] == fields[1][0] == fields[1][3]
    assert {fields[0][1], fields[1][1]} == set(tuples)
    # commit with preserve: results in VGPRs, the preserved operand in AGPRs (M16)
    commit = [ln for ln in lines if ln.startswith("; amd_mfma_commit")]
    assert len(commit) == 1
    regs = commit[0].split()[2:]
    assert re.fullmatch(r"v\[\d+:\d+\]", regs[0]) and regs[1:] == tuples
    assert "scratch_" not in asm


def _multi_fragment(transposed, role="transient", initialize=False):
    layout = tl.amd_mfma_layout(4, [32, 32, 16], transposed, [1, 1])
    la, lb = tl.dot_operand_layout(0, layout, 8), tl.dot_operand_layout(1, layout, 8)

    @tl.kernel(num_warps=1, name="multi_fragment")
    def kern(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32)):
        r = tl.arange(0, 64)
        k = tl.arange(0, 32)
        x = tl.buffer_load(a, tl.require_layout(r[:, None] * 32 + k[None, :], la), contiguity=8)
        y = tl.buffer_load(b, tl.require_layout(k[:, None] + r[None, :] * 32, lb), contiguity=8)  # B^T
        co = tl.require_layout(r[:, None] * 64 + r[None, :], layout)
        acc = tl.buffer_load(c, co)
        acc = tlx.amd_scheduled_mfma(x, y, acc, accumulator_role=role, initialize=initialize)
        acc = tlx.amd_mfma_commit(acc)
        tl.buffer_store(acc, c, co)

    return kern


@pytest.mark.parametrize("transposed", [False, True])
def test_k_major_n_major_m_minor_order(transposed):
    """2 x 2 output fragments, 2 K steps: 8 MFMAs. Each K step updates all
    four accumulators (round robin) before the next; within a step N is the
    outer and M the inner loop, so the A fragment alternates and the B
    fragment changes every second MFMA (transposed: the instruction takes
    B first)."""
    fields = _mfma_lines(_asm(_multi_fragment(transposed)))
    assert len(fields) == 8
    dst = [f[0] for f in fields]
    assert len(set(dst[:4])) == 4 and dst[4:] == dst[:4]
    assert [f[3] for f in fields[4:]] == dst[:4]  # K step 2 continues each chain
    a_src = [f[2 if transposed else 1] for f in fields]
    b_src = [f[1 if transposed else 2] for f in fields]
    for step in (0, 4):
        a, b = a_src[step:step + 4], b_src[step:step + 4]
        assert a[0] == a[2] and a[1] == a[3] and a[0] != a[1]  # M minor
        assert b[0] == b[1] and b[2] == b[3] and b[0] != b[2]  # N major
    assert a_src[0] != a_src[4] and b_src[0] != b_src[4]  # the next K fragment


@pytest.mark.parametrize("transposed", [False, True])
@pytest.mark.parametrize("role,initialize", [("transient", False), ("persistent", True), ("persistent", False)])
def test_multi_fragment_matches_numpy(transposed, role, initialize):
    rng = np.random.default_rng(5)
    A, B, C = _exact(rng, (64, 32)), _exact(rng, (32, 64)), _exact(rng, (64, 64), 4)
    out = C.copy()
    k = compiler.compile(_multi_fragment(transposed, role, initialize).build(target="gfx950"),
                         target="gfx950", binary=False)
    emulator.run(k, (1,), _bf16_bits(A), _bf16_bits(B.T.copy()), out)
    np.testing.assert_array_equal(out, A @ B if initialize else A @ B + C)


def test_gfx942_persistent_vgpr_matches_numpy():
    """gfx942: persistent calls choose "vgpr" explicitly (M10); bf16_1k MFMA."""
    layout = tl.amd_mfma_layout(3, [32, 32, 8], True, [1, 1])
    la, lb = tl.dot_operand_layout(0, layout, 4), tl.dot_operand_layout(1, layout, 4)

    @tl.kernel(num_warps=1)
    def kern(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32)):
        r = tl.arange(0, 32)
        x = tl.buffer_load(a, tl.require_layout(r[:, None] * 32 + r[None, :], la), contiguity=4)
        y = tl.buffer_load(b, tl.require_layout(r[:, None] * 32 + r[None, :], lb))
        co = tl.require_layout(r[:, None] * 32 + r[None, :], layout)
        acc = tlx.amd_scheduled_mfma(x, y, tl.buffer_load(c, co), accumulator_role="persistent",
                                     accumulator_register_class="vgpr")
        tl.buffer_store(tlx.amd_mfma_commit(acc), c, co)

    rng = np.random.default_rng(9)
    A, B, C = _exact(rng, (32, 32)), _exact(rng, (32, 32)), _exact(rng, (32, 32), 4)
    out = C.copy()
    emulator.run(compiler.compile(kern.build(target="gfx942"), target="gfx942", binary=False), (1,),
                 _bf16_bits(A), _bf16_bits(B), out)
    np.testing.assert_array_equal(out, A @ B + C)
    asm = _asm(kern, "gfx942")
    assert len(_mfma_lines(asm)) == 4
    # the accumulator pinned to VGPRs before and after its chain
    pins = [ln.split()[-1] for ln in asm.splitlines() if "; amd_scheduled_mfma accumulator" in ln]
    assert len(pins) == 2 and all(re.fullmatch(r"v\[\d+:\d+\]", p) for p in pins)


def _rejects(kern, target, match):
    with pytest.raises(Exception, match=match):
        compiler.compile(kern.build(target=target), target=target, binary=False)


def test_gfx942_rejects_agpr_accumulators():
    layout = tl.amd_mfma_layout(3, [32, 32, 8], True, [1, 1])
    la, lb = tl.dot_operand_layout(0, layout, 4), tl.dot_operand_layout(1, layout, 4)

    def make(**kw):
        @tl.kernel(num_warps=1)
        def kern(a: tl.pointer(tl.bfloat16)):
            x = tl.full([32, 32], 1.0, tl.bfloat16, la)
            y = tl.full([32, 32], 1.0, tl.bfloat16, lb)
            acc = tlx.amd_scheduled_mfma(x, y, tl.zeros([32, 32], tl.float32, layout), **kw)
            tlx.amd_mfma_commit(acc)

        return kern

    _rejects(make(accumulator_role="persistent"), "gfx942", "M10")
    _rejects(make(accumulator_register_class="agpr"), "gfx942", "M10")
    _rejects(make(accumulator_role="persistent"), "sm_90a", "M1")


def test_bad_arguments():
    la = tl.dot_operand_layout(0, mma, 8)

    @tl.kernel(num_warps=4)
    def k(role: tl.constexpr, cls: tl.constexpr, r: tl.constexpr, which: tl.constexpr):
        x = tl.full([64, 16], 1.0, tl.bfloat16, la)
        acc = tl.zeros([64, 64], tl.float32, mma)
        if which == 0:
            tlx.amd_scheduled_mfma(x, x, acc, accumulator_role=role)
        elif which == 1:
            tlx.amd_scheduled_mfma(x, x, acc, accumulator_register_class=cls)
        elif which == 2:
            tlx.amd_register_resident(x, registers_per_group=r)
        elif which == 3:
            tlx.amd_mfma_commit(())
        elif which == 4:
            tlx.amd_register_class_anchor(x, register_class=cls)
        elif which == 5:
            tlx.extract_slice(x, [64, 16, 1], [0, 0])
        elif which == 6:
            tlx.amd_sched_barrier(-1)

    cases = [(0, dict(role="eager"), ValueError, "accumulator_role"),
             (1, dict(cls="sgpr"), ValueError, "accumulator_register_class"),
             (2, dict(r=3), ValueError, "registers_per_group"),
             (3, {}, ValueError, "nonempty"),
             (4, dict(cls="agprs"), ValueError, "register_class"),
             (5, {}, ValueError, "one extent and one offset per dimension"),
             (6, {}, ValueError, "32 bits")]
    for which, kw, exc, match in cases:
        consts = dict(role="transient", cls="vgpr", r=1, which=which)
        consts.update(kw)
        with pytest.raises(exc, match=match):
            k.build(target="gfx950", **consts)


def test_extract_slice_needs_whole_registers():
    """M18: b's second K step is a register slice; an N half of one
    warp's 32 columns is spread over lanes, so slicing it would move
    values between lanes."""
    lb = tl.dot_operand_layout(1, mma, 8)

    @tl.kernel(num_warps=4)
    def k(shape: tl.constexpr, offsets: tl.constexpr):
        y = tl.full([32, 128], 1.0, tl.bfloat16, lb)
        tlx.extract_slice(y, shape, offsets)

    k.build(target="gfx950", shape=[16, 128], offsets=[16, 0])
    with pytest.raises(Exception, match="M18"):
        k.build(target="gfx950", shape=[32, 16], offsets=[0, 16])
    with pytest.raises(Exception, match="M18"):
        k.build(target="gfx950", shape=[32, 64], offsets=[0, 32])  # not aligned to the slice


def test_rank3_batch_matches_numpy():
    """M6's rank-3 form: 2 batches over 2 waves (one batch repetition per
    wave), a persistent call per batch of 32 x 32 x 16: one MFMA per wave."""
    mma3 = tl.amd_mfma_layout(4, [32, 32, 16], True, [2, 1, 1])
    la, lb = tl.dot_operand_layout(0, mma3, 8), tl.dot_operand_layout(1, mma3, 8)

    @tl.kernel(num_warps=2)
    def batched(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32)):
        i = tl.arange(0, 2)[:, None, None]
        r = tl.arange(0, 32)[None, :, None]
        k = tl.arange(0, 16)[None, None, :]
        kr = tl.arange(0, 16)[None, :, None]
        n = tl.arange(0, 32)[None, None, :]
        x = tl.convert_layout(tl.load(a + i * 512 + r * 16 + k), la)
        y = tl.convert_layout(tl.load(b + i * 512 + kr * 32 + n), lb)
        co = tl.convert_layout(i * 1024 + r * 32 + n, mma3)
        acc = tlx.amd_scheduled_mfma(x, y, tl.load(c + co), accumulator_role="persistent")
        tl.store(c + co, tlx.amd_mfma_commit(acc))

    rng = np.random.default_rng(1)
    A, B, C = _exact(rng, (2, 32, 16)), _exact(rng, (2, 16, 32)), _exact(rng, (2, 32, 32), 4)
    out = C.copy()
    emulator.run(compiler.compile(batched.build(target="gfx950"), target="gfx950", binary=False), (1,),
                 _bf16_bits(A), _bf16_bits(B), out)
    np.testing.assert_array_equal(out, A @ B + C)
    fields = _mfma_lines(_asm(batched))
    assert len(fields) == 1 and fields[0][0].startswith("a[")
