"""tl.range(..., num_stages=N): the loop's loads issued one iteration ahead
(tlxamd-pipeline), the results exact in the emulator for rows of any count
(none, one, ragged over the programs) on gfx950 and gfx942, and the
compiled code holding the prologue load and the next iteration's."""

import numpy as np
import pytest

import tlxamd
import tlxamd.language as tl
from tlxamd.language.frontend import CompilationError


@tlxamd.jit
def row_softmax(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols, BLOCK: tl.constexpr,
                STAGES: tl.constexpr):
    start = tl.program_id(0)
    step = tl.num_programs(0)
    for row in tl.range(start, n_rows, step, num_stages=STAGES):
        cols = tl.arange(0, BLOCK)
        x = tl.load(in_ptr + row * in_stride + cols, mask=cols < n_cols, other=-float("inf"))
        x = x - tl.max(x, axis=0)
        e = tl.exp(x)
        tl.store(out_ptr + row * out_stride + cols, e / tl.sum(e, axis=0), mask=cols < n_cols)


def _reference(x):
    e = np.exp(x - x.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
@pytest.mark.parametrize("rows,cols,programs", [(7, 100, 3), (5, 64, 8), (0, 64, 2), (1, 128, 1)])
def test_pipelined_rows_are_exact(monkeypatch, target, rows, cols, programs):
    monkeypatch.setenv("TLXAMD_TARGET", target)
    x = np.random.default_rng(rows * 100 + cols).standard_normal((max(rows, 1), cols)).astype(np.float32)
    y = np.zeros_like(x)
    row_softmax[(programs,)](y, x, cols, cols, rows, cols, BLOCK=128, STAGES=2, num_warps=4)
    np.testing.assert_allclose(y[:rows], _reference(x)[:rows], rtol=1e-5, atol=1e-6)
    if rows == 0:
        assert not y.any()


def _loads(target, stages):
    k = row_softmax.warmup(np.zeros((4, 64), np.float32), np.zeros((4, 64), np.float32), 64, 64, 4, 64,
                           BLOCK=128, STAGES=stages, num_warps=4, grid=(1,))
    return k.compiled


def test_two_stages_load_before_the_loop_and_one_iteration_ahead(monkeypatch):
    monkeypatch.setenv("TLXAMD_TARGET", "gfx950")
    one, two = _loads("gfx950", 1), _loads("gfx950", 2)
    count = lambda k: k.mlir.count("rocdl.raw.ptr.buffer.load")  # noqa: E731
    assert count(one) == 1 and count(two) == 2


def test_num_stages_must_be_a_positive_int():
    @tl.kernel(num_warps=1)
    def k(x: tl.pointer(tl.float32), n: tl.int32):
        for i in tl.range(0, n, 1, num_stages=0):  # MARK-stages
            tl.store(x + i, 1.0)

    with pytest.raises(CompilationError, match="num_stages must be a positive int, got 0"):
        k.build(target="gfx950")


def test_remarks_say_what_was_pipelined(monkeypatch):
    from tlxamd import compiler

    k = compiler.compile(tl.kernel(row_softmax.fn, num_warps=4).build(
        "gfx950", signature={"out_ptr": tl.pointer(tl.float32), "in_ptr": tl.pointer(tl.float32),
                             "in_stride": tl.int32, "out_stride": tl.int32, "n_rows": tl.int32,
                             "n_cols": tl.int32}, BLOCK=128, STAGES=2), target="gfx950", remarks=True)
    assert any("pipelined 1 load(s) one iteration ahead" in r for r in k.remarks), k.remarks
