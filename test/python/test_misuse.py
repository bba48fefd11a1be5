"""Property-based misuse of the Python API (hypothesis): wrong types, None,
huge and negative numbers, mismatched shapes and layouts, unknown targets.
Every call either succeeds on a valid input or raises TypeError, ValueError
or CompilationError with a message; never a crash, never silent acceptance
of an invalid input. The examples are fixed (derandomized) so that a failure
reproduces; `TLXAMD_HYPOTHESIS_EXPLORE=2000 pytest test/python/test_misuse.py`
searches fresh ones."""

import os

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tlxamd import compiler, targets  # noqa: E402
from tlxamd import language as tl  # noqa: E402

# The suite runs the same examples every time (a red run reproduces);
# TLXAMD_HYPOTHESIS_EXPLORE=N explores N fresh random examples per test.
# `scripts/test.sh --all` (the slow tier) runs TLXAMD_HYPOTHESIS_EXAMPLES
# (500) derandomized examples per property instead of 150.
_EXPLORE = int(os.environ.get("TLXAMD_HYPOTHESIS_EXPLORE", "0") or 0)
_EXAMPLES = int(os.environ.get("TLXAMD_HYPOTHESIS_EXAMPLES", "0") or 0) or 150
SETTINGS = settings(max_examples=_EXPLORE or _EXAMPLES, deadline=None, derandomize=not _EXPLORE,
                    suppress_health_check=[HealthCheck.too_slow])
CLEAN = (TypeError, ValueError, compiler.CompilationError)

# Anything a user might pass where a number, list, dtype or target is expected.
junk = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True), st.text(max_size=8),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.lists(st.integers(min_value=-(2**40), max_value=2**40), max_size=4),
)
ints = st.one_of(st.integers(min_value=-(2**40), max_value=2**40),
                 st.sampled_from([0, 1, 2, 3, 64, 2**20, 2**20 + 1, 2**31 - 1, 2**31, 2**32]))


def _in_kernel(body, target="gfx950"):
    @tl.kernel(num_warps=4)
    def k(p: tl.pointer(tl.float32)):
        body(p)

    return k.build(target=target)


def _clean_or_ok(fn):
    try:
        return True, fn()
    except CLEAN as e:
        assert str(e).strip(), f"{type(e).__name__} without a message"
        return False, None


def _pow2(n):
    return isinstance(n, int) and not isinstance(n, bool) and n > 0 and n & (n - 1) == 0


@SETTINGS
@given(start=ints, end=ints)
def test_arange(start, end):
    ok, _ = _clean_or_ok(lambda: _in_kernel(lambda p: tl.arange(start, end)))
    valid = (-(2**31) <= start < 2**31 and -(2**31) <= end < 2**31 and _pow2(end - start)
             and end - start <= 2**20)
    assert ok == valid, (start, end)


@SETTINGS
@given(shape=st.one_of(junk, st.lists(ints, min_size=1, max_size=3)), value=st.one_of(junk, ints),
       dtype=st.sampled_from([tl.int8, tl.int32, tl.float32, None, "f32", 3]))
def test_full(shape, value, dtype):
    ok, _ = _clean_or_ok(lambda: _in_kernel(lambda p: tl.full(shape, value, dtype)))
    if ok:  # accepted: the input was valid
        assert isinstance(dtype, tl.dtype) and isinstance(shape, list) and all(_pow2(d) for d in shape)
        n = 1
        for d in shape:
            n *= d
        assert n <= 2**20
        if isinstance(value, int) and not isinstance(value, bool) and dtype.kind == "int":
            assert -(1 << (dtype.bits - 1)) <= value < (1 << (dtype.bits - 1))


@SETTINGS
@given(spt=st.lists(ints, min_size=1, max_size=2), tpw=st.lists(ints, min_size=1, max_size=2),
       wpc=st.lists(ints, min_size=1, max_size=2), order=st.one_of(junk, st.lists(ints, max_size=2)),
       shape=st.lists(ints, min_size=1, max_size=2))
