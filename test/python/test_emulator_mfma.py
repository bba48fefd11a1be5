"""MFMA in the emulator, against two independent sources: the layout core's
MFMA and dot-operand linear layouts (for every single-block 16x16 / 32x32
instruction of the capability table) and the recorded Gluon layouts
(test/python/data). Hand-written lowered kernels run rocdl.mfma through the
emulator with operands placed by the layout core and match numpy; swapping
the operands is caught."""

import json
import os

import numpy as np
import pytest

from tlxamd import emulator, ir
from tlxamd import language as tl
from tlxamd.language.core import _default_context

# (MFMA version, M = N, K, elements per lane, ROCDL op, operand element type)
INSTRUCTIONS = [
    (3, 32, 8, 4, "rocdl.mfma.f32.32x32x8f16", "f16"),
    (3, 16, 16, 4, "rocdl.mfma.f32.16x16x16f16", "f16"),
    (3, 32, 8, 4, "rocdl.mfma.f32.32x32x8bf16.1k", "bf16"),
    (3, 16, 16, 4, "rocdl.mfma.f32.16x16x16bf16.1k", "bf16"),
    (3, 32, 16, 8, "rocdl.mfma.i32.32x32x16.i8", "i8"),
    (3, 16, 32, 8, "rocdl.mfma.i32.16x16x32.i8", "i8"),
    (4, 32, 16, 8, "rocdl.mfma.f32.32x32x16.bf16", "bf16"),
    (4, 16, 32, 8, "rocdl.mfma.f32.16x16x32.bf16", "bf16"),
    (4, 32, 16, 8, "rocdl.mfma.f32.32x32x16.f16", "f16"),
    (4, 16, 32, 8, "rocdl.mfma.f32.16x16x32.f16", "f16"),
]


def _apply(ll, reg, lane):
    c = [0] * len(ll.shape)
    for bases, idx in ((ll.reg_bases, reg), (ll.lane_bases, lane)):
        for bit, b in enumerate(bases):
            if idx >> bit & 1:
                c = [x ^ y for x, y in zip(c, b)]
    return tuple(c)


def _core_maps(version, m, k, kpl):
    with _default_context():
        parent = tl.amd_mfma_layout(version, [m, m, k], False, [1, 1])
        a = tl.to_linear_layout(tl.dot_operand_layout(0, parent, kpl), [m, k])
        b = tl.to_linear_layout(tl.dot_operand_layout(1, parent, kpl), [k, m])
        d = tl.to_linear_layout(parent, [m, m])
    return a, b, d


