"""Regression tests for crashes and silent acceptance found by hostile use:
every reproducer gives a clean exception (or diagnostic) or compiles."""

import subprocess
import sys

import pytest

from tlxamd import compiler
from tlxamd import language as tl


def _build(body, target="gfx950"):
    @tl.kernel(num_warps=4)
    def k(p: tl.pointer(tl.float32)):
        return body(p)

    return k.build(target=target)


def test_layout_products_cannot_overflow_the_core():
    """A blocked layout whose tile reaches 2^32 once wrapped to 0 in the int32
    core and divided by it (SIGFPE): now a ValueError naming the limit."""
    with pytest.raises(ValueError, match=r"layout tile exceeds 1048576 elements"):
        tl.elements_per_thread(tl.blocked_layout([2**24], [64], [4], [0]), [1024])
    with pytest.raises(ValueError, match=r"more than 32 warps"):
        tl.elements_per_thread(tl.blocked_layout([1], [64], [2**30], [0]), [1024])
    with pytest.raises(ValueError, match=r"layout tile exceeds"):
        tl.elements_per_thread(tl.amd_mfma_layout(4, [32, 32, 16], False, [2, 2], tiles_per_warp=[2**16, 2**16]),
                               [64, 64])


@pytest.mark.parametrize(
    "body,exc,message",
    [
        (lambda p: tl.full([64], 2**40 + 7, tl.int32), ValueError, r"full value 1099511627783 does not fit in int32"),
        (lambda p: tl.full([64], 1000, tl.int8), ValueError, r"full value 1000 does not fit in int8 \(-128..127\)"),
        (lambda p: tl.arange(2**32, 2**32 + 64), ValueError, r"arange start 4294967296 does not fit in int32"),
        (lambda p: tl.arange(0, 2**31), ValueError, r"arange end 2147483648 does not fit in int32"),
        (lambda p: tl.arange(0, 2**30), ValueError, r"a tensor may have at most 1048576 \(2\^20\)"),
        (lambda p: tl.full([2**21], 0, tl.float32), ValueError, r"a tensor may have at most 1048576"),
        (lambda p: tl.full([64], 0, None), TypeError, r"full dtype must be a tlxamd.language dtype"),
        (lambda p: tl.full([64], "x", tl.float32), TypeError, r"full value must be a number"),
        (lambda p: tl.arange(0, 64, layout=tl.blocked_layout([1, 1], [8, 8], [4, 1], [1, 0])), ValueError,
         r"cannot describe a \[64\] tensor: layout of rank 2 cannot describe a rank-1 tensor"),
        (lambda p: tl.buffer_load(p, tl.arange(0, 256), contiguity=2**32), ValueError,
         r"contiguity 4294967296 exceeds the 1048576 elements"),
        (lambda p: tl.arange(0, 64), TypeError, r"kernels write their results through pointers and return nothing"),
    ],
)

def test_misuse_is_an_exception(body, exc, message):
    with pytest.raises(exc, match=message):
        _build(body)


def test_fatal_parser_error_is_an_exception(tmp_path):
    """The released parser calls report_fatal_error on `"gpu"() : () -> ()`:
    the driver's guarded parse raises instead of letting the process abort,
    and the process goes on working."""
    src = '"gpu"() : () -> ()\n'
    for _ in range(2):
        with pytest.raises(compiler.CompilationError,
                           match=r"fatal error in the MLIR parser: gpu created with unregistered dialect"):
            compiler.compile(src, target="gfx950")
    # ordinary parse errors keep their diagnostics
    with pytest.raises(compiler.CompilationError, match=r"expected"):
        compiler.compile("module {\n", target="gfx950")
    assert str(compiler.parse("module {}\n")).startswith("module")
    # tlx-opt: a one-line diagnostic and exit status 1, no abort
    f = tmp_path / "fatal.mlir"
    f.write_text(src)
    proc = subprocess.run([sys.executable, "-c", "from tlxamd._tools import tlx_opt; tlx_opt()", str(f)],
                          capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    assert "tlx-opt: error: gpu created with unregistered dialect" in proc.stderr
    assert "Stack dump" not in proc.stderr


def test_f8_arithmetic_is_a_compilation_error():
    src = """
#b = #tlxamd.blocked<{size_per_thread = [4], threads_per_warp = [64], warps_per_cta = [1], order = [0]}>
gpu.module @m {
  gpu.func @k(%a: tensor<256xf8E4M3FN, #b>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %s = arith.addf %a, %a : tensor<256xf8E4M3FN, #b>
    gpu.return
  }
}
"""
    for target in ("gfx950", "sm_90a"):
        with pytest.raises(compiler.CompilationError, match="has no lowering for .*f8E4M3FN.* has no arithmetic"):
            compiler.compile(src, target=target)


@pytest.mark.slow
def test_verifier_accepts_means_it_builds():
    """Every buffer op x element type (i8..i64, f16, bf16, f32, f64, f8) x
    contiguity (1..16) x mask form (none, uniform, non-uniform) x `other` x
    target (gfx942, gfx950, sm_90a, sm_100a) is rejected by a verifier with
    a diagnostic or compiled to a binary (buffer_matrix.py)."""
    import buffer_matrix

    counts, failures = buffer_matrix.run(("gfx942", "gfx950", "sm_90a", "sm_100a"), buffer_matrix.ELEMENT_TYPES)
    assert failures == []
    # most of the matrix is legal; the rest is atomics the verifiers reject
    assert counts["compiled"] > 1500 and counts["rejected"] > 300


@pytest.mark.parametrize("target,types", [("gfx950", ("bf16", "f32")), ("sm_90a", ("f16", "i8")),
                                          ("gfx942", ("bf16",))])
def test_verifier_accepts_means_it_builds_sample(target, types):
    """The same invariant over a slice of the matrix (16-bit atomics' pairs,
    the packed BF16 atomic gfx942 lacks, 8-bit groups), for the default tier;
    the whole matrix is the slow tier's."""
    import buffer_matrix

    counts, failures = buffer_matrix.run((target,), types)
    assert failures == []
    assert counts["compiled"] > 20 and counts["rejected"] > 0