def test_layout_queries(spt, tpw, wpc, order, shape):
    ok, n = _clean_or_ok(lambda: tl.elements_per_thread(tl.blocked_layout(spt, tpw, wpc, order), shape))
    if ok:
        assert isinstance(n, int) and n >= 1
        assert all(_pow2(x) for x in spt + tpw + wpc + shape)


@SETTINGS
@given(contiguity=st.one_of(junk, ints), cache=st.one_of(junk, st.sampled_from([".ca", ".cg", ".wt", "cg", ""])),
       other=st.one_of(junk, st.floats(allow_nan=False, width=32)), masked=st.booleans(),
       unit=st.one_of(junk, st.sampled_from(["elements", "bytes", "words"])))
def test_buffer_load(contiguity, cache, other, masked, unit):
    def body(p):
        offs = tl.arange(0, 256)
        return tl.buffer_load(p, offs, mask=offs < 100 if masked else None, other=other,
                              cache=cache, contiguity=contiguity, offset_unit=unit)

    ok, _ = _clean_or_ok(lambda: _in_kernel(body))
    if ok:
        # Layout assignment gives each thread `contiguity` elements, at most
        # the 256 of the tensor.
        assert _pow2(contiguity) and contiguity <= 256
        assert cache in (None, "", ".ca", ".cg", ".cs", ".cv") and unit in (None, "elements", "bytes")
        assert other is None or masked


@SETTINGS
@given(target=st.one_of(junk, st.sampled_from(targets.names() + ["gfx90a", "sm_80", "GFX950", ""])))
def test_targets(target):
    ok, _ = _clean_or_ok(lambda: _in_kernel(lambda p: tl.arange(0, 64), target=target))
    assert ok == (target is None or target in targets.names())  # None: the default target
    ok, _ = _clean_or_ok(lambda: compiler.lower(compiler.parse("module {}"), target))
    assert ok == (target in targets.names())


@SETTINGS
@given(n=st.one_of(junk, ints))
def test_wait_counts_never_wrap(n):
    """A wait count the i32 attribute cannot hold is an error, never a
    truncated count (2**40 was `num = 0`)."""
    from tlxamd.language import shared

    ok, module = _clean_or_ok(lambda: _in_kernel(lambda p: shared.async_load_wait_group(n)))
    assert ok == (type(n) is int and 0 <= n < 2**31)
    if ok:
        assert f"tlxamd.async_wait {{num = {n} : i32}}" in str(module) or f"num = {n}" in str(module)


_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**40), max_value=2**40),
                     st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=6))
_JSON = st.recursive(_SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                     max_leaves=8)
_ENTRY_KEYS = ["target", "mlir", "llvm_ir", "asm", "binary", "kernels", "remarks"]