@pytest.mark.parametrize("version,m,k,kpl,name,elem", INSTRUCTIONS)
def test_lane_maps_agree_with_the_layout_core(version, m, k, kpl, name, elem):
    a_map, b_map, d_map = emulator.mfma_lane_maps(m, m, k)
    a, b, d = _core_maps(version, m, k, kpl)
    for ll, emu, regs in ((a, a_map, kpl), (b, b_map, kpl), (d, d_map, m * m // 64)):
        core = {_apply(ll, r, lane): (lane, r) for lane in range(64) for r in range(regs)}
        assert core == emu, name


def test_result_maps_agree_with_gluon():
    path = os.path.join(os.path.dirname(__file__), "data", "gluon_linear_layouts.json")
    cases = [c for c in json.load(open(path))["cases"] if c["layout"]["kind"] == "amd_mfma"
             and c["layout"]["warps_per_cta"] == [1, 1] and not c["layout"]["transposed"]
             and c["layout"]["instr_shape"][0] == c["layout"]["instr_shape"][1] in (16, 32)]
    assert len(cases) >= 8
    for c in cases:
        m, _, k = c["layout"]["instr_shape"]
        e = c["expected"]

        class LL:
            reg_bases, lane_bases, shape = e["reg_bases"], e["lane_bases"], c["shape"]

        _, _, d_map = emulator.mfma_lane_maps(m, m, k)
        for (i, j), (lane, r) in d_map.items():
            assert _apply(LL, r, lane) == (i, j), (c["layout"], i, j)


_KERNEL = """
llvm.func @mma(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %d: !llvm.ptr<1>) attributes {{gpu.kernel, rocdl.kernel,
    rocdl.reqd_work_group_size = array<i32: 64, 1, 1>}} {{
  %lane = rocdl.workitem.id.x : i32
  %z = llvm.mlir.constant(0 : i32) : i32
  %c = llvm.mlir.constant(dense<{zero}> : {acc}) : {acc}
  %pa = llvm.getelementptr %a[%lane] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, {opnd}
  %va = llvm.load %pa : !llvm.ptr<1> -> {opnd}
  %pb = llvm.getelementptr %b[%lane] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, {opnd}
  %vb = llvm.load %pb : !llvm.ptr<1> -> {opnd}
  %r = {name} {x}, {y}, %c, %z, %z, %z : ({opnd}, {opnd}, {acc}, i32, i32, i32) -> {acc}
  %pd = llvm.getelementptr %d[%lane] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, {acc}
  llvm.store %r, %pd : {acc}, !llvm.ptr<1>
  llvm.return
}}
"""

NUMPY = {"f16": np.float16, "i8": np.int8}


def _run_mma(version, m, k, kpl, name, elem, swap=False):
    rng = np.random.default_rng(m + k)
    if elem == "i8":
        A = rng.integers(-128, 128, (m, k)).astype(np.int8)
        B = rng.integers(-128, 128, (k, m)).astype(np.int8)
    else:  # values exact in f16 and bf16
        A = (rng.integers(-64, 64, (m, k)) / 16).astype(np.float32)
        B = (rng.integers(-64, 64, (k, m)) / 16).astype(np.float32)
    a_ll, b_ll, d_ll = _core_maps(version, m, k, kpl)
    store = {"f16": np.float16, "bf16": np.uint16, "i8": np.int8}[elem]

    def lanes(M, ll):
        buf = np.zeros((64, kpl), store)
        for lane in range(64):
            for r in range(kpl):
                v = M[_apply(ll, r, lane)]
                buf[lane, r] = (np.float32(v).view(np.uint32) >> 16) if elem == "bf16" else v
        return buf

    acc = "i32" if elem == "i8" else "f32"
    text = _KERNEL.format(acc=f"vector<{m * m // 64}x{acc}>", opnd=f"vector<{kpl}x{elem}>", name=name,
                          zero="0" if elem == "i8" else "0.0",
                          x="%vb" if swap else "%va", y="%va" if swap else "%vb")
    regs = m * m // 64
    out = np.zeros((64, regs), np.int32 if elem == "i8" else np.float32)
    with _default_context():
        module = ir.Module.parse(text)
        emulator.run(module, (1,), lanes(A, a_ll), lanes(B, b_ll), out)
    D = np.zeros((m, m), out.dtype)
    for lane in range(64):
        for r in range(regs):
            D[_apply(d_ll, r, lane)] = out[lane, r]
    return D, A.astype(np.int64 if elem == "i8" else np.float64) @ B.astype(np.int64 if elem == "i8" else np.float64)


@pytest.mark.parametrize("version,m,k,kpl,name,elem", INSTRUCTIONS)
def test_mfma_runs(version, m, k, kpl, name, elem):
    D, ref = _run_mma(version, m, k, kpl, name, elem)
    assert np.array_equal(D, ref.astype(D.dtype))


def test_swapped_operands_are_caught():
    D, ref = _run_mma(4, 32, 16, 8, "rocdl.mfma.f32.32x32x16.bf16", "bf16", swap=True)
    assert not np.array_equal(D, ref.astype(D.dtype))


def test_unsupported_mfma_forms_are_named():
    text = _KERNEL.format(acc="vector<16xf32>", opnd="f32", name="rocdl.mfma.f32.32x32x1f32", x="%va", y="%vb",
                          zero="0.0")
    text = text.replace("vector<16xf32>", "vector<32xf32>")
    with _default_context():
        module = ir.Module.parse(text)
        with pytest.raises(emulator.EmulatorError, match="rocdl.mfma.f32.32x32x1f32 is not emulated"):
            emulator.run(module, (1,), np.zeros(64, np.float32), np.zeros(64, np.float32),
                         np.zeros((64, 32), np.float32))