@settings(max_examples=min(_EXPLORE or _EXAMPLES, 40), deadline=None, derandomize=not _EXPLORE,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(payload=st.one_of(_JSON, st.dictionaries(st.sampled_from(_ENTRY_KEYS), _JSON, max_size=7),
                         st.binary(max_size=64).map(lambda b: b.decode("latin-1"))))
def test_damaged_cache_entries_never_escape(tmp_path_factory, payload):
    """Whatever an entry holds (JSON of any shape, bad base64, bytes), a
    compile returns the kernel the compiler produces."""
    import json

    directory = tmp_path_factory.mktemp("cache")
    old = os.environ.get("TLXAMD_CACHE_DIR")
    os.environ["TLXAMD_CACHE_DIR"] = str(directory)
    try:
        text = "module { gpu.module @m { gpu.func @k() kernel attributes {tlxamd.num_warps = 1 : i32} " \
               "{ gpu.return } } }"
        good = compiler.compile(text, target="gfx950")
        (entry,) = directory.rglob("*.json")
        entry.write_text(payload if isinstance(payload, str) and not payload.startswith("{") else
                         json.dumps(payload))
        again = compiler.compile(text, target="gfx950")
        assert again.binary == good.binary and again.kernels == good.kernels
    finally:
        if old is None:
            os.environ.pop("TLXAMD_CACHE_DIR", None)
        else:
            os.environ["TLXAMD_CACHE_DIR"] = old


_NUMPY = ["float16", "float32", "float64", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
          "uint64", "bool", "complex64"]
_POINTEES = {"f16": 2, "f32": 4, "f64": 8, "bf16": 2, "i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8,
             "f8E4M3FN": 1, "f8E5M2": 1}


@SETTINGS
@given(dtype=st.sampled_from(_NUMPY), pointee=st.sampled_from(sorted(_POINTEES)))
def test_emulator_array_types(dtype, pointee):
    """An array passes for a pointer to `pointee` elements when it holds
    exactly that float type, or raw bits of the element's size; anything
    else is a TypeError, never a reinterpretation."""
    import numpy as np

    from tlxamd import emulator

    a = np.zeros(4, dtype)
    floats = {"float16": "f16", "float32": "f32", "float64": "f64"}
    expected = floats[dtype] == pointee if a.dtype.kind == "f" else \
        a.dtype.kind in "iub" and a.dtype.itemsize == _POINTEES[pointee]
    try:
        emulator._check_pointee(a, pointee, "argument 0")
        ok = True
    except TypeError as e:
        assert "argument 0 points to" in str(e)
        ok = False
    assert ok == expected


_DEFECTS = ["array<index: 1>", "array< index: 2, 3>", "array<\tindex>", 'dense<["s"]> : tensor<1xi32>',
            'dense<[1, "s"]> : tensor<2xi32>']


@SETTINGS
@given(defect=st.sampled_from(_DEFECTS), before=st.integers(min_value=0, max_value=5),
       in_comment=st.booleans(), as_bytes=st.booleans())
def test_parser_defects_are_screened_wherever_they_are(defect, before, in_comment, as_bytes):
    """`ir.Module.parse` (and so the compile driver) refuses text the
    released parser aborts on, at its line; in a comment it is harmless."""
    from tlxamd import ir

    lines = ["// filler"] * before
    if in_comment:
        text = "\n".join(lines + [f"// {defect}", "module {}"])
    else:
        text = "\n".join(lines + [f"module attributes {{x = {defect}}} {{}}"])
    with ir.Context():
        arg = text.encode() if as_bytes else text
        if in_comment:
            assert "module" in str(ir.Module.parse(arg))
        else:
            with pytest.raises(ir.MLIRError, match=f"line {before + 1}: "):
                ir.Module.parse(arg)
    if not in_comment:
        ok, _ = _clean_or_ok(lambda: compiler.compile(text, target="gfx950"))
        assert not ok


_OOB_KERNELS = {}


def _oob_kernel(store: bool):
    if store not in _OOB_KERNELS:
        @tl.kernel(num_warps=1)
        def shifted(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32), off: tl.int32):
            o = tl.arange(0, 64)
            if store:
                tl.store(y + off + o, tl.load(x + o))
            else:
                tl.store(y + o, tl.load(x + off + o))

        _OOB_KERNELS[store] = compiler.compile(shifted.build(target="gfx950"), target="gfx950")
    return _OOB_KERNELS[store]


@SETTINGS
@given(off=st.integers(min_value=-4096, max_value=4096), store=st.booleans(), size=st.sampled_from([64, 100, 256]))
def test_emulator_reports_every_out_of_bounds_access(off, store, size):
    """Any element of a load or store outside its array is an EmulatorError
    (never a silent read of another buffer or a write past the end)."""
    import numpy as np

    from tlxamd import emulator

    x = np.arange(size, dtype=np.float32)
    y = np.zeros(size, np.float32)
    inside = 0 <= off and off + 64 <= size
    try:
        emulator.run(_oob_kernel(store), (1,), x, y, off)
        ok = True
    except emulator.EmulatorError as e:
        assert "outside" in str(e) or "past the end" in str(e)
        ok = False
    assert ok == inside
    if ok:
        expected = x[:64] if store else x[off:off + 64]
        got = y[off:off + 64] if store else y[:64]
        assert (got == expected).all()
